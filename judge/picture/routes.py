"""Where a move's arrow runs: a gentle curve from unit to destination, or, where that curve would cross a third
province (the North Sea to the Channel across England), through the middle of the border the two provinces share,
so that an arrow never reads as a move through a place the unit does not enter."""
from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from itertools import pairwise

from judge.maps import Map
from judge.picture import inside, shapes
from judge.picture.arrows import clear_of
from judge.picture.geometry import Geometry, Point

_BORDERS: dict[tuple[int, str, str], Point | None] = {}     # (id of the geometry, a, b) -> the border's middle
HAIR = 6.0               # how much of a route may lie outside its two provinces (a coast's wiggle), in picture units
_END = 15.0              # a route crosses a border no nearer its end than this (or a quarter of its length)
_STEP = 4.0              # ... measured every this many units along it


Box = tuple[float, float, float, float]
# the same moves come back phase after phase; the grid's ways are worth keeping too
_PATHS: dict[tuple[int, Point, str, str, bool, tuple[str, ...]], list[Point]] = {}
_INNER: dict[tuple[int, Point, Point, str, str, tuple[str, ...]], list[Point] | None] = {}


def move_path(g: Geometry, start: Point, src: str, dest_loc: str, by_border: bool = True,
              via: tuple[str, ...] = ()) -> list[Point]:
    """The points of the arrow of a move from `start` (in province src) to dest_loc (a new list each time).
    `by_border`: may it run through the border the provinces share? Not a fleet's between two coasts, whose shared
    border is a land one (Norway to Sweden goes by the Skagerrak's water, not over the mountains): it keeps to the
    two and the seas `via` (see waters())."""
    key = (id(g), start, src, dest_loc, by_border, via)
    path = _PATHS.get(key)
    if path is None:
        if len(_PATHS) > 8192:
            _PATHS.clear()
        path = _PATHS[key] = rerouted(g, shapes.bent(start, g.location_point(dest_loc)), src, dest_loc, by_border,
                                      via=via)
    return list(path)


def rerouted(g: Geometry, path: list[Point], src: str, dest_loc: str, by_border: bool = True,
             clear: Callable[[list[Point]], bool] | None = None, around: Sequence[Box] = (),
             blocked: Sequence[Box] = (), via: tuple[str, ...] = ()) -> list[Point]:
    """`path`, a curve from a unit in src to dest_loc (a move's, or a dislodged unit's retreat), if it keeps to the
    two provinces (but for a hair: a coast's wiggle); else the straight line between its ends, if that does; else a
    curve through the point of the border the two share that makes the shortest way, of those that keep to them
    (the border's middle lay behind Cormouth's east coast: the arrow to the Amber Sea made a hook), or the one that
    strays least. With `clear` (a test of a way: does it keep off the units it must?), the first way that passes it
    too, if one does, trying ways past the corners of the boxes `around` as well, and the shortest way inside the
    two provinces that keeps out of the boxes `blocked` (the units `clear` keeps off). Not `by_border` (a fleet
    between two coasts): the same, but kept to the two provinces and the seas `via`, never through their border."""
    dest = dest_loc[:3]
    if src == dest or src not in g.provinces or dest not in g.provinces or not (by_border or via) \
            or any(v not in g.provinces for v in via):
        return path
    keep = _keep(g, src, dest, via)
    best, best_clear = (math.inf, path), (math.inf, path)
    ways = _ways(g, path, src, dest, around, blocked) if by_border else _inner_ways(g, path, src, dest, blocked, via)
    for way in ways:
        passes = clear is None or clear(way)
        off = stray(way, keep, max(HAIR, best_clear[0] if passes else best[0]))
        if off <= HAIR and passes:
            return way
        if passes and off < best_clear[0]:
            best_clear = (off, way)
        if best[0] > HAIR and off < best[0]:          # (of those that keep to them, the first)
            best = (off, way)
    if not by_border and clear is not None and border_middle(g, src, dest) is not None:
        # a fleet between two coasts with no clear way by water (Denmark's dislodged fleet to Kiel, round the unit
        # that took its place and past Heligoland's): across the land the two share, rather than over a third place
        two = _keep(g, src, dest)
        for way in _ways(g, path, src, dest, around, blocked):
            if clear(way):
                off = stray(way, two, best_clear[0])
                if off <= HAIR:
                    return way
                if off < best_clear[0]:
                    best_clear = (off, way)
    # None does both: of those clear of the units, the one that strays least (a unit filling the Channel's narrow
    # east end: past it over a sliver of coast, not across Picardy); else the one that strays least
    return best_clear[1] if best_clear[0] < math.inf else best[1]


def _ways(g: Geometry, path: list[Point], src: str, dest: str, around: Sequence[Box],
          blocked: Sequence[Box] = ()) -> Iterator[list[Point]]:
    """The ways rerouted tries, in turn."""
    a, b = path[0], path[-1]
    yield path
    yield shapes.bent(a, b, bend=0.0)
    # the middle of the border first, where the way through it runs on, not back (the middle of the border Cormouth
    # shares with the Amber Sea lies west of its east coast: a hook), its arrow clear of the border's ends and the
    # units there (Norway to Sweden by the border's middle leaves the Skagerrak's fleet room for its own line)
    middle = border_middle(g, src, dest)
    if middle is not None and _onwards(a, middle, b):
        yield shapes.through([a, middle, b])
    crossings = sorted(_border_points(g, src, dest), key=lambda p: shapes.distance(a, p) + shapes.distance(p, b))
    # a smooth curve through the border; else, where a province narrows (the Channel's east end, between England
    # and Picardy), two straight lines meeting on it
    for p in crossings:
        yield shapes.through([a, p, b])
    for p in crossings:
        yield _lines(a, p, b)
    # where a province bends round the other (St Petersburg's north coast to Norway, beyond Finland): the shortest
    # way inside the two
    yield from _inner_ways(g, path, src, dest, blocked)
    # past a unit in the way, then through the border
    corners = [(x + m * sx, y + m * sy) for box in around for m in (2.0, 6.0, 12.0)
               for x, sx in ((box[0], -1), (box[2], 1)) for y, sy in ((box[1], -1), (box[3], 1))]
    for c in sorted(corners, key=lambda c: shapes.distance(a, c) + shapes.distance(c, b)):
        yield shapes.through([a, c, b])
        for p in crossings[:4]:
            yield shapes.through([a, c, p, b])
    # ... or along one side of it, close (a unit filling a narrow sea: the Channel's east end)
    for box in around:
        for m in (2.0, 5.0):
            x0, y0, x1, y1 = box[0] - m, box[1] - m, box[2] + m, box[3] + m
            for c, d in (((x0, y0), (x1, y0)), ((x0, y1), (x1, y1)), ((x0, y0), (x0, y1)), ((x1, y0), (x1, y1))):
                if shapes.distance(a, d) < shapes.distance(a, c):
                    c, d = d, c
                for p in crossings[:4]:
                    yield _lines(a, c, d, p, b)


def _inner_ways(g: Geometry, path: list[Point], src: str, dest: str, blocked: Sequence[Box],
                via: tuple[str, ...] = ()) -> Iterator[list[Point]]:
    """The shortest way inside the provinces (src, dest and `via`), kept for the map, then one that keeps out of
    the boxes `blocked` too, each as a curve, as straight lines with their corners rounded, and as straight lines;
    `via` given: the path and the straight line first (from coast to coast, those are the ways a border would have
    been)."""
    a, b = path[0], path[-1]
    if via:
        yield path
        yield shapes.bent(a, b, bend=0.0)
    key = (id(g), a, b, src, dest, via)
    if key not in _INNER:
        if len(_INNER) > 1024:
            _INNER.clear()
        _INNER[key] = inside.way(a, b, _keep(g, src, dest, via))
    for inner in (_INNER[key], inside.way(a, b, _keep(g, src, dest, via), blocked) if blocked else None):
        if inner is not None:
            yield shapes.through(inner)
            yield _lines(*shapes.corners_rounded(inner))
            yield _lines(*inner)


def _keep(g: Geometry, src: str, dest: str, via: tuple[str, ...] = ()) -> tuple[Sequence[Sequence[Point]], ...]:
    return tuple(g.provinces[p].rings for p in (src, dest, *via))


def _onwards(a: Point, p: Point, b: Point) -> bool:
    """Does the way from a through p to b head on towards b on both legs (never back)?"""
    dx, dy = b[0] - a[0], b[1] - a[1]
    return (p[0] - a[0]) * dx + (p[1] - a[1]) * dy > 0 and (b[0] - p[0]) * dx + (b[1] - p[1]) * dy > 0


def _lines(*points: Point) -> list[Point]:
    """Straight from point to point, with points along each line (a bow or a trim treats it as any curve)."""
    out = [points[0]]
    for p, q in pairwise(points):
        out += shapes.bent(p, q, bend=0.0, steps=8)[1:]
    return out


def unit_path(m: Map, g: Geometry, start: Point, kind: str, loc: str, dest_loc: str,
              others: Sequence[Box] = ()) -> list[Point]:
    """move_path for a unit of `kind` at loc (drawn at `start`) moving to dest_loc: through the border the two
    provinces share, or, a fleet between two coasts, by the seas beside both; kept out of the boxes `others` (third
    units' tokens: units are drawn over the orders, and Denmark's fleet to Kiel ran under Heligoland's) where a
    way inside the provinces does, but for its ends (which run from and to tokens of their own)."""
    border, via = lane(m, kind, loc, dest_loc)
    path = move_path(g, start, loc[:3], dest_loc, border, via)

    def clear(way: list[Point]) -> bool:
        return clear_of(shapes.trim(way, _END, _END), others)
    if not others or clear_of(path, others) or clear(path):      # (the whole path first: no trimming to do)
        return path
    return rerouted(g, path, loc[:3], dest_loc, border, clear, blocked=others, via=via)


def lane(m: Map, kind: str, loc: str, dest_loc: str) -> tuple[bool, tuple[str, ...]]:
    """How a unit of `kind` at loc is drawn going to dest_loc: (through the border the provinces share?, else the
    seas its line may cross)."""
    border = by_border((m.provinces[loc[:3]].terrain, m.provinces[dest_loc[:3]].terrain), kind)
    return border, () if border else waters(m, loc, dest_loc)


def waters(m: Map, loc: str, dest_loc: str) -> tuple[str, ...]:
    """The seas a fleet's line between two coasts may cross: those a fleet reaches from both (Brest to Picardy: the
    Channel)."""
    near = {a[:3] for a in m.fleet_adj.get(dest_loc, ())}
    return tuple(sorted({a[:3] for a in m.fleet_adj.get(loc, ()) if a[:3] in near
                         and m.provinces[a[:3]].terrain == "sea"}))


def by_border(terrains: tuple[str, str], kind: str) -> bool:
    """May a unit of `kind` going between provinces of these terrains be drawn through the border they share? Not a
    fleet's between two coasts, whose shared border is a land one."""
    return kind == "A" or "sea" in terrains


def stray(path: Sequence[Point], keep: Sequence[Sequence[Sequence[Point]]], enough: float = math.inf) -> float:
    """How much of the path lies outside every one of the regions `keep` (each an outline and its holes), measured
    every few units along it; once past `enough`, no further (the caller has its answer)."""
    boxes = [_box(rings[0]) for rings in keep]
    out = 0.0
    for a, b in pairwise(path):
        seg = shapes.distance(a, b)
        n = max(1, math.ceil(seg / _STEP))
        for k in range(n):
            t = (k + 0.5) / n
            p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            if not any(box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3] and shapes.inside(p, rings)
                       for box, rings in zip(boxes, keep)):
                out += seg / n
                if out > enough:
                    return out
    return out


def _box(ring: Sequence[Point]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in ring], [p[1] for p in ring]
    return min(xs), min(ys), max(xs), max(ys)


def _border_points(g: Geometry, a: str, b: str) -> list[Point]:
    """Points along the border provinces a and b share, a few units apart, but for its ends: an arrow through a
    border's end grazes the province that meets it there, and leaves a unit there no room (Norway to Sweden ran
    by the Skagerrak's fleet)."""
    out: list[Point] = []
    for run in _runs(g, a, b):
        pts = [g.vertices[i] for i in run]
        size = shapes.length(pts)
        margin = min(_END, size / 4)
        n = max(1, math.ceil((size - 2 * margin) / 10.0))
        out += [shapes.point_at(pts, (margin + (size - 2 * margin) * k / n) / size) for k in range(n + 1)] if size \
            else pts[:1]
    return out


def border_middle(g: Geometry, a: str, b: str) -> Point | None:
    """The middle of the border provinces a and b share (by the vertices their outlines have in common); None if
    they share none (a move by convoy, or provinces that touch at a point)."""
    key = (id(g), *sorted((a, b)))
    if key not in _BORDERS:
        if len(_BORDERS) > 4096:
            _BORDERS.clear()
        _BORDERS[key] = _middle(g, a, b)
    return _BORDERS[key]


def _middle(g: Geometry, a: str, b: str) -> Point | None:
    runs = _runs(g, a, b)
    if not runs:
        return None
    # The longest stretch of border they share (two provinces may touch in more than one place): its halfway mark.
    best = max(([g.vertices[i] for i in run] for run in runs), key=shapes.length)
    return shapes.point_at(best, 0.5)


def _runs(g: Geometry, a: str, b: str) -> list[list[int]]:
    """The stretches of border provinces a and b share, as runs of vertex indices."""
    edges_b = {frozenset(e) for ring in g.provinces[b].indices for e in zip(ring, (*ring[1:], ring[0]))}
    runs: list[list[int]] = []
    for ring in g.provinces[a].indices:
        ring_runs: list[list[int]] = []
        for i, j in zip(ring, (*ring[1:], ring[0])):
            if frozenset((i, j)) not in edges_b:
                continue
            if ring_runs and ring_runs[-1][-1] == i:
                ring_runs[-1].append(j)
            else:
                ring_runs.append([i, j])
        if len(ring_runs) > 1 and ring_runs[-1][-1] == ring_runs[0][0]:     # a run across the ring's start
            ring_runs[0] = ring_runs.pop() + ring_runs[0][1:]
        runs += ring_runs
    return runs
