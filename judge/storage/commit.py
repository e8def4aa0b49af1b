"""One commit: every file and mail an accepted message (or a processing run) writes, made durable together.

A commit is staged in the game folder's `.pending/` (each file written there), the staged files are made durable,
then a manifest `.pending/COMMIT` is written and made durable: that is the moment the change happens. Only then is
each file renamed into place (status.json, archives, snapshots) and each mail into the outbox, where the sender sees
it; once those names are durable the manifest goes. A crash before the manifest leaves the game as it was (the
message is still in the spool and is applied again); a crash after it is finished by `recover`, which every reader
of the game calls under the game's lock before reading. So a game never holds half a message, an archive file is
never written twice, and no mail says "accepted" for a change that is not on disk.

Making things durable is a group commit (`durable`): the threads that need it at the same moment (the game workers
committing different games, the SMTP server spooling messages) share one flush. Each waits until a flush that began
after its writes has ended; the first to find none under way does it for everyone gathered by then. On Linux a flush
is one syncfs(2) per file system (data and names of every file written before it, on that file system; writeback
errors reported since Linux 5.8), elsewhere an fsync of each file and folder named.
"""
from __future__ import annotations

import contextlib
import ctypes
import errno
import json
import logging
import os
import shutil
import stat
import threading
import time
from pathlib import Path
from typing import Iterable

from judge import libc
from judge.storage.atomic import FILE_MODE, atomic_write, checkpoint, make_folder, read_bytes

log = logging.getLogger("judge.storage")
PENDING = ".pending"
MANIFEST = "COMMIT"
_STAGE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
_FOLDERS_KEPT = 4096                # folders whose file system GroupSync remembers (each game's two, the spool's)


class GroupSync:
    """Durability for several threads at once: `sync(paths)` returns once the data and names of the files and
    folders given (written before the call) are on disk, sharing each flush with the threads asking meanwhile."""

    def __init__(self, use_syncfs: bool | None = None):
        self._cond = threading.Condition()
        self._paths: dict[str, None] = {}        # named by the requests of the batch being gathered (ordered set)
        self._gathering = 1                      # the batch being gathered
        self._done = 0                           # the last batch flushed (batches end in order)
        self._leading = False
        self._failed: dict[int, BaseException] = {}
        self._syncfs = _libc_syncfs() if use_syncfs in (None, True) else None
        self._fds: dict[int, int] = {}           # file system (st_dev) -> an open folder on it, for syncfs
        self._folders: dict[str, int] = {}       # folder -> its file system (st_dev), for syncfs
        self.flushes = 0                         # how many flushes so far (for the benchmarks and tests)

    def sync(self, paths: Iterable[str | os.PathLike]) -> None:
        with self._cond:
            for p in paths:
                self._paths[os.fspath(p)] = None
            mine = self._gathering
            while self._done < mine:
                if self._leading:
                    self._cond.wait()
                    continue
                self._leading = True
                batch, self._paths = list(self._paths), {}
                number, self._gathering = self._gathering, self._gathering + 1
                self._cond.release()
                error = None
                try:
                    self._flush(batch)
                except BaseException as exc:  # noqa: BLE001 - handed to every thread of the batch
                    error = exc
                finally:
                    self._cond.acquire()
                    self._leading = False
                    self._done = number
                    if error is not None:
                        self._failed[number] = error
                        for old in [n for n in self._failed if n < number - 1000]:
                            del self._failed[old]
                    self._cond.notify_all()
            error = self._failed.get(mine)
        if error is not None:
            raise OSError(getattr(error, "errno", None) or errno.EIO,
                          f"could not make files durable: {error}") from error

    def _flush(self, paths: list[str]) -> None:
        self.flushes += 1
        if self._syncfs is None:
            for path in paths:
                _fsync_path(path)
        else:
            devices, named = {}, set(paths)
            for path in paths:
                dev = self._device(path, named)
                if dev is not None:
                    devices.setdefault(dev, path)
            for dev, path in devices.items():
                if self._syncfs(self._fd(dev, path)) != 0:
                    code = ctypes.get_errno()
                    raise OSError(code, f"syncfs: {os.strerror(code)}")
        checkpoint("synced")

    def _device(self, path: str, batch: set[str]) -> int | None:
        """The file system of a path to flush (None: gone). Without a stat where it can be known: a folder named
        before keeps its file system (the judge's folders are not remounted under a running daemon), and a file
        whose folder is in the same batch is on that folder's (a file is where its folder is): each stat let the
        other threads take the interpreter lock, about ten per mail."""
        dev = self._folders.get(path)
        if dev is not None:
            return dev
        if os.path.dirname(path) in batch:
            return None                           # its folder's file system is flushed for it
        try:
            st = os.stat(path)
        except FileNotFoundError:
            return None                           # renamed or removed since: its new name was asked for too
        if stat.S_ISDIR(st.st_mode):
            if len(self._folders) >= _FOLDERS_KEPT:
                self._folders.clear()
            self._folders[path] = st.st_dev
        return st.st_dev

    def _fd(self, dev: int, path: str) -> int:
        fd = self._fds.get(dev)
        if fd is None:
            folder = path if os.path.isdir(path) else os.path.dirname(path) or "."
            fd = self._fds[dev] = os.open(folder, os.O_RDONLY)
        return fd


def _libc_syncfs():
    """libc's syncfs, where there is one (Linux), unless JUDGE_SYNC=fsync asks for an fsync of every path."""
    if os.environ.get("JUDGE_SYNC") == "fsync":
        return None
    return libc.function("syncfs", [ctypes.c_int])


def _fsync_path(path: str) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


durable = GroupSync()       # the process's one group (every commit and the spool share its flushes)


class Commit:
    """Collects a commit's files (paths relative to the game folder) and mails; `finish()` makes them real."""

    def __init__(self, folder: Path, outbox: Path):
        self.folder = folder if isinstance(folder, Path) else Path(folder)
        self.outbox = outbox if isinstance(outbox, Path) else Path(outbox)
        self.ops: list[list[str]] = []          # [kind, staged name or source, target]
        self._targets: set[str] = set()
        self._staged = 0
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
        if not self.ops:
            return []
        staging = f"{self.folder}/{PENDING}"
        if self._staged == 0:
            self._prepare()
            make_folder(Path(staging))
        # The staged files' data and names first; only then the manifest, so that a manifest on disk always names
        # files that are whole.
        durable.sync([f"{staging}/{op[1]}" for op in self.ops if op[0] != "move"] + [staging])
        _write_manifest(staging, json.dumps({"ops": self.ops}))
        durable.sync([f"{staging}/{MANIFEST}", staging])                        # <- the commit point
        published = _apply(self.folder, self.outbox, self.ops)
        for call in self.after:
            call()
        return published

    def abandon(self) -> None:
        """The commit will not be made (an error while staging): forget what was staged."""
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
    """The manifest, written in place (made durable by the caller). No temp file and rename is needed: only a
    crash can leave it part written, and a manifest not written whole is a commit never made (`_ops`: its JSON
    object ends with its last byte, so a cut, or blocks a power cut left as zeros, never reads as one)."""
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
    """Rename src to dest (made in place already by an earlier, interrupted run if src is gone)."""
    try:
        os.replace(src, dest)
        checkpoint(f"in place {os.path.basename(dest)}")
    except FileNotFoundError:
        if os.path.exists(src):                         # the folder of dest is missing
            make_folder(Path(dest).parent)
            os.replace(src, dest)
            return True
        return False
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            raise
        atomic_write(Path(dest), Path(src).read_bytes(), sync_dir=False)    # the outbox is on another file system
        os.unlink(src)
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
        # Its name is on disk but not all of its bytes: a power cut during the flush that makes the commit (a file
        # system without a journal orders neither). Nothing was applied, since that waits for the flush: a commit
        # never made, whose message is still in the spool (or whose deadline work runs again).
        log.warning("%s: the manifest of an unfinished commit is incomplete (%d bytes): dropped, the commit was "
                    "never made", staging, len(raw))
        with contextlib.suppress(FileNotFoundError):
            os.unlink(f"{staging}/{MANIFEST}")
        return None
    return _apply(folder, outbox, ops)


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
