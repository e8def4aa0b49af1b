"""A rule changed after the grace period may make the clock act at once: the master's reply says so, before it
happens (late_powers=default when the game waited on a preview: the phase is processed within a minute)."""
from __future__ import annotations

from tests.commands.helpers import GAME, GM


def test_late_powers_made_default_after_the_grace_says_the_phase_goes_now(started):
    assert started.master("SET RULE late_powers=preview").accepted
    started.all_hold("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA", "TURKEY")
    game = started.game(GAME)
    started.clock.now = game.grace_until()
    started.process(GAME)                                        # the preview goes to the master; the game waits
    assert str(started.game(GAME).position.phase) == "S1901M"
    started.new_mail()
    assert started.master("SET RULE late_powers=default").accepted
    reply = " ".join(started.reply(GM[0]).split())
    assert "Note: the grace period of Spring 1901 Movement is over: under late_powers=default, it will be " \
           "processed now (within a minute), the late powers' units taking their default orders." in reply
    started.process(GAME)
    assert str(started.game(GAME).position.phase) == "F1901M"   # as the note said


def test_a_rule_that_leaves_the_clock_as_it_was_adds_no_note(started):
    assert started.master("SET RULE safe_convoys").accepted
    assert "Note:" not in started.reply(GM[0])
