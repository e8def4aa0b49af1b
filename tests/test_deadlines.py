"""Deadline arithmetic: delays, time of day, playing days, time zones (with DST), grace and reminders."""
from datetime import datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from judge import config
from judge.deadlines import (Timing, grace_end, next_deadline, parse_days, parse_moment, parse_time_of_day,
                             reminder_time, show, zone)

UTC = timezone.utc
MON = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)          # Monday noon
FRI = datetime(2026, 1, 9, 12, 0, tzinfo=UTC)          # Friday noon


def at(*args, tz=UTC) -> datetime:
    return datetime(*args, tzinfo=tz)


@pytest.mark.parametrize("text, expected", [
    ("MTWTFSS", "MTWTFSS"), ("mtwtf--", "MTWTF--"), (" --W---- ", "--W----"), ("------S", "------S"),
])
def test_parse_days(text, expected):
    assert parse_days(text) == expected


@pytest.mark.parametrize("text", ["MTWTF", "MTWTFSSS", "-------", "TMWTFSS", "MTWTFS?", "SSFTWTM"])
def test_parse_days_errors(text):
    with pytest.raises(ValueError, match="expected seven letters"):
        parse_days(text)


def test_parse_time_of_day():
    assert parse_time_of_day("") is None and parse_time_of_day("  ") is None
    assert parse_time_of_day("23:30") == time(23, 30) and parse_time_of_day("7:05") == time(7, 5)
    for bad in ("24:00", "12:60", "noon", "1230", "12:3"):
        with pytest.raises(ValueError, match="HH:MM"):
            parse_time_of_day(bad)


def test_zone():
    assert zone("Europe/Paris") == ZoneInfo("Europe/Paris")
    for bad in ("Mars/Base", "", "../etc/passwd"):
        with pytest.raises(ValueError, match="unknown time zone"):
            zone(bad)


def test_timing_delays_and_json():
    t = Timing(movement_hours=48, retreat_hours=12, adjustment_hours=6)
    assert [t.delay(k) for k in "MRA"] == [timedelta(hours=48), timedelta(hours=12), timedelta(hours=6)]
    assert Timing.from_json(t.to_json()) == t
    assert Timing.from_json({"grace_hours": 3, "unknown_field": 1}) == Timing(grace_hours=3)


@pytest.mark.parametrize("typed", ["１８:００", "18:00", " 18:00 "])
def test_a_time_of_day_saved_or_configured_in_other_digits_is_read_as_plain_hh_mm(typed):
    """A game saved before SET TIME kept plain digits (fullwidth from a Japanese keyboard), and config.ini alike."""
    assert Timing.from_json({"time_of_day": typed}).time_of_day == "18:00"
    s = config.load(None).with_values(deadlines_time_of_day=typed)
    assert Timing.from_settings(s).time_of_day == "18:00"


def test_timing_from_settings():
    s = config.load(None).with_values(deadlines_days="mtwtf--", deadlines_grace_hours=5, judge_timezone="Asia/Tokyo")
    t = Timing.from_settings(s)
    assert (t.days, t.grace_hours, t.timezone, t.movement_hours) == ("MTWTF--", 5, "Asia/Tokyo", 72)


# -- next_deadline ---------------------------------------------------------------------------------------------------
def test_exactly_the_delay():
    assert next_deadline(MON, "M", Timing()) == at(2026, 1, 8, 12, 0)
    assert next_deadline(MON, "R", Timing()) == at(2026, 1, 6, 12, 0)
    assert next_deadline(MON, "A", Timing(adjustment_hours=36)) == at(2026, 1, 7, 0, 0)


def test_a_start_in_another_zone_is_the_same_moment():
    start = MON.astimezone(ZoneInfo("Asia/Tokyo"))
    assert next_deadline(start, "M", Timing()) == at(2026, 1, 8, 12, 0)


@pytest.mark.parametrize("tod, expected", [
    ("23:30", at(2026, 1, 6, 23, 30)),      # later the same day
    ("06:00", at(2026, 1, 7, 6, 0)),        # already past that day: the next day
    ("12:00", at(2026, 1, 6, 12, 0)),       # exactly then
])
def test_time_of_day(tod, expected):
    assert next_deadline(MON, "R", Timing(time_of_day=tod)) == expected


def test_playing_days_skip_the_weekend():
    t = Timing(retreat_hours=24, days="MTWTF--")
    assert next_deadline(FRI, "R", t) == at(2026, 1, 12, 12, 0)                # Saturday -> Monday
    assert next_deadline(FRI - timedelta(days=1), "R", t) == FRI               # Friday is a playing day


def test_a_single_playing_day():
    assert next_deadline(MON, "R", Timing(days="----F--")) == at(2026, 1, 9, 12, 0)     # Tuesday -> Friday


def test_time_of_day_then_playing_days():
    start = at(2026, 1, 9, 20, 0)                                              # Friday 20:00
    t = Timing(retreat_hours=24, time_of_day="18:00", days="MTWTF--")
    # Saturday 20:00, then 18:00 (on Sunday), then the first playing day: Monday 18:00.
    assert next_deadline(start, "R", t) == at(2026, 1, 12, 18, 0)


def test_time_of_day_in_the_games_zone():
    t = Timing(retreat_hours=24, time_of_day="23:30", timezone="Europe/Paris")
    assert next_deadline(MON, "R", t) == at(2026, 1, 6, 22, 30)                # CET is UTC+1 in January


def test_time_of_day_across_the_spring_dst_change():
    ny = ZoneInfo("America/New_York")                                          # DST starts Sun 8 Mar 2026
    t = Timing(movement_hours=72, time_of_day="20:00", timezone="America/New_York")
    before = next_deadline(at(2026, 3, 2, 12, 0), "M", t)                      # Thu 5 Mar, EST
    after = next_deadline(at(2026, 3, 6, 12, 0), "M", t)                       # Mon 9 Mar, EDT
    assert before == at(2026, 3, 5, 20, 0, tz=ny) == at(2026, 3, 6, 1, 0)
    assert after == at(2026, 3, 9, 20, 0, tz=ny) == at(2026, 3, 10, 0, 0)


def test_skipped_days_keep_the_wall_clock_across_the_autumn_dst_change():
    london = ZoneInfo("Europe/London")                                         # BST ends Sun 25 Oct 2026
    start = at(2026, 10, 23, 23, 0, tz=london)                                 # Friday 23:00 BST
    t = Timing(retreat_hours=24, days="MTWTF--", timezone="Europe/London")
    deadline = next_deadline(start, "R", t)
    assert deadline == at(2026, 10, 26, 23, 0, tz=london) == at(2026, 10, 26, 23, 0)   # Monday 23:00 GMT
    assert deadline.tzinfo == UTC


def test_a_delay_across_dst_is_elapsed_time_without_a_time_of_day():
    t = Timing(movement_hours=72, timezone="America/New_York")
    assert next_deadline(at(2026, 3, 6, 17, 0), "M", t) == at(2026, 3, 9, 17, 0)   # 72 real hours


# -- grace, reminders, display, what the master writes -----------------------------------------------------------------
def test_grace_and_reminder():
    deadline = at(2026, 1, 8, 12, 0)
    assert grace_end(deadline, Timing(grace_hours=24)) == at(2026, 1, 9, 12, 0)
    assert grace_end(deadline, Timing(grace_hours=0)) == deadline
    assert reminder_time(deadline, Timing(reminder_hours=6)) == at(2026, 1, 8, 6, 0)
    assert reminder_time(deadline, Timing(reminder_hours=0)) is None


def test_show():
    assert show(at(2026, 1, 8, 12, 0), Timing()) == "Thu 8 Jan 2026 12:00 UTC"
    assert show(at(2026, 7, 8, 12, 0), Timing(timezone="Europe/Paris")) == "Wed 8 Jul 2026 14:00 CEST"
    assert show(None, Timing()) == "none (the master processes the game)"


@pytest.mark.parametrize("text, expected", [
    ("+48h", MON + timedelta(hours=48)), ("+2d", MON + timedelta(days=2)), ("+3 H", MON + timedelta(hours=3)),
    # in words, as a master writes them ("SET DEADLINE 1 day" in a first game was refused)
    ("1 day", MON + timedelta(days=1)), ("2 days", MON + timedelta(days=2)), ("in 36 hours", MON + timedelta(hours=36)),
    ("+1 week", MON + timedelta(weeks=1)), ("+90 mins", MON + timedelta(minutes=90)),
    ("3 hrs", MON + timedelta(hours=3)),
    # a day by name, at a time, in the game's zone (MON is a Monday, noon)
    ("today 20:00", at(2026, 1, 5, 20, 0)), ("tomorrow 18:00", at(2026, 1, 6, 18, 0)),
    ("Friday 20:00", at(2026, 1, 9, 20, 0)), ("fri 20:00", at(2026, 1, 9, 20, 0)),
    ("monday 13:00", at(2026, 1, 5, 13, 0)),                  # later today
    ("Mon 11:00", at(2026, 1, 12, 11, 0)),                    # ... gone today: next week's
    ("Friday 8pm", at(2026, 1, 9, 20, 0)), ("friday at 8:30 PM", at(2026, 1, 9, 20, 30)),
    ("tomorrow 12am", at(2026, 1, 6, 0, 0)), ("tomorrow 12 p.m.", at(2026, 1, 6, 12, 0)),
    ("Sat, 9am", at(2026, 1, 10, 9, 0)),
    ("2026-11-30 23:30", at(2026, 11, 30, 23, 30)), ("2026-11-30T23:30", at(2026, 11, 30, 23, 30)),
    ("30 Nov 2026 23:30", at(2026, 11, 30, 23, 30)), ("Nov 30 2026 23:30", at(2026, 11, 30, 23, 30)),
    ("Mon 30 Nov 2026 23:30", at(2026, 11, 30, 23, 30)),
    ("Nov 30 23:30", at(2026, 11, 30, 23, 30)),               # without a year: the next Nov 30
    ("Jan 02 10:00", at(2027, 1, 2, 10, 0)),                  # ... which may be next year
])
def test_parse_moment(text, expected):
    assert parse_moment(text, Timing(), MON) == expected


def test_parse_moment_in_the_games_zone():
    assert parse_moment("2026-07-01 20:00", Timing(timezone="Asia/Tokyo"), MON) == at(2026, 7, 1, 11, 0)
    # Monday noon UTC is Monday 21:00 in Tokyo: its "tomorrow" is Tuesday there, its "Monday 20:00" next week's
    assert parse_moment("tomorrow 09:00", Timing(timezone="Asia/Tokyo"), MON) == at(2026, 1, 6, 0, 0)
    assert parse_moment("Monday 20:00", Timing(timezone="Asia/Tokyo"), MON) == at(2026, 1, 12, 11, 0)


@pytest.mark.parametrize("text", ["tomorrow", "", "+h", "2026-13-01 10:00", "31/12/2026 10:00", "+2",
                                  "2 months", "in days", "2 days 3 hours", "someday 10:00",
                                  "tomorrow 25:00", "fri 20:61", "fr 20:00", "friday 8", "friday 13pm",
                                  "friday 0am",
                                  "Feb 29 12:00"])                # no Feb 29 in 2026 or 2027
def test_parse_moment_errors(text):
    with pytest.raises(ValueError, match="UNRECOGNIZED DEADLINE"):
        parse_moment(text, Timing(), MON)


# -- the time of day when the clocks go back: it comes twice that night ----------------------------------------------
NEW_YORK = ZoneInfo("America/New_York")


@pytest.mark.parametrize("moment, expected", [
    (at(2027, 11, 7, 5, 0), at(2027, 11, 7, 5, 30)),     # 01:00 EDT: the first 01:30 (EDT) is ahead
    (at(2027, 11, 7, 5, 40), at(2027, 11, 7, 6, 30)),    # 01:40 EDT: the second 01:30 (EST) is ahead
    (at(2027, 11, 7, 6, 10), at(2027, 11, 7, 6, 30)),    # 01:10 EST: the second 01:30, not the first one (05:30)
    (at(2027, 11, 7, 6, 40), at(2027, 11, 8, 6, 30)),    # 01:40 EST: the next day's 01:30 EST
])
def test_the_time_of_day_in_the_hour_that_comes_twice(moment, expected):
    timing = Timing(time_of_day="01:30", timezone="America/New_York")
    assert next_deadline(moment - timedelta(minutes=5), "M", Timing(**{**timing.to_json(), "movement_hours": 5 / 60})) \
        == expected


@pytest.mark.parametrize("tz", ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Pacific/Chatham"])
@pytest.mark.parametrize("tod", ["00:30", "01:30", "02:00", "02:30", "23:30"])
def test_a_deadline_is_never_before_its_phases_delay_is_over(tz, tod):
    """Every ten minutes across a year's clock changes in zones with a shift of an hour or half an hour: the
    deadline is at least the delay after the start, and within a day (and the hour of a change) of it."""
    timing = Timing(movement_hours=1, time_of_day=tod, timezone=tz)
    zone_ = ZoneInfo(tz)
    changes = [d for d in (at(2027, 1, 1) + timedelta(days=i) for i in range(366))
               if (d + timedelta(days=1)).astimezone(zone_).utcoffset() != d.astimezone(zone_).utcoffset()]
    assert changes, tz
    for day in changes:
        for step in range(0, 36 * 6):
            start = day + timedelta(minutes=10 * step)
            deadline = next_deadline(start, "M", timing)
            assert start + timedelta(hours=1) <= deadline <= start + timedelta(hours=26, minutes=1), (start, deadline)


def test_a_day_without_a_year_is_the_next_such_day_today_included():
    """Today counts until it is over, in the game's zone: on Monday 5 Jan 2026, "5 Jan" is today (an absence from
    now), "4 Jan" next year's; a time of today already past stays today (and is refused as over by the caller)."""
    from judge.deadlines import parse_day
    utc = Timing()
    assert parse_day("5 Jan", utc, MON) == at(2026, 1, 5)
    assert parse_day("5 Jan", utc, MON, end_of_day=True) == at(2026, 1, 6)
    assert parse_day("Jan 5 09:00", utc, MON) == at(2026, 1, 5, 9)
    assert parse_day("4 Jan", utc, MON) == at(2027, 1, 4)
    assert parse_day("1 Jan", utc, at(2026, 12, 31, 23)) == at(2027, 1, 1)
    # 03:00 UTC on 6 Jan is still 5 Jan in New York: "5 Jan" is that (local) day, not next year's.
    ny = Timing(timezone="America/New_York")
    assert parse_day("5 Jan", ny, at(2026, 1, 6, 3)) == at(2026, 1, 5, 5)
    assert parse_day("5 Jan", Timing(timezone="Asia/Tokyo"), at(2026, 1, 5, 16)) == at(2027, 1, 4, 15)
