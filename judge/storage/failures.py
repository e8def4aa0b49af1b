"""Failed sign-ons per game and power, on disk beside the game (not in it: a refused message changes no game).

Guessing is limited per game and power, whatever address the guesses come from (changing MAIL FROM gave unlimited
guesses). The power's own address has a budget of its own; as a From line is forged at will, a sign-on refused on
it is answered (to that address) with a code that opens a budget of its own again (UNLOCK, judge.commands.signon).
The web sign-on form has no address of its own: its failures count in the budget of other addresses, one budget for
both faces, as judge-web.md has it ("the same sign-on limits as mail")."""
from __future__ import annotations

import json
import os
from datetime import datetime, timedelta
from pathlib import Path

from judge.storage.atomic import atomic_write, read_bytes
from judge.storage.recent import recent

WINDOW = timedelta(hours=1)
LIMIT = 5                       # failed sign-ons per power and budget within the window
FILE = "signon-failures.json"
JOINED = "JOINED"               # who of the key of wrong passwords to RESIGN from a game that has not started


class SignonFailures:
    def __init__(self, folder: Path):
        self.path = f"{os.fspath(folder)}/{FILE}"      # (read at every sign-on: a Path made costs microseconds)

    def _read(self) -> dict[str, list[str]]:
        try:
            doc = json.loads(read_bytes(self.path).decode("utf-8"))
            return doc if isinstance(doc, dict) else {}
        except (OSError, ValueError):
            return {}

    @staticmethod
    def key(who: str, own_address: bool) -> str:
        return f"{who}:{'own' if own_address else 'other'}"

    UNLOCKED = ":unlocked"          # sign-ons from the power's own address with its UNLOCK code: "<who>:unlocked"

    @staticmethod
    def unlocked_key(who: str) -> str:
        return f"{who}{SignonFailures.UNLOCKED}"

    def recent(self, key: str, now: datetime) -> list[datetime]:
        out = []
        for text in _list(self._read().get(key)):
            try:
                t = datetime.fromisoformat(text)
            except (TypeError, ValueError):
                continue
            if recent(t, now, WINDOW):             # (a failure from a clock set ahead, since put back: expired)
                out.append(t)
        return out

    def locked_until(self, key: str, now: datetime, limit: int = LIMIT) -> datetime | None:
        """While `limit` failures lie within the window: when the oldest of them leaves it."""
        times = sorted(self.recent(key, now))
        return times[-limit] + WINDOW if len(times) >= limit else None

    def record(self, key: str, now: datetime) -> int:
        """Count one failure; returns how many lie within the window now for `key`. The caller holds the game's
        lock."""
        doc = self._read()
        # (a few keys a power, each list no longer than its window holds: expired times and keys are dropped, and
        # the budgets of web clients an earlier release kept go within the hour)
        kept = {k: [t for t in _list(v) if _fresh(t, now)][-LIMIT:] for k, v in doc.items()}
        kept = {k: v for k, v in kept.items() if v}
        kept.setdefault(key, []).append(now.isoformat())
        atomic_write(Path(self.path), json.dumps(kept), sync_dir=False)
        return len(kept[key])


def _list(value) -> list:
    return value if isinstance(value, list) else []


def _fresh(text, now: datetime) -> bool:
    try:
        return recent(datetime.fromisoformat(text), now, WINDOW)
    except (TypeError, ValueError):
        return False
