"""Whether a moment kept in a record (a failed sign-on, an event counted, a problem told) lies within a window
before now. A moment ahead of now by more than SKEW was written while the clock was set ahead and has since been put
back: it is not believed (it would count for as long as the clock was wrong: a player locked out for a month) but
taken as expired, and dropped when the record is next written."""
from __future__ import annotations

from datetime import datetime, timedelta

SKEW = timedelta(minutes=5)         # how far ahead a moment may lie (processes and clocks a little apart)


def recent(when: datetime, now: datetime, window: timedelta) -> bool:
    """Is `when` within `window` before `now` (and not ahead of it by more than SKEW)?"""
    return -SKEW < now - when < window


def recent_stamp(when: float, now: float, window: float) -> bool:
    """`recent` for POSIX times in seconds."""
    return -SKEW.total_seconds() < now - when < window
