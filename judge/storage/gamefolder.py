"""What makes a folder of the games folder a game's: its name, its status file, and what a game leaves in it.

A folder whose status file is gone but which still holds what a game wrote (archives, access log, the sign-on
failures, a commit waiting to be finished) is a game whose file is missing, not a free name: taking it would hand a
newcomer the old game's archives, players' addresses and counts.
"""
from __future__ import annotations

import os
import re

from judge.storage.commit import MANIFEST, PENDING

NAME_RE = re.compile(r"^[a-z][a-z0-9_-]{0,19}$")
STATUS = "status.json"
LOCK = ".lock"               # judge.storage.atomic.locked's: made by whoever locks the name, a game or not
SHOWN = 4                    # names a report gives of what such a folder holds
RENAMED = "renamed-from-"    # a file RENAME leaves in a game folder, ending in its name before (judge.storage.gamedir)


def valid_name(name: str) -> bool:
    return bool(NAME_RE.match(name))


class GameUnavailable(Exception):
    """A game's status file cannot be read or makes no sense; str() says why (for the keeper, not players)."""

    def __init__(self, name: str, why: str):
        super().__init__(f"game {name}: {why}")
        self.name, self.why = name, why


def copy_of(name: str, other: str) -> GameUnavailable:
    """A folder whose status file is another game's: an operator's backup left in the games folder, which would
    otherwise be played as a second live game under the folder's name."""
    return GameUnavailable(name, f"its status file is game {other}'s: a copy of that game's folder? (move it out of "
                                 "the games folder, or give it back its own name)")


def left_in(folder: str, names: list[str] | None = None) -> list[str]:
    """What a game left in a folder (given its listing if known): [] for a folder that is missing, or holds only
    what a message about a name locks or stages (a CREATE that was refused or failed before its commit point)."""
    if names is None:
        try:
            names = os.listdir(folder)
        except (FileNotFoundError, NotADirectoryError):
            return []
    held = sorted(n for n in names if n not in (LOCK, PENDING) and not (n.startswith(".") and n.endswith(".tmp")))
    if PENDING in names and os.path.exists(f"{folder}/{PENDING}/{MANIFEST}"):
        held.append(f"{PENDING}/{MANIFEST}")             # a commit past its commit point (a CREATE's, perhaps)
    return held


def missing(name: str, folder: str, held: list[str]) -> GameUnavailable:
    """The game of a folder that holds `held` but no status file."""
    shown = ", ".join(held[:SHOWN]) + (f" and {len(held) - SHOWN} more" if len(held) > SHOWN else "")
    return GameUnavailable(name, f"its status file {folder}/{STATUS} is missing, but the folder holds {shown}: "
                                 f"put back {STATUS} (from a backup), or move the folder out of the games folder "
                                 "to free the name")


__all__ = ["GameUnavailable", "NAME_RE", "STATUS", "left_in", "missing", "valid_name"]
