"""Arrows between unit tokens: where a line leaves one unit and stops at another."""
from __future__ import annotations

from collections.abc import Sequence

from judge.picture import placement, shapes
from judge.picture.shapes import Point

GAP = 1.5               # an arrow stops this far from the edge of the unit it leaves or reaches
X_GAP = placement.X_R + 2.5    # a failed move stops this much further off: room for its X, clear of the unit
CENTRE_CLEAR = placement.X_R + 8.0  # ... and its X clear of the destination's centre dot (radius 6.8 drawn)


def order_failed(marks: tuple[str, ...]) -> bool:
    """Did the order itself fail? A unit that held (or supported) and was dislodged still did what it was told."""
    return any(mark != "dislodged" for mark in marks)


def edge(path: Sequence[Point], kind: str, at_end: bool = True, scale: float = 1.0) -> float:
    """How far from a unit's point its token's edge lies, along the path's first or last stretch: arrows start and
    end at a unit's edge (not in the middle of it, nor on the label beside it)."""
    a, b = (path[-2], path[-1]) if at_end else (path[1], path[0])
    if len(path) > 2:
        # the last stretch of a curve is short: look back along it as far as a token's size
        far = shapes.point_at(path if at_end else path[::-1], max(0.0, 1 - 20 / max(shapes.length(path), 1e-6)))
        a = far
    dx, dy = b[0] - a[0], b[1] - a[1]
    w, h = placement.TOKEN.get(kind, placement.TOKEN["F"])
    ts = [w * scale / abs(dx) if dx else float("inf"), h * scale / abs(dy) if dy else float("inf")]
    length = (dx * dx + dy * dy) ** 0.5
    return min(ts) * length if length else w * scale
