"""Events counted per key over the last hour, on disk beside the games: the limits on strangers (games created,
joined, observed) and the loop guard. On disk so that a restart, or the next `judge deliver` process, still knows
them; bounded, so that a flood of new senders pushes the oldest keys out instead of growing the files without end."""
from __future__ import annotations

import contextlib
import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Iterator

from judge.storage.atomic import atomic_write, locked

FOLDER = ".limits"                 # in the games folder; not a game name (those start with a letter)
WINDOW = timedelta(hours=1)
KEYS_KEPT = 10_000                 # keys per table (the least recently counted are forgotten first)
EVENTS_KEPT = 10_000               # events per key (no limit in config.ini goes higher)

Entry = tuple[float, str]          # (POSIX time, tag): the tag tells events of one key apart (a Message-ID, say)


class Counters:
    """Tables of keys -> recent events, one JSON file a table in games/.limits/. Read at any time (files are replaced
    whole); changed only inside `changing()`, which holds the folder's lock across processes and threads."""

    def __init__(self, games: Path, kept: int = KEYS_KEPT):
        self.folder = Path(games) / FOLDER
        self.kept = kept

    def events(self, table: str, key: str, now: datetime) -> list[Entry]:
        """The key's events within the hour before `now`, oldest first."""
        return _fresh(self._read(table).get(key, []), now)

    @contextlib.contextmanager
    def changing(self) -> Iterator["Change"]:
        """Hold the lock; read and add events through the Change; what was added is written when the block ends."""
        with locked(self.folder):
            change = Change(self)
            yield change
            change.write()

    def _read(self, table: str) -> dict[str, list]:
        try:
            doc = json.loads((self.folder / f"{table}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return doc if isinstance(doc, dict) else {}


class Change:
    def __init__(self, counters: Counters):
        self.counters = counters
        self.tables: dict[str, dict[str, list]] = {}
        self.now: dict[str, datetime] = {}

    def _table(self, table: str) -> dict[str, list]:
        if table not in self.tables:
            self.tables[table] = self.counters._read(table)
        return self.tables[table]

    def events(self, table: str, key: str, now: datetime) -> list[Entry]:
        return _fresh(self._table(table).get(key, []), now)

    def add(self, table: str, key: str, now: datetime, tag: str = "") -> list[Entry]:
        """Count one event; returns the key's events within the hour, this one last."""
        doc = self._table(table)
        kept = _fresh(doc.pop(key, []), now)[-(EVENTS_KEPT - 1):] + [(now.timestamp(), tag)]
        doc[key] = kept                          # (re)inserted last: the dict keeps keys in order of last use
        self.now[table] = now
        return kept

    def write(self) -> None:
        for table, now in self.now.items():
            doc = self.tables[table]
            fresh = {k: v for k, v in ((k, _fresh(v, now)) for k, v in doc.items()) if v}
            keys = list(fresh)[-self.counters.kept:]
            # Not fsynced: a power cut may lose the last counts (a few more messages let through), and an fsync
            # for each refused message would slow the judge most exactly when it is flooded.
            atomic_write(self.counters.folder / f"{table}.json", json.dumps({k: fresh[k] for k in keys}),
                         sync=False)


def _fresh(entries: list, now: datetime) -> list[Entry]:
    """The well-formed entries within the hour before `now`."""
    since = (now - WINDOW).timestamp()
    out = []
    for e in entries:
        if isinstance(e, (list, tuple)) and len(e) == 2 and isinstance(e[0], (int, float)) and e[0] > since:
            out.append((float(e[0]), str(e[1])))
    return out


def until(entries: list[Entry], limit: int) -> datetime:
    """When the limit frees up again: the hour after the event that made the count reach it."""
    from datetime import timezone
    return datetime.fromtimestamp(entries[-limit][0], timezone.utc) + WINDOW
