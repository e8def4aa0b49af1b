"""A finished game keeps its result and its record: what could change either is refused, saying the game is over,
and changes nothing; what cannot (a new password, who may look at it) still works. (The addresses a player or the
master may move to: tests/commands/test_address.py.)"""
import pytest

from tests.commands.helpers import GAME, GM, PLAYERS

OVER = f"GAME {GAME} IS OVER (TERMINATED BY THE MASTER): NOTHING MORE TO CHANGE"


@pytest.fixture
def finished(started):
    assert started.signon("ITALY", "RESIGN").accepted             # (a power open for takeover, for REVIVE/EJECT)
    assert started.master("TERMINATE").accepted
    started.new_mail()
    return started


@pytest.mark.parametrize("master, lines, error", [
    (True, ["EJECT FRANCE"], OVER), (True, ["DUMMY FRANCE"], OVER),
    (True, ["REVIVE ITALY"], OVER), (True, ["SET DEADLINE +2d"], OVER), (True, ["SET VICTORY 10"], OVER),
    (True, ["SET RULE press=none"], OVER), (True, ["SET EARLY 5"], OVER), (True, ["SET ABSENCE TO 2026-01-20"], OVER),
    (True, ["SET ADDRESS new-gm@example.org"], OVER),
    (False, ["RESIGN"], OVER), (False, ["CLEAR"], OVER), (False, ["SET WAIT"], OVER), (False, ["SET NOWAIT"], OVER),
    (False, ["SET ABSENCE 2026-01-20"], OVER), (False, ["SET ADDRESS new-fr@example.org"], OVER),
    (False, ["EXTEND"], OVER),
])
def test_a_finished_game_refuses_what_would_change_it(finished, master, lines, error):
    before = finished.status_bytes()
    r = finished.master(*lines) if master else finished.signon("FRANCE", *lines)
    assert r.errors == [(lines[0], error)]
    assert finished.status_bytes() == before
    assert [m for m in finished.new_mail() if m["To"] != (GM[0] if master else PLAYERS["FRANCE"][0])] == []


def test_a_finished_game_still_takes_a_new_password_and_privacy(finished):
    assert finished.signon("FRANCE", "SET PASSWORD fresh-pw").accepted
    assert finished.master("SET PRIVATE", "SET PUBLIC").accepted


def test_nobody_new_observes_a_finished_game(finished):
    before = finished.status_bytes()
    r = finished.send("late@example.org", f"OBSERVE {GAME}")
    assert r.errors[0][1].startswith(f"GAME {GAME} IS OVER (TERMINATED BY THE MASTER): NOTHING MORE WILL BE SENT")
    assert finished.status_bytes() == before


def test_status_of_a_finished_game_says_it_is_over(finished):
    assert finished.signon("FRANCE", "STATUS").accepted
    reply = " ".join(finished.reply("FRANCE").split())
    assert f"Game {GAME} is over: terminated by the master." in reply
    assert "defaults to hold" not in reply and "the master processes the game" not in reply


def test_nobody_takes_over_a_power_of_a_finished_game_told_as_every_refusal_of_it_is(started):
    assert started.signon("ITALY", "RESIGN").accepted
    assert started.master("TERMINATE").accepted
    before = started.status_bytes()
    r = started.send("newcomer@example.org", f"TAKEOVER I{GAME} new-pw")
    assert r.errors[0][1] == f"GAME {GAME} IS OVER (TERMINATED BY THE MASTER): NOTHING TO TAKE OVER"
    assert started.status_bytes() == before


# -- observers hear that an open power was taken, as they heard it was open ---------------------------------------
def test_observers_are_told_an_open_power_was_taken(started):
    assert started.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    assert started.signon("ITALY", "RESIGN").accepted
    assert "watcher@example.org" in started.delivered("a power is open")
    assert started.send("newcomer@example.org", f"TAKEOVER I{GAME} new-pw").accepted
    taken = started.delivered("a power is taken")
    assert "watcher@example.org" in taken and "newcomer@example.org" not in taken and GM[0] not in taken


def test_list_of_a_game_won_alone_names_the_phase_that_ended_it(started):
    """After a solo the position is in the next phase, never played: LIST and the pages say where it ended."""
    assert started.master("SET VICTORY 4").accepted            # Russia starts with four: it wins in the Fall
    for _ in range(2):
        started.all_hold()
        assert started.master("PROCESS").accepted
    game = started.game(GAME)
    assert game.over and game.winner == "RUSSIA" and str(game.position.phase) == "S1902M"     # (never played)
    assert started.send("x@example.org", f"LIST {GAME}").accepted
    assert "Phase:     The game is over after Fall 1901 Movement\n" in started.reply("x@example.org")


def test_the_record_says_a_power_became_a_dummy(started):
    """'Italy player 1 (from S1901M to S1901M)' read as a mistake: the record says the master made it a dummy."""
    assert started.master("DUMMY ITALY").accepted
    assert started.send("x@example.org", f"SUMMARY {GAME}").accepted
    reply = started.reply("x@example.org")
    assert "Italy     first player (from S1901M to S1901M, then a dummy)" in reply, reply
    assert "France    first player (from S1901M to now)" in reply


def test_list_of_a_finished_game_waits_for_nothing(finished):
    assert finished.master(f"LIST {GAME}").accepted
    reply = finished.reply(GM[0])
    assert "Deadline:  none (the game is over)\n" in reply and "no orders yet" not in reply


def test_a_finished_game_is_handed_to_no_new_master(finished):
    before = finished.status_bytes()
    r = finished.send("newgm@example.org", f"TAKEOVER M{GAME} {GM[1]}")
    assert r.errors[0][1] == OVER and finished.status_bytes() == before


def test_the_results_of_the_phase_after_which_the_votes_agreed_announce_no_next_phase(started):
    """Winter 1905: France and Germany vote a draw; Turkey, with a unit and no centre, holds out and is removed
    when the Winter is processed. The game ends there: its results say so, as the results of a solo do, and no
    next phase and no deadline (the Spring never comes). Read as a DPjudge reader reads results."""
    from tests import dpjudge_layout
    started.set_board({"phase": "W1905A", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A BER"], "TURKEY": ["A ARM"]},
                       "centers": {"FRANCE": ["PAR"], "GERMANY": ["BER"]}})
    assert started.signon("FRANCE", "VOTE DRAW").accepted
    assert started.signon("GERMANY", "VOTE DRAW").accepted
    assert started.game(GAME).status == "active"                 # (Turkey's vote is still wanted)
    started.new_mail()
    started.clock.advance(days=5)
    started.process(GAME)
    game = started.game(GAME)
    assert game.result["kind"] == "draw" and game.result["when"] == "after"
    results = started.delivered(f"Diplomacy results {GAME} W1905A")
    text = results[GM[0]].get_content()
    read = dpjudge_layout.parse(text)
    assert read.phase == "W1905A" and read.over and read.next_phase is None and read.deadline == "", read
    assert "The game is over: a draw between France and Germany.  Thank you for playing." in text
    assert "Spring of 1906" not in text and "deadline" not in text.lower().split("\n", 2)[2]


def test_the_end_mail_gives_no_deadline_and_links_the_games_page(started):
    """The end mail's ':: Deadline:' line gave the moment the game ended, read as a deadline to come. It has none:
    the ':: Judge:' line (players' filters) and the game page's address, where the final board stands."""
    from judge.service import Judge
    started.judge = Judge(started.settings.with_values(web_url="https://judge.example"), clock=started.clock)
    for power in PLAYERS:
        assert started.signon(power, "VOTE DRAW").accepted
    ends = started.delivered("complete", same=False)
    assert set(ends) == {a for a, _ in PLAYERS.values()} | {GM[0]}
    for text in (m.get_content() for m in ends.values()):
        assert text.startswith(f":: Judge: JUDGE  Game: {GAME}  Variant: standard\n"
                               f":: URL: https://judge.example/games/{GAME}\n\nGame '{GAME}' has been declared"), text
        assert "Deadline" not in text and "deadline" not in text
