"""The shortest way between two points that keeps inside given regions (a move's two provinces), for an arrow no
curve keeps to: where a province bends round its neighbour (St Petersburg's north coast meets Norway only beyond
Finland; the Western Mediterranean reaches the Atlantic only through the strait), a line from unit to destination
crosses a third province however it bows.

The regions are laid on a grid of cells a few picture units wide (a cell is in when its centre is: a scan of each
row against the outlines' edges); the way is the cheapest chain of neighbouring cells, a step dearer the nearer it
runs to the regions' edge (an arrow down the middle of a neck, not along its coast), then pulled straight wherever a
straight line keeps to cells that are in.
"""
from __future__ import annotations

import heapq
import math
from collections import deque
from collections.abc import Sequence

from judge.picture.geometry import Point

CELL = 4.0                    # picture units a cell
_NEAR = 4                     # cells from the edge within which a step costs more
_MAX_CELLS = 400_000          # a grid larger than this is not searched (None: the caller keeps what it has)

Rings = Sequence[Sequence[Point]]


Box = tuple[float, float, float, float]


def way(a: Point, b: Point, regions: Sequence[Rings], blocked: Sequence[Box] = (), cell: float = CELL) \
        -> list[Point] | None:
    """Points from a to b, inside the regions (each an outline and its holes) but for a and b's own cells' reach,
    and outside the `blocked` boxes (other units' tokens) but near a and b; None where the regions do not join a
    and b that way (or the grid would be too large)."""
    xs = [p[0] for rings in regions for p in rings[0]]
    ys = [p[1] for rings in regions for p in rings[0]]
    if not xs:
        return None
    x0, y0 = min(xs) - cell, min(ys) - cell
    w, h = int((max(xs) - x0) / cell) + 2, int((max(ys) - y0) / cell) + 2
    if w * h > _MAX_CELLS:
        return None
    grid = _cells(regions, x0, y0, w, h, cell)
    if blocked:
        _block(grid, blocked, (a, b), x0, y0, w, h, cell)
    start, end = _nearest_in(grid, w, h, _cell_of(a, x0, y0, cell)), _nearest_in(grid, w, h, _cell_of(b, x0, y0, cell))
    if start is None or end is None:
        return None
    chain = _cheapest(grid, _depth(grid, w), w, start, end)
    if chain is None:
        return None
    centres = [(x0 + (i % w + 0.5) * cell, y0 + (i // w + 0.5) * cell) for i in chain]
    return _pulled([a, *centres[1:-1], b], grid, x0, y0, w, h, cell)


def _cells(regions: Sequence[Rings], x0: float, y0: float, w: int, h: int, cell: float) -> bytearray:
    """1 for each cell whose centre lies inside one of the regions (even-odd within a region: holes are out)."""
    grid = bytearray(w * h)
    for rings in regions:
        edges = [(p, q) for ring in rings for p, q in zip(ring, (*ring[1:], ring[0]))]
        for row in range(h):
            y = y0 + (row + 0.5) * cell
            cuts = sorted(p[0] + (y - p[1]) * (q[0] - p[0]) / (q[1] - p[1]) for p, q in edges
                          if (p[1] <= y) != (q[1] <= y))
            base = row * w
            for left, right in zip(cuts[::2], cuts[1::2]):
                first = max(0, math.ceil((left - x0) / cell - 0.5))
                last = min(w - 1, math.floor((right - x0) / cell - 0.5))
                if first <= last:
                    grid[base + first:base + last + 1] = b"\x01" * (last - first + 1)
    return grid


def _block(grid: bytearray, boxes: Sequence[Box], ends: Sequence[Point], x0: float, y0: float, w: int, h: int,
           cell: float) -> None:
    """The cells whose centres lie in the boxes made out, but those within three cells of the ends (a unit's own
    line begins beside the unit that took its place)."""
    near = (3 * cell) ** 2
    for bx0, by0, bx1, by1 in boxes:
        for y in range(max(0, int((by0 - y0) / cell)), min(h, int((by1 - y0) / cell) + 1)):
            cy = y0 + (y + 0.5) * cell
            for x in range(max(0, int((bx0 - x0) / cell)), min(w, int((bx1 - x0) / cell) + 1)):
                cx = x0 + (x + 0.5) * cell
                if bx0 <= cx <= bx1 and by0 <= cy <= by1 and \
                        all((cx - e[0]) ** 2 + (cy - e[1]) ** 2 > near for e in ends):
                    grid[y * w + x] = 0


def _cell_of(p: Point, x0: float, y0: float, cell: float) -> tuple[int, int]:
    return int((p[0] - x0) // cell), int((p[1] - y0) // cell)


def _nearest_in(grid: bytearray, w: int, h: int, at: tuple[int, int]) -> int | None:
    """The cell nearest `at` that is in (a unit's spot may sit on a coast's wiggle), within a few cells."""
    cx, cy = at
    best: tuple[float, int] | None = None
    for r in range(0, 4):
        for y in range(max(0, cy - r), min(h, cy + r + 1)):
            for x in range(max(0, cx - r), min(w, cx + r + 1)):
                if grid[y * w + x]:
                    d = (x - cx) ** 2 + (y - cy) ** 2
                    if best is None or d < best[0]:
                        best = (d, y * w + x)
        if best is not None:
            return best[1]
    return None


def _depth(grid: bytearray, w: int) -> list[int]:
    """Each cell's distance in steps from the nearest cell that is out (up to _NEAR; 0 for a cell that is out).
    (The grid's edge is out, so every cell that is in has its four neighbours on the grid.)"""
    depth = [_NEAR if v else 0 for v in grid]
    todo = deque()
    for i, v in enumerate(grid):
        if v and not (grid[i - 1] and grid[i + 1] and grid[i - w] and grid[i + w]):
            depth[i] = 1
            todo.append(i)
    while todo:
        i = todo.popleft()
        d = depth[i] + 1
        for j in (i - 1, i + 1, i - w, i + w):
            if depth[j] > d:
                depth[j] = d
                todo.append(j)
    return depth


def _cheapest(grid: bytearray, depth: list[int], w: int, start: int, end: int) -> list[int] | None:
    """The cheapest chain of cells that are in from start to end (A*, by straight-line distance), or None. A step
    costs its length, up to three times that next to the regions' edge."""
    ex, ey = end % w, end // w
    steps = [(dy * w + dx, math.hypot(dx, dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    dearer = [1.0 + 2.0 * (_NEAR - d) / _NEAR for d in depth]
    cost = [math.inf] * len(grid)
    cost[start] = 0.0
    came: dict[int, int] = {}
    todo = [(0.0, start)]
    pop, push, hypot = heapq.heappop, heapq.heappush, math.hypot
    while todo:
        _, i = pop(todo)
        if i == end:
            chain = [i]
            while i in came:
                i = came[i]
                chain.append(i)
            return chain[::-1]
        here = cost[i]
        for step, size in steps:
            j = i + step
            if grid[j]:
                c = here + size * dearer[j]
                if c < cost[j]:
                    cost[j], came[j] = c, i
                    push(todo, (c + hypot(ex - j % w, ey - j // w), j))
    return None


def _pulled(points: list[Point], grid: bytearray, x0: float, y0: float, w: int, h: int, cell: float) -> list[Point]:
    """The chain with every point dropped that a straight line between its neighbours can do without."""
    def clear(p: Point, q: Point) -> bool:
        n = max(1, int(math.dist(p, q) / (cell / 2)))
        for k in range(1, n):
            x, y = _cell_of((p[0] + (q[0] - p[0]) * k / n, p[1] + (q[1] - p[1]) * k / n), x0, y0, cell)
            if not (0 <= x < w and 0 <= y < h and grid[y * w + x]):
                return False
        return True
    out = [points[0]]
    i = 0
    while i < len(points) - 1:
        j = len(points) - 1
        while j > i + 1 and not clear(points[i], points[j]):
            j -= 1
        out.append(points[j])
        i = j
    return out
