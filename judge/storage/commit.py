"""One commit: every file and mail an accepted message (or a processing run) writes, made durable together.

A commit is staged in the game folder's `.pending/` (each file written there), the staged files are made durable,
then a manifest `.pending/COMMIT` is written and made durable: that is the moment the change happens. Only then is
each file renamed into place (status.json, archives, snapshots) and each mail into the outbox, where the sender sees
it; once those names are durable the manifest goes. A crash before the manifest leaves the game as it was (the
message is still in the spool and is applied again), and an error before it (a full disk) removes what the commit
staged; a crash after it is finished by `recover`, which every reader of the game calls under the game's lock before
reading (and start-up and cron's `judge process` call for every game with a manifest). Each step of finishing can be
done again: a file whose staged copy is gone is in place already. So a game never holds half a message, an archive
file is never written twice, a mail is published once, and no mail says "accepted" for a change that is not on disk.

An outbox on another file system than the games (config.ini allows it) cannot take a rename: each mail is copied
there under a hidden name, its staged copy removed, then the copy renamed (`_copy_across`), each step durable before
the next, so that a crash anywhere leaves a record of how far it got.

Making things durable is a group commit (`durable`, judge.storage.groupsync).
"""
from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import shutil
import time
from pathlib import Path

from judge.storage.atomic import FILE_MODE, checkpoint, make_folder, read_bytes
from judge.storage.groupsync import GroupSync, durable

log = logging.getLogger("judge.storage")
PENDING = ".pending"
MANIFEST = "COMMIT"
_STAGE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
CROSSING = ".part"                  # a mail on its way into an outbox on another file system: ".<name>.part"


class Commit:
    """Collects a commit's files (paths relative to the game folder) and mails; `finish()` makes them real."""

    def __init__(self, folder: Path, outbox: Path):
        self.folder = folder if isinstance(folder, Path) else Path(folder)
        self.outbox = outbox if isinstance(outbox, Path) else Path(outbox)
        self.ops: list[list[str]] = []          # [kind, staged name or source, target]
        self._targets: set[str] = set()
        self._staged = 0
        self._abandoned = False
        self.after: list = []                   # called once the commit is made (e.g. to remember what it wrote)

    @property
    def staging(self) -> Path:
        return self.folder / PENDING

    def _prepare(self) -> None:
        """Before this commit's first file: an interrupted commit of the game goes first."""
        finish_interrupted(self.folder, self.outbox)

    def _stage(self, data: str | bytes) -> str:
        staging = f"{self.folder}/{PENDING}"
        name = f"s{self._staged:04d}"
        path = f"{staging}/{name}"
        if self._staged == 0:
            self._prepare()
        try:
            if self._staged == 0:
                # The first staged name is taken only by what a run killed before its commit point left: then the
                # whole staging folder is such debris (no manifest names it), and goes.
                try:
                    write_file(path, data, exclusive=True)
                except FileExistsError:
                    _empty(Path(staging))
                    write_file(path, data, exclusive=True)
                except FileNotFoundError:
                    make_folder(Path(staging))
                    write_file(path, data, exclusive=True)
            else:
                write_file(path, data)
        except Exception:
            self.abandon()              # (a full disk: the space this commit took is given back now)
            raise
        self._staged += 1
        checkpoint(f"staged {name}")
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
        """Make the commit: the staged files, then the manifest, then every file in place. Returns the outbox files
        it published."""
        if self._abandoned:
            raise RuntimeError(f"{self.folder}: a commit abandoned after an error cannot be finished")
        if not self.ops:
            return []
        staging = f"{self.folder}/{PENDING}"
        if self._staged == 0:
            self._prepare()
            make_folder(Path(staging))
        try:
            # The staged files' data and names first; only then the manifest, so that a manifest on disk always
            # names files that are whole.
            durable.sync([f"{staging}/{op[1]}" for op in self.ops if op[0] != "move"] + [staging])
            _write_manifest(staging, json.dumps({"ops": self.ops}))
            durable.sync([f"{staging}/{MANIFEST}", staging])                    # <- the commit point
        except Exception:
            # Not made (a full disk, an I/O error): nothing was applied, and nothing it wrote stays, its manifest
            # (perhaps part written) included, which the next reader would take for one a crash cut short.
            self._abandoned = True
            _empty(Path(staging))
            raise
        published = _apply(self.folder, self.outbox, self.ops)
        for call in self.after:
            call()
        return published

    def abandon(self) -> None:
        """The commit will not be made (an error while staging): forget what was staged. (After its commit point
        it stays, to be finished by the game's next reader.)"""
        self._abandoned = True
        if self.staging.exists() and not (self.staging / MANIFEST).exists():
            _empty(self.staging)


def write_file(path: str, data: str | bytes, exclusive: bool = False) -> None:
    """Write a file whole, not durable yet (a commit, or the spool, flushes its files with the group's next
    flush)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd = os.open(path, _STAGE_FLAGS | (os.O_EXCL if exclusive else 0), FILE_MODE)
    try:
        view = memoryview(raw)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def _write_manifest(staging: str, text: str) -> None:
    """The manifest, written in place (made durable by the caller). No temp file and rename is needed: a write
    that fails is removed (`Commit.finish`), so only a crash can leave it part written, and a manifest not written
    whole is a commit never made (`_ops`: its JSON object ends with its last byte, so a cut, or blocks a power cut
    left as zeros, never reads as one)."""
    write_file(f"{staging}/{MANIFEST}", text)
    checkpoint(f"written {MANIFEST}")


def _apply(folder: str | os.PathLike, outbox: str | os.PathLike, ops: list[list[str]]) -> list[Path]:
    """Put every staged file in place (again: each step can be repeated after a crash), then drop the manifest."""
    # (paths as strings: a Path made and joined costs microseconds, and a commit names a dozen)
    folder, outbox = os.fspath(folder), os.fspath(outbox)
    staging = f"{folder}/{PENDING}"
    synced: dict[str, None] = {}
    published: list[Path] = []
    # The game's files first, the mail after them: a mail is never out before the change it reports is in place.
    for kind, source, target in sorted(ops, key=lambda op: op[0] == "mail"):
        if kind == "mail":
            dest = f"{outbox}/{target}"
            if _move(f"{staging}/{source}", dest):
                published.append(Path(dest))
        elif kind == "file":
            dest = f"{folder}/{target}"
            _move(f"{staging}/{source}", dest)
        else:                                           # "move": a file already in the game folder
            dest = f"{folder}/{target}"
            src = f"{folder}/{source}"
            _move(src, dest)
            synced[os.path.dirname(src)] = None
        synced[os.path.dirname(dest)] = None
    # Every name above durable before the manifest goes (until then a crash finishes the commit again).
    durable.sync(synced)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(f"{staging}/{MANIFEST}")
    checkpoint("manifest removed")
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


def _move(src: str, dest: str) -> bool:
    """Put src in place as dest: True if done now, False if an earlier, interrupted run did it (src is gone). Can
    be done again at any step."""
    try:
        try:
            os.replace(src, dest)
        except FileNotFoundError:
            if not os.path.exists(src):
                return _arrive(dest)
            make_folder(Path(dest).parent)              # the folder of dest is missing
            os.replace(src, dest)
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            raise
        # The outbox is on another file system. rename(2) says so before it looks for src, which an earlier run
        # may have moved already.
        if not os.path.exists(src):
            return _arrive(dest)
        _copy_across(src, dest)
        return True
    checkpoint(f"in place {os.path.basename(dest)}")
    return True


def _crossing(dest: str) -> str:
    """The hidden name (the sender takes no dot name) a mail has on its way into an outbox on another file
    system; not a temp file's name either, which start-up deletes."""
    folder, name = os.path.split(dest)
    return f"{folder}/.{name}{CROSSING}"


def _copy_across(src: str, dest: str) -> None:
    """Move src to another file system: a copy made durable under its hidden name, then src removed for good, then
    the copy renamed. Where a crash stops it, what is left tells what to do next: src still there, copy again (the
    sender never saw the copy); src gone and the hidden copy there, rename it (`_arrive`); both gone, done. (A
    flush per step, each mail: a price only this set-up pays.)"""
    crossing = _crossing(dest)
    try:
        write_file(crossing, read_bytes(src))
        durable.sync([crossing, os.path.dirname(dest)])
    except Exception:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(crossing)                          # (a full disk: its space back at once)
        raise
    checkpoint(f"copied {os.path.basename(dest)}")
    os.unlink(src)
    durable.sync([os.path.dirname(src)])
    checkpoint(f"moved {os.path.basename(dest)}")
    os.replace(crossing, dest)
    checkpoint(f"in place {os.path.basename(dest)}")


def _arrive(dest: str) -> bool:
    """Its source gone: dest was put in place by an earlier run (False), or its copy was left on its way into
    another file system (`_copy_across`), and is put in place now (True)."""
    try:
        os.replace(_crossing(dest), dest)
    except FileNotFoundError:
        return False
    checkpoint(f"in place {os.path.basename(dest)}")
    return True


def recover(folder: Path, outbox: Path) -> list[Path]:
    """Finish a commit a crash interrupted after its commit point, or drop one interrupted before it. The caller
    holds the game's lock. Returns the outbox files published now."""
    published = finish_interrupted(folder, outbox)
    if published is None:
        _empty(Path(folder) / PENDING)                   # never committed: the message will be applied again
        return []
    _empty(Path(folder) / PENDING)
    return published


def finish_interrupted(folder: Path, outbox: Path) -> list[Path] | None:
    """Finish a commit a crash interrupted after its commit point (returns what it published), or None when there
    is none. Files staged by a run that died before its commit point may stay: no manifest names them, and the next
    commit's first staged file clears them (so reading a game costs one failed open, not a folder listing)."""
    staging = f"{os.fspath(folder)}/{PENDING}"
    try:
        raw = read_bytes(f"{staging}/{MANIFEST}")
    except FileNotFoundError:
        return None
    ops = _ops(raw)
    if ops is None:
        # Its name is on disk but not all of its bytes: the run writing it was killed, or the machine stopped, before
        # the flush that makes the commit (a write that failed is removed at once). Nothing was applied, since that
        # waits for the flush: a commit never made, whose message is still in the spool (or whose deadline work
        # runs again).
        log.warning("%s: a commit cut short before its commit point left its manifest part written (%d bytes): "
                    "the commit was never made; its staged files are dropped", staging, len(raw))
        _empty(Path(staging))
        return None
    published = _apply(folder, outbox, ops)
    log.info("%s: a commit a crash or an error interrupted after its commit point is finished (%d mail(s) published "
             "now)", folder, len(published))
    return published


_KINDS = ("file", "mail", "move")


def _ops(raw: bytes) -> list[list[str]] | None:
    """A manifest's operations, or None when it is not one written whole."""
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None
    ops = doc.get("ops") if isinstance(doc, dict) else None
    if not isinstance(ops, list) or not all(
            isinstance(op, list) and len(op) == 3 and op[0] in _KINDS and all(isinstance(x, str) for x in op)
            for op in ops):
        return None
    return ops


def remove_temp_files(folder: Path, older_than: float | None = None) -> int:
    """Delete the temp files a kill left behind (atomic_write's '.<name>.<hex>.tmp'); returns how many. With
    `older_than` (seconds) only those last written that long ago: another process may be writing one right now."""
    count = 0
    limit = None if older_than is None else time.time() - older_than
    with contextlib.suppress(FileNotFoundError):
        for entry in os.scandir(folder):
            if entry.name.startswith(".") and entry.name.endswith(".tmp") and entry.is_file(follow_symlinks=False):
                with contextlib.suppress(FileNotFoundError):
                    if limit is not None and entry.stat(follow_symlinks=False).st_mtime > limit:
                        continue
                    os.unlink(entry.path)
                    count += 1
    return count


__all__ = ["Commit", "GroupSync", "durable", "recover", "remove_temp_files", "FILE_MODE"]
