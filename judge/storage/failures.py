"""Failed sign-ons per game and power, on disk beside the game (not in it: a refused message changes no game).

Guessing is limited per game and power, whatever address the guesses come from (changing MAIL FROM gave unlimited
guesses). The power's own address has a budget of its own; as a From line is forged at will, a sign-on refused on
it is answered (to that address) with a code that opens a budget of its own again (UNLOCK, judge.commands.signon). On
the web each client (its address, judge.web.client: the peer's, or the one a trusted proxy forwarded for; kept only
as a keyed digest) has a budget of its own too, so one client's guesses lock out no other; all web clients together
have WEB_LIMIT, so that many clients guessing stay bounded."""
from __future__ import annotations

import json
import os
from datetime import datetime, timedelta
from pathlib import Path

from judge.storage.atomic import atomic_write, read_bytes
from judge.storage.recent import recent

WINDOW = timedelta(hours=1)
LIMIT = 5                       # failed sign-ons per power and budget within the window
WEB_LIMIT = 30                  # failed web sign-ons per power within the window, all web clients together
MAX_KEYS = 1000                 # keys kept at most (web clients' first to go: the file stays small whatever comes)
FILE = "signon-failures.json"
WEB = ":web"                    # a power's web failures, all clients: "<who>:web"; one client's: "<who>:web:<digest>"


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

    @staticmethod
    def web_key(who: str, client: str) -> str:
        """One web client's budget for `who`; `client` is a digest of its address, never the address."""
        return f"{who}{WEB}:{client}"

    @staticmethod
    def web_all(key: str) -> str:
        """The key of all web clients' failures for the power of a web client's key; "" for any other key."""
        who, _, rest = key.partition(":")
        return f"{who}{WEB}" if rest.startswith("web:") else ""

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

    def record(self, key: str, now: datetime) -> tuple[int, int, int]:
        """Count one failure (a web client's counts for all web clients too); returns how many lie within the window
        now for `key`, for all web clients of its power, and how many of those clients are locked out (0, 0 for a
        mail key). The caller holds the game's lock."""
        doc = self._read()
        # (no list needs more than its last WEB_LIMIT times: a lock looks at the last `limit` of them)
        kept = {k: [t for t in _list(v) if _fresh(t, now)][-WEB_LIMIT:] for k, v in doc.items()}
        kept = {k: v for k, v in kept.items() if v}
        total_key = self.web_all(key)
        for k in (key, total_key) if total_key else (key,):
            kept.setdefault(k, []).append(now.isoformat())
        _bound(kept, keep=key)
        atomic_write(Path(self.path), json.dumps(kept), sync_dir=False)
        if not total_key:
            return len(kept[key]), 0, 0
        clients = [v for k, v in kept.items() if k.startswith(total_key + ":")]
        return len(kept[key]), len(kept[total_key]), sum(len(v) >= LIMIT for v in clients)


def _bound(kept: dict[str, list[str]], keep: str) -> None:
    """At most MAX_KEYS keys: the web clients whose last failure is oldest are forgotten first (the total of all web
    clients stays, so forgetting one lets it guess again only within WEB_LIMIT); mail budgets are few (two a power)."""
    over = len(kept) - MAX_KEYS
    if over <= 0:
        return
    clients = sorted((v[-1], k) for k, v in kept.items() if k.count(":") >= 2 and k != keep)
    for _, k in clients[:over]:
        del kept[k]


def _list(value) -> list:
    return value if isinstance(value, list) else []


def _fresh(text, now: datetime) -> bool:
    try:
        return recent(datetime.fromisoformat(text), now, WINDOW)
    except (TypeError, ValueError):
        return False
