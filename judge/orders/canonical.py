"""The fast reading of orders in the judge's own notation, as programs and the JSON interface write them ("A PAR -
BUR", "F NTH C A LON - BEL"): most orders sent, read without the lenient reader (judge.orders.parser)."""
from __future__ import annotations

import re

from judge.maps import Map
from judge.orders.parsed import Parsed, Place

_LOC = r"([A-Z]{3})(?:/([NSE]C))?"
# Canonical notation, as programs and the JSON interface write it ("A PAR - BUR", "F NTH C A LON - BEL").
_CANONICAL = {
    "M": re.compile(rf"^([AF]) {_LOC}(?: (H)| - {_LOC}( VIA)?| ([SC]) ([AF]) {_LOC}(?: - {_LOC}| H)?)?$"),
    "R": re.compile(rf"^([AF]) {_LOC} (?:R {_LOC}|(D))$"),
}


_PROVINCE_GROUPS = {"M": (1, 4, 9, 11), "R": (1, 3)}


def canonical(text: str, m: Map, phase_kind: str) -> Parsed | None:
    """The fast reading of canonical notation; None when the text is anything else (then the lenient reader runs)."""
    rx = _CANONICAL.get(phase_kind)
    match = rx.match(text) if rx else None
    if match is None:
        return None
    g = match.groups()
    if any(g[i] is not None and g[i] not in m.provinces for i in _PROVINCE_GROUPS[phase_kind]):
        return None
    if phase_kind == "R":
        place = Place(g[1], g[2], g[1])
        if g[5]:
            return Parsed("disband", text, g[0], place)
        return Parsed("retreat", text, g[0], place, [Place(g[3], g[4], g[3])])
    kind, place = g[0], Place(g[1], g[2], g[1])
    if g[4]:
        return Parsed("move", text, kind, place, [Place(g[4], g[5], g[4])], via=bool(g[6]))
    if g[7]:
        target = Place(g[9], g[10], g[9])
        dest = Place(g[11], g[12], g[11]) if g[11] else None
        if g[7] == "C" and dest is None:
            return None
        return Parsed("support" if g[7] == "S" else "convoy", text, kind, place, target_kind=g[8], target=target,
                      target_dest=dest)
    return Parsed("hold", text, kind, place)


__all__ = ["canonical"]
