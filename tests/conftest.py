"""Shared fixtures: the standard map, and positions written the way the JSON interface writes them."""
from __future__ import annotations

import compileall
import os
from pathlib import Path

import pytest

from judge.maps import load
from judge.position import Position, initial_position


def pytest_configure(config) -> None:
    """The judge's bytecode written once, before the workers start: the judge the tests run in subprocesses (judge
    deliver, judge process, judge serve: hundreds of them) then starts as an installed one does, from bytecode. Where
    PYTHONDONTWRITEBYTECODE is set (CI machines set it) no import writes any, and each of those processes compiled
    every module of the judge afresh: a third of the CPU time of a `judge deliver`."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        root = Path(__file__).resolve().parent.parent
        for folder in ("judge", "tests"):
            compileall.compile_dir(root / folder, quiet=1)


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
