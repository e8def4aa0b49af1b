"""The drawing of a board fitted to a variant played on it with the same provinces (judge.maps.boards): a centre
marker wherever the variant has a supply centre and none where it has none (DPjudge's Britain makes York, Wales and
Clyde centres of the standard board). The outlines and every other point are the board's."""
from __future__ import annotations

import dataclasses
import math

from judge.maps import Map
from judge.picture.geometry import Geometry, Point, Shape
from judge.picture.placement import DOT_R, LABEL_SIZE, label_box, text_width, token_box
from judge.picture.shapes import distance, inside

_FITTED: dict[tuple[int, frozenset[str]], tuple[Geometry, Geometry]] = {}   # (id of the board's drawing, centres)


def fitted(g: Geometry, m: Map) -> Geometry:
    """`g` with the centre markers of `m`'s supply centres (g itself when they are the drawing's own)."""
    centres = frozenset(m.centers)
    if centres == frozenset(a for a, s in g.provinces.items() if s.center):
        return g
    key = (id(g), centres)
    cached = _FITTED.get(key)
    if cached is None or cached[0] is not g:      # (the entry keeps g alive: its id names no other drawing)
        provinces = {abbr: dataclasses.replace(s, center=_marker(g, abbr) if abbr in centres else None)
                     for abbr, s in g.provinces.items()}
        cached = _FITTED[key] = (g, dataclasses.replace(g, provinces=provinces))
    return cached[1]


def _marker(g: Geometry, abbr: str) -> Point:
    """Where a centre's marker goes: the drawing's own spot, else beside the province's label as the drawing sets
    its own markers, on whichever side the dot lies wholly in the province clear of the label, the unit and the
    coasts; else the first spot in the province; else the label's (which then moves off it)."""
    s = g.provinces[abbr]
    if s.center is not None:
        return s.center
    assert s.unit is not None
    (lx, ly), (ux, uy) = s.label, s.unit
    gap = text_width(abbr, LABEL_SIZE) / 2 + DOT_R + 3
    spots = [(lx + gap, ly), (lx - gap, ly), (lx + gap + 8, ly), (lx - gap - 8, ly), (lx, ly - 16),
             (ux + 28, uy), (ux - 28, uy), (ux, uy + 24), (lx + gap, ly - 12), (lx - gap, ly - 12),
             (ux + 28, uy + 14), (ux - 28, uy + 14)]
    within = [p for p in spots if _within(p, s)]
    label, unit = label_box(lx, ly, abbr), token_box(ux, uy, "F")
    for p in within:
        if not _meets(label, p) and not _meets(unit, p) and \
                all(distance(p, c) > DOT_R + 8 for c in s.coasts.values()):
            return p
    return within[0] if within else s.label


def _within(p: Point, s: Shape) -> bool:
    """Does the whole dot (its ring too) lie inside the province?"""
    r = DOT_R + 1
    ring = [(p[0] + r * math.cos(k * math.pi / 4), p[1] + r * math.sin(k * math.pi / 4)) for k in range(8)]
    return all(inside(q, s.rings) for q in [p, *ring])


def _meets(box: tuple[float, float, float, float], p: Point) -> bool:
    nx, ny = min(max(p[0], box[0]), box[2]), min(max(p[1], box[1]), box[3])
    return math.hypot(nx - p[0], ny - p[1]) < DOT_R
