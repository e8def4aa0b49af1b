"""Two armies ordered into each other's place (a head-to-head, both bouncing) are two moves, and the picture shows
two lines. Between Smyrna and Syria (and Finland and Sweden) both moves went through the one point of the border the
two share, along one line: one dashed line with two Xs, which read as one move."""
from __future__ import annotations

import math
from itertools import pairwise

import pytest

from judge import picture
from tests.picture.scenes import adjudicated
from tests.picture.test_placement import Board

PAIRS = [("SMY", "SYR"), ("FIN", "SWE"), ("BUR", "MUN"), ("WAL", "LVP"), ("SIL", "PRU"), ("TUS", "ROM"),
         ("ANK", "ARM"), ("CON", "BUL"), ("GAL", "UKR"), ("PIC", "BEL"), ("BOH", "TYR"), ("SER", "ALB")]
APART = 4.0          # a failed move's dashed line is 4 wide: centre lines this far apart never overlap


def _doc() -> dict:
    units = {"TURKEY": [f"A {a}" for a, _ in PAIRS], "RUSSIA": [f"A {b}" for _, b in PAIRS]}
    orders = {"TURKEY": [f"A {a} - {b}" for a, b in PAIRS], "RUSSIA": [f"A {b} - {a}" for a, b in PAIRS]}
    return {"state": {"phase": "S1901M", "units": units, "centers": {}}, "orders": orders}


def _gap(p, line) -> float:
    """The distance from a point to a polyline."""
    best = math.inf
    for (ax, ay), (bx, by) in pairwise(line):
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / ((dx * dx + dy * dy) or 1.0)))
        best = min(best, math.dist(p, (ax + t * dx, ay + t * dy)))
    return best


def _middle(line) -> list:
    """The points of the middle half of a polyline, by length, every unit or so."""
    total = sum(math.dist(a, b) for a, b in pairwise(line))
    out, run = [], 0.0
    for a, b in pairwise(line):
        seg = math.dist(a, b)
        for k in range(max(1, int(seg))):
            at = run + seg * k / max(1, int(seg))
            if total / 4 <= at <= 3 * total / 4:
                t = k / max(1, int(seg))
                out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
        run += seg
    return out


@pytest.fixture(scope="module")
def board():
    m, before, outcome = adjudicated(_doc())
    assert all(r.marks == ("bounce",) for r in outcome.results)
    return Board(picture.results_svg(m, before, outcome))


@pytest.mark.parametrize("a,b", PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_two_moves_head_to_head_are_two_lines_apart(board, a, b):
    lines = dict(board.shafts)
    one, other = lines[f"order-{a}"], lines[f"order-{b}"]
    assert min(_gap(p, other) for p in _middle(one)) >= APART
    assert min(_gap(p, one) for p in _middle(other)) >= APART
