"""What a state document lists, kept per map: the supply centres by power for the owners seen lately, and each
unit's text."""
from __future__ import annotations

from judge.maps import Map
from judge.position_parts import Unit

# Ownership changes once a year, so most results name the owners some result before them named: per map, the
# centres of each power (a state document's lists) and their JSON text are kept for the owners seen lately. Found
# first by the centres and owners in the order of the position's dict (two tuples made in C: a loop over the centres
# cost ten times as much), else by the owner of each of the map's centres in a fixed order (None: nobody's), whatever
# the dict's order (states name a power's centres in any order; a Fall's ownership adds its captures at the end).
# Bounded: begun afresh when full.
_OWNERS: dict[int, tuple[Map, tuple[str, ...], dict[tuple, list], dict[tuple, list]]] = {}
_OWNERS_LIMIT = 10_000


def owners_entry(m: Map, centers: dict[str, str]) -> list:
    """[each power's centres, their JSON text or None until written] for these owners: the lists are shared (read
    only); the text is result_text's to fill in."""
    entry = _OWNERS.get(id(m))
    if entry is None or entry[0] is not m:
        if len(_OWNERS) >= 256:
            _OWNERS.clear()
        entry = _OWNERS[id(m)] = (m, tuple(sorted(m.centers)), {}, {})
    by_order, by_owner = entry[2], entry[3]
    ordered = (tuple(centers), tuple(centers.values()))
    try:
        hit = by_order.get(ordered)
    except TypeError:               # (an owner that is no name: a position made in code)
        return [_by_power(m, centers), None]
    if hit is None:
        owners = tuple(map(centers.get, entry[1]))
        if len(owners) - owners.count(None) != len(centers):
            return [_by_power(m, centers), None]      # (a centre the map does not have: a position made in code)
        hit = by_owner.get(owners)
        if hit is None:
            if len(by_owner) >= _OWNERS_LIMIT:
                by_owner.clear()
            hit = by_owner[owners] = [_by_owner(m, entry[1], owners), None]
        if len(by_order) >= _OWNERS_LIMIT:
            by_order.clear()
        by_order[ordered] = hit
    return hit


def centre_lists(m: Map, centers: dict[str, str]) -> dict[str, list[str]]:
    """The centres of each power that owns any, in the map's order of powers, each list sorted (shared: read only)."""
    return owners_entry(m, centers)[0]


def _by_owner(m: Map, places: tuple[str, ...], owners: tuple[str | None, ...]) -> dict[str, list[str]]:
    """_by_power, from the owner of each of the map's centres in `places` (sorted): no sort."""
    by_power: dict[str | None, list[str]] = {p: [] for p in m.powers}
    for prov, owner in zip(places, owners):
        lst = by_power.get(owner)       # (None for nobody's: no power is None. A direct call compiled.)
        if lst is not None:
            lst.append(prov)
    return {p: lst for p, lst in by_power.items() if lst}


def _by_power(m: Map, centers: dict[str, str]) -> dict[str, list[str]]:
    by_power: dict[str, list[str]] = {p: [] for p in m.powers}
    for prov in sorted(centers):
        lst = by_power.get(centers[prov])
        if lst is not None:
            lst.append(prov)
    return {p: lst for p, lst in by_power.items() if lst}


class UnitTexts:
    """Each unit's text in a state document ("A PAR", "F STP/SC"), made on first asking: `by_kind[kind][location]`
    (a plain dict keyed by strings: a dict subclass keyed by the unit tuple cost compiled code a generic look-up, a
    tuple hash and a tuple compare per unit; the text does not depend on the power). A miss is the caller's to hand
    to add(). Bounded: a map has a few hundred places; a position made in code with others starts it afresh when
    full. `plain`: no text made so far needs escaping in JSON (then the --batch text writes them as they are)."""

    def __init__(self) -> None:
        self.by_kind: dict[str, dict[str, str]] = {"A": {}, "F": {}}
        self.plain = True
        self.size = 0

    def add(self, unit: Unit) -> str:
        """The unit's text, made and kept."""
        if self.size >= 20_000:
            self.by_kind = {"A": {}, "F": {}}
            self.size = 0
        kind, loc = unit[1], unit[2]
        text = f"{kind} {loc}"
        places = self.by_kind.get(kind)
        if places is None:
            places = self.by_kind[kind] = {}
        places[loc] = text
        self.size += 1
        if not (text.isascii() and text.isprintable()) or '"' in text or "\\" in text:
            self.plain = False          # (for good: a text made before a clear may still be in someone's hands)
        return text


_TEXTS: dict[int, tuple[Map, UnitTexts]] = {}


def unit_texts(m: Map) -> UnitTexts:
    """The map's unit texts."""
    # (judge.maps.kept_per_map written out: this runs every request, and the call cost more than the look-up)
    hit = _TEXTS.get(id(m))
    if hit is None or hit[0] is not m:
        if len(_TEXTS) >= 256:
            _TEXTS.clear()
        hit = _TEXTS[id(m)] = (m, UnitTexts())
    return hit[1]
