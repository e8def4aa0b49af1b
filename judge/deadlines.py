"""Deadline arithmetic: delays per phase type, a time of day, playing days, grace and reminders. Pure."""
from __future__ import annotations

import contextlib
import dataclasses
import re
from functools import lru_cache
from dataclasses import dataclass
from datetime import datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from judge.short_dates import short_date

DAY_LETTERS = "MTWTFSS"
# As DPjudge writes a moment (its Time.format): "Fri 27 Nov 2026 17:21 UTC" in headers and lists, the long form
# "Friday 27 November 2026 17:21 UTC" in the deadline sentence of results. The day has no leading zero.
FORMAT = "%a {day} %b %Y %H:%M %Z"
LONG_FORMAT = "%A {day} %B %Y %H:%M %Z"
FARTHEST = timedelta(days=366)        # the farthest a deadline may be set ahead

# Every number a game's timing holds, with the range it must stay in (config.ini and SET both check it): out of
# range, a delay would overflow the date arithmetic and stop every later run of the game's clock.
LIMITS: dict[str, tuple[float, int, str]] = {
    "movement_hours": (5 / 60, 24 * 90, "hours"),        # from five minutes (a live game) to 90 days
    "retreat_hours": (5 / 60, 24 * 90, "hours"),
    "adjustment_hours": (5 / 60, 24 * 90, "hours"),
    "grace_hours": (0, 24 * 90, "hours"),
    "reminder_hours": (0, 24 * 30, "hours"),
    "late_notice_hours": (0, 24 * 30, "hours"),
    "early_minutes": (-1, 60 * 24 * 7, "minutes"),     # -1 (any negative number): never early
}


# The units a delay may be written in (90m, 2 hrs, 3 days, 1 week), each known by its first letter, and its minutes
_UNITS = r"m|mins?|minutes?|h|hrs?|hours?|d|days?|w|wks?|weeks?"
_MINUTES = {"m": 1, "h": 60, "d": 1440, "w": 10080}


def parse_delay(text: str, unit: str) -> float:
    """A delay as masters write it - '36', '90m', '1.5h', '2d', '2 days', '90 minutes' - in `unit` ('hours' or
    'minutes'); a bare number is in the unit itself. Whole numbers come back as ints."""
    m = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*(" + _UNITS + r")?\.?\s*", text, re.I)
    if not m:
        raise ValueError("write a number, with m, h or d for minutes, hours or days, e.g. 90m")
    number, suffix = float(m.group(1)), (m.group(2) or unit)[0].lower()
    minutes = number * _MINUTES[suffix]
    if unit == "minutes":
        value = minutes
    else:
        # Whole minutes stay exact ("5m" is 5/60 hours, the lower limit itself, not 0.0833 below it).
        value = minutes / 60 if minutes == int(minutes) else round(minutes / 60, 4)
    return int(value) if value == int(value) else value


def say_delay(value: float, unit: str) -> str:
    """A delay for a reply: '90 minutes', '36 hours', '1.5 hours'."""
    if unit == "hours" and value != int(value):
        if value >= 2:
            return f"{value:g} hours"
        value, unit = round(value * 60), "minutes"   # 1m is 1/60 hours: said as "1 minute", not "1 minutes"
    return f"{value:g} {unit if value != 1 else unit[:-1]}"


def check_limit(name: str, value: float) -> float:
    """A timing number inside its range (a negative EARLY means never and is kept as -1); ValueError otherwise."""
    low, high, unit = LIMITS[name]
    if name == "early_minutes" and value < 0:
        return -1
    if not low <= value <= high:
        raise ValueError(f"it must be from {say_delay(low, unit)} to {say_delay(high, unit)}")
    return value


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"unknown time zone {name!r}") from None


def parse_days(text: str) -> str:
    """Seven characters, Monday first: the day's letter to allow it, '-' to skip it ("MTWTF--")."""
    t = text.strip().upper()
    usage = "expected seven letters MTWTFSS with '-' for days without deadlines, e.g. MTWTF--"
    if len(t) != 7 or any(c not in (DAY_LETTERS[i], "-") for i, c in enumerate(t)):
        raise ValueError(usage)
    if t == "-------":
        raise ValueError(f"{usage}; ------- leaves no day for a deadline")     # (well formed, yet no day to play)
    return t


def parse_time_of_day(text: str) -> time | None:
    t = text.strip()
    if not t:
        return None
    m = re.fullmatch(r"(\d{1,2}):(\d{2})", t)
    if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
        raise ValueError("expected HH:MM, e.g. 23:30")
    return time(int(m.group(1)), int(m.group(2)))


def plain_time(text: str) -> str:
    """A time of day as the judge keeps and shows it, "HH:MM" in ASCII digits ("" for none); `text` as it came
    (parse_time_of_day's pattern also takes other scripts' digits, "１８:００": they were kept and shown as typed)."""
    t = parse_time_of_day(text)
    return t.strftime("%H:%M") if t else ""


@dataclass(frozen=True)
class Timing:
    movement_hours: float = 72          # (float: a master may set minutes, "SET GRACE 90m")
    retreat_hours: float = 24
    adjustment_hours: float = 24
    time_of_day: str = ""            # "HH:MM" or empty
    days: str = DAY_LETTERS
    grace_hours: float = 24
    reminder_hours: float = 24
    late_notice_hours: float = 6
    early_minutes: float = 10
    timezone: str = "UTC"

    def delay(self, phase_kind: str) -> timedelta:
        hours = {"M": self.movement_hours, "R": self.retreat_hours, "A": self.adjustment_hours}[phase_kind]
        return timedelta(hours=hours)

    def to_json(self) -> dict:
        # (every field is a number or a string: dataclasses.asdict's deep copy of each cost a hundredth of a mail)
        return {name: getattr(self, name) for name in _TIMING_FIELDS}

    @classmethod
    def from_json(cls, doc: dict) -> "Timing":
        """A game's saved timing; a number outside its range (saved by an older judge) is brought inside it."""
        values = {k: v for k, v in doc.items() if k in _TIMING_NAMES}
        for name, (low, high, _) in LIMITS.items():
            if name in values:
                value = max(-1 if name == "early_minutes" else low, min(high, float(values[name])))
                values[name] = int(value) if value == int(value) else value
        if values.get("time_of_day"):
            with contextlib.suppress(ValueError):     # (a game saved before SET TIME kept plain digits)
                values["time_of_day"] = plain_time(values["time_of_day"])
        return cls(**values)

    @classmethod
    def from_settings(cls, settings) -> "Timing":
        g = settings.get
        return cls(g("deadlines", "movement_hours"), g("deadlines", "retreat_hours"),
                   g("deadlines", "adjustment_hours"), plain_time(g("deadlines", "time_of_day")),
                   parse_days(g("deadlines", "days")), g("deadlines", "grace_hours"), g("deadlines", "reminder_hours"),
                   g("deadlines", "late_notice_hours"), g("deadlines", "early_minutes"), g("judge", "timezone"))


_TIMING_FIELDS = tuple(f.name for f in dataclasses.fields(Timing))
_TIMING_NAMES = frozenset(_TIMING_FIELDS)


def next_deadline(start: datetime, phase_kind: str, timing: Timing) -> datetime:
    """The deadline of a phase that starts at `start` (aware): the delay, then the time of day, then a playing day."""
    return settle(start + timing.delay(phase_kind), timing)


def after_absences(moment: datetime, absences: list[tuple[datetime, datetime]], timing: Timing) -> datetime:
    """A deadline that falls inside an absence moves to its end (then to the time of day and a playing day);
    absences that touch are crossed one after the other."""
    for _ in range(len(absences) + 1):
        inside = [end for start, end in absences if start <= moment < end]
        if not inside:
            return moment
        moment = settle(max(inside), timing)
    return moment


def settle(moment: datetime, timing: Timing) -> datetime:
    """The first moment from `moment` on at the game's time of day (if it has one) on one of its playing days."""
    tz = zone(timing.timezone)
    local = moment.astimezone(tz)
    tod = parse_time_of_day(timing.time_of_day)
    if tod is not None:
        # Compared as moments, not as clock readings: when the clocks go back, the time of day comes twice (fold 0,
        # then 1), and the first may lie before `moment` while its reading looks later.
        when = moment.astimezone(timezone.utc)
        local = next(at for at in (datetime.combine(local.date() + timedelta(days=d), tod, tzinfo=tz).replace(fold=f)
                                   for d in (0, 1) for f in (0, 1)) if at >= when)
    days = parse_days(timing.days)
    for _ in range(7):
        if days[local.weekday()] != "-":
            break
        local = datetime.combine(local.date() + timedelta(days=1), local.timetz().replace(tzinfo=None), tzinfo=tz)
    return local.astimezone(timezone.utc)


def grace_end(deadline: datetime, timing: Timing) -> datetime:
    return deadline + timedelta(hours=timing.grace_hours)


def reminder_time(deadline: datetime, timing: Timing) -> datetime | None:
    if timing.reminder_hours <= 0:
        return None
    return deadline - timedelta(hours=timing.reminder_hours)


# What a game without deadlines (deadlines=manual) shows for its deadline; the mails'
# sentences about the deadline say it in words of their own (templates compare with it: judge.templating).
NO_DEADLINE = "none (the master processes the game)"
# What a paused game shows for its deadline (LIST and the web page say "paused"): the moment stored is not the one
# that will hold, since RESUME moves it by the time the game stays paused.
PAUSED = "paused (when the master resumes the game, it runs again with the time it had left)"


def show(moment: datetime | None, timing: Timing, long: bool = False) -> str:
    """A deadline as players read it, in the game's time zone: 'Fri 27 Nov 2026 17:21 UTC' (long: 'Friday 27
    November 2026 17:21 UTC', as DPjudge writes the deadline sentence of its results)."""
    if moment is None:
        return NO_DEADLINE
    return _shown(moment, timing.timezone, long)


def show_utc(moment: datetime) -> str:
    """A moment that belongs to no game (when a limit or a lock-out ends), as deadlines are written, in UTC."""
    return _shown(moment, "UTC", False)


@lru_cache(maxsize=1024)
def _shown(moment: datetime, tz: str, long: bool) -> str:
    # (kept: every reply to an order mail names the game's deadline, and strftime in a time zone is dear)
    local = moment.astimezone(zone(tz))
    return local.strftime((LONG_FORMAT if long else FORMAT).format(day=local.day))


# A delay from now: '+48h', '+2d', '+30m', and as masters write it in words ('2 days', 'in 36 hours', '+1 week'): a
# number with a unit, never a bare number (a bare '30' could be a day of the month or a time)
_RELATIVE = re.compile(r"(?:\+\s*|in\s+)?(\d{1,6})\s*(" + _UNITS + r")\.?", re.I)


def parse_moment(text: str, timing: Timing, now: datetime) -> datetime:
    """A deadline the master writes: '2026-11-30 23:30', 'Nov 30 23:30', '+48h', '+2d', or in words: '2 days',
    'in 36 hours', '+1 week', 'tomorrow 18:00', 'Friday 20:00'."""
    t = text.strip()
    m = _RELATIVE.fullmatch(t)
    if m:
        delay = timedelta(minutes=int(m.group(1)) * _MINUTES[m.group(2)[0].lower()])
        return _near(now + min(delay, FARTHEST + timedelta(days=1)), now, text)
    tz = zone(timing.timezone)
    named = _named_day(t, tz, now)
    if named is not None:
        return _near(named, now, text)
    for fmt in ("%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%d %b %Y %H:%M", "%b %d %Y %H:%M", "%a %b %d %Y %H:%M",
                "%a %d %b %Y %H:%M", "%A %d %B %Y %H:%M"):
        try:
            moment = datetime.strptime(t, fmt).replace(tzinfo=tz).astimezone(timezone.utc)
        except (ValueError, OverflowError):
            continue
        return _near(moment, now, text)
    # Without a year ('Nov 30 23:30', as documented above): the next such moment, this year or next.
    year = now.astimezone(tz).year
    for fmt in ("%b %d %H:%M", "%d %b %H:%M"):
        for y in (year, year + 1):
            try:
                # The year is parsed with the text, so that Feb 29 is read in a leap year only.
                moment = datetime.strptime(f"{y} {t}", f"%Y {fmt}").replace(tzinfo=tz).astimezone(timezone.utc)
            except ValueError:
                continue
            if moment > now:
                return _near(moment, now, text)
    short = short_date(t, tz, now, parse_time_of_day(timing.time_of_day))     # DPjudge's: SAT 5 DEC, 5, FRI
    if short is not None:
        return _near(short[0].replace(tzinfo=tz).astimezone(timezone.utc), now, text)
    raise ValueError(f"UNRECOGNIZED DEADLINE: {text.strip()} (write e.g. 2026-11-30 23:30, or +48h)")


_DAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# a day's name and a time: 20:00, or on a 12-hour clock 8pm, 8:30 pm
_NAMED = re.compile(r"(today|tomorrow|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*),?\s+(?:at\s+)?"
                    r"(\d{1,2})(?::(\d{2}))?\s*([ap]\.?m\.?)?", re.I)


def _named_day(t: str, tz: ZoneInfo, now: datetime) -> datetime | None:
    """'today 20:00', 'tomorrow 18:00', 'Friday 20:00', 'Friday 8pm' (the next Friday, today if the time is still
    to come), in the game's zone; None if the text is not of that form (or names no such day or time)."""
    m = _NAMED.fullmatch(t)
    if m is None:
        return None
    word, hour, minute, half = m.group(1).lower(), int(m.group(2)), int(m.group(3) or 0), m.group(4)
    if half:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if half[0].lower() == "p" else 0)
    elif m.group(3) is None:
        return None                   # ('Friday 8': eight in the morning or the evening? Not guessed)
    if hour > 23 or minute > 59:
        return None
    today = now.astimezone(tz).date()
    if word in ("today", "tomorrow"):
        days = [0 if word == "today" else 1]
    else:
        day = next((i for i, d in enumerate(_DAY_NAMES) if d.startswith(word)), None)    # ('fri', 'friday')
        if day is None:
            return None
        days = [(day - today.weekday()) % 7, (day - today.weekday()) % 7 + 7]
    for d in days:
        moment = datetime.combine(today + timedelta(days=d), time(hour, minute), tzinfo=tz).astimezone(timezone.utc)
        if moment > now or word in ("today", "tomorrow"):
            return moment             # (today's time already gone: refused as a deadline in the past, as written)
    return None


def _near(moment: datetime, now: datetime, text: str) -> datetime:
    if moment - now > FARTHEST:
        raise ValueError(f"DEADLINE TOO FAR AHEAD: {text.strip()} (AT MOST {FARTHEST.days} DAYS FROM NOW)")
    return moment


def parse_day(text: str, timing: Timing, now: datetime, end_of_day: bool = False) -> datetime:
    """A day (and maybe a time) as players write them for absences: '2026-12-24', '24 Dec', 'Dec 24', '24 Dec 2026',
    each with an optional HH:MM. Without a time: the day's start (or, with `end_of_day`, its end), in the game's
    zone. Without a year: the next such day, today included."""
    t = " ".join(text.strip().split())
    tz = zone(timing.timezone)
    year = now.astimezone(tz).year
    for fmt in ("%Y-%m-%d", "%d %b %Y", "%b %d %Y", "%d %B %Y", "%B %d %Y"):
        for tfmt in ("", " %H:%M"):
            try:
                moment = datetime.strptime(t, fmt + tfmt)
            except ValueError:
                continue
            return _day(moment, bool(tfmt), tz, end_of_day)
    for fmt in ("%d %b", "%b %d", "%d %B", "%B %d"):
        for tfmt in ("", " %H:%M"):
            for y in (year, year + 1):
                try:
                    moment = datetime.strptime(f"{y} {t}", f"%Y {fmt}{tfmt}")
                except ValueError:
                    continue
                # Today is such a day until it is over: "5 Jan" sent on 5 Jan is today (an absence from now), not
                # next year's (which made "SET ABSENCE 5 Jan TO 8 Jan" end before it started).
                if moment.date() >= now.astimezone(tz).date() or y > year:
                    return _day(moment, bool(tfmt), tz, end_of_day)
    short = short_date(t, tz, now, None, whole_days=True)            # DPjudge's: 24, SAT 5 DEC, 13:00
    if short is not None:
        return _day(*short, tz, end_of_day)
    raise ValueError(f"UNRECOGNIZED DAY: {text.strip() or '(nothing)'}")


def _day(moment: datetime, has_time: bool, tz, end_of_day: bool) -> datetime:
    local = moment.replace(tzinfo=tz)
    if not has_time and end_of_day:
        local = datetime.combine(local.date() + timedelta(days=1), time(0, 0), tzinfo=tz)
    return local.astimezone(timezone.utc)
