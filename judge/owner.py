"""The operator's commands run as the user who owns the judge's folders: a file that root (or anyone else) writes
there is its own, mode 0600 (judge.storage), and the judge's user can no longer read it (its game is then
"unavailable", its mail never sent). So a command run as another user stops before it writes anything."""
from __future__ import annotations

import os
import shlex
import stat
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judge.config import Settings

EX_NOPERM = 77          # sysexits.h: the user may not do this (`judge deliver` says EX_TEMPFAIL: the MTA keeps it)


def _name(uid: int) -> str:
    try:
        import pwd
        return pwd.getpwuid(uid).pw_name
    except (ImportError, KeyError):     # (no such user: a folder chowned to a bare number)
        return str(uid)


def wrong_user(settings: Settings, words: Sequence[str]) -> str | None:
    """None if the effective user owns every one of the judge's folders that exists already (one that does not is
    made by whoever runs first); else the one line that says whose they are and how to run the command as him.
    `words`: the command line after the program's name, to repeat in that line."""
    if not hasattr(os, "geteuid"):      # (no owners to keep apart: Windows)
        return None
    me = os.geteuid()
    for folder in (settings.games_dir, settings.inbox_dir, settings.outbox_dir):
        try:
            owner = Path(folder).stat().st_uid
        except FileNotFoundError:
            continue
        except OSError as exc:          # (a folder this user may not even look at is not his either)
            return f"cannot look at {folder}: {exc.strerror or exc}"
        if owner != me and owner == 0:  # (made by root by mistake: the way out is to give it away, not to be root)
            return (f"{folder} belongs to root, not {_name(me)}: give the judge's folders to {_name(me)} "
                    f"({shlex.join(['chown', '-R', _name(me) + ':', str(folder)])}), "
                    "or run it as the user they belong to")
        if owner != me:
            program = sys.argv[0] if Path(sys.argv[0]).name == "judge" else "judge"
            who = _name(owner) if _name(owner) != str(owner) else f"#{owner}"      # (sudo's way to a bare uid)
            again = shlex.join(["sudo", "-u", who, program, *words])
            return (f"{folder} belongs to the user {_name(owner)}, not {_name(me)}: the files written now would be "
                    f"{_name(me)}'s, unreadable to {_name(owner)}; run it as {_name(owner)}, e.g. {again}")
    return None


def made_private(settings: Settings) -> list[str]:
    """Make the judge's folders that this user owns private to it again when they are open to others (an older judge
    made the games folder 0755, so that any local user could list every game, private ones too; an operator's
    `mkdir` does the same): one line for each folder so changed, to be said; [] when there was nothing to do."""
    said = []
    for folder in (settings.games_dir, settings.inbox_dir, settings.outbox_dir):
        try:
            st = Path(folder).stat()
            if st.st_uid != os.geteuid() or not st.st_mode & 0o077:
                continue
            os.chmod(folder, stat.S_IMODE(st.st_mode) & 0o700)
        except OSError:
            continue            # (not there yet, or not ours to change: wrong_user says so)
        said.append(f"{folder} was open to other users (mode {stat.S_IMODE(st.st_mode):04o}): made private to "
                    f"{_name(os.geteuid())} ({stat.S_IMODE(st.st_mode) & 0o700:04o}), as the judge makes its folders")
    return said
