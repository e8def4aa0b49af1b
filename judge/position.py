"""A position: phase, units, supply-centre ownership and dislodged units; read from and written to JSON."""
from __future__ import annotations

from judge.hints import Any, ClassVar
from judge.house_state import HouseState
from judge.maps import Map
from judge.position_parts import Dislodged, Phase, Unit
# (the reading of a state lives in judge.position_reader; its names are kept importable from here)
from judge.position_reader import (_LISTS, _PHASES, _UNITS, _dislodged, _given, _known_units,  # noqa: F401
                                   _parse_unit, _phase, _retreat_ok, _unit_list, parse_unit, read_known, read_state)
from judge.state_lists import centre_lists, unit_texts


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
        d = self.dislodged.get(unit[2][:3])       # (its province, without Unit.province's call)
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
        board, texts = self.units, unit_texts(m)
        by_kind = texts.by_kind
        for prov in sorted(board):                        # by province, which is by location too
            u = board[prov]
            try:        # (subscripts: direct C calls compiled, where a bound `get` kept in a local is a generic call)
                units[u[0]].append(by_kind[u[1]][u[2]])
            except KeyError:                # (a text not made yet, or a power not on the map: left out)
                lst = units.get(u[0])
                if lst is not None:
                    lst.append(texts.add(u))
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
            known = read_known(doc, m, cls)
        except TypeError:               # (a list or an object where a name belongs: read_state names it)
            known = None
        return known if known is not None else read_state(doc, m, cls)

    @classmethod
    def _read(cls, doc: Any, m: Map) -> "Position":
        """from_json, every field checked in turn (the first thing wrong is the one named)."""
        return read_state(doc, m, cls)


def _read_known(doc: Any, m: Map) -> Position | None:
    """A usual state put together from lists read before (judge.position_reader.read_known), or None."""
    return read_known(doc, m, Position)


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
