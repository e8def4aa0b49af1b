"""A hint of every game's next wake-up, kept in the games folder by `judge serve` so that a restart with many games
can plan its deadlines and take mail before it has read every game's file.

Only a hint: `judge serve` still reads every game right after it starts (judge.daemon.startup.check_games) and
plans again each game whose wake-up the hint got wrong (a game changed by another program while the daemon was
down, a commit made after the hint was written, a crash). Until then a deadline may fire early, which does no harm
(the game's clock work finds nothing due and plans again from the file), or late by the time the check takes.
A hint that cannot be read is ignored: start-up then reads every game before it takes mail, as without one.
"""
from __future__ import annotations

import json
import logging
from datetime import datetime
from pathlib import Path

from judge.storage.atomic import atomic_write
from judge.storage.gamedir import valid_name

log = logging.getLogger("judge.daemon")

FILE = ".wakeups.json"
# Below this many games with a wake-up, start-up reads every game before it takes mail (10,000 take well under a
# second from the page cache) and no hint is kept.
MIN_GAMES = 5000
MAX_BYTES = 64 << 20            # a hint larger than this is not read (100,000 games take about 5 MB)
VERSION = 1


def path(root: Path) -> Path:
    return Path(root) / FILE


def read(root: Path) -> dict[str, datetime] | None:
    """The wake-ups the hint gives (game -> moment), or None when there is no usable hint: none written, too few
    games, or a file that is not one this module wrote whole (said in the log)."""
    file = path(root)
    try:
        if file.stat().st_size > MAX_BYTES:
            log.warning("%s is larger than %d bytes: ignored, every game is read before mail is taken", file,
                        MAX_BYTES)
            return None
        raw = file.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        log.warning("cannot read %s (%s): every game is read before mail is taken", file, exc.strerror or exc)
        return None
    wakeups = _parse(raw)
    if wakeups is None:
        log.warning("%s is not a wake-up hint written whole: ignored, every game is read before mail is taken", file)
        return None
    return wakeups if len(wakeups) >= MIN_GAMES else None


def _parse(raw: bytes) -> dict[str, datetime] | None:
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(doc, dict) or doc.get("version") != VERSION or not isinstance(doc.get("wakeups"), dict):
        return None
    out: dict[str, datetime] = {}
    for name, text in doc["wakeups"].items():
        if not valid_name(name) or not isinstance(text, str):
            return None
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            return None
        if moment.tzinfo is None:
            return None
        out[name] = moment
    return out


def write(root: Path, wakeups: dict[str, datetime]) -> None:
    """Keep `wakeups` as the hint for the next start-up when there are enough of them to need one; else remove an
    older hint. Not flushed to disk: a hint lost in a power cut only makes the next start-up read every game first."""
    file = path(root)
    if len(wakeups) < MIN_GAMES:
        file.unlink(missing_ok=True)
        return
    doc = {"version": VERSION, "wakeups": {name: moment.isoformat() for name, moment in sorted(wakeups.items())}}
    atomic_write(file, json.dumps(doc, separators=(",", ":")) + "\n", sync=False)
