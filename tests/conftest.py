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
