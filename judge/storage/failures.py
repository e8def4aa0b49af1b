"""Failed sign-ons per game and power, on disk beside the game (not in it: a refused message changes no game).

Guessing is limited per game and power, whatever address the guesses come from (changing MAIL FROM gave unlimited
guesses). The power's own address has a budget of its own, so a stranger's guesses never lock its player out."""
from __future__ import annotations

import json
import os
from datetime import datetime, timedelta
from pathlib import Path

from judge.storage.atomic import atomic_write, read_bytes

WINDOW = timedelta(hours=1)
LIMIT = 5                       # failed sign-ons per power and budget within the window
FILE = "signon-failures.json"


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

    def recent(self, key: str, now: datetime) -> list[datetime]:
        out = []
        for text in self._read().get(key, []):
            try:
                t = datetime.fromisoformat(text)
            except (TypeError, ValueError):
                continue
            if now - t < WINDOW:
                out.append(t)
        return out

    def locked_until(self, key: str, now: datetime) -> datetime | None:
        """While LIMIT failures lie within the window: when the oldest of them leaves it."""
        times = sorted(self.recent(key, now))
        return times[-LIMIT] + WINDOW if len(times) >= LIMIT else None

    def record(self, key: str, now: datetime) -> int:
        """Count one failure; returns how many lie within the window now. The caller holds the game's lock."""
        doc = self._read()
        kept = {k: [t for t in v if _fresh(t, now)] for k, v in doc.items()}
        kept = {k: v for k, v in kept.items() if v}
        kept.setdefault(key, []).append(now.isoformat())
        atomic_write(Path(self.path), json.dumps(kept), sync_dir=False)
        return len(kept[key])


def _fresh(text: str, now: datetime) -> bool:
    try:
        return now - datetime.fromisoformat(text) < WINDOW
    except (TypeError, ValueError):
        return False
