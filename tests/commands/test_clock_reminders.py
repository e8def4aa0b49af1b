"""Reminders when the deadline moves after one went out (judge.game.clock), by mail, the clock run as cron runs it.

Game g1 starts Mon 5 Jan 2026 12:00 UTC: its Spring 1901 deadline is Thu 8 Jan 12:00 and the reminder (reminder_hours
24) goes Wed 7 Jan 12:00 to each power still without orders: here Turkey alone. A deadline moved later brings another
reminder reminder_hours before the new deadline, as DPjudge's check sends one whenever its run falls in the hours
before the deadline then in force; a new deadline whose reminder time has already passed brings none: the notice
of the change just told everyone, and a second reminder would follow it at once."""
from datetime import datetime, timedelta, timezone

from tests.commands.helpers import GAME, GM, PLAYERS

TURKEY = PLAYERS["TURKEY"][0]
MINUTE = timedelta(minutes=1)


def utc(*args) -> datetime:
    return datetime(*args, tzinfo=timezone.utc)


def reminded(desk) -> list[tuple[str, str]]:
    """(recipient, text on one line) of each reminder among the new mail."""
    return [(str(m["To"]), " ".join(m.get_content().split())) for m in desk.new_mail()
            if str(m["Subject"]) == f"Diplomacy deadline reminder ({GAME})"]


def turkey_reminded(desk) -> None:
    """Everyone but Turkey orders; the reminder goes to Turkey on Wed 7 Jan 12:00."""
    desk.all_hold(*[p for p in PLAYERS if p != "TURKEY"])
    desk.clock.now = utc(2026, 1, 7, 12)
    assert desk.process(GAME) == ["1 reminder sent"]
    [(to, _)] = reminded(desk)
    assert to == TURKEY


def test_a_deadline_moved_after_the_reminder_reminds_again_only_while_its_reminder_is_ahead(started):
    turkey_reminded(started)
    started.clock.now = utc(2026, 1, 7, 13)
    # Nearer: 10 hours from now; 24 hours before it is past. The notice of the change tells Turkey; no reminder.
    assert started.master("SET DEADLINE 2026-01-07 23:00").accepted
    assert started.process(GAME) == []
    assert reminded(started) == []
    # Later: Sat 10 Jan 12:00. Its reminder is Fri 9 Jan 12:00, still ahead: Turkey is reminded then, once.
    assert started.master("SET DEADLINE 2026-01-10 12:00").accepted
    assert reminded(started) == []
    started.clock.now = utc(2026, 1, 9, 12) - MINUTE
    assert started.process(GAME) == []
    started.clock.now = utc(2026, 1, 9, 12)
    assert started.process(GAME) == ["1 reminder sent"]
    [(to, text)] = reminded(started)
    assert to == TURKEY and "The pending deadline is Sat 10 Jan 2026 12:00 UTC." in text
    started.clock.now = utc(2026, 1, 10, 12) - MINUTE
    assert started.process(GAME) == [] and reminded(started) == []


def test_an_absence_that_moves_the_deadline_after_the_reminder_brings_a_new_one(started):
    """France's absence of 8 to 12 Jan (to the end of the 12th) moves the deadline to Tue 13 Jan 00:00, five days on:
    Turkey is reminded again on Mon 12 Jan 00:00, as when the master moves it (SET DEADLINE) or a player (EXTEND)."""
    turkey_reminded(started)
    started.clock.now = utc(2026, 1, 7, 13)
    assert started.signon("FRANCE", "SET ABSENCE 8 Jan TO 12 Jan").accepted
    assert started.game(GAME).deadline == utc(2026, 1, 13)
    started.clock.now = utc(2026, 1, 12) - MINUTE
    assert started.process(GAME) == []
    assert reminded(started) == []
    started.clock.now = utc(2026, 1, 12)
    assert started.process(GAME) == ["1 reminder sent"]
    [(to, text)] = reminded(started)
    assert to == TURKEY and "The pending deadline is Tue 13 Jan 2026 00:00 UTC." in text


def test_a_pause_after_the_reminder_brings_no_second_one(started):
    """Paused 23 hours before the deadline, the reminder sent; resumed ten days on with those 23 hours: the reminder
    time moved with the deadline and lies an hour before the RESUME. Turkey had the reminder: none again."""
    turkey_reminded(started)
    started.clock.now = utc(2026, 1, 7, 13)
    assert started.master("PAUSE").accepted
    started.clock.now = utc(2026, 1, 17, 13)
    assert started.master("RESUME").accepted
    assert started.game(GAME).deadline == utc(2026, 1, 18, 12)
    assert started.process(GAME) == []
    assert reminded(started) == []
    started.clock.now = utc(2026, 1, 18, 12) - MINUTE
    assert started.process(GAME) == [] and reminded(started) == []


def test_a_master_moving_the_deadline_before_any_reminder_went_keeps_the_one_reminder(started):
    """Not reminded yet (Tue 6 Jan), the deadline moved nearer, to Wed 7 Jan 06:00: its reminder time (Tue 06:00) has
    passed, and Turkey, who has had none, gets it now (as after a judge that was down at that time)."""
    started.all_hold(*[p for p in PLAYERS if p != "TURKEY"])
    started.clock.now = utc(2026, 1, 6, 12)
    assert started.process(GAME) == []
    assert started.master("SET DEADLINE 2026-01-07 06:00").accepted
    assert GM[0] in {str(m["To"]) for m in started.mails("deadline changed")}
    assert started.process(GAME) == ["1 reminder sent"]
