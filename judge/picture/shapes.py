"""Plane geometry for the drawing: curved arrows as point lists, trimming, arrowheads, SVG path text."""
from __future__ import annotations

import math
from typing import Iterable, Sequence

Point = tuple[float, float]


def fmt(v: float) -> str:
    """A coordinate as SVG text: one decimal is finer than a pixel at any size we render, and keeps files small."""
    s = f"{v:.1f}"
    return s[:-2] if s.endswith(".0") else s


def path_d(points: Sequence[Point], closed: bool = False) -> str:
    """SVG path data for a polyline (or a closed ring)."""
    head, *rest = points
    text = f"M{fmt(head[0])} {fmt(head[1])}" + "".join(f"L{fmt(x)} {fmt(y)}" for x, y in rest)
    return text + "Z" if closed else text


def rings_d(rings: Iterable[Sequence[Point]]) -> str:
    """One path for a region's outline and holes (drawn with fill-rule evenodd)."""
    return "".join(path_d(ring, closed=True) for ring in rings)


def distance(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def _quadratic(a: Point, c: Point, b: Point, steps: int) -> list[Point]:
    out = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        out.append((u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]))
    return out


def bent(a: Point, b: Point, bend: float = 0.12, most: float = 26.0, steps: int = 16) -> list[Point]:
    """A gentle curve from a to b, bowing to the right of travel.

    Always to the right: two arrows between the same provinces in opposite directions (a swap, a head-to-head
    bounce) then bow apart instead of lying on top of each other.
    """
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length < 1e-6:
        return [a, b]
    off = min(bend * length, most)
    mid = ((a[0] + b[0]) / 2 - dy / length * off, (a[1] + b[1]) / 2 + dx / length * off)
    return _quadratic(a, mid, b, steps)


def leaning(a: Point, b: Point, off: float, at: float, steps: int = 16) -> list[Point]:
    """A curve from a to b bowed `off` to the right of travel (negative: to the left), its bulge nearer a or b as its
    control point lies `at` of the way from a to b (0.5: bent's even bow)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    c = (a[0] + dx * at - dy / length * off, a[1] + dy * at + dx / length * off)
    return _quadratic(a, c, b, steps)


def through(points: Sequence[Point], steps: int = 10) -> list[Point]:
    """A smooth curve through every point (Catmull-Rom), for a convoy route through its fleets."""
    if len(points) < 3:
        return bent(points[0], points[-1])
    pts = [points[0], *points, points[-1]]
    out: list[Point] = [points[0]]
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        for s in range(1, steps + 1):
            t = s / steps
            t2, t3 = t * t, t * t * t
            out.append(tuple(0.5 * (2 * p1[k] + (-p0[k] + p2[k]) * t + (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * t2
                                    + (-p0[k] + 3 * p1[k] - 3 * p2[k] + p3[k]) * t3) for k in (0, 1)))  # type: ignore
    return out


def corners_rounded(points: Sequence[Point], radius: float = 24.0, steps: int = 8) -> list[Point]:
    """Straight lines from point to point, each corner cut by an arc (a quadratic curve from `radius` before it to
    `radius` after it, or half of a shorter line): a way that must turn keeps close to its corners, no overshoot."""
    if len(points) < 3:
        return list(points)
    out: list[Point] = [points[0]]
    for p, c, q in zip(points, points[1:], points[2:]):
        r = min(radius, distance(p, c) / 2, distance(c, q) / 2)
        a = _toward(c, p, r)
        out.append(a)
        out += _quadratic(a, c, _toward(c, q, r), steps)[1:]
    out.append(points[-1])
    return out


def _toward(c: Point, p: Point, r: float) -> Point:
    """The point r from c towards p."""
    d = distance(c, p) or 1.0
    return c[0] + (p[0] - c[0]) * r / d, c[1] + (p[1] - c[1]) * r / d


def length(points: Sequence[Point]) -> float:
    return sum(map(math.dist, points, points[1:]))


def point_at(points: Sequence[Point], frac: float) -> Point:
    """The point a fraction of the way along a polyline, by length."""
    want = max(0.0, min(1.0, frac)) * length(points)
    for a, b in zip(points, points[1:]):
        d = distance(a, b)
        if want <= d and d > 0:
            t = want / d
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        want -= d
    return points[-1]


def beside(points: Sequence[Point], off: float) -> list[Point]:
    """The polyline moved `off` units to the right of its travel (y grows downwards), each point along the normal
    of the line through its neighbours."""
    out = []
    for i, (x, y) in enumerate(points):
        a, b = points[max(i - 1, 0)], points[min(i + 1, len(points) - 1)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        d = math.hypot(dx, dy) or 1.0
        out.append((x - dy / d * off, y + dx / d * off))
    return out


def off_line(p: Point, points: Sequence[Point]) -> float:
    """How far a point is from a polyline."""
    best = math.inf
    for a, b in zip(points, points[1:]):
        dx, dy = b[0] - a[0], b[1] - a[1]
        t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / ((dx * dx + dy * dy) or 1.0)
        t = max(0.0, min(1.0, t))
        best = min(best, math.dist(p, (a[0] + dx * t, a[1] + dy * t)))
    return best


def trim(points: Sequence[Point], start: float, end: float) -> list[Point]:
    """The polyline with `start` units cut from its beginning and `end` from its end (never shorter than a stub)."""
    total = length(points)
    if total <= 1e-6:
        return list(points)
    if start + end > total * 0.8:
        # a short hop between close unit points: keep the middle fifth so the arrow stays visible
        scale = total * 0.8 / (start + end)
        start, end = start * scale, end * scale
    return _cut(_cut(list(points), start)[::-1], end)[::-1]


def _cut(points: list[Point], amount: float) -> list[Point]:
    for i, (a, b) in enumerate(zip(points, points[1:])):
        d = distance(a, b)
        if amount < d:
            t = amount / d
            return [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), *points[i + 1:]]
        amount -= d
    return points[-2:]


def head(points: Sequence[Point], size: float) -> tuple[list[Point], list[Point]]:
    """(the shaft, shortened so it ends inside the head; the head's triangle, its tip at the last point)."""
    tip = points[-1]
    # along the line's last few units, not the chord of the head's length: on a short hop's tight bow that chord
    # turned the head sideways, pointing past the unit's corner instead of into it
    base = point_at(points, 1 - 4 / max(length(points), 1e-6))
    dx, dy = tip[0] - base[0], tip[1] - base[1]
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    back = (tip[0] - ux * size, tip[1] - uy * size)
    w = size * 0.55
    triangle = [tip, (back[0] - uy * w, back[1] + ux * w), (back[0] + uy * w, back[1] - ux * w)]
    shaft = trim(points, 0, size * 0.6)
    return shaft, triangle


def in_ring(p: Point, ring: Sequence[Point]) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(ring, [*ring[1:], ring[0]]):
        if (y1 > p[1]) != (y2 > p[1]) and p[0] < x1 + (p[1] - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def inside(p: Point, rings: Sequence[Sequence[Point]]) -> bool:
    """Inside a region: within its outline and in none of its holes."""
    return in_ring(p, rings[0]) and not any(in_ring(p, r) for r in rings[1:])
