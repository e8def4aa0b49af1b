"""When the judge keeper was last mailed about each problem, on disk beside the games: every process of the judge
(`judge serve`, each `judge deliver` the MTA starts, cron's `judge process`) shares it, so that a problem is mailed
at most once an hour however many processes meet it. Bounded (only the last hour's problems matter, and at most
KEPT of them); replaced whole under a lock, so that two processes never both take a problem for new."""
from __future__ import annotations

import json
import logging
from datetime import datetime, timedelta, timezone
from pathlib import Path

from judge.storage.atomic import atomic_write, locked
from judge.storage.recent import recent

log = logging.getLogger("judge.keeper")
RECORD = ".keeper-told.json"        # in the games folder (a dot name: never taken for a game)
KEPT = 1000                         # problems remembered (the oldest are forgotten first)
MAX_BYTES = 1 << 20                 # a record bigger than this is not read (a damaged one: problems are told again)


def first_in(games_dir: Path, key: str, now: datetime, quiet: timedelta) -> datetime | None:
    """When problem `key` was told within `quiet` of `now`, by any process; None if it was not, and then it counts
    as told now. A record that cannot be read or written makes every problem new (told again rather than never)."""
    root = Path(games_dir)
    if now.tzinfo is None:
        now = now.replace(tzinfo=timezone.utc)
    try:
        with locked(root):                          # games/.lock: taken for this record alone
            told = _read(root / RECORD)
            last = told.pop(key, None)
            if last is not None and recent(last, now, quiet):
                return last
            # Only the last hour's problems hold a mail back (a record from a clock set ahead is not believed).
            kept = sorted((when, name) for name, when in told.items() if recent(when, now, quiet))[-(KEPT - 1):]
            record = {name: when.isoformat() for when, name in kept}
            record[key] = now.isoformat()
            atomic_write(root / RECORD, json.dumps(record, indent=0, sort_keys=True), sync=False)
    except OSError as exc:
        log.warning("could not keep what the keeper was told in %s (%s): this problem is told anyway",
                    root / RECORD, exc)
    return None


def forget(games_dir: Path, key: str, when: datetime) -> None:
    """Problem `key`, counted as told at `when` by this process, was not told after all (its notice could not be
    written): it is new again for every process. Should the record not be rewritten (the disk is full) it is
    removed, which frees its space, and every problem is new again: told twice rather than never."""
    root = Path(games_dir)
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    try:
        with locked(root):
            record = _read(root / RECORD)
            if record.get(key) != when:
                return                              # told since by another process, or never written
            del record[key]
            try:
                atomic_write(root / RECORD, json.dumps({k: v.isoformat() for k, v in record.items()}, indent=0,
                                                       sort_keys=True), sync=False)
            except OSError:
                (root / RECORD).unlink(missing_ok=True)
    except OSError as exc:
        log.warning("could not mark a problem untold in %s (%s): it is told again after the hour", root / RECORD,
                    exc)


def _read(path: Path) -> dict[str, datetime]:
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return {}
    if len(raw) > MAX_BYTES:
        return {}
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return {}
    if not isinstance(data, dict):
        return {}
    out = {}
    for name, when in data.items():
        try:
            moment = datetime.fromisoformat(when)
        except (TypeError, ValueError):
            continue
        if moment.tzinfo is not None:
            out[name] = moment
    return out
