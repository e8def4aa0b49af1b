"""glibc's allocator, told to give memory back: a fixed mmap threshold, and a trim now and then (a no-op on other
C libraries).

A long-running judge draws pictures (libvips: pixel buffers of megabytes) in several worker threads. By default
glibc raises its mmap threshold each time such a block is freed (up to 32 MB), after which the next ones come from
the heap of the thread that draws, and each thread's heap keeps what it once held: `judge serve` drawing PNG
results grew by 15 MB a minute while its Python objects stayed flat under tracemalloc. A fixed threshold maps every
large block on its own and unmaps it when freed; what remains (smaller blocks freed in the middle of a heap) is
given back by `trim`, which the daemon calls every 30 seconds."""
from __future__ import annotations

import ctypes
import os
import sys

MMAP_THRESHOLD = 128 * 1024     # glibc's own starting value, kept fixed
_M_MMAP_THRESHOLD = -3          # mallopt's parameter number (malloc.h)


def _glibc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None)
        libc.gnu_get_libc_version                       # glibc only (musl's mallopt does nothing)
        return libc
    except (OSError, AttributeError):
        return None


_LIBC = _glibc()


def fix_mmap_threshold() -> bool:
    """Keep the mmap threshold at 128 KB (an operator's own MALLOC_MMAP_THRESHOLD_ is left alone). Returns whether
    the setting was made."""
    if _LIBC is None or "MALLOC_MMAP_THRESHOLD_" in os.environ:
        return False
    return bool(_LIBC.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD))


def trim() -> bool:
    """Give the free memory of every heap back to the system (a few milliseconds). Returns whether any was."""
    return bool(_LIBC.malloc_trim(0)) if _LIBC is not None else False
