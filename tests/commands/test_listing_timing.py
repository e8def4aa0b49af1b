"""LIST's timing as the master set it: a delay given in minutes (SET MOVEMENT 5m, SET LATE 1m, SET GRACE 90m) is read
back in minutes, not as a fraction of an hour to sixteen places."""
from __future__ import annotations

from tests.commands.helpers import GAME, GM


def test_list_shows_delays_in_minutes_as_set(started):
    assert started.master("SET MOVEMENT 5m", "SET LATE 1m", "SET RETREAT 90m", "SET ADJUSTMENT 36h").accepted
    started.new_mail()
    assert started.master(f"LIST {GAME}").accepted
    reply = started.reply(GM[0])
    assert "  movement_hours = 5 minutes\n" in reply
    assert "  late_notice_hours = 1 minute\n" in reply
    assert "  retreat_hours = 90 minutes\n" in reply
    assert "  adjustment_hours = 36\n" in reply                # whole hours stay as they were shown
    assert "0.0833" not in reply and "0.01666" not in reply


def test_the_grace_a_phase_keeps_reads_in_minutes(started):
    # A phase begun with a grace of 2 minutes keeps it when the master changes the grace (from the next phase on).
    assert started.master("SET GRACE 2m").accepted
    assert started.master("PROCESS!").accepted
    assert started.master("SET GRACE 0").accepted
    started.new_mail()
    assert started.master(f"LIST {GAME}").accepted
    reply = started.reply(GM[0])
    assert "  grace_hours = 0 (this phase: 2 minutes)\n" in reply
