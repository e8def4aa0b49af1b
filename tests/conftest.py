"""Shared fixtures: the standard map, and positions written the way the JSON interface writes them."""
from __future__ import annotations

import compileall
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from judge.maps import load
from judge.position import Position, initial_position


def _memory_folder() -> str | None:
    """Where the tests' temporary folders go: a tmpfs with room to spare (/dev/shm on Linux), unless
    JUDGE_TEST_TMP names another parent folder ('disk': pytest's own, under the system's temporary folder).
    The judge fsyncs every game file and mail it writes, as it must; on a virtual disk each fsync costs some 5 ms
    and system CPU, a tenth of the suite's time, while what the tests check (contents, order, exactly once
    through kills) does not depend on it. The fsyncs are still made; only their wait is gone."""
    chosen = os.environ.get("JUDGE_TEST_TMP", "/dev/shm")
    if chosen == "disk":
        return None
    try:
        with open("/proc/mounts", encoding="utf-8") as mounts:
            tmpfs = any(line.split()[1:3] == [chosen, "tmpfs"] for line in mounts if len(line.split()) > 2)
        room = shutil.disk_usage(chosen).free
    except OSError:
        return None
    if "JUDGE_TEST_TMP" not in os.environ and not (tmpfs and room >= 2 << 30 and os.access(chosen, os.W_OK)):
        return None
    return chosen


@pytest.hookimpl(tryfirst=True)           # (before pytest's own: its temporary-folder factory reads basetemp)
def pytest_configure(config) -> None:
    """In the first process only (not in xdist's workers): the temporary folders in memory (_memory_folder), and
    the judge's bytecode written once, before the workers start: the judge the tests run in subprocesses (judge
    deliver, judge process, judge serve: hundreds of them) then starts as an installed one does, from bytecode. Where
    PYTHONDONTWRITEBYTECODE is set (CI machines set it) no import writes any, and each of those processes compiled
    every module of the judge afresh: a third of the CPU time of a `judge deliver`."""
    if os.environ.get("PYTEST_XDIST_WORKER") is not None:
        return
    if config.option.basetemp is None:
        parent = _memory_folder()
        if parent is not None:
            _sweep(parent)
            config.option.basetemp = config._judge_basetemp = tempfile.mkdtemp(prefix="judge-tests-", dir=parent)
    root = Path(__file__).resolve().parent.parent
    for folder in ("judge", "tests"):
        compileall.compile_dir(root / folder, quiet=1)


def _sweep(parent: str) -> None:
    """Remove the folders of runs that never finished (killed) and are a day old: memory is not a disk."""
    import time
    for folder in Path(parent).glob("judge-tests-*"):
        try:
            if time.time() - folder.stat().st_mtime > 86400:
                shutil.rmtree(folder, ignore_errors=True)
        except OSError:
            pass


def pytest_report_header(config) -> str | None:
    made = getattr(config, "_judge_basetemp", None)
    return f"temporary folders: {made} (removed after the run; JUDGE_TEST_TMP=disk keeps them as pytest does)" \
        if made else None


def pytest_sessionfinish(session, exitstatus) -> None:
    made = getattr(session.config, "_judge_basetemp", None)
    if made:                # (failed runs too: in memory each run's folders take a few hundred MB)
        shutil.rmtree(made, ignore_errors=True)


@pytest.fixture
def disk_path():
    """An empty folder under the system's temporary folder, for a test of what a real disk's slow flushes do (the
    other tests' temporary folders may be in memory: _memory_folder)."""
    folder = Path(tempfile.mkdtemp(prefix="judge-test-disk-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def m():
    return load()


@pytest.fixture
def start(m):
    return initial_position(m)


def position(m, units: dict, phase: str = "S1901M", centers: dict | None = None, dislodged: dict | None = None):
    doc = {"phase": phase, "units": units, "centers": centers or {}}
    if dislodged:
        doc["dislodged"] = dislodged
    return Position.from_json(doc, m)


def position_and_orders(m, units: dict, orders: dict, rules=None):
    """A position and its orders read from text (each order through the real parser), keyed by unit province."""
    from judge.orders.validate import Validator
    from judge.rules import Ruleset
    rules = rules or Ruleset()
    pos = position(m, units)
    v = Validator(pos, m, rules)
    parsed = {}
    for power, lst in orders.items():
        for text in lst:
            o = v.order(text, power)
            parsed[o.unit.province] = o
    return pos, parsed
