"""Games changed beside a running `judge serve` (by a `judge deliver` the MTA runs, or an operator's `judge process
<game>`): each such process leaves the game's name in games/.changed/ after its commit, and the daemon, which looks
there every second (judge.daemon.sweeping), plans the game's clock again from its file, as after its own mail.
Nothing is left there when no daemon runs (its lock is free), and at most a name per game when one does."""
from __future__ import annotations

import fcntl
import logging
import os
from pathlib import Path
from typing import Iterable

from judge.daemon.lock import LOCK_NAME
from judge.storage.gamedir import valid_name

log = logging.getLogger("judge.daemon")
FOLDER = ".changed"             # in the games folder (a dot name: never taken for a game)


def serving(root: Path) -> bool:
    """Does a `judge serve` hold the games folder's lock now? (Asked from another process: in the daemon's own, its
    lock is held by another open file, and the answer would be yes as well.)"""
    try:
        fd = os.open(Path(root) / LOCK_NAME, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        return False
    except BlockingIOError:
        return True
    finally:
        os.close(fd)                    # (lets go of a lock just taken)


def poke(root: Path, games: Iterable[str]) -> None:
    """Tell a running daemon that these games changed (called after their commit)."""
    games = [g for g in games if g and valid_name(g)]
    if not games or not serving(root):
        return
    folder = Path(root) / FOLDER
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        for game in games:
            os.close(os.open(folder / game, os.O_WRONLY | os.O_CREAT, 0o600))
    except OSError as exc:
        log.warning("could not tell the running judge serve that %s changed (%s): it plans the game's clock from its "
                    "file after the game's next mail", ", ".join(games), exc)


def take(root: Path) -> list[str]:
    """The games said to have changed since the last look. Each name is removed before the caller reads the game,
    so that a change committed after that read leaves a name of its own for the next look."""
    folder = Path(root) / FOLDER
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        return []
    games = []
    for name in names:
        try:
            os.unlink(folder / name)
        except FileNotFoundError:
            continue
        if valid_name(name):
            games.append(name)
    return sorted(games)
