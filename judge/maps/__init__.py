"""Map and variant data: provinces, coasts, adjacency, supply centres, powers, home centres and the start; load(name)
gives any variant the judge offers (judge.maps.catalog), each read once per process."""
from __future__ import annotations

import re

from judge.hints import Any, Callable, ClassVar
from judge.maps.calendar import Calendar
from judge.maps.province import Province
from judge.spelling import unaccented

TERRAINS = ("land", "coast", "sea", "port")   # a port: a coast whose fleet may also convoy, as one at sea
COASTS = ("NC", "SC", "EC", "WC")     # the coasts the order parser reads by name ("north coast"); others by code
BUILDS = ("homes", "any")             # where a power builds: its own home centres, or any centre it owns
DEFAULT_BEGIN = "S1901M"
SEASON_WORDS = {"spring": "S", "fall": "F"}   # the seasons a calendar may hold a movement phase in (and its retreats)


class MapError(ValueError):
    """A map or variant breaks one of the invariants a map must hold; the message names the file and the key or line."""


class UnknownVariant(MapError):
    """A variant name the judge does not offer."""


# Words of a variant's name spelt their own way in its title: "dpjudge_standard" is "DPjudge Standard"
_SPELT = {"dpjudge": "DPjudge", "njudge": "njudge", "usa": "USA"}


def title_from_name(name: str) -> str:
    """A title for a map that gives none, from its variant name: words capitalised, the rest of each left as written
    (str.title would make "dpjudge_standard" "Dpjudge Standard")."""
    return " ".join(_SPELT.get(w.lower(), w[:1].upper() + w[1:]) for w in name.split("_") if w)


def alias_key(text: str) -> str:
    """The form names are compared in: lower case letters and digits (of any script) only ("St. Petersburg" ->
    "stpetersburg", "Grèce" -> "grèce")."""
    return re.sub(r"[\W_]", "", text.lower())


# The fields in the order Map() takes them by position (the class's annotations, in order, but the private ones)
_FIELDS = ("name", "powers", "power_letters", "power_adjectives", "provinces", "army_adj", "fleet_adj", "start",
           "names", "power_names", "province_fleet_adj", "name_prefixes", "reach", "coast_words", "coast_codes",
           "title", "description", "board", "on_board", "power_colours", "victory", "builds", "begin",
           "start_centers", "calendar", "build_limit", "flow", "rules", "new_homes", "coast_names", "region_names",
           "source", "dummies", "leagues", "power_builds", "borders", "weak_borders", "closed_borders",
           "shared_homes", "power_titles", "opens", "changes", "base_document", "changed", "rebuild",
           "folded_names", "folded_prefixes", "folded_coast_words", "folded_power_names", "coast_starts")
# The fields whose default is an empty dict of their own (the dicts after the first eight without a class default)
_FRESH = ("names", "power_names", "province_fleet_adj", "reach", "coast_words", "on_board", "power_colours",
          "coast_names", "region_names", "leagues", "power_builds", "borders", "weak_borders", "closed_borders",
          "shared_homes", "power_titles", "opens", "changed", "folded_names", "folded_coast_words",
          "folded_power_names")
_MAP_FIELDS = frozenset(_FIELDS)
_MAP_REQUIRED = frozenset(_FIELDS[:8])


class Map:
    """A variant's map: its board (provinces, adjacency, powers, start) and what differs from the standard game.
    The fields are given in the order below (_FIELDS), the first eight at least; a field not given is its default:
    the class's attribute of its name, or a new empty dict where the field is one (_FRESH). Repr, equality and
    replace() as judge.plain.Plain gives them, written here: in the compiled build this is a native class (its
    fields read directly by compiled code), and a native class has no Python base."""
    name: str
    powers: tuple[str, ...]
    power_letters: dict[str, str]
    power_adjectives: dict[str, str]
    provinces: dict[str, Province]
    army_adj: dict[str, frozenset[str]]
    fleet_adj: dict[str, frozenset[str]]
    start: dict[str, tuple[str, ...]]
    names: dict[str, str]                 # alias_key -> province abbr
    power_names: dict[str, str]           # alias_key -> power
    province_fleet_adj: dict[str, frozenset[str]]  # coasts folded away
    name_prefixes: frozenset[str] = frozenset()   # every prefix of every name key, for word-by-word matching
    reach: dict[tuple[str, str], frozenset[str]]  # (kind, loc) -> provinces
    coast_words: dict[str, str]           # what players write for a coast -> its code
    coast_codes: frozenset[str] = frozenset()     # coast codes a player may write bare after a place ("spa nc")
    # -- the variant: what differs from one game of Diplomacy to another beyond the board ---------------------------
    title: str = ""                       # "Fleet Rome"
    description: str = ""                 # what differs from the standard game, in a line
    board: str = ""                       # the drawing the variant is pictured on ("": none; see judge.picture)
    on_board: dict[str, str]              # each location -> the board's it is drawn as, when
    # the board is this one's with other names (judge.maps.matching: "NWG" -> "NWY"); {}: the board's own names
    power_colours: dict[str, str]         # power -> "#rrggbb" (others: the palette's)
    victory: int = 0                      # centres for a solo victory (0: more than half of them)
    builds: Any = "homes"                 # one of BUILDS (as the file gives it: check() refuses another)
    begin: str = DEFAULT_BEGIN            # the first phase: a spring movement, or a winter adjustment (builds first)
    start_centers: dict[str, tuple[str, ...]] | None = None     # centres owned at the start (None: the home centres)
    calendar: tuple[str, ...] = ("S", "F")   # the movement seasons of a year, in order; a winter adjustment ends it
    build_limit: int = 0                  # most builds a power makes in one adjustment phase (0: no limit)
    flow: Calendar | None = None          # a calendar of the variant's own (DPjudge FLOW); None: the standard one
    rules: tuple[str, ...] = ()           # house rules a game of the variant starts with (judge.rules words)
    new_homes: tuple[int, ...] = ()       # years whose adjustment phase makes the centres owned the home centres
    coast_names: dict[str, str]           # "BUL/OK" -> "Bulgarije (oostkust)", if given
    # the names of places nobody plays (DPjudge's SHUT: Switzerland), by the abbreviation the drawing knows them by
    region_names: dict[str, str]          # "SWI" -> "Suisse", if given
    source: str = ""                      # the file the variant was read from
    # -- what DPjudge's maps add (judge.maps.features; FORMAT.md) ------------------------------------------------
    dummies: tuple[str, ...] = ()         # powers no player joins: dummies from the start
    leagues: dict                         # power -> features.League
    power_builds: dict                    # power -> features.PowerBuilds (claims, partisans, ...)
    borders: dict                         # (from location, to province) -> features.Border
    weak_borders: dict[tuple[str, str], str]  # ... -> "half" or "none" only
    closed_borders: dict                  # ... -> Border, only those closed to some powers
    shared_homes: dict[str, tuple[str, ...]]  # power -> home centres of another
    # power that are its own too (DPjudge allows it: only one owns such a centre at a time)
    power_titles: dict[str, str]          # power -> its name as people are shown it
    opens: dict[str, tuple[str, ...]]     # a province shut on the base map -> when a
    # change opens it ("IN SPRING": loeb9's Arctic Ocean; judge.maps.changes)
    changes: tuple[dict, ...] = ()        # parts that change in given phases (judge.maps.changes; DPjudge IN, FROM)
    base_document: dict | None = None     # the document, kept where there are changes to apply to it
    changed: dict                         # the changes applied -> the Map they make (cached)
    rebuild: Any = None                   # judge.maps.build.build, for the Maps of the changes
    # The tables above with the accents dropped from their keys (judge.spelling.unaccented), for a name typed without
    # its accents ("cote est") or with one the map has not; "" where two places' names (or two coasts') meet there
    folded_names: dict[str, str]          # "grece" -> "GRE"
    folded_prefixes: frozenset[str] = frozenset()   # every prefix of every folded name
    folded_coast_words: dict[str, str]    # "coteest" -> "CE"
    folded_power_names: dict[str, str]    # "francaise" -> "FRANCE"
    # the words a coast written bare after its place may begin with ("ec", "south", "cote", "côte": judge.orders)
    coast_starts: frozenset[str] = frozenset()
    # The derived views below, each made when first asked for (a loaded map is never changed)
    _fields: ClassVar[tuple[str, ...]] = _FIELDS     # (as a judge.plain class names its fields)
    _convoy_areas: frozenset[str] | None = None
    _shores: frozenset[str] | None = None
    _centers: frozenset[str] | None = None
    _power_set: frozenset[str] | None = None
    _home_centers: dict[str, tuple[str, ...]] | None = None
    _fleet_coasts: dict[tuple[str, str], tuple[str, ...]] | None = None

    def __init__(self, *args: Any, **values: Any) -> None:
        given = dict(zip(_FIELDS, args))
        if len(args) > len(given) or given.keys() & values.keys():
            raise TypeError(f"Map() got {len(args)} fields by position, or one both by position and by name")
        given.update(values)
        if not given.keys() <= _MAP_FIELDS or not given.keys() >= _MAP_REQUIRED:
            raise TypeError(f"Map(): fields {sorted(given.keys() - _MAP_FIELDS)} are not a Map's, or "
                            f"{sorted(n for n in _MAP_REQUIRED if n not in given)} are missing")
        for name in _FRESH:
            setattr(self, name, {})
        for name, value in given.items():
            setattr(self, name, value)

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in _FIELDS)
        return f"Map({inner})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return [getattr(self, name) for name in _FIELDS] == [getattr(other, name) for name in _FIELDS]

    def __reduce__(self) -> tuple[Any, tuple[tuple[Any, ...]]]:
        # Copied and pickled through Map(): a native class's __new__ runs __init__, which wants the fields
        return _remade, (tuple([getattr(self, name) for name in _FIELDS]),)

    def replace(self, **changes: Any) -> "Map":
        """A copy with some fields changed (dataclasses.replace); a name that is not a field is a TypeError."""
        unknown = changes.keys() - _MAP_FIELDS
        if unknown:
            raise TypeError(f"Map has no field {sorted(unknown)[0]!r}")
        return Map(**{name: changes.get(name, getattr(self, name)) for name in _FIELDS})

    def at(self, phase) -> "Map":
        """The map this variant is played on in the phase (a judge.position.Phase): itself, unless it changes then."""
        if not self.changes:
            return self
        from judge.maps.changes import at
        return at(self, phase)

    # -- derived views -------------------------------------------------------------------------------------------
    @property
    def convoy_areas(self) -> frozenset[str]:
        """Where a fleet may convoy an army: the seas, and the ports."""
        if self._convoy_areas is None:
            self._convoy_areas = frozenset(p.abbr for p in self.provinces.values() if p.terrain in ("sea", "port"))
        return self._convoy_areas

    @property
    def shores(self) -> frozenset[str]:
        """Where an army may be convoyed from or to: coastal provinces, and the ports."""
        if self._shores is None:
            self._shores = frozenset(p.abbr for p in self.provinces.values() if p.terrain in ("coast", "port"))
        return self._shores

    @property
    def centers(self) -> frozenset[str]:
        """The supply centres (computed once: a loaded map is never changed)."""
        if self._centers is None:
            self._centers = frozenset(p.abbr for p in self.provinces.values() if p.center)
        return self._centers

    @property
    def power_set(self) -> frozenset[str]:
        """The powers, to ask whether a name is one (the tuple is searched name by name, each compared in full)."""
        if self._power_set is None:
            self._power_set = frozenset(self.powers)
        return self._power_set

    def homes(self, power: str) -> tuple[str, ...]:
        return self.home_centers.get(power, ())

    @property
    def playable_powers(self) -> tuple[str, ...]:
        """The powers players join: all but the variant's dummies."""
        return tuple(p for p in self.powers if p not in self.dummies) if self.dummies else self.powers

    @property
    def victory_count(self) -> int:
        """Centres a power needs to win alone: the variant's count, else more than half (18 of 34)."""
        return self.victory or len(self.centers) // 2 + 1

    def next_season(self, season: str) -> str:
        """The phase season after a movement season's phases: the year's next movement season, else winter ("W")."""
        later = self.calendar[self.calendar.index(season) + 1:] if season in self.calendar else ()
        return later[0] if later else "W"

    def builds_allowed(self, due: int) -> int:
        """Of the `due` builds a power's centres give it (more centres than units), those it may make this winter."""
        return min(due, self.build_limit) if self.build_limit and due > 0 else due

    def builds_at(self, power: str, province: str, anywhere: bool = False) -> bool:
        """May `power` build in this province, if it owns it and it is free? Home centres only, unless the variant
        (builds "any") or the house rule build_anywhere (`anywhere`) lets a power build in any centre it owns."""
        p = self.provinces.get(province)
        if p is None or not p.center:
            return False
        return p.home == power or anywhere or self.builds == "any" or province in self.shared_homes.get(power, ())

    def first_centers(self) -> dict[str, str]:
        """Who owns which centre at the start: the variant's own list, else each home centre its power's."""
        if self.start_centers is None:
            return {p.abbr: p.home for p in self.provinces.values() if p.home}
        return {c: power for power, cs in self.start_centers.items() for c in cs}

    @property
    def home_centers(self) -> dict[str, tuple[str, ...]]:
        """Each power's home centres, sorted (computed once)."""
        if self._home_centers is None:
            self._home_centers = self._make_home_centers()
        return self._home_centers

    def _make_home_centers(self) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {}
        for p in sorted(self.provinces.values(), key=lambda p: p.abbr):
            if p.home:
                out.setdefault(p.home, []).append(p.abbr)
        for power, shared in self.shared_homes.items():      # (DPjudge: a home centre of two powers)
            out[power] = sorted({*out.get(power, ()), *shared})
        return {power: tuple(provs) for power, provs in out.items()}

    def locations(self) -> list[str]:
        """Every place a unit can stand: provinces, and the coasts of split-coast provinces."""
        out = []
        for p in self.provinces.values():
            out.append(p.abbr)
            out.extend(f"{p.abbr}/{c}" for c in p.coasts)
        return out

    def lookup(self, text: str) -> str | None:
        """The province abbreviation a player's name for it means, or None (also when the name, typed without its
        accents, could be either of two)."""
        key = alias_key(text)
        return self.names.get(key) or self.folded_names.get(unaccented(key)) or None

    def power(self, text: str) -> str | None:
        key = alias_key(text)
        return self.power_names.get(key) or self.folded_power_names.get(unaccented(key)) or None

    def power_title(self, power: str) -> str:
        """A power's name as mails, pages and pictures show it ("England"; DPjudge's U+S+A is "USA"); orders and
        commands name it as before."""
        return self.power_titles.get(power) or power.title()

    def can_hold(self, kind: str, loc: str) -> bool:
        """May a unit of this kind ('A' or 'F') stand at loc (a province or a coast)?"""
        prov = self.provinces.get(loc[:3])
        if prov is None:
            return False
        if kind == "A":
            return prov.terrain != "sea" and "/" not in loc
        if prov.terrain == "land":
            return False
        if prov.coasts:
            return "/" in loc and loc[4:] in prov.coasts
        return "/" not in loc

    def adjacent(self, kind: str, src: str, dst: str) -> bool:
        """Can a unit of this kind move from src to dst without a convoy? Fleet locations carry coasts."""
        if kind == "A":
            return dst in self.army_adj.get(src, ())
        return dst in self.fleet_adj.get(src, ())

    def fleet_coasts_towards(self, src: str, province: str) -> list[str]:
        """The locations of `province` (coasts included) that a fleet at src can move to (a new list)."""
        if self._fleet_coasts is None:
            self._fleet_coasts = self._make_fleet_coasts()
        return list(self._fleet_coasts.get((src, province), ()))

    def _make_fleet_coasts(self) -> dict[tuple[str, str], tuple[str, ...]]:
        out: dict[tuple[str, str], list[str]] = {}
        for src, dests in self.fleet_adj.items():
            for d in sorted(dests):
                out.setdefault((src, d[:3]), []).append(d)
        return {k: tuple(v) for k, v in out.items()}

    def convoy_route(self, src: str, dest: str, seas: "set[str] | frozenset[str]",
                     through: str | None = None) -> bool:
        """Is there a chain of the given sea provinces from province src to province dest (via `through`)?

        Armies are convoyed from coast to coast (ports are coasts too) through the seas (and ports) whose fleets
        are given, each next to the one before.
        """
        shores = self.shores
        if src not in shores or dest not in shores or src == dest:
            return False
        if through is not None:
            return through in seas and self._route_through(src, dest, seas, through)
        start = [s for s in self.province_fleet_adj[src] if s in seas]
        seen = set(start)
        while start:
            sea = start.pop()
            if dest in self.province_fleet_adj[sea]:
                return True
            for nxt in self.province_fleet_adj[sea]:
                if nxt in seas and nxt not in seen:
                    seen.add(nxt)
                    start.append(nxt)
        return False

    def _route_through(self, src: str, dest: str, seas: "set[str] | frozenset[str]", through: str) -> bool:
        """A route from src to dest that needs the fleet at `through`.

        The route must have no shortcut (no fleet on it next to a later one but the next, none but the first next
        to src, none but the last next to dest): a fleet that a shorter route can leave out is not needed by it
        (DATC 6.G.19). Depth-first; the fleets at sea are few.
        """
        adj = self.province_fleet_adj

        def walk(path: list[str]) -> bool:
            last = path[-1]
            if dest in adj[last]:
                return through in path
            for nxt in adj[last]:
                if nxt in seas and nxt not in path and src not in adj[nxt] \
                        and not any(nxt in adj[p] for p in path[:-1]):
                    path.append(nxt)
                    if walk(path):
                        return True
                    path.pop()
            return False

        return any(walk([s]) for s in adj[src] if s in seas)

    def reaches_province(self, kind: str, src: str, province: str) -> bool:
        """Can a unit at src move into some part of `province` (any coast will do)?"""
        return province in self.reach.get((kind, src), ())




def _remade(values: tuple[Any, ...]) -> Map:
    return Map(*values)


def kept_per_map(store: dict, m: Map, make: Callable[[Map], Any], limit: int = 256) -> Any:
    """What `make(m)` gives, made once per map and kept in `store` (a module's dict) by the map's id, with the map
    itself, so that its id is not reused while the entry lives; a map is not changed once loaded. At `limit` maps
    the store starts afresh."""
    hit = store.get(id(m))
    if hit is None or hit[0] is not m:
        if len(store) >= limit:
            store.clear()
        hit = store[id(m)] = (m, make(m))
    return hit[1]


from judge.maps.build import build as _build, check  # noqa: E402, F401  (they need Map, defined above)
from judge.maps.catalog import known, load, use_folder, variants  # noqa: E402

__all__ = ["Map", "Province", "MapError", "UnknownVariant", "alias_key", "check", "load", "known", "variants",
           "use_folder", "kept_per_map", "TERRAINS", "COASTS", "BUILDS"]
