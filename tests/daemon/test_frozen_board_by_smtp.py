"""A frozen board ends the game: by mail over real SMTP, with the clock run as judge serve runs it. On our board
tests/data/maps/frozen.json, North and South each hold the other's home centre, so neither can build; in Fall 1900 the
Raiders destroy both their armies, and the Winter removes the Raiders' four armies (they hold no centre). Then no
unit stands, and nobody can ever build one, but North and South still hold centres: the game used to play a movement
phase with no unit at each deadline, S1901M, F1901M, S1902M, ..., for ever."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from judge import maps
from tests.web.conftest import GM, Served

MAPS = Path(__file__).resolve().parent.parent / "data" / "maps"
PLAYERS = {"N": ("north@example.org", "pw-north", ["A NHL H"]),
           "S": ("south@example.org", "pw-south", ["A SHL H"]),
           "R": ("raiders@example.org", "pw-raiders", ["A NRI - NHL", "A NFO S A NRI - NHL",
                                                       "A SRI - SHL", "A SFO S A SRI - SHL"])}
OBSERVER = "watcher@example.org"
WHY = "no unit is on the board and no power can build one"
DUMP = os.environ.get("JUDGE_TEST_DUMP", "")        # a file to write the mails to, for reading them


@pytest.fixture
def served(tmp_path):
    variants = tmp_path / "variants"
    variants.mkdir()
    shutil.copy(MAPS / "frozen.json", variants / "frozen.json")
    s = Served(tmp_path, judge_variants_dir=str(variants))
    s.secrets |= {"gm-pass"} | {pw for _, pw, _ in PLAYERS.values()}
    try:
        yield s
    finally:
        s.stop()
        maps.use_folder(None)


def _start(served: Served, name: str, *settings: str) -> int:
    """The game created, joined and watched by mail; how many mails the relay had then."""
    served.mail(GM, "\n".join([f"CREATE {name} gm-pass frozen", "SET EARLY 0", *settings]))
    served.mail_many([(who, f"JOIN {name} {pw} {letter}") for letter, (who, pw, _) in PLAYERS.items()])
    served.mail(OBSERVER, f"OBSERVE {name}")
    assert served.daemon.judge.store.load(name).status == "active"
    return len(served.relay.messages)


def _orders(served: Served, name: str) -> None:
    for letter, (who, pw, lines) in PLAYERS.items():
        served.mail(who, "\n".join([f"SIGNON {letter}{name} {pw}", *lines]))


def _check_ended(served: Served, name: str, seen: int) -> None:
    """The game ended after the Winter that removed the last units, as a draw of North and South, and everyone in it
    was told so, in whole mails that say why."""
    game = served.daemon.judge.store.load(name)
    assert game.over and game.status == "completed", (game.status, str(game.position.phase), game.history)
    assert game.history == ["F1900M", "W1900A"], game.history
    assert not game.position.units and game.position.centers_of("NORTH") == ["SHM"]
    assert game.result["kind"] == "draw" and game.result["powers"] == ["NORTH", "SOUTH"], game.result
    assert game.result["phase"] == "W1900A" and game.deadline is None
    mails = served.relay.messages[seen:]
    if DUMP:
        Path(DUMP).write_text("\n\n=====\n".join(f"{rc} {m['Subject']}\n{m.get_content()}" for _, rc, m in mails))
    ends = [(rcpts, m) for _, rcpts, m in mails if str(m["Subject"]) == f"Diplomacy game '{name}' complete"]
    told = [r for rcpts, _ in ends for r in rcpts]
    everyone = {GM, OBSERVER} | {who for who, _, _ in PLAYERS.values()}
    assert sorted(told) == sorted(everyone), told                 # each one mail, nobody left out
    for _, m in ends:
        text = " ".join(m.get_content().split())
        assert (f"Game '{name}' has been declared a draw between North and South, as {WHY}. "
                f"The game is over (after W1900A).") in text, text
        assert "S1901M" not in text and "1901" not in text, text
    winter = [m for _, _, m in mails if f"results {name} W1900A" in str(m["Subject"])]
    assert winter, [str(m["Subject"]) for _, _, m in mails]
    for m in winter:
        assert f"The game is over: a draw between North and South, as {WHY}." in " ".join(m.get_content().split())
    assert not [m for _, _, m in mails if "1901M" in str(m["Subject"])]     # no phase played after it


def _check_shown_and_still(served: Served, name: str) -> None:
    """LIST and the game's page say it is over and why; no later deadline does anything."""
    served.mail("reader@example.org", f"LIST {name}")
    listed = " ".join(served.relay.to("reader@example.org")[-1].get_content().split())
    assert f"Status: completed (a draw between North and South, as {WHY})" in listed, listed
    page = served.visitor().get(f"/games/{name}")
    assert page.status == 200 and f"a draw between North and South, as {WHY}" in " ".join(page.text.split())
    served.check_pages()
    assert name not in served.daemon.deadlines.wakeups
    count, history = len(served.relay.messages), served.daemon.judge.store.load(name).history
    served.tick(days=30)
    assert len(served.relay.messages) == count
    assert served.daemon.judge.store.load(name).history == history


def test_a_frozen_board_ends_the_game(served):
    seen = _start(served, "frost")
    _orders(served, "frost")
    for _ in range(6):                                         # time passes: the deadline, and more
        served.tick(hours=100)
    _check_ended(served, "frost", seen)
    _check_shown_and_still(served, "frost")


def test_a_frozen_board_ends_a_game_the_master_processes(served):
    """deadlines=manual: nothing happens but by the master's PROCESS; the one that plays the Winter ends the game."""
    seen = _start(served, "thaw", "SET RULE deadlines=manual")
    _orders(served, "thaw")
    for _ in range(2):
        served.mail(GM, "SIGNON Mthaw gm-pass\nPROCESS!")
    _check_ended(served, "thaw", seen)
    # Another PROCESS finds the game over; nothing is played.
    served.mail(GM, "SIGNON Mthaw gm-pass\nPROCESS!")
    assert "IS OVER" in served.relay.to(GM)[-1].get_content()
    _check_shown_and_still(served, "thaw")


def test_a_board_of_dummies_units_is_not_frozen_and_waits_for_its_deadlines(served):
    """Every power a dummy (the master's DUMMY): units stand, nobody orders them. That is no frozen board: the game
    goes on, a movement phase at each deadline. It used to play its phases as fast as the judge could, forever (every
    order it waited for was 'in': a dummy's are its default ones)."""
    seen = _start(served, "idle")
    served.mail(GM, "SIGNON Midle gm-pass\nDUMMY NORTH\nDUMMY SOUTH\nDUMMY RAIDERS")
    game = served.daemon.judge.store.load("idle")
    assert (game.history, str(game.position.phase)) == ([], "F1900M")
    deadline = game.deadline
    served.tick(hours=1)
    assert served.daemon.judge.store.load("idle").history == []
    assert served.daemon.deadlines.wakeups["idle"] == deadline
    served.tick(days=8)                            # past the deadline: the Fall is played, its Winter at once
    game = served.daemon.judge.store.load("idle")
    assert (game.status, game.history, str(game.position.phase)) == ("active", ["F1900M", "W1900A"], "S1901M")
    assert sorted(str(u) for u in game.position.units.values()) == ["A NHL", "A SHL"]       # (the Raiders hold none)
    assert game.deadline > served.clock.now and served.daemon.deadlines.wakeups["idle"] == game.deadline
    served.tick(days=8)
    game = served.daemon.judge.store.load("idle")
    assert (game.status, game.history[2:], str(game.position.phase)) == ("active", ["S1901M"], "F1901M")
    assert not [m for _, _, m in served.relay.messages[seen:] if "complete" in str(m["Subject"])]
