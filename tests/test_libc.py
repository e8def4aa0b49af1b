"""judge.libc: the C library opened once, without a subprocess (ctypes.util.find_library runs `ldconfig -p`: two
of them in every `judge deliver` and cron `judge process` before)."""
import ctypes
import subprocess
import sys

import pytest

from judge import libc


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the judge uses libc's own calls on Linux only")
def test_functions_come_without_a_subprocess(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a subprocess was started")
    monkeypatch.setattr(subprocess, "Popen", refuse)
    libc._library.cache_clear()
    getpid = libc.function("getpid", [], ctypes.c_int)
    assert getpid is not None and getpid() == __import__("os").getpid()
    assert libc.function("syncfs", [ctypes.c_int]) is not None


def test_each_caller_gets_its_own_function_object():
    a = libc.function("strlen", [ctypes.c_char_p], ctypes.c_size_t)
    b = libc.function("strlen", [ctypes.c_void_p], ctypes.c_size_t)
    if a is None:
        pytest.skip("no C library here")
    assert a is not b and a.argtypes == [ctypes.c_char_p] and a(b"judge") == 5


def test_a_missing_function_is_none():
    assert libc.function("judge_no_such_function", []) is None
