"""One process, of all those working on one games folder (`judge serve`, any number of `judge deliver`), does a piece
of work known by a name: answering a message about no game, say, which two of them may be handed at the same
moment (an MTA delivering it again while the first delivery is still being handled).

A claim is a file named by the work, made with link(2), which like O_CREAT|O_EXCL succeeds for one process only,
from a file its maker has locked already: whoever finds the name finds it locked while its maker works. The maker
marks it done (its length: 1, a hole, no disk block) once the work is, and lets go of the lock. Another process
that finds the name waits for the lock, then: done, nothing to do; not done, its maker died before finishing (a
kill, a power cut: the kernel let go of its lock), so it takes the claim over and does the work itself. A crash
between the work and its mark thus has it done twice, rather than never; and so nothing is fsynced here: a claim a
power cut loses is made again, a mark it loses leaves the claim unfinished, and either way the work is done again,
as after a crash before the mark. A claim given up without dying (the work failed, or turned out to need no
answer) is removed (`release`), so the next delivery does it.

Bounded: the claims are spread over 256 folders by name; every so many new claims in a folder, the claims there
older than `kept_for` are removed, and the oldest beyond the folder's share of `kept`."""
from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path

from judge.storage.atomic import FILE_MODE, checkpoint, open_created

log = logging.getLogger("judge.claims")
FOLDERS = 256                     # claims spread over this many folders, by the first two hex digits of their name
TEMP_AGE = 3600.0                 # seconds: a maker's temp file left this long was left by a killed process
WAIT = 30.0                       # seconds to wait for a claim's maker; longer: TimeoutError (deferred, tried again)
TALLY = ".tally"                  # in each folder: one byte for each claim made since the folder was last swept


class Claim:
    """A claim held by this process: `done()` once the work is done (durably), or `release()` to give it up."""

    def __init__(self, fd: int, path: Path, clock: Callable[[], float]):
        self.fd, self.path, self.clock = fd, path, clock

    def done(self) -> None:
        """The work is done: whoever finds the claim from now on leaves it be. Not fsynced: lost in a power cut in
        the seconds after, the work is done again, rather than never."""
        try:
            os.ftruncate(self.fd, 1)
            os.utime(self.fd, (self.clock(),) * 2)     # (its age is read against the clock the claims are kept by)
        finally:
            self._close()

    def release(self) -> None:
        """The work was not done (nothing to do after all, or it failed): the next to come does it."""
        try:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.path)             # (a process waiting for our lock sees the name gone, and starts over)
        finally:
            self._close()

    def _close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)                    # the lock goes with it
            self.fd = -1


class Claims:
    """The claims kept in `folder` (made on first use)."""

    def __init__(self, folder: Path, kept: int, kept_for: float, clock: Callable[[], float] = time.time,
                 wait: float = WAIT):
        self.folder = Path(folder)
        self.per_folder = max(2, kept // FOLDERS)
        self.sweep_every = max(1, self.per_folder // 4)     # new claims in a folder between its sweeps
        self.kept_for = kept_for
        self.clock = clock
        self.wait = wait

    def take(self, name: str) -> Claim | None:
        """Claim the work called `name` (hex digits); None if it is done (by this process or another, within
        `kept_for`). Waits while another process holds the claim; TimeoutError after `wait` seconds."""
        path = self.folder / name[:2] / name
        end = time.monotonic() + self.wait
        while True:
            fd = self._make(path)
            if fd is not None:
                checkpoint(f"claimed {name[:8]}")
                try:
                    if self._sweep_due(path.parent):
                        self._sweep(path.parent)
                except OSError:                  # (tidying up: it fails the claim in nothing, and is done again)
                    log.exception("could not sweep the claims in %s", path.parent)
                return Claim(fd, path, self.clock)
            try:
                fd = os.open(path, os.O_RDWR)
            except FileNotFoundError:
                continue                         # released meanwhile: claim it anew
            try:
                if not self._lock(fd, end):
                    raise TimeoutError(f"the claim {path} is held by another process for over {self.wait:.0f} s")
                st = os.fstat(fd)
                try:
                    same = os.stat(path).st_ino == st.st_ino
                except FileNotFoundError:
                    same = False
                if not same:
                    os.close(fd)                 # released, or expired and removed, meanwhile: start over
                    continue
                if st.st_size and self.clock() - st.st_mtime < self.kept_for:
                    os.close(fd)
                    return None                  # done
                # Not done (its maker died, or gave it up) or done too long ago to count: ours now.
                os.ftruncate(fd, 0)
                os.utime(fd, (self.clock(),) * 2)
                return Claim(fd, path, self.clock)
            except BaseException:
                os.close(fd)
                raise

    def _make(self, path: Path) -> int | None:
        """A new claim at `path`, locked before its name exists; None if the name is taken."""
        tmp = path.parent / f".{path.name}.{os.urandom(4).hex()}.tmp"
        fd = open_created(tmp, os.O_RDWR | os.O_EXCL)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)       # (nobody else knows the temp file: at once)
            os.utime(fd, (self.clock(),) * 2)     # (the claim's age is read against `clock`)
            try:
                os.link(tmp, path)
            except FileExistsError:
                os.close(fd)
                return None
            return fd
        except BaseException:
            with contextlib.suppress(OSError):
                os.close(fd)
            raise
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)

    @staticmethod
    def _lock(fd: int, end: float) -> bool:
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return True
            except BlockingIOError:
                if time.monotonic() >= end:
                    return False
                time.sleep(0.005)

    def _sweep_due(self, folder: Path) -> bool:
        """Count a new claim in the folder's tally (a byte appended); True when it is the sweep_every-th since the
        folder's last sweep. A sweep reads every claim's age: each claim doing one would cost a millisecond."""
        fd = os.open(folder / TALLY, os.O_WRONLY | os.O_APPEND | os.O_CREAT, FILE_MODE)
        try:
            os.write(fd, b".")
            if os.fstat(fd).st_size < self.sweep_every:
                return False
            os.ftruncate(fd, 0)
            return True
        finally:
            os.close(fd)

    def _sweep(self, folder: Path) -> None:
        """Remove the folder's claims that are too old, then the oldest done ones, so that sweep_every new claims
        find room within its share. A maker's temp file is removed once a killed process has surely left it."""
        now = self.clock()
        claims: list[tuple[float, str]] = []
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name == TALLY:
                    continue
                try:
                    st = entry.stat()
                except FileNotFoundError:
                    continue
                age = now - st.st_mtime
                if entry.name.startswith("."):
                    if age > TEMP_AGE:
                        _remove(entry.path)
                elif age > self.kept_for:
                    _remove(entry.path)
                elif st.st_size or age > self.wait:      # (not one whose work may be under way now)
                    claims.append((age, entry.path))
        room = self.per_folder - self.sweep_every
        if len(claims) > room:
            claims.sort()
            for _, path in claims[room:]:
                _remove(path)


def _remove(path: str) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)
