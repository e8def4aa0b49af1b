"""Each map's supply centres by power as a state document lists them, kept for the owners seen lately."""
from __future__ import annotations

from judge.maps import Map

# Each map's centres by power (centers_by_power's lists) for the owners seen lately: ownership changes once a year, so
# most results name the owners some result before them named. Kept by the centres and their owners in the order the
# dict holds them (two tuples made in C: a loop over the centres cost ten times as much); bounded, and begun afresh
# when full.
_OWNERS: dict[int, tuple[Map, dict[tuple, dict[str, list[str]]]]] = {}
_OWNERS_LIMIT = 10_000


def centre_lists(m: Map, centers: dict[str, str]) -> dict[str, list[str]]:
    """The centres of each power that owns any, in the map's order of powers, each list sorted (shared: read only)."""
    entry = _OWNERS.get(id(m))
    if entry is None or entry[0] is not m:
        if len(_OWNERS) >= 256:
            _OWNERS.clear()
        entry = _OWNERS[id(m)] = (m, {})
    known = entry[1]
    key: tuple | None = (tuple(centers), tuple(centers.values()))
    try:
        lists = known.get(key)
    except TypeError:               # (an owner that is no name: a position made in code)
        lists = key = None
    if lists is None:
        by_power: dict[str, list[str]] = {p: [] for p in m.powers}
        get = by_power.get
        for prov in sorted(centers):
            lst = get(centers[prov])
            if lst is not None:
                lst.append(prov)
        lists = {p: lst for p, lst in by_power.items() if lst}
        if key is not None:
            if len(known) >= _OWNERS_LIMIT:
                known.clear()
            known[key] = lists
    return lists
