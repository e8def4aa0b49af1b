"""Where a dislodged unit is drawn: beside the unit that took its province, well inside its own (on the border it
read as its neighbour's: Picardy's stood half over the Channel, Naples' half in Apulia)."""
from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

from judge.picture import placement, routes, shapes
from judge.picture.geometry import Geometry, Shape
from judge.picture.shapes import Point

DISLODGED_SCALE = 0.85     # a dislodged unit is drawn this much smaller than the others
# half width and height of a dislodged fleet (the wider kind) with its red halo, and room kept round it
_W, _H = placement.TOKEN["F"][0] * DISLODGED_SCALE + 2.0, placement.TOKEN["F"][1] * DISLODGED_SCALE + 2.0
_DEEP = 8.0                # a token this far inside its border reads as inside: deeper is no better
_RADII = (24.0, 28.0, 33.0, 39.0, 46.0)   # (round the ellipse x r, y 0.8 r)
_LETTER = 7.0              # half the side of a unit's letter, never covered
_HIDING = 0.15             # each square unit of a unit's token covered costs as much as being 0.015 less deep
_NEAR = 0.8                # ... each unit further from the unit point, 0.08
_DOT, _DOT_GAP = 6.0, 7.5   # ... and each unit nearer the centre dot than _DOT_GAP, 0.6
_LABEL = 30.0              # ... and covering the label where it has nowhere else to go, 3
_ATTACK = 40.0             # ... and lying on the attack's arrow, 4
_ANGLES = 16
_SPOTS: dict[tuple[int, str, str | None], tuple[Geometry, Point]] = {}


def dislodged_point(g: Geometry, loc: str, attacker: str | None = None) -> Point:
    """Where a unit dislodged from loc is drawn; `attacker`, if known, the province the unit that took its place
    came from: the spot keeps off that unit's arrow where it can (Smyrna's Turkish army lay on the head of the arrow
    of the Italian army that took it). Once per drawing, place and attacker."""
    key = (id(g), loc, attacker)
    cached = _SPOTS.get(key)
    if cached and cached[0] is g:
        return cached[1]
    abbr = loc[:3]
    at = g.location_point(loc)
    approach: list[Point] = []
    if attacker in g.provinces and attacker != abbr:
        # the last of the attack's arrow (as judge.picture.routes draws it) outside the unit that came in
        w, h = placement.TOKEN["F"]
        path = routes.move_path(g, g.provinces[attacker].unit, attacker, abbr)
        approach = [p for p in shapes.trim(path, max(0.0, shapes.length(path) - 60), 0)
                    if abs(p[0] - at[0]) > w or abs(p[1] - at[1]) > h]
    spot = _spot(g.provinces[abbr], at, placement.label_spots(g, abbr), approach)
    _SPOTS[key] = (g, spot)                 # the entry keeps g alive: its id names no other drawing meanwhile
    return spot


def _spot(s: Shape, at: Point, label_spots: Sequence[Point], approach: Sequence[Point] = ()) -> Point:
    """The spot round `at` whose token lies deepest inside the province (up to _DEEP), near `at`, leaving the tokens
    of the places a unit stands in it (one took this unit's place) as much in sight as it can and their letters
    wholly, the centre dot and the label in sight, and the `approach` of the attack's arrow (its points). In a
    province too small for two tokens side by side (Picardy, Naples) it covers a corner of the unit that took its
    place rather than stand on the border."""
    edges = [e for ring in s.rings for e in pairwise((*ring, ring[0]))]
    stands = [p for p in (s.unit, at, *s.coasts.values()) if p]
    w, h = placement.TOKEN["F"]
    label = placement.label_box(s.label[0], s.label[1], s.name)
    # where the label may go instead, clear of the units and the dot (a dislodged unit on its own spot moves it)
    aside = [box for box in (placement.label_box(x, y, s.name) for x, y in label_spots)
             if not any(placement.overlap(box, placement.token_box(q[0], q[1], "F")) for q in stands)
             and not (s.center and placement.overlap(box, _square(s.center, 7.0)))]
    tries = []
    for r in _RADII:
        for k in range(_ANGLES):
            angle = 2 * math.pi * k / _ANGLES
            p = (at[0] + r * math.cos(angle), at[1] + r * 0.8 * math.sin(angle))
            if any(abs(p[0] - q[0]) < _W + _LETTER and abs(p[1] - q[1]) < _H + _LETTER for q in stands):
                continue                                    # on a unit's letter
            cost = 0.0
            if any(abs(p[0] - q[0]) < _W + 3 and abs(p[1] - q[1]) < _H + 3 for q in approach):
                cost += _ATTACK                             # on the arrow of the unit that came in
            hidden = sum(max(0.0, w + _W - abs(p[0] - q[0])) * max(0.0, h + _H - abs(p[1] - q[1])) for q in stands)
            cost += _NEAR * r + _HIDING * hidden
            if s.center:
                cost += _DOT * max(0.0, _DOT_GAP - _box_gap(p, s.center))   # (the dot's middle covered: 6 * 7.5)
            mine = placement.token_box(p[0], p[1], "F", DISLODGED_SCALE)
            if placement.overlap(mine, label):
                # the label moves aside: cheap if it has somewhere to go, clear of this token too
                cost += 5 if any(not placement.overlap(mine, box) for box in aside) else _LABEL
            tries.append((cost, p))
    tries.sort()
    best, best_score = (at[0] + _RADII[-1], at[1]), -math.inf
    for cost, p in tries:
        if 10 * _DEEP - cost <= best_score:
            break                                           # no spot left can do better, however deep
        if shapes.inside(p, s.rings):
            deep = _depth(p, edges)
            # sticking out of the province costs twice as much as lying less deep in it: out, it reads as elsewhere
            score = (10 * min(deep, _DEEP) if deep >= 0 else 20 * deep) - cost
            if score > best_score:
                best, best_score = p, score
    return best


def _depth(p: Point, edges: Sequence[tuple[Point, Point]]) -> float:
    """How far a token at p lies inside the outline (p is inside): the least, over the outline's edges, of the
    distance from p to the edge less the token's reach towards it."""
    least = math.inf
    for (ax, ay), (bx, by) in edges:
        dx, dy = bx - ax, by - ay
        span = dx * dx + dy * dy
        t = 0.0 if span == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / span))
        vx, vy = ax + t * dx - p[0], ay + t * dy - p[1]
        d = math.hypot(vx, vy)
        if d - _W - _H < least:                             # (nearer than a token's reach: worth the exact sum)
            reach = (_W * abs(vx) + _H * abs(vy)) / d if d else 0.0
            least = min(least, d - reach)
    return least


def _square(c: Point, r: float) -> tuple[float, float, float, float]:
    return (c[0] - r, c[1] - r, c[0] + r, c[1] + r)


def _box_gap(p: Point, c: Point) -> float:
    """How far the point c lies outside a dislodged token at p."""
    dx, dy = max(abs(c[0] - p[0]) - _W, 0.0), max(abs(c[1] - p[1]) - _H, 0.0)
    return math.hypot(dx, dy)
