"""What cron's `judge process` has already said about games it could not work on: each problem is said when it is
new or changed and then once a day, not on every run (cron mails whatever a run prints, every few minutes)."""
from __future__ import annotations

import json
import logging
from datetime import datetime, timedelta
from pathlib import Path

from judge.storage.atomic import atomic_write
from judge.storage.recent import recent

log = logging.getLogger("judge.reported")
RECORD = ".problems-told.json"      # in the games folder (a dot name: never taken for a game)
REMIND = timedelta(days=1)          # a problem that stays is said again this often


def news(games_dir: Path, problems: dict[str, str], now: datetime) -> tuple[dict[str, str], list[str]]:
    """Of this run's problems (game -> why): those to say now, and the games that had one when it was last said
    and have none now. The record is updated to match."""
    path = Path(games_dir) / RECORD
    told = _read(path)
    say = {game: why for game, why in problems.items()
           if game not in told or told[game]["why"] != why or not recent(_when(told[game]), now, REMIND)}
    mended = sorted(game for game in told if game not in problems)
    if say or mended:
        record = {game: told[game] for game in problems if game in told and game not in say}
        record.update({game: {"why": why, "told": now.isoformat()} for game, why in say.items()})
        try:
            atomic_write(path, json.dumps(record, indent=1, sort_keys=True), sync=False)
        except OSError:
            log.exception("could not write %s (the same problems are said again next run)", path)
    return say, mended


def _read(path: Path) -> dict[str, dict]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError):
        return {}                     # a damaged record: everything is said again, once
    if not isinstance(data, dict):
        return {}
    return {game: entry for game, entry in data.items()
            if isinstance(entry, dict) and isinstance(entry.get("why"), str) and _when(entry) is not None}


def _when(entry: dict) -> datetime | None:
    try:
        when = datetime.fromisoformat(entry["told"])
    except (KeyError, TypeError, ValueError):
        return None
    return when if when.tzinfo is not None else None
