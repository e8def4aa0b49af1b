"""A position: phase, units, supply-centre ownership and dislodged units; read from and written to JSON."""
from __future__ import annotations

import re

from judge.hints import Any, ClassVar
from judge.house_state import POWER_KEYS, HouseState, power_map as _power_map
from judge.maps import Map
from judge.position_parts import SEASONS, Dislodged, Phase, Unit
from judge.shown import shown, shown_text
from judge.state_lists import centre_lists, unit_texts

# (places of any script: "A GRÈ"; fullmatch, as "$" would take "A PAR\n")
_UNIT_RE = re.compile(r"([AF]) ([^\W_]{3}(?:/[^\W_]{2})?)")


class Position:
    """Never changed: every change makes a new Position (replace()). Written out in full rather than as a dataclass
    (making one at import is a cost every `judge adjudicate` pays) or on judge.plain's bases (this module is compiled
    in the compiled build, and a compiled class cannot have a Python base)."""
    phase: Phase
    units: dict[str, Unit]                       # province -> unit
    centers: dict[str, str]                      # province -> owning power
    dislodged: dict[str, Dislodged]              # province -> dislodged unit
    house: HouseState | None                     # dummies, reassigned homes... (None: nothing of the kind)
    _fields: ClassVar[tuple[str, ...]] = ("phase", "units", "centers", "dislodged", "house")

    def __init__(self, phase: Phase, units: dict[str, Unit], centers: dict[str, str],
                 dislodged: dict[str, Dislodged] | None = None, house: HouseState | None = None) -> None:
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "units", units)
        object.__setattr__(self, "centers", centers)
        object.__setattr__(self, "dislodged", {} if dislodged is None else dislodged)
        object.__setattr__(self, "house", house)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: a Position is never changed")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: a Position is never changed")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Position)
        return (self.phase, self.units, self.centers, self.dislodged, self.house) == \
            (other.phase, other.units, other.centers, other.dislodged, other.house)

    def __hash__(self) -> int:
        return hash((self.phase, self.units, self.centers, self.dislodged, self.house))

    def __repr__(self) -> str:
        return (f"Position(phase={self.phase!r}, units={self.units!r}, centers={self.centers!r}, "
                f"dislodged={self.dislodged!r}, house={self.house!r})")

    def replace(self, **changes: Any) -> "Position":
        """A copy with some fields changed (as dataclasses.replace)."""
        unknown = changes.keys() - set(self._fields)
        if unknown:
            raise TypeError(f"Position has no field {sorted(unknown)[0]!r}")
        return Position(changes.get("phase", self.phase), changes.get("units", self.units),
                        changes.get("centers", self.centers), changes.get("dislodged", self.dislodged),
                        changes.get("house", self.house))

    def __reduce__(self) -> tuple:
        # Copied and pickled through the constructor: in the compiled build (tools/build_backend.py) the class has no
        # __dict__, and the default way would set each field on a frozen instance.
        return (Position, (self.phase, self.units, self.centers, self.dislodged, self.house))

    def units_of(self, power: str) -> list[Unit]:
        return [u for u in self.units.values() if u.power == power]

    def centers_of(self, power: str) -> list[str]:
        return sorted(p for p, owner in self.centers.items() if owner == power)

    def stranded(self, unit: Unit) -> bool:
        """Is this unit dislodged here with nowhere to go? (Reported destroyed with the movement results: a retreat
        phase's text and picture leave its disbanding out.)"""
        d = self.dislodged.get(unit.province)
        return d is not None and d.unit == unit and not d.retreats

    def eliminated(self, power: str) -> bool:
        """Is the power out of the game: no centre, no unit, no dislodged unit, and no first unit still to build (a
        power yet to mobilize has none of them and is on the board)? STATUS, LIST and the picture's legend ask."""
        if self.centers_of(power) or self.units_of(power) or any(d.unit.power == power
                                                                 for d in self.dislodged.values()):
            return False
        return not (self.house is not None and self.house.mobilizing.get(power))

    def powers(self, m: Map) -> list[str]:
        """Powers still in the game: with a unit, a centre or a dislodged unit."""
        alive = {u.power for u in self.units.values()} | set(self.centers.values()) | \
                {d.unit.power for d in self.dislodged.values()}
        return [p for p in m.powers if p in alive]

    # -- JSON ----------------------------------------------------------------------------------------------------
    def to_json(self, m: Map, phase: str | None = None) -> dict:
        """The state document; `phase`: its phase as written (the phase's own code if None)."""
        units, centers = self.by_power(m)
        doc: dict[str, Any] = {"phase": str(self.phase) if phase is None else phase, "units": units, "centers": centers}
        if self.phase.kind == "R":
            doc["dislodged"] = self.dislodged_by_power(m)
        if self.house is not None:
            doc.update(self.house.to_json())
        return doc

    def by_power(self, m: Map) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
        """The state document's units ("A PAR") and centres: lists by power in the map's order of powers, each sorted
        by province; a power with none, or not on the map, is left out."""
        return self.units_by_power(m), self.centers_by_power(m)

    def units_by_power(self, m: Map) -> dict[str, list[str]]:
        """by_power's units."""
        units: dict[str, list[str]] = {p: [] for p in m.powers}
        get, board, text = units.get, self.units, unit_texts(m)
        for prov in sorted(board):                        # by province, which is by location too
            u = board[prov]
            lst = get(u[0])
            if lst is not None:
                lst.append(text[u])
        return {p: lst for p, lst in units.items() if lst}

    def centers_by_power(self, m: Map) -> dict[str, list[str]]:
        """by_power's centres."""
        return {p: [*lst] for p, lst in centre_lists(m, self.centers).items()}     # (copies: the caller's own)

    def dislodged_by_power(self, m: Map) -> dict[str, dict[str, list[str]]]:
        """The state document's dislodged units: by power in the map's order, each unit's retreats."""
        dis: dict[str, dict[str, list[str]]] = {}
        for d in sorted(self.dislodged.values(), key=lambda d: d.unit.loc):
            dis.setdefault(d.unit.power, {})[str(d.unit)] = list(d.retreats)
        return {p: dis[p] for p in m.powers if p in dis}

    @classmethod
    def from_json(cls, doc: Any, m: Map) -> "Position":
        """Read a state document (shared/spec/judge-json.md); ValueError names the first thing wrong."""
        try:
            known = _read_known(doc, m)
        except TypeError:               # (a list or an object where a name belongs: _read names it)
            known = None
        return known if known is not None else cls._read(doc, m)

    @classmethod
    def _read(cls, doc: Any, m: Map) -> "Position":
        """from_json, every field checked in turn (the first thing wrong is the one named)."""
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
        dis_doc = doc.get("dislodged") or {}
        if dis_doc and phase.kind != "R":
            raise ValueError(f"DISLODGED UNITS GIVEN IN {written}, WHICH IS NOT A RETREAT PHASE")
        board = m.at(phase)                # (the map as it is in this phase, for the retreats)
        for power, entries in _power_map(dis_doc, m, "dislodged").items():
            if not isinstance(entries, dict):
                raise ValueError(f"DISLODGED UNITS OF {power} MUST BE AN OBJECT")
            for text, retreats in entries.items():
                unit = parse_unit(text, power, m)
                if unit.province in dislodged:
                    raise ValueError(f"TWO DISLODGED UNITS IN {unit.province}")
                own = units.get(unit.province)
                if own is not None and own.power == power:
                    raise ValueError(f"TWO UNITS OF {power} IN {unit.province}: {own} IN units AND {unit} IN "
                                     "dislodged (A DISLODGED UNIT IS NOT IN units; NO POWER DISLODGES ITS OWN)")
                if not isinstance(retreats, list):
                    raise ValueError(f"RETREATS OF {text} MUST BE A LIST")
                for i, r in enumerate(retreats):
                    if not _retreat_ok(board, unit, r):
                        raise ValueError(f"BAD RETREAT FOR {text}: {shown(r)}")
                    if r in retreats[:i]:
                        raise ValueError(f"RETREATS OF {text} NAME {r} TWICE")
                dislodged[unit.province] = Dislodged(unit, tuple(retreats))
        return cls(phase, units, centers, dislodged, HouseState.from_json(doc, m))


# A state's lists read before, per map: (power, its units' texts) -> {province: unit}, and ("", power, its centres)
# -> {centre: power}, each list as it was written (states name the same lists again and again: a power's centres
# change once a year). Only lists read without error are kept.
_LISTS: dict[int, tuple[Map, dict[tuple, dict], frozenset[str]]] = {}
_LISTS_LIMIT = 50_000
_USUAL_KEYS = frozenset(("phase", "units", "centers", "dislodged"))


def _read_known(doc: Any, m: Map) -> Position | None:
    """A usual state (a phase, units and centres, and a retreat phase's dislodged units; no house fields), put
    together from its lists, each read once and then taken as it was read; None for any other state, and for one
    with anything wrong (then Position._read names the first thing wrong)."""
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
    dislodged = _dislodged(dis_doc, phase, m, powers, units) if dis_doc else {}
    if dislodged is None:
        return None
    return Position(phase, units, centers, dislodged, None)


def _dislodged(dis_doc: Any, phase: Phase, m: Map, powers: frozenset[str], units: dict[str, Unit]
               ) -> dict[str, Dislodged] | None:
    """A retreat phase's dislodged units, each with its retreats, as Position._read reads them; None for anything
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
            if prov in out or type(retreats) is not list or (own is not None and own[0] == power):
                return None
            for r in retreats:
                if not _retreat_ok(board, unit, r):
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
    out: dict[str, Unit] = {}
    seen = _known_units(m).get(power) or {}
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


def initial_position(m: Map, rules: Any = None, dummies: frozenset[str] = frozenset()) -> Position:
    """The variant's start: its first phase (S1901M, or W1900A where everyone builds first), units and centres.

    With the house rule mobilize (`rules`), the game begins instead with the adjustment phase before the first (if
    the first is not one), no units and no centres: each power builds one unit in a home centre (a dummy, under
    immobile_dummies, one in each). A map with NEWHOMES years starts with nobody's home centres settled."""
    phase = Phase.parse(m.begin, m.flow)
    units = {}
    for power, lst in m.start.items():
        for text in lst:
            u = parse_unit(text, power, m)
            units[u.province] = u
    centers = m.first_centers()
    homes = {} if m.new_homes else None
    mobilizing: dict[str, int] = {}
    if rules is not None and rules.mobilize:
        while phase.kind != "A":
            phase = phase.calendar.previous(phase) if phase.calendar is not None else Phase(phase.year - 1, 2, 2)
        units, centers = {}, {}
        immobile = rules.immobile_dummies
        mobilizing = {p: len(m.homes(p)) if immobile and p in dummies else 1 for p in m.powers}
    if dummies or homes is not None or mobilizing:
        return Position(phase, units, centers, {}, HouseState(frozenset(dummies), homes, mobilizing))
    return Position(phase, units, centers, {})
