"""The master's changes to a running game's clock, as a player and the master read them: SET DEADLINE during a pause
and in the grace period, over an absence; timing changed in the middle of a phase; the master's absences; EXTEND on
the game's playing days; RESUME after the deadline. Game g1 starts Mon 5 Jan 2026 12:00 UTC (T0); its Spring 1901
deadline is Thu 8 Jan 12:00 (24 hours' grace, a reminder 24 hours before, late notices every 6 hours)."""
from datetime import datetime, timedelta, timezone

from tests.commands.helpers import GAME, GM, PLAYERS, T0

DEADLINE = T0 + timedelta(hours=72)


def utc(*args) -> datetime:
    return datetime(*args, tzinfo=timezone.utc)


def test_a_deadline_set_while_paused_keeps_its_time_from_when_it_was_set(started):
    """Paused on Jan 6, the deadline set on Jan 8 to Jan 10 12:00, resumed on Jan 9: it is Jan 11 12:00 (one day
    later, the time paused since it was set), not Jan 13 (the whole pause added)."""
    started.clock.now = T0 + timedelta(days=1)
    assert started.master("PAUSE").accepted
    started.clock.now = T0 + timedelta(days=3)
    assert started.master("SET DEADLINE 2026-01-10 12:00").accepted
    reply = " ".join(started.reply(GM[0]).split())
    assert "Deadline set to Sat 10 Jan 2026 12:00 UTC." in reply
    assert "The game is paused: the deadline keeps the time it has left from now" in reply
    started.clock.now = T0 + timedelta(days=4)
    assert started.master("RESUME").accepted
    assert started.game(GAME).deadline == utc(2026, 1, 11, 12)
    assert "The deadline is Sun 11 Jan 2026 12:00 UTC." in started.reply(GM[0])


def test_a_pause_of_a_fraction_of_a_second_less_keeps_the_deadline_on_the_minute(started):
    started.clock.now = T0 + timedelta(days=1, milliseconds=300)
    assert started.master("PAUSE").accepted
    started.clock.now = T0 + timedelta(days=3, milliseconds=100)
    assert started.master("RESUME").accepted
    assert started.game(GAME).deadline == DEADLINE + timedelta(days=2)
    assert "The deadline is Sat 10 Jan 2026 12:00 UTC." in started.reply(GM[0])
    # ... and a fraction of a second more: still on the minute (to the nearest one, not the next).
    started.clock.now = T0 + timedelta(days=3, milliseconds=200)
    assert started.master("PAUSE").accepted
    started.clock.now = T0 + timedelta(days=4, milliseconds=600)
    assert started.master("RESUME").accepted
    assert started.game(GAME).deadline == DEADLINE + timedelta(days=3)


def test_resume_keeps_the_minute_a_deadline_was_given_with(started):
    """A deadline given to the second (SET DEADLINE +3d, sent at 12:00:40) is shown as 12:00; resumed at once, it
    keeps that minute: the master was told 'Deadline set to ... 12:00' and then, in the same reply, 12:01 (the
    sum, not the pause, was rounded to the nearest minute)."""
    started.clock.now = T0 + timedelta(seconds=40)
    assert started.master("PAUSE").accepted
    assert started.master("SET DEADLINE +3d", "RESUME").accepted
    reply = " ".join(started.reply(GM[0]).split())
    assert "Deadline set to Thu 8 Jan 2026 12:00 UTC." in reply
    assert "The deadline is Thu 8 Jan 2026 12:00 UTC." in reply
    # ... and a pause of a day and a few seconds moves it by the day, to the same minute.
    assert started.master("PAUSE").accepted
    started.clock.now = T0 + timedelta(days=1, seconds=45)
    assert started.master("RESUME").accepted
    assert "The deadline is Fri 9 Jan 2026 12:00 UTC." in started.reply(GM[0])


def test_resume_after_the_deadline_says_until_when_orders_count(started):
    started.clock.now = DEADLINE + timedelta(hours=2)
    assert started.master("PAUSE").accepted
    started.clock.now = DEADLINE + timedelta(days=2, hours=2)
    started.new_mail()
    assert started.master("RESUME").accepted
    # Resumed with the same two hours gone: the deadline moved by the two days, and is two hours past again.
    text = " ".join(started.delivered("resumed")[PLAYERS["FRANCE"][0]].get_content().split())
    assert text == (f"The master has resumed game {GAME}. The deadline (Sat 10 Jan 2026 12:00 UTC) has passed: "
                    "orders that arrive before Sun 11 Jan 2026 12:00 UTC are still used.")


def test_resume_of_a_game_without_deadlines_says_so_in_words(started):
    assert started.master("SET RULE deadlines=manual", "PAUSE").accepted
    started.new_mail()
    assert started.master("RESUME").accepted
    text = started.delivered("resumed")[PLAYERS["ITALY"][0]].get_content()
    assert " ".join(text.split()) == (f"The master has resumed game {GAME}. It has no deadline: the master "
                                      "processes the game.")


def late_notices(desk) -> set[str]:
    return {str(m["To"]) for m in desk.mails("deadline missed")}


def test_a_deadline_set_in_the_grace_period_gets_late_notices_of_its_own(started):
    """Late notices count from the deadline; a new deadline starts them again (as EXTEND does), so a late power
    is told at the new deadline too, not hours after it."""
    started.all_hold(*[p for p in PLAYERS if p != "RUSSIA"])
    started.new_mail()
    for hours in (0, 6):
        started.clock.now = DEADLINE + timedelta(hours=hours, seconds=1)
        started.process(GAME)
        assert late_notices(started) == {PLAYERS["RUSSIA"][0]}
    started.clock.now = DEADLINE + timedelta(hours=7)
    assert started.master("SET DEADLINE +12h").accepted
    started.new_mail()
    started.clock.now = DEADLINE + timedelta(hours=19, seconds=1)
    started.process(GAME)
    assert late_notices(started) == {PLAYERS["RUSSIA"][0]}


def test_a_deadline_set_inside_an_absence_is_taken_with_a_note(started):
    assert started.signon("FRANCE", "SET ABSENCE 2026-01-12").accepted
    assert started.master("SET DEADLINE 2026-01-12 18:00").accepted
    reply = " ".join(started.reply(GM[0]).split())
    assert ("Note: that deadline falls inside an absence: France is away from Mon 12 Jan 2026 00:00 UTC to Tue 13 "
            "Jan 2026 00:00 UTC.") in reply
    assert started.game(GAME).deadline == utc(2026, 1, 12, 18)
    # The master sees the absences in LIST; a player does not.
    assert started.master(f"LIST {GAME}").accepted
    assert ("Absences (shown to the master):\n  France: Mon 12 Jan 2026 00:00 UTC to "
            "Tue 13 Jan 2026 00:00 UTC\n") in started.reply(GM[0])
    assert started.signon("ITALY", f"LIST {GAME}").accepted
    assert "Absences" not in started.reply("ITALY")


def test_the_masters_absence_is_bounded_and_any_absence_can_be_cancelled(started):
    before = started.status_bytes()
    r = started.master("SET ABSENCE TO 2207-04-01")
    assert r.errors[0][1].startswith("AN ABSENCE MUST END AT MOST 366 DAYS FROM NOW")
    assert started.status_bytes() == before
    assert started.master("SET ABSENCE NONE").errors[0][1] == \
        f"NO ABSENCE TO CANCEL: THE MASTER HAS NONE TO COME IN GAME {GAME}"
    assert started.master("SET ABSENCE 7 Jan TO 20 Jan").accepted
    assert started.game(GAME).deadline == utc(2026, 1, 21, 0)
    assert started.master("SET NOABSENCE").accepted
    assert ("Cancelled: 1 absence of the master; the deadline stays Wed 21 Jan 2026 00:00 UTC."
            in " ".join(started.reply(GM[0]).split()))
    assert started.game(GAME).absences == [] and started.game(GAME).deadline == utc(2026, 1, 21, 0)


def test_extend_keeps_to_the_games_playing_days(started):
    """Thu 8 Jan 12:00 extended by 24 hours is Fri 9 Jan, a day without deadlines here: Mon 12 Jan 12:00."""
    assert started.master("SET RULE extension_count=1 extension_hours=24", "SET DAYS MTWT---").accepted
    assert started.signon("FRANCE", "EXTEND").accepted
    assert started.game(GAME).deadline == utc(2026, 1, 12, 12)


def test_timing_changed_mid_phase_says_the_current_deadline_stays(started):
    assert started.master("SET DAYS MTW----").accepted
    assert ("Days set to MTW----.\nFrom the next phase on; the current deadline stays Thu 8 Jan 2026 12:00 UTC."
            in started.reply(GM[0]))
    started.new_mail()
    assert started.master("SET ZONE Europe/Paris\nSET GRACE 10").accepted
    # One notice for the message's changes, the zone among them with the deadline read in it (a second mail of its
    # own said the zone before, and none at all in a game without deadlines).
    new = started.new_mail()
    assert [m for m in new if "zone changed" in str(m["Subject"])] == []
    [notice] = [m for m in new if "rules changed" in str(m["Subject"]) and m["To"] == PLAYERS["GERMANY"][0]]
    text = " ".join(notice.get_content().split())
    assert ("Time zone of deadlines: Europe/Paris (was UTC); the current deadline is Thu 8 Jan 2026 13:00 CET."
            in text and "Grace period after a deadline: 10 hours" in text), text
    assert started.game(GAME).deadline == DEADLINE
    assert started.master("SET GRACE 12").accepted                      # (not a deadline's place: no note)
    assert "From the next phase on" not in started.reply(GM[0])


def test_the_words_for_no_early_processing_and_no_time_of_day(started):
    assert started.master("SET EARLY -1").accepted
    reply = started.reply(GM[0])
    assert "Early processing is off: each phase waits for its deadline." in reply and "-1" not in reply
    assert started.master("SET TIME NONE").accepted
    assert "Time of day taken away: deadlines fall exactly after the phase's delay." in started.reply(GM[0])
    assert started.master("SET TIME -").accepted and started.game(GAME).timing.time_of_day == ""


def test_cancelled_absences_count_against_the_limit(started):
    """Set and cancelled again and again, absences would move the deadline without end: a cancelled one counts
    (ended at once), and the limit holds."""
    assert started.master("SET RULE absence_count=2").accepted
    for day in ("10 Jan", "12 Jan"):
        assert started.signon("FRANCE", f"SET ABSENCE {day}", "SET ABSENCE NONE").accepted
    deadline = started.game(GAME).deadline
    r = started.signon("FRANCE", "SET ABSENCE 20 Jan")
    assert r.errors[0][1] == f"YOU HAVE SET ALL 2 ABSENCES GAME {GAME} ALLOWS (ASK THE MASTER)"
    assert started.game(GAME).deadline == deadline


def test_a_zone_changed_in_a_game_without_deadlines_reaches_the_players(started):
    # Without a deadline the zone's own notice was never sent: only the master heard of the change.
    assert started.master("SET RULE deadlines=manual").accepted
    started.new_mail()
    assert started.master("SET ZONE Europe/Paris").accepted
    text = " ".join(started.delivered("rules changed")[PLAYERS["FRANCE"][0]].get_content().split())
    assert "Time zone of deadlines: Europe/Paris (was UTC)." in text, text


def test_a_deadline_too_near_the_phase_start_for_its_reminder_says_none_goes(started):
    # The reminder goes 24 hours before the deadline (the default), and never within an hour of the phase's start.
    started.clock.now = T0 + timedelta(minutes=10)
    assert started.master("SET DEADLINE +20h").accepted
    reply = " ".join(started.reply(GM[0]).split())
    assert "Note: no reminder goes this phase: a reminder goes 24 hours before the deadline, and only when that is " \
           "at least 1 hour after the phase began." in reply, reply
    assert started.master("SET DEADLINE +48h").accepted
    assert "no reminder goes" not in started.reply(GM[0])
