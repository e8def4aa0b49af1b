"""ROLLBACK of a finished game by mail (judge.commands.rolling.Rollback): a draw voted or a TERMINATE sent by
mistake is undone, to a processed phase or to the phase the game ended in; the game runs again with no vote
standing, everyone is told as of any rollback, and nobody but the master may do it. (Over SMTP with the pages and
the scheduler: tests/web/test_rollback_finished.py.)"""
from datetime import timedelta

from tests.commands.helpers import GAME, GM, PLAYERS

RENEWED = ("deadline", "phase_started", "seen")       # what any rollback gives the phase anew


def _without(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k not in RENEWED}


def _said(mail) -> str:
    return " ".join(mail.get_content().split())


def test_a_draw_voted_by_mistake_is_undone_in_the_phase_it_ended_in(started):
    assert started.master("PROCESS!").accepted                   # Spring 1901 processed: the game is in the Fall
    assert started.signon("FRANCE", "A PAR - BUR").accepted
    before = started.game(GAME).to_json()
    for power in PLAYERS:
        assert started.signon(power, "VOTE DRAW").accepted
    assert started.game(GAME).result["kind"] == "draw"
    started.new_mail()
    # A player cannot undo it: the game is over for everyone but its master.
    frozen = started.status_bytes()
    refused = started.signon("FRANCE", "ROLLBACK F1901M")
    assert refused.errors[0][1].startswith(f"GAME {GAME} IS OVER (A DRAW BETWEEN") and \
        started.status_bytes() == frozen
    started.new_mail()
    started.clock.advance(hours=2)
    assert started.master("ROLLBACK F1901M").accepted
    game = started.game(GAME)
    # Running again in the Fall, as before the votes: France's orders stand, no vote, a fresh deadline.
    assert _without(game.to_json()) == _without(before)
    assert (game.status, game.result, game.votes) == ("active", None, {})
    assert game.deadline == started.clock.now + timedelta(hours=72)
    notices = started.delivered("rollback notice")
    assert set(notices) == {address for address, _ in PLAYERS.values()} | {GM[0]}
    said = _said(notices[PLAYERS["ITALY"][0]])
    assert f"The master has rolled game {GAME} back to Fall 1901 Movement." in said
    assert "The end of the game (a draw between Austria, England, France, Germany, Italy, Russia and Turkey) is " \
           "undone: the game runs again from there, and the votes that stood are withdrawn (each power votes " \
           "anew)." in said
    # One vote no longer ends it: the old votes are gone.
    assert started.signon("ITALY", "VOTE DRAW").accepted and not started.game(GAME).over


def test_a_terminated_game_goes_back_before_its_last_processed_phase_or_to_the_one_it_ended_in(started):
    assert started.master("PROCESS!").accepted
    assert started.master("TERMINATE").accepted
    frozen = started.status_bytes()
    r = started.master("ROLLBACK W1905A")
    assert r.errors[0][1] == "NO PROCESSED PHASE W1905A: PROCESSED ARE S1901M; THE GAME ENDED IN F1901M"
    assert started.status_bytes() == frozen
    # No phase named: before the last phase processed, as for a game running (and as DPjudge's ROLLBACK).
    assert started.master("ROLLBACK").accepted
    game = started.game(GAME)
    assert str(game.position.phase) == "S1901M" and not game.over and game.history == []
    reply = " ".join(started.reply(GM[0]).split())
    assert f"Game {GAME} rolled back to before S1901M; orders as they were then." in reply
    assert "The end of the game (terminated by the master) is undone: the game runs again from there. " in reply


def test_a_game_terminated_in_its_first_phase_reopens_in_it(started):
    assert started.signon("FRANCE", "A PAR - BUR").accepted
    assert started.master("TERMINATE").accepted
    frozen = started.status_bytes()
    r = started.master("ROLLBACK")
    assert r.errors[0][1] == ("NOTHING TO ROLL BACK: NO PHASE HAS BEEN PROCESSED (ROLLBACK S1901M TAKES THE GAME "
                              "BACK TO THE PHASE IT ENDED IN)")
    assert started.status_bytes() == frozen
    started.new_mail()
    assert started.master("ROLLBACK S1901M").accepted
    game = started.game(GAME)
    assert (str(game.position.phase), game.status, game.result) == ("S1901M", "active", None)
    assert game.player("FRANCE").orders == ["A PAR - BUR"]
    reply = " ".join(started.reply(GM[0]).split())
    assert f"Game {GAME} rolled back to S1901M, the phase it ended in; orders as they are." in reply
    # The game is played on: processed, it moves on to the Fall.
    assert started.master("PROCESS!").accepted and str(started.game(GAME).position.phase) == "F1901M"


def test_a_game_ended_by_a_resignation_offers_the_power_once_it_runs_again(started):
    # Every other power voted for a draw; Turkey's RESIGN left only agreeing votes, and the game ended before anyone
    # was told Turkey was open. Rolled back, it ran again with Turkey vacant, and nobody was told (LIST alone said
    # "vacant"): the game waited for a takeover nobody knew to make.
    for power in list(PLAYERS)[:-1]:
        assert started.signon(power, "VOTE DRAW").accepted
    assert started.signon("TURKEY", "RESIGN").accepted
    assert started.game(GAME).over
    assert not started.delivered("a power is open")
    assert started.master("ROLLBACK S1901M").accepted
    offer = f"Turkey in game {GAME} is vacant. A new player may take it over: TAKEOVER T{GAME} <password>."
    assert offer in " ".join(started.reply(GM[0]).split())
    notices = started.delivered("rollback notice")
    assert set(notices) == {a for p, (a, _) in PLAYERS.items() if p != "TURKEY"} | {GM[0]}
    assert all(offer in _said(m) for m in notices.values())
    assert started.send("new@example.org", f"TAKEOVER T{GAME} new-pw").accepted
    assert started.game(GAME).player("TURKEY").address == "new@example.org"
