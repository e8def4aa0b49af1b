"""Shared fixtures: the standard map, and positions written the way the JSON interface writes them."""
from __future__ import annotations

import pytest

from judge.maps import load
from judge.position import Position, initial_position


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
