"""Atomic file writes (temp file, fsync, os.replace) and a per-folder lock, for every game file."""
from __future__ import annotations

import contextlib
import fcntl
import os
import signal
import threading
from pathlib import Path
from typing import Iterator

# Fault injection for the kill tests (tests/daemon/test_kills.py), off unless the environment asks for it: with
# JUDGE_TEST_KILL_AT=n the process kills itself (SIGKILL, as a power cut would) at the n-th durable step; with
# JUDGE_TEST_CHECKPOINTS=<file> each step is listed there (so a test knows how many there are).
_KILL_AT = int(os.environ.get("JUDGE_TEST_KILL_AT") or 0)
_TRACE = os.environ.get("JUDGE_TEST_CHECKPOINTS") or ""
_steps = 0
_steps_lock = threading.Lock()


def checkpoint(label: str) -> None:
    """A durable step is done (a file written, renamed, removed)."""
    if not (_KILL_AT or _TRACE):
        return
    global _steps
    with _steps_lock:
        _steps += 1
        n = _steps
        if _TRACE:
            with open(_TRACE, "a", encoding="utf-8") as fh:
                fh.write(f"{n} {label}\n")
    if n == _KILL_AT:
        os.kill(os.getpid(), signal.SIGKILL)


# Game files, spool and outbox hold addresses, orders and press: readable by the judge's own user only.
FILE_MODE = 0o600
FOLDER_MODE = 0o700


def make_folder(folder: Path) -> None:
    """Create a folder and any missing parents, each private to the judge's user (mkdir(parents=True) would give
    the parents the default mode)."""
    folder = Path(folder)
    if folder.is_dir():
        return
    if not folder.parent.is_dir():
        make_folder(folder.parent)
    try:
        folder.mkdir(mode=FOLDER_MODE)
    except FileExistsError:
        if not folder.is_dir():
            raise


def open_created(path: str | os.PathLike, flags: int) -> int:
    """os.open(path, flags | O_CREAT) with the judge's file mode, making the file's folder first if it is missing
    (tried once without: the folder is nearly always there)."""
    try:
        return os.open(path, flags | os.O_CREAT, FILE_MODE)
    except FileNotFoundError:
        make_folder(Path(path).parent)
        return os.open(path, flags | os.O_CREAT, FILE_MODE)


def atomic_write(path: Path, data: str | bytes, sync_dir: bool = True, sync: bool = True) -> None:
    """Replace `path` with `data` so that a crash leaves either the old file or the new one, never a mix.

    The data is on disk (fsync) before the rename, and with `sync_dir` the folder is fsynced after it, so the new
    name survives a crash too. A caller writing several files into one folder may pass sync_dir=False for each and
    call `sync_folder` once at the end: nothing is durable before that call returns. Without `sync` (for files whose
    loss in a power cut costs nothing, such as counts), neither is fsynced: readers still see one whole version."""
    path = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    tmp = path.parent / f".{path.name}.{os.urandom(6).hex()}.tmp"      # like mkstemp, without its name search
    fd = open_created(tmp, os.O_WRONLY | os.O_EXCL)
    try:
        try:
            view = memoryview(raw)
            while view:
                view = view[os.write(fd, view):]
            if sync:
                os.fsync(fd)
        finally:
            os.close(fd)
        checkpoint(f"written {path.name}")
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    checkpoint(f"renamed {path.name}")
    if sync_dir and sync:
        _fsync_dir(path.parent)


def read_bytes(path: str | os.PathLike) -> bytes:
    """A whole file's bytes in four system calls (open, fstat, read, close): Path.read_bytes and open() make nine
    (a buffered file object asks for the size twice, whether it is a terminal, and where it stands), and in the
    daemon each one lets the other threads take the interpreter lock, a context switch each way."""
    fd = os.open(path, os.O_RDONLY)
    try:
        return read_all(fd, os.fstat(fd).st_size)
    finally:
        os.close(fd)


def read_all(fd: int, size: int) -> bytes:
    """What is left to read from an open file that was `size` bytes long (one read when it still is)."""
    data = os.read(fd, size + 1)
    # A file's read gives less than asked only at its end: fewer than size + 1 bytes is the whole of it. More (it
    # grew, or its size said nothing, as a pipe's does): read on to the end.
    if len(data) > size or not size:
        chunks = [data]
        while chunk := os.read(fd, 1 << 16):
            chunks.append(chunk)
        data = b"".join(chunks)
    return data


def append_line(path: Path, line: str, durable: bool = True) -> None:
    """Append one line (O_APPEND writes of a line are not interleaved with other writers'); fsynced if `durable`."""
    data = (line.rstrip("\n") + "\n").encode("utf-8")
    fd = open_created(path, os.O_WRONLY | os.O_APPEND)
    try:
        os.write(fd, data)
        if durable:
            os.fsync(fd)
    finally:
        os.close(fd)


def sync_folder(folder: Path) -> None:
    """Make the names created, renamed or removed in `folder` durable (fsync of the folder itself)."""
    _fsync_dir(folder)


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


@contextlib.contextmanager
def locked(folder: Path, blocking: bool = True) -> Iterator[None]:
    """Hold the folder's lock: one process (and one thread: each call opens the file anew, and flock locks of
    separate opens exclude each other) at a time works on a game. Raises BlockingIOError if not blocking."""
    lock = f"{os.fspath(folder)}/.lock"
    fd = open_created(lock, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
