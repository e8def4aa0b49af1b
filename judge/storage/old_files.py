"""Files an earlier release of the judge left in the games folder and this one no longer reads: removed at start-up
(`judge serve`'s, and each run of cron's `judge process` in the set-up without it), or they would stay for ever.

The answered-once marks of mail about no game were a table of judge.storage.counters: games/.limits/answered-00.txt
to answered-15.txt, and the temp files of their rewriting ('.answered-07.txt.<12 hex digits>.tmp', left by a kill).
The claims that replaced them (games/.limits/answered/, judge.storage.claims) cannot take them over: a mark kept 24
hex digits of the digest a claim is named by 32 of. A message about no game answered before the upgrade and
delivered again after it (an MTA retrying for up to five days) is thus answered again: twice rather than never."""
from __future__ import annotations

import contextlib
import logging
import os
import re
import stat
from pathlib import Path

from judge.storage.atomic import locked
from judge.storage.counters import FOLDER

log = logging.getLogger("judge.storage")
# Exactly the names the old marks took (16 tables): nothing a keeper or another part of the judge may have put there.
_OLD = re.compile(r"answered-(?:0[0-9]|1[0-5])\.txt|\.answered-(?:0[0-9]|1[0-5])\.txt\.[0-9a-f]{12}\.tmp")


def remove_old_files(games: Path) -> int:
    """Remove what the old answered-once marks left in games/.limits; how many files. Plain files only (a link or
    folder of that name is not the judge's), under the folder's lock, which the old marks were written under: no
    process of the old release is writing one meanwhile. A folder without them is not touched (not even locked)."""
    folder = Path(games) / FOLDER
    if not _old_names(folder):
        return 0
    removed = 0
    with locked(folder):
        for name in _old_names(folder):
            path = folder / name
            with contextlib.suppress(FileNotFoundError):
                if stat.S_ISREG(os.lstat(path).st_mode):
                    os.unlink(path)
                    removed += 1
    if removed:
        log.info("removed %d files of the answered-once marks of an earlier release from %s", removed, folder)
    return removed


def _old_names(folder: Path) -> list[str]:
    try:
        return [name for name in os.listdir(folder) if _OLD.fullmatch(name)]
    except (FileNotFoundError, NotADirectoryError):
        return []
