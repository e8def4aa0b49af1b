"""DPjudge's short dates (its mail guide's `SET DEADLINE [weekday] [day [month [year]]] [hour:minute]`, and the same
for SET ABSENCE): each part left out is the first that fits from now on; a deadline without a time takes the game's
time of day, or midnight."""
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from judge.deadlines import Timing, parse_day, parse_moment

UTC = timezone.utc
MON = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)          # Monday 5 January 2026, noon


@pytest.mark.parametrize("text, expected", [
    ("30", datetime(2026, 1, 30, 0, 0)),               # a day of this month still to come
    ("5", datetime(2026, 2, 5, 0, 0)),                 # today's midnight is gone: next month's 5th
    ("5 12:30", datetime(2026, 1, 5, 12, 30)),         # today, the time still to come
    ("friday", datetime(2026, 1, 9, 0, 0)),
    ("MON", datetime(2026, 1, 12, 0, 0)),              # today is Monday, its midnight gone: next week's
    ("11:00", datetime(2026, 1, 6, 11, 0)),            # a time alone: today's, or tomorrow's once it has gone by
    ("13:00", datetime(2026, 1, 5, 13, 0)),
    ("SAT 5 DEC", datetime(2026, 12, 5, 0, 0)),        # 5 December 2026 is a Saturday
    ("Thurs 8 Jan 26 20:00", datetime(2026, 1, 8, 20, 0)),
    ("3 march", datetime(2026, 3, 3, 0, 0)),
    ("1 jan", datetime(2027, 1, 1, 0, 0)),             # this year's is gone: next year's
])
def test_a_short_deadline_is_the_first_moment_to_come_that_fits(text, expected):
    assert parse_moment(text, Timing(), MON) == expected.replace(tzinfo=UTC)


def test_a_short_deadline_without_a_time_takes_the_games_time_of_day_in_its_zone():
    new_york = ZoneInfo("America/New_York")
    timing = Timing(time_of_day="18:00", timezone="America/New_York")
    assert parse_moment("friday", timing, MON) == datetime(2026, 1, 9, 18, 0, tzinfo=new_york)
    assert parse_moment("5", timing, MON) == datetime(2026, 1, 5, 18, 0, tzinfo=new_york)     # 18:00 is to come
    assert parse_moment("fri 9:15", timing, MON) == datetime(2026, 1, 9, 9, 15, tzinfo=new_york)


@pytest.mark.parametrize("text", ["31 feb", "MON 5 DEC", "5 jan 2025"])
def test_a_short_date_no_day_to_come_fits_is_refused_as_such(text):
    with pytest.raises(ValueError, match="NO SUCH DAY TO COME"):
        parse_moment(text, Timing(), MON)


@pytest.mark.parametrize("text", ["friday 8", "8 friday", "fr", "5 smarch", "32", "24:00", "5 dec 202",
                                  "mon tue", "12:60", "dec 5 2026"])
def test_what_is_not_a_short_date_stays_unrecognized(text):
    """'friday 8' is not read as Friday the 8th (eight o'clock?); the other words fit no part of the form."""
    with pytest.raises(ValueError, match="UNRECOGNIZED DEADLINE"):
        parse_moment(text, Timing(), MON)


@pytest.mark.parametrize("text, end_of_day, expected", [
    ("5", False, datetime(2026, 1, 5, 0, 0)),          # an absence's day: today is such a day until it is over
    ("24", True, datetime(2026, 1, 25, 0, 0)),         # to the end of the 24th
    ("13:00", True, datetime(2026, 1, 5, 13, 0)),      # SET ABSENCE TO 13:00: today, the time to come
    ("SAT 5 DEC", False, datetime(2026, 12, 5, 0, 0)),
])
def test_a_short_absence_day(text, end_of_day, expected):
    assert parse_day(text, Timing(), MON, end_of_day=end_of_day) == expected.replace(tzinfo=UTC)
