"""Where a failed support's X goes on its line (judge.picture.arrows.clear_point): an X is a square badge, clear of
the units and of the arrowheads it could hide."""
from __future__ import annotations

from judge.picture import arrows, placement
from tests.picture.test_placement import meet

BADGE = placement.X_R             # half the side of an X's badge


def badge(p) -> tuple[float, float, float, float]:
    return (p[0] - BADGE, p[1] - BADGE, p[0] + BADGE, p[1] + BADGE)


def test_an_x_by_a_units_corner_keeps_its_square_off_the_unit():
    # The line passes a unit's corner diagonally: its middle lies 10.6 from the corner, further than the X's
    # room (10.3) as a circle, but the badge's own corner reached over the unit's (found on a random crowded board).
    unit = (0.0, 0.0, 20.0, 20.0)
    line = [(-12.5, 67.5), (67.5, -12.5)]
    at = arrows.clear_point(line, [unit], BADGE + 1)
    assert not meet(badge(at), unit), at


def test_an_x_keeps_off_an_arrowhead_where_it_can_and_off_the_units_first():
    line = [(0.0, 0.0), (100.0, 0.0)]
    head = (40.0, -8.0, 60.0, 8.0)                        # over the line's middle
    at = arrows.clear_point(line, [], BADGE + 1, [head])
    assert not meet(badge(at), head), at
    # where the only spot off the head lies on a unit, the X goes on the head: a unit hidden is worse
    units = [(0.0, -10.0, 38.0, 10.0), (62.0, -10.0, 100.0, 10.0)]
    at = arrows.clear_point(line, units, BADGE + 1, [head])
    assert not any(meet(badge(at), u) for u in units), at
