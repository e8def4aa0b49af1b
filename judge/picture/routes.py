"""Where a move's arrow runs: a gentle curve from unit to destination, or, where that curve would cross a third
province (the North Sea to the Channel across England), through the middle of the border the two provinces share,
so that an arrow never reads as a move through a place the unit does not enter."""
from __future__ import annotations

from judge.picture import shapes
from judge.picture.geometry import Geometry, Point

_BORDERS: dict[tuple[int, str, str], Point | None] = {}     # (id of the geometry, a, b) -> the border's middle
_SAMPLES = 12            # points of the curve looked at
_STRAY = 2               # how many of them may lie outside both provinces (a coast's wiggle) before it is rerouted


_PATHS: dict[tuple[int, Point, str, str, bool], list[Point]] = {}   # the same moves come back phase after phase


def move_path(g: Geometry, start: Point, src: str, dest_loc: str, by_border: bool = True) -> list[Point]:
    """The points of the arrow of a move from `start` (in province src) to dest_loc (a new list each time).
    `by_border`: may it run through the border the provinces share? Not a fleet's between two coasts, whose shared
    border is a land one (Norway to Sweden goes by the Skagerrak's water, not over the mountains)."""
    key = (id(g), start, src, dest_loc, by_border)
    path = _PATHS.get(key)
    if path is None:
        if len(_PATHS) > 8192:
            _PATHS.clear()
        path = _PATHS[key] = _route(g, start, src, dest_loc, by_border)
    return list(path)


def _route(g: Geometry, start: Point, src: str, dest_loc: str, by_border: bool) -> list[Point]:
    return rerouted(g, shapes.bent(start, g.location_point(dest_loc)), src, dest_loc, by_border)


def rerouted(g: Geometry, path: list[Point], src: str, dest_loc: str, by_border: bool = True) -> list[Point]:
    """`path`, a curve from a unit in src to dest_loc (a move's, or a dislodged unit's retreat), or, where it crosses a
    third province, a curve from its start through the middle of the border the two share to its end."""
    dest = dest_loc[:3]
    if not by_border or src == dest or src not in g.provinces or dest not in g.provinces or \
            not _strays(g, path, src, dest):
        return path
    middle = border_middle(g, src, dest)
    return path if middle is None else shapes.through([path[0], middle, path[-1]])


def by_border(terrains: tuple[str, str], kind: str) -> bool:
    """May a unit of `kind` going between provinces of these terrains be drawn through the border they share? Not a
    fleet's between two coasts, whose shared border is a land one."""
    return kind == "A" or "sea" in terrains


def _strays(g: Geometry, path: list[Point], src: str, dest: str) -> bool:
    a, b = g.provinces[src].rings, g.provinces[dest].rings
    step = max(1, len(path) // _SAMPLES)
    outside = sum(1 for p in path[step:-step:step] if not shapes.inside(p, a) and not shapes.inside(p, b))
    return outside > _STRAY


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
    if not runs:
        return None
    # The longest stretch of border they share (two provinces may touch in more than one place): its halfway mark.
    best = max(([g.vertices[i] for i in run] for run in runs), key=shapes.length)
    return shapes.point_at(best, 0.5)
