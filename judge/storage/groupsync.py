"""Group commit: the threads that need files made durable at the same moment (the game workers committing different
games, the SMTP server spooling messages) share one flush. Each waits until a flush that began after its writes has
ended; the first to find none under way does it for everyone gathered by then. On Linux a flush is one syncfs(2) per
file system (data and names of every file written before it, on that file system; writeback errors reported since
Linux 5.8), elsewhere an fsync of each file and folder named."""
from __future__ import annotations

import ctypes
import errno
import os
import stat
import threading
from typing import Iterable

from judge import libc
from judge.storage.atomic import checkpoint

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


__all__ = ["GroupSync", "durable"]
