"""Reading a state document (shared/spec/judge-json.md): every field checked in turn, or a usual state put together
from lists read before. Position.from_json calls it and hands in the Position class (`make`), so this module needs
nothing from judge.position (no import circle)."""
from __future__ import annotations

import re

from judge.hints import Any, Callable
from judge.house_state import POWER_KEYS, HouseState, power_map as _power_map
from judge.maps import Map
from judge.position_parts import SEASONS, Dislodged, Phase, Unit
from judge.shown import shown, shown_text

# (places of any script: "A GRÈ"; fullmatch, as "$" would take "A PAR\n")
_UNIT_RE = re.compile(r"([AF]) ([^\W_]{3}(?:/[^\W_]{2})?)")

def read_state(doc: Any, m: Map, make: Callable[..., Any]) -> Any:
    """from_json, every field checked in turn (the first thing wrong is the one named); `make` builds the Position
    from phase, units, centres, dislodged units and house fields."""
    if not isinstance(doc, dict):
        raise ValueError("STATE MUST BE AN OBJECT")
    if not _STATE_KEYS.issuperset(doc):
        raise ValueError(f"UNKNOWN STATE FIELD: {sorted(map(shown_text, doc.keys() - _STATE_KEYS))[0]}")
    phase = _phase(doc.get("phase"), m.flow)
    written = shown_text(doc["phase"])              # (errors name the phase as the request wrote it)
    if m.flow is None and phase.season != "W" and phase.season not in m.calendar:
        raise ValueError(f"BAD PHASE: {written} (the variant {m.name} has no {SEASONS[phase.season].lower()} "
                         "movement)")
    units: dict[str, Unit] = {}
    known = _known_units(m)
    for power, lst in _power_map(_given(doc, "units"), m, "units").items():
        if not isinstance(lst, list):
            raise ValueError(f"UNITS OF {power} MUST BE A LIST")
        seen = known.get(power)
        if seen is None:
            seen = known[power] = {}
        for text in lst:
            pair = seen.get(text) if isinstance(text, str) else None
            if pair is None:
                unit = parse_unit(text, power, m)
                prov = unit[2][:3]
            else:
                prov, unit = pair
            if prov in units:
                raise ValueError(f"TWO UNITS IN {prov}")
            units[prov] = unit
    centers: dict[str, str] = {}
    supply = m.centers
    for power, lst in _power_map(_given(doc, "centers"), m, "centers").items():
        if not isinstance(lst, list):
            raise ValueError(f"CENTERS OF {power} MUST BE A LIST")
        for given in lst:            # (a name of its own: the compiled build holds `prov` to a str)
            if not isinstance(given, str) or given not in supply:
                raise ValueError(f"NOT A SUPPLY CENTER: {shown(given)}")
            if given in centers:
                raise ValueError(f"SUPPLY CENTER {given} OWNED TWICE")
            centers[given] = power
    dislodged: dict[str, Dislodged] = {}
    dis_doc = _given(doc, "dislodged")     # (null is left out; [], 0 or false is refused as units' would be)
    if dis_doc and phase.kind != "R":
        raise ValueError(f"DISLODGED UNITS GIVEN IN {written}, WHICH IS NOT A RETREAT PHASE")
    board = m.at(phase)                # (the map as it is in this phase, for the retreats)
    # A power's own attack dislodges its unit under friendly_fire (DPjudge's FRIENDLY_FIRE; a dummy's under
    # dummy_fire): its retreat phase has both. The state alone cannot tell: the request's rules are checked with
    # it (judge.api), a game's were when it was played.
    for power, entries in _power_map(dis_doc, m, "dislodged").items():
        if not isinstance(entries, dict):
            raise ValueError(f"DISLODGED UNITS OF {power} MUST BE AN OBJECT")
        for text, retreats in entries.items():
            unit = parse_unit(text, power, m)
            if unit.province in dislodged:
                raise ValueError(f"TWO DISLODGED UNITS IN {unit.province}")
            own = units.get(unit.province)
            if own is None:
                # (the unit that dislodged it moved in and stands there: an empty province dislodges nobody)
                raise ValueError(f"DISLODGED UNIT {text} OF {power}: NO UNIT STANDS IN {unit.province} (THE UNIT "
                                 "THAT DISLODGED IT STANDS THERE, IN units)")
            if not isinstance(retreats, list):
                raise ValueError(f"RETREATS OF {text} MUST BE A LIST")
            for i, r in enumerate(retreats):
                if not _retreat_ok(board, unit, r):
                    raise ValueError(f"BAD RETREAT FOR {text}: {shown(r)}")
                there = units.get(r[:3])
                if there is not None:
                    raise ValueError(f"BAD RETREAT FOR {text}: {r} IS OCCUPIED ({there.kind} {there.loc} OF "
                                     f"{there.power} IN units)")
                if r in retreats[:i]:
                    raise ValueError(f"RETREATS OF {text} NAME {r} TWICE")
            dislodged[unit.province] = Dislodged(unit, tuple(retreats))
    return make(phase, units, centers, dislodged, HouseState.from_json(doc, m))


# A state's lists read before, per map: (power, its units' texts) -> {province: unit}, and ("", power, its centres)
# -> {centre: power}, each list as it was written (states name the same lists again and again: a power's centres
# change once a year). Only lists read without error are kept.
_LISTS: dict[int, tuple[Map, dict[tuple, dict], frozenset[str]]] = {}
_LISTS_LIMIT = 50_000
_USUAL_KEYS = frozenset(("phase", "units", "centers", "dislodged"))


def read_known(doc: Any, m: Map, make: Callable[..., Any]) -> Any:
    """A usual state (a phase, units and centres, and a retreat phase's dislodged units; no house fields), put
    together from its lists, each read once and then taken as it was read; None for any other state, and for one
    with anything wrong (then read_state names the first thing wrong)."""
    if type(doc) is not dict or not _USUAL_KEYS.issuperset(doc) or m.flow is not None:
        return None
    try:
        phase = _phase(doc.get("phase"), None)
    except ValueError:
        return None
    units_doc, centers_doc = doc.get("units", {}), doc.get("centers", {})
    if type(units_doc) is not dict or type(centers_doc) is not dict or (
            phase.season_index != 2 and "SF"[phase.season_index] not in m.calendar):
        return None
    entry = _LISTS.get(id(m))
    if entry is None or entry[0] is not m or len(entry[1]) >= _LISTS_LIMIT:
        entry = _LISTS[id(m)] = (m, {}, frozenset(m.powers))
    lists, powers = entry[1], entry[2]
    if not powers.issuperset(units_doc) or not powers.issuperset(centers_doc):
        return None
    units: dict[str, Unit] = {}
    centers: dict[str, str] = {}
    count = owned = 0
    for power, lst in units_doc.items():
        if type(lst) is not list:
            return None
        key = (power, tuple(lst))
        got = lists.get(key)
        if got is None:
            got = _unit_list(lst, power, m)
            if got is None:
                return None
            lists[key] = got
        units.update(got)
        count += len(got)
    for power, lst in centers_doc.items():
        if type(lst) is not list:
            return None
        ckey = ("", power, tuple(lst))
        got = lists.get(ckey)
        if got is None:
            got = dict.fromkeys(lst, power)
            if len(got) != len(lst) or not m.centers.issuperset(got):
                return None
            lists[ckey] = got
        centers.update(got)
        owned += len(got)
    if len(units) != count or len(centers) != owned:
        return None                 # (two units in a province, a centre owned twice)
    dis_doc = doc.get("dislodged")
    if dis_doc is not None and type(dis_doc) is not dict:
        return None                 # (read_state names it: [] or false is not "nobody dislodged")
    dislodged = _dislodged(dis_doc, phase, m, powers, units) if dis_doc else {}
    if dislodged is None:
        return None
    return make(phase, units, centers, dislodged, None)


def _dislodged(dis_doc: Any, phase: Phase, m: Map, powers: frozenset[str], units: dict[str, Unit]
               ) -> dict[str, Dislodged] | None:
    """A retreat phase's dislodged units, each with its retreats, as read_state reads them; None for anything
    it would refuse (then it names what is wrong). A retreat phase's state names one to three of them: read each
    time, not kept."""
    if phase.kind != "R" or type(dis_doc) is not dict or not powers.issuperset(dis_doc):
        return None
    out: dict[str, Dislodged] = {}
    board = m.at(phase)
    for power, entries in dis_doc.items():
        if type(entries) is not dict:
            return None
        for text, retreats in entries.items():
            try:
                unit = parse_unit(text, power, m)
            except ValueError:
                return None
            prov = unit[2][:3]
            own = units.get(prov)
            if prov in out or type(retreats) is not list or own is None:
                return None
            for r in retreats:
                if not _retreat_ok(board, unit, r) or r[:3] in units:
                    return None
            if len(set(retreats)) != len(retreats):
                return None
            out[prov] = Dislodged(unit, tuple(retreats))
    return out


def _retreat_ok(board: Map, unit: Unit, r: Any) -> bool:
    """Could the unit retreat to r: a place it may stand, next to where it stands (on the map as it is in the
    phase: a variant may change in some), never its own province nor a far one."""
    return type(r) is str and board.can_hold(unit.kind, r) and board.adjacent(unit.kind, unit.loc, r)


def _unit_list(texts: list, power: str, m: Map) -> dict[str, Unit] | None:
    """A power's list of units by province, or None if one is not a unit of the map or two stand in one province."""
    seen = _known_units(m).get(power) or {}
    try:                    # every unit read before: the dict made in one C call
        out: dict[str, Unit] = dict(map(seen.__getitem__, texts))
    except (KeyError, TypeError):      # (a unit not read before, or no text at all: one by one)
        out = {}
    else:
        return out if len(out) == len(texts) else None          # (fewer: two units in one province)
    for text in texts:
        pair = seen.get(text) if type(text) is str else None
        if pair is None:
            try:
                unit = parse_unit(text, power, m)
            except ValueError:
                return None
            prov = unit[2][:3]
        else:
            prov, unit = pair
        if prov in out:
            return None
        out[prov] = unit
    return out


_STATE_KEYS = frozenset(("phase", "units", "centers", "dislodged", *POWER_KEYS))


def _given(doc: dict, key: str) -> Any:
    """An optional field of the state: null is the same as left out (an empty object)."""
    value = doc.get(key)
    return {} if value is None else value


_PHASES: dict[str, Phase] = {}


def _phase(text: Any, calendar: Any) -> Phase:
    """Phase.parse, with the standard calendar's phases remembered (states name the same few again and again)."""
    if calendar is not None or type(text) is not str:
        return Phase.parse(text, calendar)
    phase = _PHASES.get(text)
    if phase is None:
        phase = Phase.parse(text)           # raises on anything that is not a phase: only phases are kept
        if len(_PHASES) >= 10_000:
            _PHASES.clear()
        _PHASES[text] = phase
    return phase


# Units already read, per map and power, each with its province: a state names the same few hundred units again and
# again.
_UNITS: dict[int, dict[str, dict[str, tuple[str, Unit]]]] = {}


def _known_units(m: Map) -> dict[str, dict[str, tuple[str, Unit]]]:
    # Bounded without a limit: only texts in the strict notation that name a real place are ever kept.
    known = _UNITS.get(id(m))
    if known is None:
        known = _UNITS[id(m)] = {}
    return known


def parse_unit(text: Any, power: str, m: Map) -> Unit:
    """A unit in the interface's strict notation: 'A PAR', 'F STP/SC'."""
    seen = _known_units(m).setdefault(power, {}) if isinstance(text, str) else None
    pair = seen.get(text) if seen is not None else None
    if pair is None:
        unit = _parse_unit(text, power, m)      # raises on anything else: nothing unbounded is kept
        if seen is not None:
            seen[text] = (unit[2][:3], unit)
        return unit
    return pair[1]


def _parse_unit(text: Any, power: str, m: Map) -> Unit:
    match = _UNIT_RE.fullmatch(text) if isinstance(text, str) else None
    if not match:
        raise ValueError(f"MALFORMED UNIT: {shown(text)} (expected e.g. 'A PAR' or 'F STP/SC')")
    kind, loc = match.groups()
    if loc[:3] not in m.provinces:
        raise ValueError(f"UNKNOWN PROVINCE IN UNIT: {shown(text)}")
    if not m.can_hold(kind, loc):
        raise ValueError(f"UNIT CANNOT STAND THERE: {shown(text)}")
    return Unit(power, kind, loc)
