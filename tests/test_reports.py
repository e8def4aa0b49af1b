"""What the results say about a position (judge.reports), on our test board tests/data/maps/isles.json, whose East
has a partisan site at Dunmoor."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge import maps, reports
from judge.position import Position

DATA = Path(__file__).resolve().parent / "data" / "maps"


@pytest.fixture
def isles():
    maps.use_folder(DATA)
    yield maps.load("isles")
    maps.use_folder(None)


def test_an_open_partisan_site_counts_among_the_builds_left_unmade(isles):
    # After the winter the East holds two of its three home centres, so Dunmoor's partisans count as a third
    # centre (DPjudge's 'SC*'): with two units it left one build unmade.
    after = Position.from_json({"phase": "S1902M", "units": {"EAST": ["F ERA", "A GAR"], "WEST": ["F FEL"]},
                                "centers": {"EAST": ["ERA", "GAR"], "WEST": ["FEL"]}}, isles)
    assert reports.pending_builds(isles, after) == {"EAST": "East:       1 unused build pending."}
    # Holding all its home centres it has no partisans: even.
    even = Position.from_json({"phase": "S1902M", "units": {"EAST": ["F ERA", "A GAR", "F FEL"]},
                               "centers": {"EAST": ["ERA", "GAR", "FEL"]}}, isles)
    assert reports.pending_builds(isles, even) == {}


def test_a_long_power_name_is_set_off_from_its_unused_builds():
    # Chaos's powers are named for their cities: "Constantinople:" is longer than DPjudge's column of 12.
    chaos = maps.load("chaos")
    after = Position.from_json({"phase": "S1902M", "units": {},
                                "centers": {"CONSTANTINOPLE": ["CON"], "ROME": ["ROM"]}}, chaos)
    got = reports.pending_builds(chaos, after)
    assert got["CONSTANTINOPLE"] == "Constantinople: 1 unused build pending."
    assert got["ROME"] == "Rome:       1 unused build pending."
