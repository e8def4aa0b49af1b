"""SET DEADLINE in a game under deadlines=manual: the rule says there are no deadlines and nothing is processed but by
the master's PROCESS, so a deadline, which would send late notices and process the phase itself, is refused."""
from __future__ import annotations

from datetime import timedelta

from judge.deadlines import show
from tests.commands.helpers import GAME, GM, PLAYERS


def test_set_deadline_is_refused_in_a_manual_game(started):
    assert started.master("SET RULE deadlines=manual").accepted
    before = started.status_bytes()
    r = started.master("SET DEADLINE +1d")
    assert not r.accepted
    assert "DEADLINES=MANUAL" in r.errors[0][1] and "PROCESS" in r.errors[0][1]
    assert started.status_bytes() == before and started.game(GAME).deadline is None
    started.new_mail()
    # Days later, with no order in, the game is where it was, and nobody was told they are late.
    started.clock.advance(hours=24 * 5)
    started.process(GAME)
    assert str(started.game(GAME).position.phase) == "S1901M"
    assert not [m for m in started.new_mail() if "late" in str(m["Subject"]) or "missed" in str(m["Subject"])]


def test_a_forming_manual_game_refuses_a_first_deadline(forming):
    # At its start a manual game takes no deadline: the reply "this is its first deadline" would mislead.
    assert forming.master("SET RULE deadlines=manual").accepted
    r = forming.master("SET DEADLINE +2d")
    assert not r.accepted and "DEADLINES=MANUAL" in r.errors[0][1]


def test_back_to_auto_then_a_deadline_in_one_message(started):
    assert started.master("SET RULE deadlines=manual").accepted
    assert started.master("SET RULE deadlines=auto", "SET DEADLINE +1d").accepted
    assert started.game(GAME).deadline == started.clock.now + timedelta(days=1)


def test_norule_deadlines_gives_the_phase_a_deadline_again(started):
    # SET NORULE deadlines is deadlines=auto (the default): the phase gets its deadline from now, as SET RULE
    # deadlines=auto gives it, and everyone is told; it stayed without one, listed as "none (the master processes)".
    assert started.master("SET RULE deadlines=manual").accepted
    started.new_mail()
    assert started.master("SET NORULE deadlines").accepted
    game = started.game(GAME)
    assert game.rules.deadlines.value == "auto"
    assert game.deadline == started.clock.now + timedelta(hours=game.timing.movement_hours)
    told = [m for m in started.new_mail() if "rules changed" in str(m["Subject"])]
    assert len(told) >= 7
    assert "Deadline of the current phase: " in told[0].get_content()
    started.clock.advance(hours=game.timing.movement_hours + game.timing.grace_hours + 1)
    started.process(GAME)
    assert str(started.game(GAME).position.phase) != "S1901M"         # the clock processed it


def test_a_change_of_deadline_mode_is_one_mail_to_each_player(started):
    """SET RULE deadlines=... changes the rule and the deadline: each player hears of both in one mail (it came as
    two, "rules changed" and "deadline changed"), with the deadline before and after."""
    game = started.game(GAME)
    before = show(game.deadline, game.timing)
    started.new_mail()
    assert started.master("SET RULE deadlines=manual").accepted
    mails = [m for m in started.new_mail() if str(m["To"]) != GM[0]]
    france = [m for m in mails if str(m["To"]) == PLAYERS["FRANCE"][0]]
    assert len(france) == 1 and "rules changed" in str(france[0]["Subject"])
    text = " ".join(france[0].get_content().split())
    assert "House rule deadlines: manual" in text
    assert f"Deadline of the current phase: none, the master processes the game (it was {before})." in text
    assert len(mails) == len({str(m["To"]) for m in mails}) == len(PLAYERS)
    started.clock.advance(hours=2)
    assert started.master("SET RULE deadlines=auto").accepted
    game = started.game(GAME)
    [back] = [m for m in started.new_mail() if str(m["To"]) == PLAYERS["FRANCE"][0]]
    text = " ".join(back.get_content().split())
    assert game.deadline == started.clock.now + timedelta(hours=game.timing.movement_hours)
    assert f"Deadline of the current phase: {show(game.deadline, game.timing)} (there was none: the master " \
           "processed the game)." in text
