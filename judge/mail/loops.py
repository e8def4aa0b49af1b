"""Mail loops and floods: the same message again and again from one sender, and too many messages per sender.

Both tables are bounded: a flood of new senders pushes the oldest out instead of growing memory without end."""
from __future__ import annotations

import hashlib
import threading
import time
from collections import OrderedDict, deque
from datetime import datetime, timedelta

REPEAT_WINDOW = timedelta(hours=1)
REPEAT_LIMIT = 3                   # the same refused text from one sender this often in an hour: no more replies
SENDERS_KEPT = 10_000              # senders remembered by each table (the least recently seen are forgotten)


class Repeats:
    """Recognises a loop by content: an auto-responder that sets no header says the same thing each time (and
    what it says is no command, so each round is a refusal: only refused messages are counted)."""

    def __init__(self, limit: int = REPEAT_LIMIT, kept: int = SENDERS_KEPT):
        self.limit = limit
        self.kept = kept
        self._seen: OrderedDict[tuple[str, str], deque[datetime]] = OrderedDict()
        self._lock = threading.Lock()

    def looping(self, sender: str, lines: list[str], now: datetime) -> bool:
        """Count this message; True once the same text came from the sender `limit` times within the window."""
        digest = hashlib.sha256("\n".join(lines).encode("utf-8", "surrogatepass")).hexdigest()[:24]
        key = (sender.lower(), digest)
        with self._lock:
            times = self._seen.pop(key, None) or deque()
            while times and now - times[0] > REPEAT_WINDOW:
                times.popleft()
            times.append(now)
            self._seen[key] = times
            while len(self._seen) > self.kept:
                self._seen.popitem(last=False)
            return len(times) > self.limit


class RateLimit:
    """At most `per_hour` messages per sender in any hour (0: no limit)."""

    def __init__(self, per_hour: int, kept: int = SENDERS_KEPT, monotonic=time.monotonic):
        self.per_hour = per_hour
        self.kept = kept
        self.monotonic = monotonic
        self.recent: OrderedDict[str, deque[float]] = OrderedDict()

    def over(self, sender: str) -> bool:
        """Count a message from `sender`; True (and not counted) if the sender is over the limit."""
        if self.per_hour <= 0 or not sender:
            return False
        now = self.monotonic()
        seen = self.recent.pop(sender, None) or deque()
        while seen and now - seen[0] > 3600:
            seen.popleft()
        self.recent[sender] = seen
        while len(self.recent) > self.kept:
            self.recent.popitem(last=False)
        if len(seen) >= self.per_hour:
            return True
        seen.append(now)
        return False
