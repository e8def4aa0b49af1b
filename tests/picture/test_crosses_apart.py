"""Several moves into one place that all fail each end at an X of their own. London's and Belgium's fleets bouncing
in the North Sea came in from the south along nearly one line and stopped at one point: one X lay over the other,
and the picture showed one failure with two words. Every X now stands clear of every other."""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from judge import picture
from tests.picture.scenes import adjudicated

NS = "{http://www.w3.org/2000/svg}"
# The template's X: strokes from -5.5 to 5.5 each way, 7.5 wide with its white casing: 9.25 from its middle.
X_REACH = 5.5 + 7.5 / 2

NORTH_SEA = {"state": {"phase": "S1901M", "units": {"ENGLAND": ["F LON"], "GERMANY": ["F BEL"], "RUSSIA": ["F NWY"]},
                       "centers": {}},
             "orders": {"ENGLAND": ["F LON - NTH"], "GERMANY": ["F BEL - NTH"], "RUSSIA": ["F NWY - NTH"]}}
BLACK_SEA = {"state": {"phase": "S1901M", "units": {"RUSSIA": ["F SEV"], "TURKEY": ["F ANK"], "AUSTRIA": ["F RUM"],
                                                     "ITALY": ["F BUL/EC"], "FRANCE": ["F CON"]}, "centers": {}},
             "orders": {"RUSSIA": ["F SEV - BLA"], "TURKEY": ["F ANK - BLA"], "AUSTRIA": ["F RUM - BLA"],
                        "ITALY": ["F BUL/EC - BLA"], "FRANCE": ["F CON - BLA"]}}


def _crosses(svg: str) -> list[tuple[float, float]]:
    marks = ET.fromstring(svg).find(f".//{NS}g[@id='marks']")
    return [tuple(map(float, re.findall(r"[-\d.]+", g.get("transform"))[:2])) for g in marks.iter(f"{NS}g")
            if g.get("class") == "failed"]


@pytest.mark.parametrize("doc", [NORTH_SEA, BLACK_SEA], ids=["north-sea", "black-sea"])
def test_every_failed_move_has_an_x_clear_of_the_others(doc):
    m, before, outcome = adjudicated(doc)
    assert all(r.marks == ("bounce",) for r in outcome.results)
    xs = _crosses(picture.results_svg(m, before, outcome))
    assert len(xs) == len(outcome.results)
    for i, a in enumerate(xs):
        for b in xs[i + 1:]:
            assert math.dist(a, b) >= 2 * X_REACH, (a, b)


def _head_to_head_pairs() -> list[tuple[str, str]]:
    from judge import maps
    m = maps.load("standard")
    return sorted({tuple(sorted((a, b[:3]))) for a, ds in m.army_adj.items() for b in ds})


def test_two_moves_head_to_head_show_two_xs_apart_or_meet_at_one():
    """Holland and Kiel bouncing (units close together, lines short): the two Xs lay over each other with their two
    words, neither readable. Every pair of neighbours on the standard board: either two Xs clear of each other, or
    one X, where both lines end, with one word."""
    from tests.picture.test_placement import Board
    for a, b in _head_to_head_pairs():
        doc = {"state": {"phase": "S1901M", "units": {"FRANCE": [f"A {a}"], "GERMANY": [f"A {b}"]}, "centers": {}},
               "orders": {"FRANCE": [f"A {a} - {b}"], "GERMANY": [f"A {b} - {a}"]}}
        m, before, outcome = adjudicated(doc)
        assert [r.marks for r in outcome.results] == [("bounce",), ("bounce",)]
        svg = picture.results_svg(m, before, outcome)
        xs = _crosses(svg)
        if len(xs) == 2:
            assert math.dist(*xs) >= 2 * X_REACH, (a, b, xs)
            continue
        assert len(xs) == 1, (a, b, xs)
        lines = dict(Board(svg).shafts)
        for unit in (a, b):
            # (a shaft stops short of its X by the X's radius)
            assert math.dist(lines[f"order-{unit}"][-1], xs[0]) <= X_REACH + 1, (a, b, unit)
        assert svg.count(">bounce<") == 1, (a, b)
