"""judge.picture.inside: the shortest way between two points that keeps inside given regions."""
from __future__ import annotations

import math

from judge.picture import inside, shapes


def _box(x0, y0, x1, y1):
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def _samples(pts, step=1.0):
    for a, b in zip(pts, pts[1:]):
        n = max(1, int(math.dist(a, b) / step))
        for k in range(n + 1):
            yield a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n


# A "U": two arms joined only at the bottom; the straight line from one arm's top to the other's crosses the gap.
LEFT = (_box(0, 0, 40, 200),)
BOTTOM_RIGHT = (((40, 160), (200, 160), (200, 0), (160, 0), (160, 120), (40, 120)),)   # joined to LEFT at x = 40


def _in_some(p, regions, slack=3.0):
    return any(shapes.inside((p[0] + dx, p[1] + dy), rings) for rings in regions
               for dx in (-slack, 0, slack) for dy in (-slack, 0, slack))


def test_the_way_round_a_bend_keeps_inside_and_is_not_much_longer_than_the_bend():
    a, b = (20, 20), (180, 20)
    way = inside.way(a, b, (LEFT, BOTTOM_RIGHT))
    assert way is not None and way[0] == a and way[-1] == b
    assert all(_in_some(p, (LEFT, BOTTOM_RIGHT)) for p in _samples(way))
    # down the left arm to the joint (y 120-160), across and up: about 100 + 140 + 100; never a detour far beyond
    assert 300 < shapes.length(way) < 420
    assert len(way) <= 8                               # pulled straight: a few corners, not a cell each


def test_regions_that_do_not_join_have_no_way():
    assert inside.way((20, 20), (180, 20), (LEFT, (_box(100, 0, 200, 200),))) is None


def test_a_blocked_box_is_gone_round():
    one = (_box(0, 0, 200, 100),)
    block = (90, 0, 110, 70)                            # a token in the middle, leaving a passage below it
    way = inside.way((20, 40), (180, 40), (one,), blocked=[block])
    assert way is not None
    assert not any(block[0] <= x <= block[2] and block[1] <= y <= block[3] for x, y in _samples(way))
    assert all(_in_some(p, (one,)) for p in _samples(way))
