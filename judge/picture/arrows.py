"""Arrows between unit tokens: where a line leaves one unit and stops at another, bowed out when the two are so
close that a straight line between their edges would be too short to be seen."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise

from judge.picture import placement, shapes
from judge.picture.shapes import Point

GAP = 1.5               # an arrow stops this far from the edge of the unit it leaves or reaches
X_GAP = placement.X_R + 2.5    # a failed move stops this much further off: room for its X, clear of the unit
CENTRE_CLEAR = placement.X_R + 8.0  # ... and its X clear of the destination's centre dot (radius 6.8 drawn)
HEAD = 13.0             # a move's arrowhead
SHAFT = 14.0            # the least of a line that shows beyond its head or its X: less reads as a stub
SMALL_HEAD = 9.0        # ... but a straight hop between close units may make do with a smaller head and less line
SMALL_SHAFT = 9.0
CROSS_SHAFT = 14.0      # ... and a failed move's line before its X (the X says which end it stops at)
# How far a short hop's curve may bow out, tried in turn (the mid point goes half this much of the distance aside)
BENDS = (0.3, 0.5, 0.7, 0.9, 1.1, 1.3)
MOST = 60.0

Cuts = Callable[[Sequence[Point]], tuple[float, float]]
Box = tuple[float, float, float, float]


def order_failed(marks: tuple[str, ...]) -> bool:
    """Did the order itself fail? A unit that held (or supported) and was dislodged still did what it was told."""
    return any(mark != "dislodged" for mark in marks)


def edge(path: Sequence[Point], kind: str, at_end: bool = True, scale: float = 1.0, grow: float = 0.0) -> float:
    """How far along the path, from its last (or first) point, it leaves the token of a unit standing there (its box
    grown by `grow` each way): arrows start and end at a unit's edge (not in the middle of it, nor on the label
    beside it)."""
    pts = path[::-1] if at_end else path
    w, h = placement.TOKEN.get(kind, placement.TOKEN["F"])
    w, h = w * scale + grow, h * scale + grow
    cx, cy = pts[0]
    run = 0.0
    for a, b in pairwise(pts):
        dx, dy = b[0] - a[0], b[1] - a[1]
        seg = (dx * dx + dy * dy) ** 0.5
        if abs(b[0] - cx) <= w and abs(b[1] - cy) <= h:
            run += seg
            continue
        # b is outside the box, a inside: the fraction of a-b at which it crosses the box's side
        ts = [((cx + w if dx > 0 else cx - w) - a[0]) / dx if dx else float("inf"),
              ((cy + h if dy > 0 else cy - h) - a[1]) / dy if dy else float("inf")]
        return run + max(0.0, min(ts)) * seg
    return run


def cuts(start: tuple[str, float] | None, end: str, cross: bool = False, dot: Point | None = None) -> Cuts:
    """What to cut off a path's two ends: the edge of the token at its start ((kind, scale); None: none is drawn
    there) and of the one at its end, a gap beyond each; with a `cross` (a failure's X) at the end, as far again
    as keeps the X clear of that token (from whichever side the line comes) and of the centre `dot` (an X there
    hid whose centre it is: Sweden's, under a bounce)."""
    def cut(path: Sequence[Point]) -> tuple[float, float]:
        s = edge(path, start[0], at_end=False, scale=start[1]) + GAP if start else 0.0
        e = edge(path, end, grow=GAP + X_GAP) if cross else edge(path, end) + GAP
        if dot is not None:
            total = shapes.length(path)
            for _ in range(8):                              # (round a curve, each step falls a little short)
                near = CENTRE_CLEAR - shapes.distance(shapes.point_at(path, 1 - e / total), dot)
                if near <= 0 or e + near >= total:
                    break
                e += near + 1
        return s, e
    return cut


def roomy(path: list[Point], cut: Cuts, need: float, bendable: bool = True, either_side: bool = False,
          within: Sequence[Sequence[Sequence[Point]]] = (), straight: float = 0.0,
          avoid: Sequence[Box] = ()) -> tuple[list[Point], float, float]:
    """The path and what to cut off its ends, so that `need` of it is left to draw (`straight`, if less, is enough
    for the path as it is) clear of the boxes to `avoid`: the path itself when it does, else a curve between its
    ends bowed out until it does, to the right of travel (two moves between the same places then bow apart) or to
    either side, and kept to the regions `within` (the two provinces: a bow into a third read as a move there); when
    none does, the one of those kept there that does best (the path itself is kept). A tight bow is a hook: a
    straight line, even a short one, reads better where there is room for it."""
    s, e = cut(path)
    left = shapes.length(path) - s - e
    enough = left >= min(need, straight or need)
    clear = not avoid or clear_of(shapes.trim(path, s, e), avoid)
    if not bendable or (enough and clear):
        return path, s, e
    # long enough but over a box to avoid: only a gentle bow clear of it will do (else the caller stops the line
    # short of the box)
    bends = BENDS[:2] if enough else BENDS
    best = (clear, left, path, s, e)          # (the path itself is kept to the regions; a bow must be, to win)
    a, b = path[0], path[-1]
    for side in (1, -1) if either_side else (1,):
        for bend in bends:
            bow = shapes.bent(a, b, bend=bend, most=MOST) if side > 0 else shapes.bent(b, a, bend=bend, most=MOST)[::-1]
            s, e = cut(bow)
            left = shapes.length(bow) - s - e
            pts = shapes.trim(bow, s, e)
            clear = not avoid or clear_of(pts, avoid)
            if left >= need and clear and _kept(pts, within):
                return bow, s, e
            if not enough and (clear, left) > best[:2] and _kept(pts, within):
                best = (clear, left, bow, s, e)
    return best[2], best[3], best[4]


def rounded(path: list[Point], cut: Cuts, need: float, within: Sequence[Sequence[Sequence[Point]]],
            box: Box) -> tuple[list[Point], float, float] | None:
    """The path between the same ends round the box (and what to cut off its ends), kept to the regions `within`
    with `need` of it left to draw; None if no such way is found."""
    way = detour(path[0], path[-1], [box])
    if not way:
        return None
    s, e = cut(way)
    pts = shapes.trim(way, s, e)
    if shapes.length(way) - s - e < need or not clear_of(pts, [box]) or not _kept(pts, within):
        return None
    return way, s, e


def short_of(path: Sequence[Point], start: float, box: Box) -> float | None:
    """What to cut off the path's end so that, drawn from `start` along it, it stops a gap short of the box (None
    if it never enters it)."""
    run = 0.0
    for a, b in pairwise(path):
        seg = shapes.distance(a, b)
        if run + seg > start and box[0] <= b[0] <= box[2] and box[1] <= b[1] <= box[3]:
            # b is in the box, a (or the start) is not: where along a-b the box begins, to a tenth
            lo, hi = 0.0, 1.0
            for _ in range(7):
                mid = (lo + hi) / 2
                x, y = a[0] + (b[0] - a[0]) * mid, a[1] + (b[1] - a[1]) * mid
                if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
                    hi = mid
                else:
                    lo = mid
            return max(0.0, shapes.length(path) - run - lo * seg) + GAP
        run += seg
    return None


def clear_of(pts: Sequence[Point], boxes: Sequence[Box]) -> bool:
    """Does the line keep out of every box?"""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    boxes = [b for b in boxes if b[0] <= x1 and b[2] >= x0 and b[1] <= y1 and b[3] >= y0]
    return not boxes or not any(_crosses(a, b, box) for a, b in pairwise(pts) for box in boxes)


def _crosses(a: Point, b: Point, box: Box) -> bool:
    """Does the segment a-b pass through the box? (The part of it inside each slab, narrowed axis by axis.)"""
    t0, t1 = 0.0, 1.0
    for lo, hi, p, d in ((box[0], box[2], a[0], b[0] - a[0]), (box[1], box[3], a[1], b[1] - a[1])):
        if d == 0:
            if not lo <= p <= hi:
                return False
            continue
        u, v = (lo - p) / d, (hi - p) / d
        t0, t1 = max(t0, min(u, v)), min(t1, max(u, v))
        if t0 > t1:
            return False
    return True


def _kept(pts: Sequence[Point], within: Sequence[Sequence[Sequence[Point]]]) -> bool:
    """Do the line's end and (but for one) its points lie in one of the regions?"""
    if not within:
        return True
    def held(p: Point) -> bool:
        return any(shapes.inside(p, rings) for rings in within)
    return held(pts[-1]) and sum(not held(p) for p in pts) <= 1


def _gap(p: Point, box: Box) -> float:
    """How far p lies outside the box (0 inside)."""
    dx, dy = max(box[0] - p[0], 0.0, p[0] - box[2]), max(box[1] - p[1], 0.0, p[1] - box[3])
    return (dx * dx + dy * dy) ** 0.5


def _near(line: Sequence[Point], boxes: Sequence[Box], room: float) -> list[Box]:
    """The boxes within `room` of the line's bounding box."""
    xs, ys = [p[0] for p in line], [p[1] for p in line]
    x0, y0, x1, y1 = min(xs) - room, min(ys) - room, max(xs) + room, max(ys) + room
    return [b for b in boxes if b[0] <= x1 and b[2] >= x0 and b[1] <= y1 and b[3] >= y0]


def clear_point(line: Sequence[Point], boxes: Sequence[Box], room: float, rather: Sequence[Box] = ()) -> Point:
    """The point of a line nearest its middle whose square `room` each way keeps out of every box (an X's badge is
    square), and out of the boxes `rather` where one does (or, if none keeps out of `boxes`, the clearest): for a
    failed support's X, which lay on a centre dot or a unit the line passed (`rather`: the arrowheads, which a line
    routed round a unit passes by)."""
    boxes, rather = _near(line, boxes, room), _near(line, rather, room)
    best, best_gap, second = shapes.point_at(line, 0.5), -1.0, None
    for frac in (0.5, 0.4, 0.6, 0.3, 0.7, 0.45, 0.55, 0.35, 0.65, 0.25, 0.75):
        if frac == 0.45 and not rather:
            break                                           # (the finer steps: only to find a spot off `rather`)
        p = shapes.point_at(line, frac)
        gap = min((_square_gap(p, b) for b in boxes), default=room)
        if gap >= room:
            if min((_square_gap(p, b) for b in rather), default=room) >= room:
                return p
            second = second or p
        if gap > best_gap:
            best, best_gap = p, gap
    return second or best


def _square_gap(p: Point, box: Box) -> float:
    """How far a square centred on p may reach each way and stay out of the box (by the box's corner a square comes
    nearer than a circle would)."""
    return max(box[0] - p[0], p[0] - box[2], box[1] - p[1], p[1] - box[3], 0.0)


def reach(start: Point, shaft: Sequence[Point], dot: Sequence[Box], line: Sequence[Box],
          room: float = 8.0) -> list[Point]:
    """A support's line from `start` to a point of the shaft of the move it supports: the point nearest the shaft's
    middle that lies `room` clear of the boxes `dot` (every unit: the line's end read as the unit it lay by) to
    which a line kept out of the boxes `line` (units other than its own) can be drawn, straight or bowed, else
    routed round them; or, if none, the clearest point, reached as clear of them as it can be."""
    # (a route round units keeps off the supported unit's and the destination's too where it can: a line under
    # them hid its own end)
    every = [(b[0] - 2, b[1] - 2, b[2] + 2, b[3] + 2) for b in dot]
    dot = _near(shaft, dot, room)
    fallback, fallback_gap = shapes.point_at(shaft, 0.5), -1.0
    ends = []
    for frac in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8):
        p = shapes.point_at(shaft, frac)
        gap = min((_gap(p, b) for b in dot), default=room)
        if gap >= room:
            path = around(start, p, line)
            if path:
                return path
            ends.append(p)
        if gap > fallback_gap:
            fallback, fallback_gap = p, gap
    # a bow is not enough anywhere (a crowded board): round the units in the way, to the end nearest the middle
    # that can be reached so; else to any point of the shaft off the units, the clearest first
    for boxes in (every, line):
        for p in ends:
            path = detour(start, p, boxes)
            if path:
                return path
    spots = [shapes.point_at(shaft, k / 20) for k in range(1, 20)]
    spots = sorted((-min((_gap(p, b) for b in dot), default=room), p) for p in spots)
    for gap, p in spots:
        if gap < 0:
            path = around(start, p, line, route=True)
            if path:
                return path
    return [start, fallback]


def around(a: Point, b: Point, boxes: Sequence[Box], route: bool = False) -> list[Point] | None:
    """A line from a to b kept out of the boxes (grow them by a gap: a line grazing a token's corner reads as ending
    there): straight, else gently bowed to one side or the other, else (with `route`) round them by the
    `detour` (None if none is)."""
    straight = [a, b]
    if clear_of(straight, boxes):
        return straight
    near = _near(straight, boxes, 20.0)                     # (what a bow may meet)
    for off in (12.0, 24.0, 40.0):                          # (the middle goes half this far aside)
        for bow in (shapes.bent(a, b, bend=1.0, most=off), shapes.bent(b, a, bend=1.0, most=off)[::-1]):
            if clear_of(bow, near):
                return bow
    # a bow leaning to one end: round a token by the end without swinging into one by the start (Greece's support
    # for Budapest to Serbia ran straight over the Turk dislodged beside that arrow, Albania's fleet by Greece)
    near = _near(straight, boxes, 36.0)
    for at in (0.75, 0.25):
        for off in (24.0, -24.0, 40.0, -40.0, 64.0, -64.0):
            bow = shapes.leaning(a, b, off, at)
            if clear_of(bow, near):
                return bow
    return detour(a, b, boxes) if route else None


DETOUR_MARGINS = (6.0, 14.0)    # how far beyond a box's corner a detour passes
DETOUR_LONGEST = 1.8            # ... and how much longer than the straight line it may be


def detour(a: Point, b: Point, boxes: Sequence[Box]) -> list[Point] | None:
    """A smooth line from a to b round the boxes in its way, through a point just off a corner of one of them, or
    of two (the shortest that keeps clear of them all); None if none does. Where units stand so close that no bow
    clears them (a dislodged supporter beside the unit that took its place, a line across a crowded sea)."""
    straight = shapes.distance(a, b)
    boxes = [box for box in boxes if _gap(a, box) > 0 and _gap(b, box) > 0]   # (a line can't leave a box it is in)
    near = _near([a, b], boxes, straight * 0.45 + 20.0)                  # (the boxes whose corners it may pass)
    corners = [(x + m * sx, y + m * sy) for box in near for m in DETOUR_MARGINS
               for x, sx in ((box[0], -1), (box[2], 1)) for y, sy in ((box[1], -1), (box[3], 1))]
    corners = [c for c in corners if all(_gap(c, box) > 0 for box in near)]
    longest = straight * DETOUR_LONGEST + 20.0
    ones = sorted((shapes.length(w), w) for w in ([a, c, b] for c in corners))
    for size, ways in ones:
        if size > longest:
            break
        path = shapes.through(ways)
        if clear_of(path, boxes):
            return path
    twos = sorted((shapes.length(w), w) for w in ([a, c, d, b] for c in corners for d in corners if c != d))
    for size, ways in twos[:400]:
        if size > longest:
            break
        path = shapes.through(ways)
        if clear_of(path, boxes):
            return path
    return None
