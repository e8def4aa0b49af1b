"""Events counted per key over the last hour, on disk beside the games: the limits on strangers (games created,
joined, observed) and the loop guard. On disk so that a restart, or the next `judge deliver` process, still knows
them; bounded, so that a flood of new senders pushes the oldest keys out instead of growing the files without end.

A table is a file of lines "<time> <tag> <key>", appended to (an append costs little; a rename of a whole file costs
milliseconds on ext4, and the loop guard counts every refused message); a file grown past MAX_BYTES is rewritten
with only the last hour's events of its most recently counted keys."""
from __future__ import annotations

import contextlib
import os
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Iterator

from judge.storage.atomic import FILE_MODE, atomic_write, locked, make_folder
from judge.storage.recent import recent_stamp

FOLDER = ".limits"                 # in the games folder; not a game name (those start with a letter)
WINDOW = timedelta(hours=1)
MAX_BYTES = 256 * 1024             # a table's file is rewritten, shorter, when it grows past this
KEYS_KEPT = 2_000                  # ... keeping the events of at most this many keys (the most recently counted)

Entry = tuple[float, str]          # (POSIX time, tag): the tag tells events of one key apart (a Message-ID, say)
_UNSAFE = re.compile(r"\s")


class Counters:
    """Tables of keys -> recent events, one file a table in games/.limits/. Read at any time (lines are appended
    whole, files replaced whole); changed only inside `changing()`, which holds the folder's lock across processes
    and threads."""

    def __init__(self, games: Path, kept: int = KEYS_KEPT, max_bytes: int = MAX_BYTES, window: timedelta = WINDOW):
        self.folder = Path(games) / FOLDER
        self.kept = kept
        self.max_bytes = max_bytes
        self.window = window             # how long an event counts

    def events(self, table: str, key: str, now: datetime) -> list[Entry]:
        """The key's events within the window (an hour) before `now`, oldest first (an event from a clock set ahead,
        since put back, is expired: judge.storage.recent)."""
        stamp, window = now.timestamp(), self.window.total_seconds()
        key = _safe(key)
        return sorted((t, tag) for t, tag, k in self._lines(table, " " + key)
                      if k == key and recent_stamp(t, stamp, window))

    @contextlib.contextmanager
    def changing(self) -> Iterator["Change"]:
        """Hold the lock; read and add events through the Change (a block that raises adds nothing)."""
        with locked(self.folder):
            change = Change(self)
            yield change
            change.write()

    def _path(self, table: str) -> Path:
        return self.folder / f"{table}.txt"

    def _lines(self, table: str, ending: str = "") -> list[tuple[float, str, str]]:
        """The table's well-formed lines (those ending so): (time, tag, key)."""
        try:
            text = self._path(table).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return []
        out = []
        for line in text.splitlines():
            if not line.endswith(ending):
                continue
            fields = line.split(" ", 2)
            if len(fields) == 3:
                try:
                    out.append((float(fields[0]), "" if fields[1] == "-" else fields[1], fields[2]))
                except ValueError:
                    continue                 # a line cut short by a crash: skipped
        return out


class Change:
    def __init__(self, counters: Counters):
        self.counters = counters
        self.added: dict[str, list[str]] = {}

    def events(self, table: str, key: str, now: datetime) -> list[Entry]:
        return self.counters.events(table, key, now)

    def add(self, table: str, key: str, now: datetime, tag: str = "") -> None:
        """Count one event (written when the `changing` block ends)."""
        self.added.setdefault(table, []).append(f"{now.timestamp():.3f} {_safe(tag) or '-'} {_safe(key)}\n")

    def write(self) -> None:
        c = self.counters
        for table, lines in self.added.items():
            path = c._path(table)
            data = "".join(lines).encode("utf-8")
            try:
                fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, FILE_MODE)
            except FileNotFoundError:
                make_folder(c.folder)
                fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, FILE_MODE)
            try:
                end = os.fstat(fd).st_size
                if end and os.pread(fd, 1, end - 1) != b"\n":
                    data = b"\n" + data         # after a line a crash cut short: that line stays alone, unread
                os.write(fd, data)           # not fsynced: a power cut may lose the last counts, nothing more
                size = end + len(data)
            finally:
                os.close(fd)
            if size > c.max_bytes:
                self._shorten(table, float(lines[-1].split(" ", 1)[0]))

    def _shorten(self, table: str, now: float) -> None:
        """Rewrite the table with the window's events of its most recently counted keys, within half the size."""
        c = self.counters
        by_key: dict[str, list[str]] = {}
        for t, tag, key in c._lines(table):
            if recent_stamp(t, now, c.window.total_seconds()):
                by_key.setdefault(key, []).append(f"{t:.3f} {tag or '-'} {key}\n")
                by_key[key] = by_key.pop(key)            # the dict ends with the keys counted last
        keys = list(by_key)[-c.kept:]
        kept: list[str] = []
        size = 0
        for key in reversed(keys):
            size += sum(len(line) for line in by_key[key])
            if size > c.max_bytes // 2:
                break
            kept = by_key[key] + kept
        atomic_write(c._path(table), "".join(kept), sync=False)


def _safe(text: str) -> str:
    return _UNSAFE.sub("_", text)[:300]


def until(entries: list[Entry], limit: int) -> datetime:
    """When a count at `limit` frees up again: the hour after the event that made it reach the limit."""
    return datetime.fromtimestamp(entries[-limit][0], timezone.utc) + WINDOW
