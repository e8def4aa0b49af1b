"""Matching a variant's places to a board's by structure alone (judge.maps.matching): our fjord board (tests/data/maps/
fjord.map, without symmetry) and fjord_renamed.map (every place renamed, two abbreviations swapped, one sea's given to
a land, as DPjudge's standard_dutch gives Norway the Norwegian Sea's NWG); fjord_bent.map (one adjacency more);
the ring (ring.map), a board with mirror symmetries."""
from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from judge import maps
from judge.maps import Map, Province, matching

DATA = Path(__file__).resolve().parent.parent / "data" / "maps"

# What fjord_renamed.map says of each place (its lines, read by hand): the variant's name -> the fjord's.
RENAMED = {"GZE": "GRS", "GRS": "MOR", "DOC": "BLS", "BLS": "DOC", "KAP": "CAP", "KAP/WK": "CAP/WC",
           "KAP/OK": "CAP/EC", "PUN": "PNT", "HAV": "HAV", "DIE": "DEP", "FJE": "FEL", "DAL": "GLN", "WOU": "WLD",
           "STR": "STR"}


@pytest.fixture
def folder(tmp_path):
    for path in [*DATA.glob("ring*"), *DATA.glob("fjord*")]:
        shutil.copy(path, tmp_path / path.name)
    maps.use_folder(tmp_path)
    yield tmp_path
    maps.use_folder(None)


def test_a_renamed_board_is_matched_place_by_place_whatever_the_names(folder):
    found = matching.match(maps.load("fjord_renamed"), maps.load("fjord"))
    assert found.ways == 1 and found.renaming == RENAMED


def test_the_board_matches_itself_in_one_way_only(folder):
    fjord = maps.load("fjord")
    assert matching.match(fjord, fjord).renaming == {loc: loc for loc in fjord.locations()}


def test_coasts_are_matched_by_their_neighbours_not_their_codes(folder):
    # The fjord's Cape with its coast codes the wrong way round: the west coast (on the Grey Sea) called EC.
    fjord = maps.load("fjord")
    swap = {"CAP/WC": "CAP/EC", "CAP/EC": "CAP/WC"}
    crossed = fjord.replace(fleet_adj={swap.get(k, k): frozenset(swap.get(d, d) for d in v)
                                                    for k, v in fjord.fleet_adj.items()})
    assert matching.match(crossed, fjord).renaming["CAP/EC"] == "CAP/WC"


def test_one_adjacency_more_matches_nothing_and_names_the_places_that_differ(folder):
    found = matching.match(maps.load("fjord_bent"), maps.load("fjord"))
    # fjord_bent.map's AMEND lines: the Fjeld (FJE) and the Heide (GRS) now border each other
    assert found.renaming is None and found.ways == 0 and found.unmatched == ("FJE", "GRS")


def test_a_symmetric_board_matches_in_more_than_one_way(folder):
    # ring_renamed.map: the ring with its Midland called HRT; the ring's mirror image matches as well as the ring
    found = matching.match(maps.load("ring_renamed"), maps.load("ring"))
    assert found.renaming is None and found.ways == 2


def _circle(n: int, name: str = "c") -> Map:
    """A board of n seas in a circle, all alike (every one of its 2n rotations and reflections a match)."""
    seas = [f"{i:03d}" for i in range(n)]
    adj = {s: frozenset({seas[i - 1], seas[(i + 1) % n]}) for i, s in enumerate(seas)}
    return Map(name, (), {}, {}, {s: Province(s, s, "sea") for s in seas}, {}, adj, {})


def test_a_board_alike_everywhere_is_told_ambiguous_quickly():
    began = time.monotonic()
    found = matching.match(_circle(200), _circle(200, "d"))
    assert found.ways == 2 and found.renaming is None
    assert time.monotonic() - began < 10


def test_a_board_of_many_alike_parts_is_told_ambiguous_without_going_too_deep(monkeypatch):
    # A thousand seas with no neighbours: each step of the search pairs one more, a thousand steps deep (more than
    # Python's recursion allows); the search gives up within its budget, and says "more than one way". (Its budget
    # is counted, not timed: a wall-clock bound failed on a loaded machine.)
    seas = [f"{i:04d}" for i in range(1000)]
    loose = Map("loose", (), {}, {}, {s: Province(s, s, "sea") for s in seas}, {}, {s: frozenset() for s in seas}, {})
    budgets = []
    monkeypatch.setattr(matching, "_Budget", lambda left: budgets.append(_Counted(left)) or budgets[-1])
    found = matching.match(loose, loose.replace(name="other"))
    assert found.ways == 2 and found.renaming is None
    [budget] = budgets
    assert budget.left <= 0 and budget.lowest >= -len(seas) * 4       # spent, and not overrun by more than a round


class _Counted:
    """A search budget that remembers how far below zero it went."""

    def __init__(self, left: int):
        self._left, self.lowest = left, left

    @property
    def left(self) -> int:
        return self._left

    @left.setter
    def left(self, value: int) -> None:
        self._left, self.lowest = value, min(self.lowest, value)


def test_boards_of_other_sizes_do_not_match():
    found = matching.match(_circle(12), _circle(13))
    assert found.ways == 0 and found.renaming is None
