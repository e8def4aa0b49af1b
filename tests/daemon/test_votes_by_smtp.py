"""The QA tester's game, played with `judge serve`'s daemon over real SMTP and its own clock: three players, the rest
dummies; France and Germany vote for a draw, and England, who has not voted, leaves (RESIGN, or resigned for
lateness when the grace period ends under late_powers=resign). The votes standing then agree: the game ends as a
last vote would end it (the end mail to everyone still in it, the stored result, the page, no job left for it)."""
from __future__ import annotations

import re

import pytest

from tests.web.conftest import GM, Served, address, password


@pytest.fixture
def served(tmp_path):
    s = Served(tmp_path)
    try:
        yield s
    finally:
        s.stop()


def start_three(served: Served, *settings: str) -> None:
    """CREATE tg; France, Germany and England join; ACTIVATE: the other four powers are dummies."""
    served.mail(GM, "\n".join(["CREATE tg gm-pass", "SET EARLY 0", *settings]))
    served.mail_many([(address(p), f"JOIN tg {password(p)} {p[0]}") for p in ("FRANCE", "GERMANY", "ENGLAND")])
    served.orders("tg", "MASTER", "ACTIVATE")
    served.secrets |= {"gm-pass"} | {password(p) for p in ("FRANCE", "GERMANY", "ENGLAND")}
    game = served.daemon.judge.store.load("tg")
    assert game.status == "active" and [p.power for p in game.players if p.status == "active"] == \
        ["ENGLAND", "FRANCE", "GERMANY"]


def since(served: Served, seen: int) -> dict[str, list[str]]:
    """The mails sent since `seen`, by recipient: 'subject\\n\\ntext' each (over SMTP: one recipient a message)."""
    out: dict[str, list[str]] = {}
    for _, rcpts, m in served.relay.messages[seen:]:
        assert len(rcpts) == 1, rcpts
        out.setdefault(rcpts[0], []).append(f"{m['Subject']}\n\n" + m.get_content().replace("\r\n", "\n"))
    return out


def ended_as_a_draw(served: Served, seen: int, powers: list[str]) -> dict[str, list[str]]:
    """What must hold once the votes agreed: the result stored, no deadline and no job, the end mail to France,
    Germany and the master only, the page saying so."""
    game = served.daemon.judge.store.load("tg")
    assert (game.status, game.deadline, game.result["kind"], game.result["powers"]) == \
        ("completed", None, "draw", powers)
    assert "tg" not in served.daemon.deadlines.jobs()
    got = since(served, seen)
    ends = {to for to, texts in got.items() for t in texts if "Supply centres at the end:" in t}
    assert ends == {GM, address("FRANCE"), address("GERMANY")}
    assert not any("a power is open" in t.split("\n")[0] for texts in got.values() for t in texts)
    page = served.visitor().get("/games/tg").text
    assert "before its orders were processed" in page and "Spring 1901" in page
    return got


def test_englands_resignation_ends_the_draw_france_and_germany_voted(served):
    start_three(served)
    served.orders("tg", "FRANCE", "VOTE DRAW")
    served.orders("tg", "GERMANY", "VOTE DRAW")
    assert served.daemon.judge.store.load("tg").status == "active"
    seen = len(served.relay.messages)
    served.orders("tg", "ENGLAND", "RESIGN")
    got = ended_as_a_draw(served, seen, ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"])
    [reply] = got[address("ENGLAND")]
    assert "Every power with a vote now agrees: the game is over (a draw between Austria, England, France, " \
           "Germany, Italy, Russia and Turkey)." in " ".join(reply.split())
    served.check_pages()


def test_england_resigned_for_lateness_by_the_clock_ends_a_named_draw(served):
    start_three(served, "SET RULE late_powers=resign draws=any draw_votes=names")
    served.orders("tg", "FRANCE", "F BRE H", "A PAR H", "A MAR H", "VOTE DRAW France Germany")
    served.orders("tg", "GERMANY", "F KIE H", "A BER H", "A MUN H", "VOTE DRAW France Germany")
    served.tick(hours=72)                                  # the deadline: England is late
    game = served.daemon.judge.store.load("tg")
    assert game.status == "active" and str(game.position.phase) == "S1901M"
    seen = len(served.relay.messages)
    served.tick(hours=24)                                  # the grace period ends: England is resigned
    got = ended_as_a_draw(served, seen, ["FRANCE", "GERMANY"])
    [told] = got[address("ENGLAND")]
    told = " ".join(told.split())
    assert told.startswith("Diplomacy you have been resigned (tg)")
    assert "With your vote gone, every power with a vote agrees: the game is over (a draw between France and " \
           "Germany)." in told and "TAKEOVER" not in told
    master = " ".join(next(t for t in got[GM] if "late players resigned" in t.split("\n")[0]).split())
    assert "Resigned for lateness: England" in master and "TAKEOVER" not in master
    assert "the game is over (a draw between France and Germany)" in master
    end = next(t for t in got[address("FRANCE")] if "Supply centres at the end:" in t)
    assert re.search(r"has been declared a draw between\s+France and Germany", end), end
    served.check_pages()
