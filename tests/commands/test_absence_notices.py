"""Who is told of an absence (judge.commands.absence), by DPjudge's rule names: SILENT_ABSENCES ("Only the Master will
receive notice of the planned absence"), HIDE_ABSENTEES ("conceals the identity of the power who submits a SET
ABSENCE command ... Only the Master will be told which power made the request"), and neither (DPjudge then mails
everyone "An absence for game ... has been entered by France"). Game g1's deadline is Thu 8 Jan 2026 12:00 UTC: an
absence on 20-21 Jan does not move it, so no deadline notice comes with it."""
from __future__ import annotations

import pytest

from tests.commands.helpers import GAME, GM, PLAYERS

WHEN = "from Tue 20 Jan 2026 00:00 UTC to Thu 22 Jan 2026 00:00 UTC"
FRANCE = PLAYERS["FRANCE"][0]


def _notices(desk, word: str) -> dict[str, str]:
    assert desk.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    assert desk.send("mapper@example.org", f"MONITOR {GAME}").accepted
    assert desk.master(f"SET RULE {word}").accepted
    desk.new_mail()
    assert desk.signon("FRANCE", "SET ABSENCE 20 Jan TO 21 Jan").accepted
    mails = [m for m in desk.new_mail() if m["To"] != FRANCE]            # (France has the reply)
    assert {str(m["Subject"]) for m in mails} == {f"Diplomacy absences notice ({GAME})"}
    return {str(m["To"]): " ".join(m.get_content().split()) for m in mails}


def test_silent_absences_tell_the_master_alone(started):
    got = _notices(started, "SILENT_ABSENCES")
    assert started.game(GAME).rules.absence_notices.value == "master"
    assert got == {GM[0]: f"France will be away in game {GAME} {WHEN}: no deadline falls in that time."}


@pytest.mark.parametrize("word, who", [("HIDE_ABSENTEES", "Someone"), ("!SILENT_ABSENCES", "France"),
                                       ("!HIDE_ABSENTEES", "France")])
def test_the_others_are_told_named_or_not(started, word, who):
    got = _notices(started, word)
    others = [a for p, (a, _) in PLAYERS.items() if p != "FRANCE"] + ["watcher@example.org"]   # (not monitors)
    assert sorted(got) == sorted(others + [GM[0]])
    assert got.pop(GM[0]) == f"France will be away in game {GAME} {WHEN}: no deadline falls in that time."
    assert set(got.values()) == {f"{who} will be away in game {GAME} {WHEN}: no deadline falls in that time."}


def test_the_masters_own_absence_is_told_to_the_others_as_the_rule_says(started):
    assert started.master("SET RULE HIDE_ABSENTEES").accepted
    started.new_mail()
    assert started.master("SET ABSENCE 20 Jan TO 21 Jan").accepted
    told = {str(m["To"]): " ".join(m.get_content().split()) for m in started.new_mail() if m["To"] != GM[0]}
    assert set(told) == {a for a, _ in PLAYERS.values()}
    assert set(told.values()) == {f"Someone will be away in game {GAME} {WHEN}: no deadline falls in that time."}
