"""`judge serve`'s threads on one CPU, and work that leaves the interpreter lock free to use them all.

The daemon's threads (the SMTP loop, the spool writers, the game workers, the sender) take turns with the interpreter
lock hundreds of times a mail: every system call lets another thread take it. When the threads run on different
CPUs each hand-over wakes the other CPU, and the lock stays free while it wakes: on the 2-core benchmark machine the
daemon then spent 8 ms of CPU a mail, against 6 ms with every thread on one CPU, and answered 121-134 mails a second
against 145-155 (benchmarks/README.md). Pinning costs what runs outside the lock: an scrypt check, a picture drawn
by librsvg. Those run inside `spread()`, which lets the calling thread use every CPU while it lasts.

Linux only (sched_setaffinity); a machine with one CPU, or a process limited to one, is left alone.
"""
from __future__ import annotations

import contextlib
import ctypes
import os
import threading
from typing import Iterator

from judge import libc

_lock = threading.Lock()
_cpu: int | None = None                  # the CPU the process's threads are kept on (None: not pinned)
_allowed: frozenset[int] = frozenset()   # every CPU the process may use (what spread() gives back)
_spreading = threading.local()           # depth: the calling thread is inside spread()


def pin() -> int | None:
    """Keep every thread of the process, and each it starts later, on one of the CPUs it may use. Returns that CPU,
    or None when it is left alone (no affinity calls, a single CPU, or the system refused)."""
    global _cpu, _allowed
    if not hasattr(os, "sched_setaffinity"):
        return None
    with _lock:
        if _cpu is not None:
            return _cpu
        try:
            allowed = frozenset(os.sched_getaffinity(0))
        except OSError:
            return None
        if len(allowed) < 2:
            return None
        cpu = _current_cpu(allowed)
        try:
            for tid in _threads():
                with contextlib.suppress(ProcessLookupError):     # a thread that ended meanwhile
                    os.sched_setaffinity(tid, {cpu})
        except OSError:
            _set_all(allowed)
            return None
        _cpu, _allowed = cpu, allowed
        return cpu


def unpin() -> None:
    """Every thread back on every CPU it may use (a daemon that stops, a test)."""
    global _cpu
    with _lock:
        if _cpu is None:
            return
        _set_all(_allowed)
        _cpu = None


def pinned() -> int | None:
    """The CPU the threads are kept on, or None."""
    return _cpu


@contextlib.contextmanager
def spread() -> Iterator[None]:
    """The calling thread may use every CPU while the block runs (work in C that lets go of the interpreter lock);
    on the one CPU again after it. Nothing happens when the process is not pinned."""
    cpu = _cpu
    depth = getattr(_spreading, "depth", 0)
    if cpu is None or depth:             # (inside another spread(): that one moves the thread back)
        yield
        return
    try:
        _set_mine(_allowed)
    except OSError:
        yield
        return
    _spreading.depth = 1
    try:
        yield
    finally:
        _spreading.depth = 0
        with contextlib.suppress(OSError):
            _set_mine(frozenset({cpu}) if _cpu is not None else _allowed)


def _set_mine(cpus: frozenset[int]) -> None:
    """The calling thread's CPUs. Moving back to the one CPU waits until that CPU takes the thread: through ctypes,
    which lets go of the interpreter lock meanwhile (os.sched_setaffinity holds it, and the other threads, on that
    CPU, wait for it: 7% of the lock's time in a burst of new players' mail)."""
    if _libc_setaffinity is None or max(cpus) >= 8 * _MASK_BYTES:
        os.sched_setaffinity(0, cpus)
        return
    mask = sum(1 << c for c in cpus).to_bytes(_MASK_BYTES, "little")
    if _libc_setaffinity(0, _MASK_BYTES, mask) != 0:
        code = ctypes.get_errno()
        raise OSError(code, os.strerror(code))


_MASK_BYTES = 128                        # a cpu_set_t: 1,024 CPUs
_libc_setaffinity = libc.function("sched_setaffinity", [ctypes.c_int, ctypes.c_size_t, ctypes.c_char_p])


def _current_cpu(allowed: frozenset[int]) -> int:
    """The CPU the calling thread ran on last (so that several daemons on one machine, or the workers of a test run,
    do not all pick the same one), else the highest allowed (the first usually takes more of the interrupts)."""
    try:
        with open("/proc/thread-self/stat", "rb") as fh:
            fields = fh.read().rsplit(b")", 1)[1].split()
        cpu = int(fields[36])            # field 39 of the line, "processor"; counted after the command's ")"
    except (OSError, IndexError, ValueError):
        return max(allowed)
    return cpu if cpu in allowed else max(allowed)


def _threads() -> list[int]:
    try:
        return [int(tid) for tid in os.listdir("/proc/self/task")]
    except OSError:
        return [0]                       # no /proc: the calling thread only (the others start from it)


def _set_all(cpus: frozenset[int]) -> None:
    for tid in _threads():
        with contextlib.suppress(OSError):
            os.sched_setaffinity(tid, cpus)
