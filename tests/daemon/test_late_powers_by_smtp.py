"""Who the late notices, the reminders and the resignation notice name, by mail over real SMTP with the clock run
as judge serve runs it: only powers that owe orders and that someone plays or played. A vacant power (its player
resigned) is named, as DPjudge's latePowers names a resigned power; a dummy is never named (nobody plays it), and
with cd_dummies off its phase waits for the deadline, not past it; a power losing its last centre, all of whose
units go in the adjustment phase, has nothing to order and holds nothing up (DPjudge passes over it too).

The game 'late' starts at T0 (Mon 5 Jan 2026 12:00 UTC): deadline Thu 8 Jan 12:00, a reminder 24 hours before,
late notices every 6 hours in a grace period of 24 hours."""
from __future__ import annotations

import re
import shutil
from datetime import timedelta
from pathlib import Path

import pytest

from judge import maps
from tests.commands.helpers import HOLDS
from tests.daemon import test_games_by_mail as by_mail
from tests.daemon.checked_post import run as run_post
from tests.web.conftest import GM, POWERS, Served, address

DATA = Path(__file__).resolve().parent.parent / "data" / "maps"


@pytest.fixture
def served(tmp_path):
    s = Served(tmp_path)
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture
def served_toy(tmp_path):
    variants = tmp_path / "variants"
    variants.mkdir()
    shutil.copy(DATA / "toy.map", variants / "toy.map")
    s = Served(tmp_path, judge_variants_dir=str(variants))
    try:
        yield s
    finally:
        s.stop()
        maps.use_folder(None)


def mails(served: Served, seen: int, subject: str) -> dict[str, str]:
    """The mails since `seen` whose subject holds `subject`: by recipient, their text."""
    out = {}
    for _, rcpts, m in served.relay.messages[seen:]:
        if subject in str(m["Subject"]):
            assert len(rcpts) == 1 and rcpts[0] not in out, rcpts
            out[rcpts[0]] = m.get_content().replace("\r\n", "\n")
    return out


def named(text: str) -> list[str]:
    """The powers a late notice names: 'Late Powers:      England, Turkey' (its lines joined, as wrapped)."""
    found = re.search(r"^Late Powers?: +(.+?)\n\n", text, re.MULTILINE | re.DOTALL)
    assert found, text
    return " ".join(found.group(1).split()).split(", ")


def hold(served: Served, *powers: str) -> None:
    for power in powers:
        served.orders("late", power, *HOLDS[power])


def test_a_vacant_power_is_named_late_and_a_dummy_never(served):
    served.start_game("late", "SET RULE no_cd_dummies")
    served.orders("late", "TURKEY", "RESIGN")                        # vacant: open for takeover
    served.orders("late", "MASTER", "DUMMY AUSTRIA")                 # nobody plays it
    hold(served, "FRANCE", "GERMANY", "ITALY", "RUSSIA")             # England is late
    seen = len(served.relay.messages)
    served.tick(hours=48)                                            # the reminder: England's alone
    assert list(mails(served, seen, "deadline reminder")) == [address("ENGLAND")]
    seen = len(served.relay.messages)
    served.tick(hours=24)                                            # the deadline
    notices = mails(served, seen, "Diplomacy late notice") | mails(served, seen, "Diplomacy deadline missed")
    assert set(notices) == {GM, address("ENGLAND")}
    for text in notices.values():
        assert named(text) == ["England", "Turkey"], text
    # England's orders come in the grace period: the phase waits for Turkey's takeover, never for the dummy.
    seen = len(served.relay.messages)
    hold(served, "ENGLAND")
    served.tick(hours=6)
    assert named(mails(served, seen, "Diplomacy late notice")[GM]) == ["Turkey"]
    assert str(served.daemon.judge.store.load("late").position.phase) == "S1901M"
    served.tick(hours=18)                                            # the grace ends: default orders for Turkey
    game = served.daemon.judge.store.load("late")
    assert str(game.position.phase) == "F1901M"
    assert [p.late_count for p in game.players] == [0, 1, 0, 0, 0, 0, 1]      # (Austria, the dummy: never late)


def test_with_cd_dummies_off_a_dummys_phase_is_processed_at_its_deadline(served):
    served.start_game("late", "SET RULE no_cd_dummies")
    served.orders("late", "MASTER", "DUMMY AUSTRIA")
    hold(served, *[p for p in POWERS if p != "AUSTRIA"])
    assert str(served.daemon.judge.store.load("late").position.phase) == "S1901M"   # it waits for the deadline
    seen = len(served.relay.messages)
    served.tick(hours=72)
    assert str(served.daemon.judge.store.load("late").position.phase) == "F1901M"
    assert mails(served, seen, "late notice") == {} and GM in mails(served, seen, "Diplomacy results late S1901M")


def test_the_resignation_notice_names_only_the_players_it_resigned(served):
    served.start_game("late", "SET RULE late_powers=resign")
    served.orders("late", "TURKEY", "RESIGN")
    hold(served, "AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY")  # Russia is late
    served.tick(hours=72)
    seen = len(served.relay.messages)
    served.tick(hours=24)
    [text] = mails(served, seen, "late players resigned").values()
    assert "Resigned for lateness: Russia (" in " ".join(text.split()), text
    # Russia's player is told, over SMTP as judge serve sends; everyone still in the game learns Russia is open.
    told = mails(served, seen, "you have been resigned")
    assert list(told) == [address("RUSSIA")]
    assert "TAKEOVER Rlate <password>" in " ".join(told[address("RUSSIA")].split())
    opened = mails(served, seen, "a power is open")
    assert set(opened) == {address(p) for p in POWERS if p not in ("RUSSIA", "TURKEY")}
    # The master's one notice of it says the power is open too, with how it is taken over.
    said = " ".join(text.split())
    assert "Russia is now open for takeover" in said and "TAKEOVER Rlate <password> (Russia)" in said
    assert sum(1 for _, rcpts, _ in served.relay.messages[seen:] if GM in rcpts) == 1
    assert all("Russia in game late has been resigned for lateness" in " ".join(t.split()) for t in opened.values())
    game = served.daemon.judge.store.load("late")
    assert [p.power for p in game.players if p.status == "vacant"] == ["RUSSIA", "TURKEY"]


def test_a_power_whose_units_all_go_has_nothing_to_order(served_toy):
    """On our toy board: South takes North Bay, North's only centre, while North's fleet is at sea. In the winter
    North's one unit goes, whatever it orders: no reminder, no late notice, and South's build alone completes the
    phase."""
    served = served_toy
    served.mail(GM, "CREATE late gm-pass toy\nSET EARLY 0\nSET ADJUSTMENT 48")
    served.mail_many([("north@example.org", "JOIN late pw-north N"), ("south@example.org", "JOIN late pw-south S")])
    served.secrets |= {"gm-pass", "pw-north", "pw-south"}
    north, south = ("north@example.org", "SIGNON Nlate pw-north"), ("south@example.org", "SIGNON Slate pw-south")
    served.mail(north[0], f"{north[1]}\nF NBY - NSE")
    served.mail(south[0], f"{south[1]}\nA SBY - MID")
    served.mail(north[0], f"{north[1]}\nF NSE H")
    served.mail(south[0], f"{south[1]}\nA MID - NBY")
    game = served.daemon.judge.store.load("late")
    assert str(game.position.phase) == "W1901A" and game.position.centers_of("NORTH") == []
    assert [str(u) for u in game.position.units_of("NORTH")] == ["F NSE"]
    seen = len(served.relay.messages)
    served.tick(hours=24)                        # the reminder, 24 hours before the winter's deadline
    assert list(mails(served, seen, "deadline reminder")) == [south[0]]
    seen = len(served.relay.messages)
    served.tick(hours=24)                        # the deadline
    assert named(mails(served, seen, "Diplomacy late notice")[GM]) == ["South"]
    assert north[0] not in mails(served, seen, "deadline missed")
    served.mail(south[0], f"{south[1]}\nBUILD A SBY")
    game = served.daemon.judge.store.load("late")
    assert str(game.position.phase) == "S1902M" and not game.position.units_of("NORTH")
    assert [p.late_count for p in game.players] == [0, 1]


def test_late_powers_preview_waits_for_the_master_across_a_restart(tmp_path):
    run_post(tmp_path, _previewed, "pv")


async def _previewed(post):
    """late_powers=preview, Turkey late: at the grace period's end (Fri 9 Jan 12:00) the master alone gets the
    PREVIEW, nobody else a word; the game waits (no wake-up, nothing more after a restart). Turkey's orders then
    complete the phase, and past its deadline it is processed at once (EARLY is a wait before the deadline), with
    Turkey's orders, not defaults."""
    MASTER, ALL, to, utc = by_mail.GM, by_mail.POWERS, by_mail.address, by_mail.utc
    await post.start_game("SET RULE late_powers=preview")
    for power in ALL[:-1]:
        await post.signon(power, *HOLDS[power])
    grace_end = utc(2026, 1, 9, 12)
    await post.at(grace_end - timedelta(minutes=1))
    post.new()
    await post.at(grace_end)
    assert [(rcpt, subject) for rcpt, subject, _ in post.new()] == [(MASTER, "PREVIEW Diplomacy results pv S1901M")]
    assert "pv" not in post.daemon.deadlines.wakeups and post.status().history == []
    await post.restart()
    await post.at(grace_end + timedelta(days=2))
    assert post.new() == [] and post.status().history == []
    await post.signon("TURKEY", "F ANK - BLA", "A CON H", "A SMY H")
    results = {rcpt for rcpt, subject, _ in post.new() if subject == "Diplomacy results pv S1901M"}
    assert results == {to(p) for p in ALL} | {MASTER}
    game = post.status()
    assert game.history == ["S1901M"] and ("BLA" in game.position.units)
