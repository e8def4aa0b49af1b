"""Map data: provinces, coasts, adjacency, supply centres, home centres and starting units."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from importlib import resources

TERRAINS = ("land", "coast", "sea")


class MapError(ValueError):
    """A map file breaks one of the invariants a map must hold."""


def alias_key(text: str) -> str:
    """The form names are compared in: lower case letters and digits only ("St. Petersburg" -> "stpetersburg")."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


@dataclass(frozen=True)
class Province:
    abbr: str
    name: str
    terrain: str
    center: bool = False
    home: str | None = None
    coasts: tuple[str, ...] = ()


@dataclass
class Map:
    name: str
    powers: tuple[str, ...]
    power_letters: dict[str, str]
    power_adjectives: dict[str, str]
    provinces: dict[str, Province]
    army_adj: dict[str, frozenset[str]]
    fleet_adj: dict[str, frozenset[str]]
    start: dict[str, tuple[str, ...]]
    names: dict[str, str] = field(default_factory=dict)          # alias_key -> province abbr
    power_names: dict[str, str] = field(default_factory=dict)    # alias_key -> power
    province_fleet_adj: dict[str, frozenset[str]] = field(default_factory=dict)  # coasts folded away
    name_prefixes: frozenset[str] = frozenset()   # every prefix of every name key, for word-by-word matching
    reach: dict[tuple[str, str], frozenset[str]] = field(default_factory=dict)  # (kind, loc) -> provinces

    # -- derived views -------------------------------------------------------------------------------------------
    @cached_property
    def centers(self) -> frozenset[str]:
        """The supply centres (computed once: a loaded map is never changed)."""
        return frozenset(p.abbr for p in self.provinces.values() if p.center)

    def homes(self, power: str) -> tuple[str, ...]:
        return self.home_centers.get(power, ())

    @cached_property
    def home_centers(self) -> dict[str, tuple[str, ...]]:
        """Each power's home centres, sorted (computed once)."""
        out: dict[str, list[str]] = {}
        for p in sorted(self.provinces.values(), key=lambda p: p.abbr):
            if p.home:
                out.setdefault(p.home, []).append(p.abbr)
        return {power: tuple(provs) for power, provs in out.items()}

    def locations(self) -> list[str]:
        """Every place a unit can stand: provinces, and the coasts of split-coast provinces."""
        out = []
        for p in self.provinces.values():
            out.append(p.abbr)
            out.extend(f"{p.abbr}/{c}" for c in p.coasts)
        return out

    def lookup(self, text: str) -> str | None:
        """The province abbreviation a player's name for it means, or None."""
        return self.names.get(alias_key(text))

    def power(self, text: str) -> str | None:
        return self.power_names.get(alias_key(text))

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
        return list(self._fleet_coasts.get((src, province), ()))

    @cached_property
    def _fleet_coasts(self) -> dict[tuple[str, str], tuple[str, ...]]:
        out: dict[tuple[str, str], list[str]] = {}
        for src, dests in self.fleet_adj.items():
            for d in sorted(dests):
                out.setdefault((src, d[:3]), []).append(d)
        return {k: tuple(v) for k, v in out.items()}

    def convoy_route(self, src: str, dest: str, seas: "set[str] | frozenset[str]",
                     through: str | None = None) -> bool:
        """Is there a chain of the given sea provinces from province src to province dest (via `through`)?

        Armies are convoyed from coast to coast through sea provinces only, each next to the one before.
        """
        if self.provinces[src].terrain != "coast" or self.provinces[dest].terrain != "coast" or src == dest:
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


def _build(doc: dict) -> Map:
    powers = tuple(doc["powers"])
    provinces: dict[str, Province] = {}
    for abbr, p in doc["provinces"].items():
        if p["terrain"] not in TERRAINS:
            raise MapError(f"{abbr}: unknown terrain {p['terrain']!r}")
        if p.get("home") and p["home"] not in powers:
            raise MapError(f"{abbr}: home of unknown power {p['home']!r}")
        provinces[abbr] = Province(abbr, p["name"], p["terrain"], bool(p.get("center")), p.get("home"),
                                   tuple(p.get("coasts", ())))
    army = {k: frozenset(v) for k, v in doc["army"].items()}
    fleet = {k: frozenset(v) for k, v in doc["fleet"].items()}
    names: dict[str, str] = {}
    for abbr, p in doc["provinces"].items():
        for alias in [abbr, p["name"], *p.get("aliases", ())]:
            key = alias_key(alias)
            if names.get(key, abbr) != abbr:
                raise MapError(f"alias {alias!r} names both {names[key]} and {abbr}")
            names[key] = abbr
    power_names: dict[str, str] = {}
    for power, info in doc["powers"].items():
        for alias in [power, info.get("adjective", ""), *info.get("aliases", ())]:
            if alias:
                power_names[alias_key(alias)] = power
    m = Map(doc["name"], powers, {p: i["letter"] for p, i in doc["powers"].items()},
            {p: i.get("adjective", p.title()) for p, i in doc["powers"].items()},
            provinces, army, fleet, {p: tuple(u) for p, u in doc["start"].items()}, names, power_names)
    fold: dict[str, set[str]] = {}
    for src, dsts in fleet.items():
        fold.setdefault(src[:3], set()).update(d[:3] for d in dsts)
    m.province_fleet_adj = {p: frozenset(fold.get(p, ())) for p in provinces}
    m.name_prefixes = frozenset(key[:i] for key in names for i in range(1, len(key) + 1))
    m.reach = {**{("A", src): dsts for src, dsts in army.items()},
               **{("F", src): frozenset(d[:3] for d in dsts) for src, dsts in fleet.items()}}
    check(m)
    return m


def check(m: Map) -> None:
    """Refuse a map whose adjacency is asymmetric or names places that do not exist."""
    locs = set(m.locations())
    for src, dsts in m.army_adj.items():
        if not m.can_hold("A", src):
            raise MapError(f"army adjacency from {src}, where no army can stand")
        for d in dsts:
            if not m.can_hold("A", d):
                raise MapError(f"army adjacency {src} -> {d}: no army can stand at {d}")
            if src not in m.army_adj.get(d, ()):
                raise MapError(f"army adjacency {src} -> {d} is not symmetric")
    for src, dsts in m.fleet_adj.items():
        if src not in locs or not m.can_hold("F", src):
            raise MapError(f"fleet adjacency from {src}, where no fleet can stand")
        for d in dsts:
            if not m.can_hold("F", d):
                raise MapError(f"fleet adjacency {src} -> {d}: no fleet can stand at {d}")
            if src not in m.fleet_adj.get(d, ()):
                raise MapError(f"fleet adjacency {src} -> {d} is not symmetric")
    for power, units in m.start.items():
        for u in units:
            kind, loc = u.split()
            if not m.can_hold(kind, loc):
                raise MapError(f"{power} starts with {u}, which cannot stand there")


@lru_cache(maxsize=None)
def load(name: str = "standard") -> Map:
    """Load a shipped map by name (cached: maps are read once per process)."""
    text = resources.files(__package__).joinpath(f"{name}.json").read_text(encoding="utf-8")
    return _build(json.loads(text))
