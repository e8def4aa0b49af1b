"""A function of the C library where the platform has one (Linux): for the calls Python's os module lacks (syncfs)
or makes without letting go of the interpreter lock (sched_setaffinity)."""
from __future__ import annotations

import ctypes
import ctypes.util
import sys
from typing import Any


def function(name: str, argtypes: list[Any], restype: Any = ctypes.c_int) -> Any | None:
    """libc's `name` (errno kept for ctypes.get_errno), or None off Linux or when the library has none."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        fn = getattr(ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True), name)
    except (OSError, AttributeError):
        return None
    fn.argtypes, fn.restype = argtypes, restype
    return fn
