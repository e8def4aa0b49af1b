"""One commit: every file and mail an accepted message (or a processing run) writes, made durable together.

A commit is staged in the game folder's `.pending/` (each file written and fsynced there), then a manifest
`.pending/COMMIT` is written and fsynced: that is the moment the change happens. Only then is each file renamed into
place (status.json, archives, snapshots) and each mail into the outbox, where the sender sees it. A crash before the
manifest leaves the game as it was (the message is still in the spool and is applied again); a crash after it is
finished by `recover`, which every reader of the game calls under the game's lock before reading. So a game never
holds half a message, an archive file is never written twice, and no mail says "accepted" for a change that is not
on disk.
"""
from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
from pathlib import Path

from judge.storage.atomic import FILE_MODE, atomic_write, checkpoint, make_folder, sync_folder

PENDING = ".pending"
MANIFEST = "COMMIT"


class Commit:
    """Collects a commit's files (paths relative to the game folder) and mails; `finish()` makes them real."""

    def __init__(self, folder: Path, outbox: Path):
        self.folder = Path(folder)
        self.outbox = Path(outbox)
        self.ops: list[list[str]] = []          # [kind, staged name or source, target]
        self._targets: set[str] = set()
        self._staged = 0
        self._mails: list[Path] = []

    @property
    def staging(self) -> Path:
        return self.folder / PENDING

    def _prepare(self) -> None:
        """Before this commit's first file: an interrupted commit of the game goes first, and the staging folder
        is there."""
        finish_interrupted(self.folder, self.outbox)
        make_folder(self.staging)

    def _stage(self, data: str | bytes) -> str:
        if self._staged == 0:
            self._prepare()
        name = f"s{self._staged:04d}"
        self._staged += 1
        atomic_write(self.staging / name, data, sync_dir=False)
        return name

    def write(self, rel: str, data: str | bytes) -> None:
        """A game file (e.g. 'status.json', 'results/0003-S1901M.txt'), replaced as a whole."""
        self.ops.append(["file", self._stage(data), rel])
        self._targets.add(rel)

    def move(self, rel_src: str, rel_dst: str) -> None:
        """Move an existing game file (ROLLBACK keeps what it undoes in rolledback/)."""
        self.ops.append(["move", rel_src, rel_dst])
        self._targets.add(rel_dst)

    def mail(self, name: str, raw: bytes) -> Path:
        """An outgoing message, put in the outbox as `name` once the commit is made."""
        self.ops.append(["mail", self._stage(raw), name])
        return self.outbox / name

    def taken(self, rel: str) -> bool:
        """Is this game file written by the commit (so a numbered archive picks the next number)?"""
        return rel in self._targets

    def finish(self) -> list[Path]:
        """Make the commit: the manifest, then every file in place. Returns the outbox files it published."""
        if not self.ops:
            return []
        if self._staged == 0:
            self._prepare()
        # The manifest's data, then the staging folder (whose fsync also makes every staged file's name durable).
        atomic_write(self.staging / MANIFEST, json.dumps({"ops": self.ops}))    # <- the commit point
        return _apply(self.folder, self.outbox, self.ops)

    def abandon(self) -> None:
        """The commit will not be made (an error while staging): forget what was staged."""
        if self.staging.exists() and not (self.staging / MANIFEST).exists():
            _empty(self.staging)


def _apply(folder: Path, outbox: Path, ops: list[list[str]]) -> list[Path]:
    """Put every staged file in place (again: each step can be repeated after a crash), then drop the staging."""
    staging = folder / PENDING
    synced: set[Path] = set()
    published: list[Path] = []
    # The game's files first, the mail after them: a mail is never out before the change it reports is in place.
    for kind, source, target in sorted(ops, key=lambda op: op[0] == "mail"):
        if kind == "mail":
            dest = outbox / target
            if _move(staging / source, dest):
                published.append(dest)
        elif kind == "file":
            dest = folder / target
            _move(staging / source, dest)
        else:                                           # "move": a file already in the game folder
            dest = folder / target
            _move(folder / source, dest)
            synced.add((folder / source).parent)
        synced.add(dest.parent)
    # Status and archives before the outbox: nothing below is lost if the names above are not yet durable, as the
    # manifest is still there to apply them again.
    for path in sorted(synced, key=lambda p: p == outbox):
        sync_folder(path)
    (staging / MANIFEST).unlink()
    checkpoint("manifest removed")
    _empty(staging)
    return published


def _empty(staging: Path) -> None:
    """Delete what is left in the staging folder; the folder itself stays for the next commit (creating and
    removing a folder for every message cost more than the rest of the commit's file work)."""
    with contextlib.suppress(FileNotFoundError):
        for entry in os.scandir(staging):
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path, ignore_errors=True)
            else:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(entry.path)


def _move(src: Path, dest: Path) -> bool:
    """Rename src to dest (made in place already by an earlier, interrupted run if src is gone)."""
    try:
        os.replace(src, dest)
        checkpoint(f"in place {dest.name}")
    except FileNotFoundError:
        if src.exists():                                # the folder of dest is missing
            make_folder(dest.parent)
            os.replace(src, dest)
            return True
        return False
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            raise
        atomic_write(dest, src.read_bytes(), sync_dir=False)    # the outbox is on another file system
        src.unlink()
    return True


def recover(folder: Path, outbox: Path) -> list[Path]:
    """Finish a commit a crash interrupted after its commit point, or drop one interrupted before it. The caller
    holds the game's lock. Returns the outbox files published now."""
    published = finish_interrupted(folder, outbox)
    if published is None:
        _empty(Path(folder) / PENDING)                   # never committed: the message will be applied again
        return []
    return published


def finish_interrupted(folder: Path, outbox: Path) -> list[Path] | None:
    """Finish a commit a crash interrupted after its commit point (returns what it published), or None when there
    is none. Files staged by a run that died before its commit point may stay: no manifest names them, and the next
    commit's last step empties the staging folder (so reading a game costs one failed open, not a folder listing)."""
    staging = Path(folder) / PENDING
    try:
        ops = json.loads((staging / MANIFEST).read_text(encoding="utf-8"))["ops"]
    except FileNotFoundError:
        return None
    return _apply(Path(folder), Path(outbox), ops)


def remove_temp_files(folder: Path) -> int:
    """Delete the temp files a kill left behind (atomic_write's '.<name>.<hex>.tmp'); returns how many."""
    count = 0
    with contextlib.suppress(FileNotFoundError):
        for entry in os.scandir(folder):
            if entry.name.startswith(".") and entry.name.endswith(".tmp") and entry.is_file(follow_symlinks=False):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(entry.path)
                    count += 1
    return count


__all__ = ["Commit", "recover", "remove_temp_files", "FILE_MODE"]
