"""A function of the C library where the platform has one (Linux): for the calls Python's os module lacks (syncfs)
or makes without letting go of the interpreter lock (sched_setaffinity)."""
from __future__ import annotations

import ctypes
import sys
from functools import lru_cache
from typing import Any


def function(name: str, argtypes: list[Any], restype: Any = ctypes.c_int) -> Any | None:
    """libc's `name` (errno kept for ctypes.get_errno), or None off Linux or when the library has none."""
    lib = _library()
    if lib is None:
        return None
    try:
        fn = lib[name]              # (a function object of its own: callers may set different argtypes)
    except AttributeError:
        return None
    fn.argtypes, fn.restype = argtypes, restype
    return fn


@lru_cache(maxsize=1)
def _library() -> ctypes.CDLL | None:
    """The C library, opened once. By its name (glibc's "libc.so.6"), else the symbols the interpreter already has
    loaded (musl and others link it in); not ctypes.util.find_library, which runs `ldconfig -p` in a subprocess on
    every call: two of them in each `judge deliver` and `judge process` before."""
    if not sys.platform.startswith("linux"):
        return None
    for name in ("libc.so.6", None):
        try:
            return ctypes.CDLL(name, use_errno=True)
        except OSError:
            continue
    return None
