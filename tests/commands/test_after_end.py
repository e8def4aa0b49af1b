"""judge.commands.after_end: what the rule says a finished game still takes is taken, by mail, from the master and a
power signed on; what it leaves out is refused as the end refuses, and changes nothing. (The orders page that shows
the rule: tests/web/test_forms_finished.py.)"""
import pytest

from judge.commands import after_end
from judge.commands.registry import BY_WORD
from tests.commands.helpers import GAME

# A line for each command the rule may offer (a new offer without a line here fails the first test).
SAMPLES = {"PRESS": ["PRESS TO F", "Well played.", "ENDPRESS"], "BROADCAST": ["BROADCAST", "Thanks.", "ENDBROADCAST"],
           "ARCHIVE": ["ARCHIVE"], "STATUS": ["STATUS"], "POSITION": ["POSITION"], "MAP": ["MAP"],
           "LIST": [f"LIST {GAME}"], "SUMMARY": [f"SUMMARY {GAME}"], "HISTORY": [f"HISTORY {GAME}"],
           "SET PRIVATE": ["SET PRIVATE"], "SET PUBLIC": ["SET PUBLIC"], "SET PASSWORD": ["SET PASSWORD new-one"],
           "ROLLBACK": ["ROLLBACK S1901M"],          # (the master's undoing of the end: the phase it ended in)
           "REVEAL": ["REVEAL"],
           "OFFICIAL": ["OFFICIAL The last word", "BROADCAST", "Thanks.", "ENDBROADCAST"]}


@pytest.fixture
def finished(started):
    assert started.master("TERMINATE").accepted
    return started


@pytest.mark.parametrize("role", ["master", "power"])
def test_what_the_rule_offers_is_taken(finished, role):
    offered = after_end.offered(role)
    assert offered and set(offered) <= set(SAMPLES), offered
    for command in offered:
        lines = SAMPLES[command]
        r = finished.master(*lines) if role == "master" else finished.signon("FRANCE", *lines)
        assert r.accepted, (command, r.errors)
        if command == "SET PASSWORD":        # (the next sign-ons use it)
            break


@pytest.mark.parametrize("line", ["SET DEADLINE +2d", "PROCESS", "PAUSE", "SET WAIT", "CLEAR", "VOTE DRAW"])
def test_what_it_leaves_out_is_refused_and_changes_nothing(finished, line):
    words = line.split()
    for role in ("master", "power"):
        assert not after_end.allowed(BY_WORD[words[0]], words[1:], role)
    before = finished.status_bytes()
    r = finished.master(line) if line.split()[0] not in ("SET", "CLEAR", "VOTE") or "DEADLINE" in line \
        else finished.signon("FRANCE", line)
    assert r.errors and f"GAME {GAME} IS OVER (TERMINATED BY THE MASTER)" in r.errors[0][1], r.errors
    assert finished.status_bytes() == before


def test_history_of_a_running_game_says_so_far_and_of_a_finished_one_its_whole_course(started):
    # (a running game's file grows; a finished game's is the whole of it: "so far" would say more is to come)
    assert started.send("reader@example.org", f"HISTORY {GAME}").accepted
    running = " ".join(started.reply_to("reader@example.org").split())
    assert f"The mails of game '{GAME}' so far, as in a mail file." in running, running
    assert started.master("TERMINATE").accepted
    assert started.send("reader@example.org", f"HISTORY {GAME}").accepted
    ended = " ".join(started.reply_to("reader@example.org").split())
    assert f"The mails of game '{GAME}', from its start to its end, as in a mail file." in ended, ended
    assert "so far" not in ended


def test_a_join_to_a_finished_game_is_told_the_game_is_over(finished):
    # It was told "IS NOT FORMING AND HAS NO OPEN POWER TO TAKE OVER", as if a seat might open later.
    before = finished.status_bytes()
    r = finished.send("newcomer@example.org", f"JOIN {GAME} pw-new")
    assert r.errors[0][1] == f"GAME {GAME} IS OVER (TERMINATED BY THE MASTER): NOBODY JOINS IT NOW"
    assert finished.status_bytes() == before
