"""The map views the generator needs, and the sketch a phase is drawn on before it is written out as order text."""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from judge.maps import Map, alias_key
from judge.position import Unit

# What a unit is told to do, before it is written out as text (so that supports can follow the moves they help):
#   ("H",)  ("M", dest, via, path)  ("S", target province, dest or None)  ("C", army province, dest province)
Intent = tuple


class Geo:
    """The views of one map the builders keep asking for, computed once per process and map."""

    def __init__(self, m: Map):
        self.m = m
        self.powers = m.powers
        prov = m.provinces
        # Seas are where fleets convoy (ports too), coasts where armies are convoyed from and to (ports too).
        self.seas = sorted(m.convoy_areas)
        self.coasts = sorted(m.shores)
        self.armies = sorted(p for p, v in prov.items() if v.terrain != "sea")
        self.split = sorted(p for p, v in prov.items() if v.coasts)
        self.split_locs = [f"{p}/{c}" for p in self.split for c in prov[p].coasts]
        self.fleet_locs: dict[str, list[str]] = {p: sorted(loc for loc in m.fleet_adj if loc[:3] == p) for p in prov}
        # Who can move into a province from next door: (kind, loc) pairs. The generator's workhorse.
        into: dict[str, list[tuple[str, str]]] = {p: [] for p in prov}
        for src, dsts in m.army_adj.items():
            for d in dsts:
                into[d].append(("A", src))
        for src, dsts in m.fleet_adj.items():
            for d in sorted({d[:3] for d in dsts}):
                into[d].append(("F", src))
        self.into = {p: sorted(v) for p, v in into.items()}
        self.seas_by = {c: sorted(s for s in m.province_fleet_adj[c] if s in m.convoy_areas) for c in prov}
        self.coasts_by = {s: sorted(c for c in m.province_fleet_adj[s] if c in m.shores) for s in self.seas}
        # Coastal neighbours an army could also be convoyed between through a shared sea (DATC 4.A.3 setups).
        self.adjacent_convoys = sorted((o, d, s) for o in self.coasts for d in sorted(m.army_adj.get(o, ()))
                                       if d in m.shores for s in self.seas_by[o] if d in self.coasts_by[s])
        self.junk = _junk(self)

    def spots(self, prov: str) -> list[tuple[str, str]]:
        """Every (kind, loc) a unit can stand at in the province."""
        out = [("A", prov)] if self.m.provinces[prov].terrain != "sea" else []
        return out + [("F", loc) for loc in self.fleet_locs[prov]]

    def moves(self, kind: str, loc: str) -> list[str]:
        """Where a unit can move without a convoy (fleet destinations carry coasts)."""
        return sorted(self.m.army_adj.get(loc, ()) if kind == "A" else self.m.fleet_adj.get(loc, ()))


def _junk(geo: Geo) -> tuple[str, ...]:
    """Lines that are not orders, or are broken ones, written with this map's places so that only the breakage (not
    an unknown place) makes them fail."""
    m = geo.m
    a = next((p for p in geo.armies if m.army_adj.get(p)), geo.armies[0])
    b = min(m.army_adj[a]) if m.army_adj.get(a) else a
    s = (geo.seas or geo.coasts or geo.armies)[0]
    c = (geo.coasts or geo.seas or geo.armies)[0]
    nowhere = next(w for w in ("XYZ", "QXJ", "ZZQ", "QQQX") if alias_key(w) not in m.names)
    split = geo.split[0] if geo.split else c
    garbage = next((x for x in ("WC", "EC", "SC", "NC") if x not in m.provinces[split].coasts), "WC")
    return ("hello world", "", f"A {nowhere} - {a}", f"F {s} - ", f"A {a} S", f"BUILD A {a}", f"F {c} C F {s} - {b}",
            "WAIVE", f"A {b} R {a}", f"F {c} D", f"A {m.provinces[a].name} to", "Supports", f"A {a} - - {b}",
            f"F {s} C A", f"A {a} -> -> {b}", f"A {a} H H", "please move my army", f"F {split}/{garbage} - {s}",
            f"A {a} - {b} VIA VIA")


_GEO: dict[int, Geo] = {}


def geo_for(m: Map) -> Geo:
    """The map's views (kept per process: a loaded map is never changed)."""
    g = _GEO.get(id(m))
    if g is None:
        g = _GEO[id(m)] = Geo(m)
    return g


class Sketch:
    """Units and what they intend, plus raw lines (junk, orders for others' units); rendered to text at the end."""

    def __init__(self, geo: Geo, rng: random.Random):
        self.geo, self.rng = geo, rng
        self.units: dict[str, Unit] = {}
        self.intents: dict[str, Intent] = {}
        self.extra: list[tuple[str, str]] = []      # (power, text) written as they are
        self.tags: list[str] = []

    # -- powers ----------------------------------------------------------------------------------------------------
    def powers(self, k: int) -> list[str]:
        """k different powers at random; on a map with fewer, some come twice (a scenario still needs k names)."""
        all_ = self.geo.powers
        if k <= len(all_):
            return self.rng.sample(all_, k)
        return self.rng.sample(all_, len(all_)) + self.rng.choices(all_, k=k - len(all_))

    def power(self) -> str:
        return self.rng.choice(self.geo.powers)

    def others(self, power: str) -> list[str]:
        """The powers but `power` (itself on a one-power map, so that a choice never meets an empty list)."""
        return [p for p in self.geo.powers if p != power] or [power]

    # -- placing units ---------------------------------------------------------------------------------------------
    def free(self, prov: str) -> bool:
        return prov not in self.units

    def put(self, power: str, kind: str, loc: str) -> Unit | None:
        if not self.free(loc[:3]):
            return None
        u = self.units[loc[:3]] = Unit(power, kind, loc)
        return u

    def put_at(self, prov: str, power: str, kinds: str = "AF") -> Unit | None:
        spots = [s for s in self.geo.spots(prov) if s[0] in kinds]
        return self.put(power, *self.rng.choice(spots)) if spots and self.free(prov) else None

    def put_into(self, prov: str, power: str, kinds: str = "AF", avoid: Iterable[str] = ()) -> Unit | None:
        """A new unit next to `prov` that could move there."""
        avoid = set(avoid)
        spots = [(k, loc) for k, loc in self.geo.into[prov]
                 if k in kinds and loc[:3] not in avoid and self.free(loc[:3])]
        return self.put(power, *self.rng.choice(spots)) if spots else None

    # -- intents -------------------------------------------------------------------------------------------------
    def move(self, u: Unit, prov: str, via: bool = False, path: tuple[str, ...] = ()) -> None:
        self.intents[u.province] = ("M", self.dest_loc(u, prov), via, path)

    def dest_loc(self, u: Unit, prov: str) -> str:
        """Where to write a move to `prov`: a fleet names the coast it can reach, now and then leaving it out."""
        if u.kind == "A":
            return prov
        coasts = self.geo.m.fleet_coasts_towards(u.loc, prov)
        if len(coasts) > 1 or (coasts and "/" in coasts[0] and self.rng.random() < 0.7):
            return self.rng.choice(coasts)
        return prov

    def hold(self, u: Unit) -> None:
        self.intents[u.province] = ("H",)

    def support(self, u: Unit, target: str, dest: str | None = None) -> None:
        self.intents[u.province] = ("S", target, dest)

    def support_current(self, u: Unit, target: str) -> bool:
        """Support whatever the unit at `target` intends (its move, or its holding); False if out of reach."""
        t = self.intents.get(target, ("H",))
        reach = self.geo.m.reaches_province
        if t[0] == "M":
            dp = t[1][:3]
            if dp != u.province and reach(u.kind, u.loc, dp):
                dest = t[1] if "/" in t[1] and self.rng.random() < 0.5 else dp
                self.support(u, target, dest)
                return True
            return False
        if reach(u.kind, u.loc, target):
            self.support(u, target)
            return True
        return False

    def convoy(self, fleet: Unit, army: str, dest: str) -> None:
        self.intents[fleet.province] = ("C", army, dest)

    def plausible(self, u: Unit, focus: Iterable[str] = ()) -> None:
        """Some likely order: a move (towards `focus` if possible), a support of a neighbour, or a hold."""
        rng, focus = self.rng, [p for p in focus if p != u.province]
        r = rng.random()
        if r < 0.5:
            targets = [p for p in focus if self.geo.m.reaches_province(u.kind, u.loc, p)]
            if not targets or rng.random() < 0.3:
                targets = sorted({d[:3] for d in self.geo.moves(u.kind, u.loc)})
            if targets:
                self.move(u, rng.choice(targets))
                return
        if r < 0.85:
            near = [p for p in self.units if p != u.province and (
                self.geo.m.reaches_province(u.kind, u.loc, p) or
                (self.intents.get(p, ("H",))[0] == "M" and
                 self.geo.m.reaches_province(u.kind, u.loc, self.intents[p][1][:3])))]
            rng.shuffle(near)
            for p in near:
                if self.support_current(u, p):
                    return
        self.hold(u)

    # -- rendering -----------------------------------------------------------------------------------------------
    def render(self, style: float = 0.15) -> list[tuple[str, str]]:
        """(power, text) lines: one per ordered unit, and the raw lines, in random order (the order of a power's
        lines decides which of two orders for a unit counts under duplicate_orders=first/last)."""
        lines = [(self.units[p].power, self.text(p, i, style)) for p, i in self.intents.items() if p in self.units]
        lines += self.extra
        self.rng.shuffle(lines)
        return lines

    def text(self, prov: str, intent: Intent, style: float = 0.0) -> str:
        u = self.units[prov]
        long = self.rng.random() < style
        name = self.long_name if long else _short
        head = _unit(u.kind, u.loc, name)
        if intent[0] == "H":
            return head + (" Hold" if long else " H")
        if intent[0] == "M":
            _, dest, via, path = intent
            route = " - ".join(name(x) for x in (*path, dest))
            return f"{head} - {route}" + ((" via Convoy" if long else " VIA") if via and not path else "")
        if intent[0] == "S":
            _, target, dest = intent
            t = self.units.get(target)
            what = _unit(t.kind, t.loc, name) if t else _unit("A", target, name)
            verb = " Supports " if long else " S "
            return head + verb + what + (f" - {name(dest)}" if dest else "")
        _, army, dest = intent
        return f"{head}{' Convoys ' if long else ' C '}A {name(army)} - {name(dest)}"

    def long_name(self, loc: str) -> str:
        """The place written out in full, as a player might: 'St Petersburg(nc)'."""
        prov = self.geo.m.provinces.get(loc[:3])
        if prov is None:
            return loc
        return prov.name + (f"({loc[4:].lower()})" if "/" in loc else "")


def _short(loc: str) -> str:
    return loc


def _unit(kind: str, loc: str, name: Callable[[str], str]) -> str:
    return f"{kind} {name(loc)}"
