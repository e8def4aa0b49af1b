"""One `judge serve` per games folder: a lock file in the folder, holding the daemon's pid, locked with flock for
the daemon's life (the kernel releases it when the process ends, however it ends, so a killed daemon's file never
blocks the next start)."""
from __future__ import annotations

import fcntl
import os
import time
from pathlib import Path

from judge.storage.atomic import make_folder

LOCK_NAME = ".serve.lock"       # not a game name (games are lower-case letters first), so no listing shows it


class AlreadyRunning(Exception):
    """Another process holds the games folder's lock; str() names its pid and the folder."""

    def __init__(self, folder: Path, pid: int | None):
        self.folder, self.pid = folder, pid
        who = f"pid {pid}" if pid else "pid unknown"
        super().__init__(f"another judge serve ({who}) is already running on the games folder {folder}")


class ServeLock:
    """The games folder's daemon lock. `judge deliver` and `judge process` do not take it: they work beside a
    running daemon through the games' own locks."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.path = self.folder / LOCK_NAME
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock and write our pid in it, or raise AlreadyRunning."""
        if self._fd is not None:
            return
        make_folder(self.folder)            # (the games folder, private as every folder the judge makes)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)      # (a pid only, but private as every file)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = _read_pid(fd)
            os.close(fd)
            raise AlreadyRunning(self.folder.resolve(), pid) from None
        except BaseException:
            os.close(fd)
            raise
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self._fd = fd

    def release(self) -> None:
        """Give the lock up (the file stays: removing it would let a third process lock a file nobody sees)."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            os.ftruncate(fd, 0)
        finally:
            os.close(fd)                     # closing the last descriptor releases the flock


def _read_pid(fd: int) -> int | None:
    """The holder's pid; it writes it right after locking, so an empty file is read again a moment later."""
    for _ in range(20):
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
        if text.isdigit():
            return int(text)
        time.sleep(0.05)
    return None
