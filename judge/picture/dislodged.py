"""Where a dislodged unit is drawn: beside the unit that took its province, inside its own."""
from __future__ import annotations

from judge.picture import shapes
from judge.picture.geometry import Geometry
from judge.picture.shapes import Point

DISLODGED_SCALE = 0.85     # a dislodged unit is drawn this much smaller than the others
_SPOTS: dict[tuple[int, str], tuple[Geometry, Point]] = {}


def dislodged_point(g: Geometry, loc: str, attacker: str | None = None) -> Point:
    """Where a unit dislodged from loc is drawn: beside the unit point, clear of the label and centre marker."""
    key = (id(g), loc)
    cached = _SPOTS.get(key)
    if cached and cached[0] is g:
        return cached[1]
    s = g.provinces[loc[:3]]
    avoid = [s.label, g.location_point(loc), *(p for p in (s.unit, s.center) if p), *s.coasts.values()]
    spot = shapes.free_spot(g.location_point(loc), s.rings, avoid)
    _SPOTS[key] = (g, spot)                 # the entry keeps g alive: its id names no other drawing meanwhile
    return spot
