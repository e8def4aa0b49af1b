"""The fast reading of orders in the judge's own notation, as programs and the JSON interface write them ("A PAR -
BUR", "F NTH C A LON - BEL"): most orders sent, read without the lenient reader (judge.orders.parser)."""
from __future__ import annotations

import re

from judge.maps import Map, kept_per_map
from judge.orders.parsed import Parsed, Place

# A location as a whole ("PAR", "STP/SC"): it is looked up as it is written (_places).
_LOC = r"([A-Z]{3}(?:/[NSE]C)?)"
# Canonical notation, as programs and the JSON interface write it ("A PAR - BUR", "F NTH C A LON - BEL"). Groups of a
# movement order: 1 type, 2 place, 3 H, 4 destination, 5 VIA, 6 S or C, 7 named type, 8 named place, 9 its destination.
_MOVEMENT = re.compile(rf"^([AF]) {_LOC}(?: (H)| - {_LOC}( VIA)?| ([SC]) ([AF]) {_LOC}(?: - {_LOC}| H)?)?$")
# Of a retreat order: 1 type, 2 place, 3 where it retreats, 4 D.
_RETREAT = re.compile(rf"^([AF]) {_LOC} (?:R {_LOC}|(D))$")

# Per map: each place canonical notation can name, as its Place, made once ("PAR", "STP/SC", and "PAR/NC" too: a
# coast the province lacks is the check's to refuse). A Parsed is never changed, so its places can be shared.
_PLACES: dict[int, tuple[Map, dict[str, Place]]] = {}


def _places(m: Map) -> dict[str, Place]:
    return kept_per_map(_PLACES, m, _make_places)


def _make_places(m: Map) -> dict[str, Place]:
    places = {}
    for prov in m.provinces:
        places[prov] = Place(prov, None, prov)
        for coast in ("NC", "SC", "EC"):
            places[f"{prov}/{coast}"] = Place(prov, coast, prov)
    return places


def canonical(text: str, m: Map, phase_kind: str) -> Parsed | None:
    """The fast reading of canonical notation; None when the text is anything else (then the lenient reader runs),
    a place not on the map among it."""
    if phase_kind == "M":
        match = _MOVEMENT.match(text)
        if match is None:
            return None
        kind, loc, _, dest, via, verb, named_kind, named, named_dest = match.groups()
        places = _places(m)
        place = places.get(loc)
        if place is None:
            return None
        if dest is not None:
            to = places.get(dest)
            return None if to is None else Parsed("move", text, kind, place, [to], via is not None)
        if verb is None:
            return Parsed("hold", text, kind, place)
        target = places.get(named)
        if target is None:
            return None
        if named_dest is None:
            return None if verb == "C" else Parsed("support", text, kind, place, None, False, named_kind, target)
        to = places.get(named_dest)
        if to is None:
            return None
        return Parsed("support" if verb == "S" else "convoy", text, kind, place, None, False, named_kind, target, to)
    if phase_kind != "R":
        return None
    match = _RETREAT.match(text)
    if match is None:
        return None
    kind, loc, dest, disband = match.groups()
    places = _places(m)
    place = places.get(loc)
    if place is None:
        return None
    if disband:
        return Parsed("disband", text, kind, place)
    to = places.get(dest)
    return None if to is None else Parsed("retreat", text, kind, place, [to])


__all__ = ["canonical"]
