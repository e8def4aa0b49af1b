"""DPjudge's short dates for SET DEADLINE and SET ABSENCE: `[weekday] [day [month [year]]] [hour:minute]`, each part
left out read as the first that fits from now on (`SAT 5 DEC`, `5`, `24 TO 26`, `TO 13:00`, `FRI 18:00`)."""
from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_CLOCK = re.compile(r"(\d{1,2}):(\d{2})")
# Far enough for any day of the month and month of the year to come round (a weekday with a date may take longer:
# SAT 5 DEC comes every few years; past this it is refused as no such day rather than searched for).
SEARCH_DAYS = 400


def _named(word: str, names: tuple[str, ...]) -> int | None:
    """The index of the name `word` spells in full or shortens to three letters or more (SAT, THURS, SEPT)."""
    w = word.lower().rstrip(".")
    if len(w) < 3:
        return None
    return next((i for i, n in enumerate(names) if n.startswith(w)), None)


def _parts(text: str) -> tuple[int | None, int | None, int | None, int | None, time | None] | None:
    """(weekday, day, month, year, time) as written, or None if the text is not of this form."""
    words = text.replace(",", " ").split()
    weekday = day = month = year = None
    clock = None
    m = _CLOCK.fullmatch(words[-1]) if words else None
    if m:
        words.pop()
        if int(m.group(1)) > 23 or int(m.group(2)) > 59:
            return None
        clock = time(int(m.group(1)), int(m.group(2)))
    if words and not words[0].isdigit():
        weekday = _named(words.pop(0), _WEEKDAYS)
        if weekday is None:
            return None
    if words:
        if not (words[0].isascii() and words[0].isdigit() and len(words[0]) <= 2 and 1 <= int(words[0]) <= 31):
            return None
        day = int(words.pop(0))
    if words:
        month = _named(words.pop(0), _MONTHS)
        if month is None:
            return None
        month += 1
    if words:
        w = words.pop(0)
        if not (w.isascii() and w.isdigit() and len(w) in (2, 4)):
            return None
        year = int(w) + (2000 if len(w) == 2 else 0)
    if words or weekday is None and day is None and clock is None:
        return None
    if weekday is not None and day is not None and month is None:
        return None                     # ("FRIDAY 8": the 8th, or eight o'clock? Not guessed)
    return weekday, day, month, year, clock


def short_date(text: str, tz: ZoneInfo, now: datetime, default: time | None,
               whole_days: bool = False) -> tuple[datetime, bool] | None:
    """The first moment from `now` that the text fits, as a naive local time, and whether the text gave a time;
    None if the text is not a short date; ValueError if no day within SEARCH_DAYS fits it. Without a time: `default`
    (the game's time of day for a deadline), or with `whole_days` (an absence) the day itself, today included."""
    parts = _parts(text)
    if parts is None:
        return None
    weekday, day, month, year, clock = parts
    at = clock or default or time(0, 0)
    local = now.astimezone(tz)
    today: date = local.date()
    for d in range(SEARCH_DAYS):
        when = today + timedelta(days=d)
        if year is not None and when.year > year:
            break
        if (weekday is not None and when.weekday() != weekday or day is not None and when.day != day
                or month is not None and when.month != month or year is not None and when.year != year):
            continue
        moment = datetime.combine(when, at)
        if clock is None and whole_days or moment.replace(tzinfo=tz) > now:
            return moment, clock is not None
    raise ValueError(f"NO SUCH DAY TO COME: {' '.join(text.split()).upper()} (NONE IN THE NEXT {SEARCH_DAYS} DAYS)")
