"""A differential fuzzer: random but plausible movement phases, adjudicated by both engines.

Every phase is made of order TEXT on a standard-map position and goes through the real pipeline (parser, legality,
order sets, then `crosscheck.run_both`), so the fuzzer also exercises everything in front of the engines. A phase on
which the DPjudge port and the equation engine disagree is shrunk (delta debugging over units, then orders, then
order simplifications and rule options) to the smallest case that still disagrees, and written out as JSON that
`bin/judge adjudicate` (or `judge.api.request`) replays.

Sections, top to bottom: the map views the generator needs; the sketch a phase is drawn on; the scenario builders;
DATC mutation; junk and illegal orders; the phase generator; running a phase; shrinking; case files; the campaign
(many phases, optionally on several processes); and the census of what the generated phases contain.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import re
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge import maps
from judge.adjudicator.crosscheck import replayable, run_both
from judge.maps import Map
from judge.orders import Convoy, Move, MovementOrder, Support, unit_key
from judge.orders import errors as E
from judge.orders.errors import OrderError
from judge.orders.parser import parse
from judge.orders.sets import build_order_set
from judge.orders.validate import Validator
from judge.position import Phase, Position, Unit
from judge.rules import DuplicateOrders, MissingUnit, ParadoxRule, Ruleset, words

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
PHASE = Phase.parse("S1901M")
EXPLAINED_SAFE_CONVOYS = "explained: safe_convoys"
UNEXPLAINED = "unexplained"
PHASE_SECONDS = 10.0     # a phase taking longer than this is reported as a hang (an engine bug in itself)

# (map, position, legal orders by province, rules) -> (the port's outcome, the differences): crosscheck.run_both's
# shape, so that a test can put a stand-in for a second engine in its place.
Engines = Callable[[Map, Position, dict, Ruleset], tuple[Any, list[str]]]


# -- map views --------------------------------------------------------------------------------------------------------

class Geo:
    """The views of the map the builders keep asking for, computed once per process."""

    def __init__(self, m: Map):
        self.m = m
        prov = m.provinces
        self.seas = sorted(p for p, v in prov.items() if v.terrain == "sea")
        self.coasts = sorted(p for p, v in prov.items() if v.terrain == "coast")
        self.armies = sorted(p for p, v in prov.items() if v.terrain != "sea")
        self.split = sorted(p for p, v in prov.items() if v.coasts)
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
        self.seas_by = {c: sorted(s for s in m.province_fleet_adj[c] if prov[s].terrain == "sea") for c in prov}
        self.coasts_by = {s: sorted(c for c in m.province_fleet_adj[s] if prov[c].terrain == "coast")
                          for s in self.seas}
        # Coastal neighbours an army could also be convoyed between through a shared sea (DATC 4.A.3 setups).
        self.adjacent_convoys = sorted((o, d, s) for o in self.coasts for d in sorted(m.army_adj[o])
                                       if prov[d].terrain == "coast" for s in self.seas_by[o] if d in self.coasts_by[s])

    def spots(self, prov: str) -> list[tuple[str, str]]:
        """Every (kind, loc) a unit can stand at in the province."""
        out = [("A", prov)] if self.m.provinces[prov].terrain != "sea" else []
        return out + [("F", loc) for loc in self.fleet_locs[prov]]

    def moves(self, kind: str, loc: str) -> list[str]:
        """Where a unit can move without a convoy (fleet destinations carry coasts)."""
        return sorted(self.m.army_adj.get(loc, ()) if kind == "A" else self.m.fleet_adj.get(loc, ()))


_GEO: dict[int, Geo] = {}


def geo_for(m: Map) -> Geo:
    g = _GEO.get(id(m))
    if g is None:
        g = _GEO[id(m)] = Geo(m)
    return g


# -- the sketch a phase is drawn on -----------------------------------------------------------------------------------

# What a unit is told to do, before it is written out as text (so that supports can follow the moves they help):
#   ("H",)  ("M", dest, via, path)  ("S", target province, dest or None)  ("C", army province, dest province)
Intent = tuple


class Sketch:
    """Units and what they intend, plus raw lines (junk, orders for others' units); rendered to text at the end."""

    def __init__(self, geo: Geo, rng: random.Random):
        self.geo, self.rng = geo, rng
        self.units: dict[str, Unit] = {}
        self.intents: dict[str, Intent] = {}
        self.extra: list[tuple[str, str]] = []      # (power, text) written as they are
        self.tags: list[str] = []

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
        name = _long if long else _short
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


def _short(loc: str) -> str:
    return loc


def _long(loc: str) -> str:
    prov = maps.load().provinces.get(loc[:3])
    if prov is None:
        return loc
    return prov.name + (f"({loc[4:].lower()})" if "/" in loc else "")


def _unit(kind: str, loc: str, name: Callable[[str], str]) -> str:
    return f"{kind} {name(loc)}"


def _powers(rng: random.Random, k: int) -> list[str]:
    return rng.sample(POWERS, k)


# -- scenario builders ------------------------------------------------------------------------------------------------
# Each draws one tactical situation somewhere on the board (skipping what is already occupied) and returns quietly if
# the board has no room for it; a phase combines a few of them.

def build_front(sk: Sketch) -> None:
    """A crowded front: several powers packed around one province, moving, supporting and holding."""
    rng, geo = sk.rng, sk.geo
    centre = rng.choice(geo.armies + geo.seas)
    powers = _powers(rng, rng.randint(2, 3))
    region = [centre, *sorted({loc[:3] for _, loc in geo.into[centre]})]
    placed = [u for p in rng.sample(region, min(len(region), rng.randint(3, 8)))
              if (u := sk.put_at(p, rng.choice(powers)))]
    for u in placed:
        sk.plausible(u, focus=[centre, *region] if rng.random() < 0.6 else [centre])
    # A second pass turns some into supports of what the others now intend (matching or not).
    for u in placed:
        if rng.random() < 0.35:
            others = [v.province for v in placed if v != u]
            rng.shuffle(others)
            any(sk.support_current(u, p) for p in others)


def build_supports_and_cuts(sk: Sketch) -> None:
    """An attack with supports against a defence with supports, and units cutting supports on either side."""
    rng, geo = sk.rng, sk.geo
    target = rng.choice(geo.armies + geo.seas)
    attacker_power, defender_power, third = _powers(rng, 3)
    if rng.random() < 0.85:
        d = sk.put_at(target, defender_power)
        if d and rng.random() < 0.3:
            sk.plausible(d)
    a = sk.put_into(target, attacker_power)
    if not a:
        return
    sk.move(a, target)
    helpers = []
    for _ in range(rng.randint(0, 3)):
        s = sk.put_into(target, attacker_power if rng.random() < 0.7 else third)
        if s:
            sk.support(s, a.province, sk.intents[a.province][1] if rng.random() < 0.5 else target)
            helpers.append(s)
    for _ in range(rng.randint(0, 2)):
        s = sk.put_into(target, defender_power if rng.random() < 0.7 else third)
        if s:
            sk.support(s, target)
            helpers.append(s)
    for s in helpers:
        if rng.random() < 0.5:
            power = rng.choice([p for p in POWERS if p != s.power] if rng.random() < 0.85 else [s.power])
            c = sk.put_into(s.province, power)
            if c:
                sk.move(c, s.province)
                if rng.random() < 0.3:
                    h = sk.put_into(s.province, power, avoid=[c.province])
                    if h:
                        sk.support(h, c.province, s.province)
    # The defender strikes back at a supporter of the attack: an attack from the target does not cut that support.
    d = sk.units.get(target)
    if d and helpers and rng.random() < 0.3:
        hits = [s for s in helpers if sk.intents[s.province][2] and sk.geo.m.reaches_province(d.kind, d.loc,
                                                                                              s.province)]
        if hits:
            sk.move(d, rng.choice(hits).province)


def _sea_walk(sk: Sketch, start: str, length: int, avoid: Iterable[str] = ()) -> list[str]:
    """A chain of distinct sea provinces starting next to coastal `start`."""
    rng, geo = sk.rng, sk.geo
    avoid = set(avoid)
    options = [s for s in geo.seas_by[start] if s not in avoid]
    if not options:
        return []
    chain = [rng.choice(options)]
    while len(chain) < length:
        nxt = [s for s in geo.m.province_fleet_adj[chain[-1]] if s in geo.coasts_by and s not in chain and
               s not in avoid]
        if not nxt:
            break
        chain.append(rng.choice(sorted(nxt)))
    return chain


def _route(sk: Sketch, origin: str, dest: str, longest: int = 4, free: bool = True) -> list[str]:
    """A shortest chain of sea provinces (free ones only, unless told) from coastal `origin` to coastal `dest`,
    random among equals."""
    geo, rng = sk.geo, sk.rng
    if geo.m.provinces[origin].terrain != "coast" or geo.m.provinces[dest].terrain != "coast":
        return []
    frontier = [[s] for s in geo.seas_by.get(origin, ()) if sk.free(s) or not free]
    seen = {c[0] for c in frontier}
    while frontier:
        rng.shuffle(frontier)
        for chain in frontier:
            if dest in geo.coasts_by[chain[-1]]:
                return chain
        nxt = []
        for chain in frontier:
            if len(chain) >= longest:
                continue
            for s in sorted(geo.m.province_fleet_adj[chain[-1]]):
                if s in geo.coasts_by and s not in seen and (sk.free(s) or not free):
                    seen.add(s)
                    nxt.append(chain + [s])
        frontier = nxt
    return []


def build_convoy_chain(sk: Sketch, origin: str | None = None) -> None:
    """An army convoyed through one or more fleets, sometimes by two routes, disrupted, supported or opposed."""
    rng, geo = sk.rng, sk.geo
    origin = origin or rng.choice(geo.coasts)
    if origin in sk.units and sk.units[origin].kind != "A":
        return
    owner, other, third = _powers(rng, 3)
    army = sk.units.get(origin) or sk.put(owner, "A", origin)
    if army is None:
        return
    owner = army.power
    chain = _sea_walk(sk, origin, rng.choice((1, 1, 2, 2, 3, 4)), avoid=[p for p in sk.units])
    if not chain:
        return
    ends = [c for c in geo.coasts_by[chain[-1]] if c != origin]
    if not ends:
        return
    dest = rng.choice(ends)
    fleets = [sk.put(owner if rng.random() < 0.8 else other, "F", s) for s in chain]
    sk.move(army, dest, via=rng.random() < 0.3)
    for f in fleets:
        if f:
            sk.convoy(f, origin, dest)
    second: list[str] = []
    if rng.random() < 0.35:         # a second route: fleets on another chain of free seas to the same coast
        second = _route(sk, origin, dest, 4)
        for s in second:
            sk.convoy(sk.put(owner if rng.random() < 0.7 else third, "F", s), origin, dest)
    if rng.random() < 0.2:          # the player writes the route: this one, the other one, or one with gaps
        path = rng.choice([chain, second or chain, _route(sk, origin, dest, 3, free=False) or chain])
        sk.move(army, dest, path=tuple(path))
    if rng.random() < 0.45:         # attack a fleet of the route, perhaps with support
        s = rng.choice(chain)
        atk = sk.put_into(s, other, "F")
        if atk:
            sk.move(atk, s)
            for _ in range(rng.randint(0, 2)):
                h = sk.put_into(s, rng.choice((other, third, owner)), "F", avoid=[atk.province])
                if h:
                    sk.support(h, atk.province, s)
    if rng.random() < 0.5:          # someone at the landing
        d = sk.put_at(dest, rng.choice((other, third)))
        if d:
            r = rng.random()
            if r < 0.3 and geo.m.reaches_province(d.kind, d.loc, origin):
                sk.move(d, origin)
            elif r < 0.6:
                sk.plausible(d)
    if rng.random() < 0.4:          # support for the convoyed army
        h = sk.put_into(dest, rng.choice((owner, third)))
        if h:
            sk.support(h, origin, dest)
    if rng.random() < 0.15 and len(fleets) > 1 and fleets[-1]:   # a fleet that convoys some other army instead
        f = fleets[-1]
        elsewhere = [c for c in geo.coasts_by[f.province] if c not in (origin, dest)]
        if elsewhere:
            sk.convoy(f, rng.choice(elsewhere), dest)


def _find_ring(sk: Sketch, length: int) -> list[tuple[str, str, str]] | None:
    """A closed chain of free provinces, each with a (kind, loc) that can move into the next: [(kind, loc, next)]."""
    rng, geo = sk.rng, sk.geo
    for _ in range(40):
        start = rng.choice(geo.armies + geo.seas)
        if not sk.free(start):
            continue
        ring = [start]
        while len(ring) < length:
            options = sorted({loc[:3] for k, loc in geo.into[ring[-1]]} - set(ring) - set(sk.units))
            if not options:
                break
            ring.append(rng.choice(options))
        # `into[p]` lists who can enter p, so the walk above went backwards: ring[i+1] can move into ring[i].
        ring.reverse()
        if len(ring) != length:
            continue
        links = []
        for i, p in enumerate(ring):
            q = ring[(i + 1) % length]
            ways = [(k, loc) for k, loc in geo.into[q] if loc[:3] == p]
            if not ways:
                break
            k, loc = rng.choice(ways)
            links.append((k, loc, q))
        if len(links) == length:
            return links
    return None


def build_ring(sk: Sketch) -> None:
    """Circular movement of three to five units; perhaps supported, convoyed in part, broken or attacked."""
    rng, geo = sk.rng, sk.geo
    links = _find_ring(sk, rng.choice((2, 3, 3, 4, 5)))
    if not links:
        return
    powers = _powers(rng, rng.randint(1, 3))
    members = []
    for kind, loc, q in links:
        u = sk.put(rng.choice(powers), kind, loc)
        if u:
            sk.move(u, q)
            members.append(u)
    if not members:
        return
    if rng.random() < 0.4:          # a ring member's move is convoyed instead (a convoy in the ring)
        for u in rng.sample(members, len(members)):
            q = sk.intents[u.province][1][:3]
            seas = [s for s in geo.seas_by.get(u.province, ()) if q in geo.coasts_by.get(s, ()) and sk.free(s)]
            if geo.m.provinces[u.province].terrain == "coast" and geo.m.provinces[q].terrain == "coast" and seas:
                army = sk.units[u.province] = Unit(u.power, "A", u.province)
                fleet = sk.put(rng.choice((army.power, rng.choice(POWERS))), "F", rng.choice(seas))
                sk.move(army, q, via=True)
                sk.convoy(fleet, army.province, q)
                if rng.random() < 0.3:      # and the convoying fleet is attacked
                    atk = sk.put_into(fleet.province, rng.choice(POWERS), "F")
                    if atk:
                        sk.move(atk, fleet.province)
                break
    if rng.random() < 0.4:          # a supported member
        u = rng.choice(members)
        q = sk.intents[u.province][1][:3]
        h = sk.put_into(q, u.power if rng.random() < 0.7 else rng.choice(POWERS))
        if h:
            sk.support(h, u.province, q)
    if rng.random() < 0.3:          # an outsider attacks a ring province
        p = rng.choice(members).province
        o = sk.put_into(p, rng.choice(POWERS))
        if o:
            sk.move(o, p)
            if rng.random() < 0.4:
                h = sk.put_into(p, o.power, avoid=[o.province])
                if h:
                    sk.support(h, o.province, p)
    if rng.random() < 0.15:         # a broken ring: one member stays
        sk.hold(rng.choice(members))


def _paradox_frame(sk: Sketch, power: str, enemy: str) -> tuple[Unit, Unit, Unit, Unit] | None:
    """Army convoyed from O across sea S to X, where a fleet supports an attack on S: (army, fleet, supporter,
    attacker). The Pandin family of DATC 6.F.14-6.F.20."""
    rng, geo, m = sk.rng, sk.geo, sk.geo.m
    for _ in range(30):
        s = rng.choice(geo.seas)
        landings = [c for c in geo.coasts_by[s] if sk.free(c) and any(
            s in {d[:3] for d in m.fleet_adj[loc]} for loc in geo.fleet_locs[c])]
        origins = [c for c in geo.coasts_by[s] if sk.free(c)]
        if not landings or len(origins) < 2 or not sk.free(s):
            continue
        x = rng.choice(landings)
        o = rng.choice([c for c in origins if c != x] or [None])
        attackers = [(k, loc) for k, loc in geo.into[s] if k == "F" and loc[:3] not in (x, o) and sk.free(loc[:3])]
        if o is None or not attackers:
            continue
        army = sk.put(power, "A", o)
        fleet = sk.put(power, "F", s)
        sup = sk.put(enemy, "F", rng.choice([loc for loc in geo.fleet_locs[x]
                                             if s in {d[:3] for d in m.fleet_adj[loc]}]))
        atk = sk.put(enemy if rng.random() < 0.6 else rng.choice(POWERS), *rng.choice(attackers))
        sk.move(army, x, via=x in m.army_adj[o] or rng.random() < 0.2)
        sk.convoy(fleet, o, x)
        sk.support(sup, atk.province, s)
        sk.move(atk, s)
        return army, fleet, sup, atk
    return None


def build_paradox(sk: Sketch) -> None:
    """Convoy paradoxes: Pandin-like, with betrayal, with extra routes or defences, or of the second order."""
    rng = sk.rng
    power, enemy = _powers(rng, 2)
    frame = _paradox_frame(sk, power, enemy)
    if not frame:
        return
    army, fleet, sup, atk = frame
    x, s = sup.province, fleet.province
    r = rng.random()
    if r < 0.2:                     # betrayal: the convoying power helps attack its own fleet
        h = sk.put_into(s, power, "F")
        if h:
            sk.support(h, atk.province, s)
    elif r < 0.4:                   # Pandin: the fleet is defended, so the attack only ties
        h = sk.put_into(s, rng.choice((power, rng.choice(POWERS))), "F")
        if h:
            sk.support(h, s)
    if rng.random() < 0.4:          # the army's attack is supported
        h = sk.put_into(x, power)
        if h:
            sk.support(h, army.province, x)
    if rng.random() < 0.25:         # a second route that avoids the attacked fleet
        for t in _route(sk, army.province, x, 3):
            sk.convoy(sk.put(power if rng.random() < 0.7 else rng.choice(POWERS), "F", t), army.province, x)
        sk.move(army, x, via=True)
    if rng.random() < 0.35:
        _second_order(sk, army, fleet, sup, atk)


def _second_order(sk: Sketch, army: Unit, fleet: Unit, sup: Unit, atk: Unit) -> None:
    """Cross-link a second convoy with the first: each landing supports the attack on the other convoy's fleet
    (DATC 6.F.22-6.F.24). Needs a second sea next to the first landing; tried a few times, else left out."""
    rng, geo, m = sk.rng, sk.geo, sk.geo.m
    s1, x1 = fleet.province, sup.province
    seas = [t for t in sorted({d[:3] for d in m.fleet_adj[sup.loc]}) if t in geo.coasts_by and t != s1 and sk.free(t)]
    rng.shuffle(seas)
    for s2 in seas:
        landings = [(c, loc) for c in geo.coasts_by[s2] if c != x1 and sk.free(c)
                    for loc in geo.fleet_locs[c] if s1 in {d[:3] for d in m.fleet_adj[loc]}]
        origins = [c for c in geo.coasts_by[s2] if sk.free(c)]
        attackers = [(k, loc) for k, loc in geo.into[s2] if k == "F" and sk.free(loc[:3])]
        if not landings or not attackers:
            continue
        x2, loc2 = rng.choice(landings)
        origins = [c for c in origins if c != x2]
        attackers = [a for a in attackers if a[1][:3] != x2]
        if not origins or not attackers:
            continue
        o2 = rng.choice(origins)
        attackers = [a for a in attackers if a[1][:3] != o2]
        if not attackers:
            continue
        owner2 = rng.choice([p for p in POWERS if p != army.power] if rng.random() < 0.7 else POWERS)
        army2 = sk.put(owner2, "A", o2)
        fleet2 = sk.put(owner2, "F", s2)
        sup2 = sk.put(army.power if rng.random() < 0.5 else rng.choice(POWERS), "F", loc2)
        atk2 = sk.put(rng.choice(POWERS), *rng.choice(attackers))
        sk.move(army2, x2, via=x2 in m.army_adj[o2] or rng.random() < 0.2)
        sk.convoy(fleet2, o2, x2)
        sk.move(atk2, s2)
        sk.support(sup, atk2.province, s2)        # the first landing now helps against the second fleet
        sk.support(sup2, atk.province, s1)        # and the second landing against the first
        return


def build_head_to_head(sk: Sketch) -> None:
    """Two units swapping places, with supports, a third party, or one side going by convoy."""
    rng, geo = sk.rng, sk.geo
    p = rng.choice(geo.armies + geo.seas)
    a_power, b_power, third = _powers(rng, 3)
    if rng.random() < 0.15:
        b_power = a_power
    a = sk.put_at(p, a_power)
    if not a:
        return
    partners = [(k, loc) for k, loc in geo.into[p] if sk.free(loc[:3]) and
                geo.m.reaches_province(a.kind, a.loc, loc[:3])]
    b = sk.put(b_power, *rng.choice(partners)) if partners else None
    if not b:
        return
    sk.move(a, b.province)
    sk.move(b, p)
    for side, dest, owner in ((a, b.province, a_power), (b, p, b_power)):
        for _ in range(rng.choice((0, 0, 1, 1, 2))):
            h = sk.put_into(dest, owner if rng.random() < 0.8 else third, avoid=[side.province])
            if h:
                sk.support(h, side.province, dest)
    if rng.random() < 0.3:          # a third unit into one of the two provinces
        t = rng.choice((p, b.province))
        o = sk.put_into(t, third)
        if o:
            sk.move(o, t)
    if rng.random() < 0.2 and a.kind == "A" and geo.m.provinces[b.province].terrain == "coast":
        route = _route(sk, p, b.province, 2)
        if route:                   # one side goes by convoy: no head-to-head battle then (DATC 6.G)
            for s in route:
                sk.convoy(sk.put(a_power if rng.random() < 0.7 else third, "F", s), p, b.province)
            sk.move(a, b.province, via=True)


def build_beleaguered(sk: Sketch) -> None:
    """A garrison attacked from several sides by different powers, often with equal support."""
    rng, geo = sk.rng, sk.geo
    g = rng.choice(geo.armies + geo.seas)
    powers = _powers(rng, 4)
    garrison = sk.put_at(g, powers[0])
    if not garrison:
        return
    r = rng.random()
    if r < 0.2:
        sk.plausible(garrison)
    helpers = rng.choice((0, 1, 1, 2))
    for attacker_power in powers[1:rng.randint(3, 4)]:
        if rng.random() < 0.1:
            attacker_power = powers[0]          # the garrison's own power among the attackers
        a = sk.put_into(g, attacker_power)
        if not a:
            continue
        sk.move(a, g)
        n = helpers if rng.random() < 0.6 else rng.randint(0, 2)
        for _ in range(n):
            h = sk.put_into(g, attacker_power if rng.random() < 0.8 else rng.choice(POWERS), avoid=[a.province])
            if h:
                sk.support(h, a.province, g)
    if rng.random() < 0.3:
        h = sk.put_into(g, powers[0])
        if h:
            sk.support(h, g)


def build_self_dislodge(sk: Sketch) -> None:
    """Attempts to dislodge one's own unit: own attack with own or foreign support, own support of an enemy."""
    rng, geo = sk.rng, sk.geo
    t = rng.choice(geo.armies + geo.seas)
    owner, enemy, third = _powers(rng, 3)
    victim = sk.put_at(t, owner)
    if not victim:
        return
    r = rng.random()
    if r < 0.2:
        sk.plausible(victim)      # it may try to leave (and bounce)
    attacker_power = owner if rng.random() < 0.5 else enemy
    a = sk.put_into(t, attacker_power)
    if not a:
        return
    sk.move(a, t)
    for _ in range(rng.randint(1, 3)):
        h = sk.put_into(t, rng.choice((owner, enemy, third)), avoid=[a.province])
        if h:
            sk.support(h, a.province, t)
    if rng.random() < 0.3:          # a rival attack into the same province
        b = sk.put_into(t, third)
        if b:
            sk.move(b, t)


def build_adjacent_convoy(sk: Sketch) -> None:
    """An army convoyed to a province it could walk to: 'via convoy' or not, own or foreign fleet (DATC 4.A.3)."""
    rng, geo = sk.rng, sk.geo
    options = [t for t in geo.adjacent_convoys if sk.free(t[0]) and sk.free(t[2])]
    if not options:
        return
    o, d, s = rng.choice(options)
    owner, other, third = _powers(rng, 3)
    army = sk.put(owner, "A", o)
    fleet = sk.put(owner if rng.random() < 0.5 else other, "F", s)
    sk.move(army, d, via=rng.random() < 0.5)
    sk.convoy(fleet, o, d)
    r = rng.random()
    if r < 0.6:                     # the unit at the destination holds or tries to swap
        u = sk.put_at(d, other)
        if u:
            if rng.random() < 0.6 and geo.m.reaches_province(u.kind, u.loc, o):
                sk.move(u, o)
            if rng.random() < 0.4:
                h = sk.put_into(o if sk.intents.get(d, ("H",))[0] == "M" else d, other, avoid=[d])
                if h:
                    sk.support_current(h, d)
    if rng.random() < 0.3:          # the convoying fleet is attacked
        atk = sk.put_into(s, third, "F")
        if atk:
            sk.move(atk, s)
    if rng.random() < 0.3:
        h = sk.put_into(d, rng.choice((owner, third)), avoid=[o])
        if h:
            sk.support(h, o, d)


def build_split_coasts(sk: Sketch) -> None:
    """Fleets at and around Spain, St Petersburg or Bulgaria: coasts named, omitted or wrong."""
    rng, geo = sk.rng, sk.geo
    p = rng.choice(geo.split)
    powers = _powers(rng, 3)
    u = sk.put_at(p, rng.choice(powers), "F" if rng.random() < 0.8 else "A")
    if u and rng.random() < 0.6:
        sk.plausible(u)
    for _ in range(rng.randint(1, 4)):
        f = sk.put_into(p, rng.choice(powers), "F" if rng.random() < 0.8 else "AF")
        if not f:
            continue
        r = rng.random()
        coast = rng.choice(geo.m.provinces[p].coasts)
        if r < 0.5:
            dest = rng.choice((p, f"{p}/{coast}", sk.dest_loc(f, p)))
            sk.intents[f.province] = ("M", dest if f.kind == "F" else p, False, ())
        elif r < 0.8 and sk.intents:
            mover = rng.choice(sorted(sk.intents))
            i = sk.intents[mover]
            if i[0] == "M" and i[1][:3] != f.province and mover in sk.units:
                dest = i[1][:3] + (f"/{coast}" if rng.random() < 0.5 and i[1][:3] == p else "")
                sk.support(f, mover, dest)
            else:
                sk.plausible(f, focus=[p])
        else:
            sk.plausible(f, focus=[p])


def build_full_board(sk: Sketch) -> None:
    """A mid-game board: twenty to thirty-odd units of all powers, each with an ordinary order."""
    rng, geo = sk.rng, sk.geo
    provs = rng.sample(geo.armies + geo.seas, rng.randint(20, 34))
    placed = [u for p in provs if (u := sk.put_at(p, rng.choice(POWERS)))]
    for u in placed:
        if rng.random() < 0.9:
            sk.plausible(u)
    for u in placed:               # supports last, so that many of them match the moves now intended
        if rng.random() < 0.25:
            near = [v.province for v in placed if v != u]
            rng.shuffle(near)
            any(sk.support_current(u, p) for p in near[:12])
    armies = [u for u in placed if u.kind == "A" and geo.m.provinces[u.province].terrain == "coast"]
    for u in rng.sample(armies, min(len(armies), rng.randint(0, 2))):
        route = [p for p in geo.seas_by[u.province] if p in sk.units and sk.units[p].kind == "F"]
        if route:                  # an army carried by a fleet that happens to be next to it
            f = sk.units[rng.choice(route)]
            dests = [c for c in geo.coasts_by[f.province] if c != u.province]
            if dests:
                d = rng.choice(dests)
                sk.move(u, d, via=rng.random() < 0.3)
                sk.convoy(f, u.province, d)


def build_noise(sk: Sketch) -> None:
    """A few unrelated units with ordinary orders, spread over the board."""
    rng, geo = sk.rng, sk.geo
    for _ in range(rng.randint(1, 6)):
        u = sk.put_at(rng.choice(geo.armies + geo.seas), rng.choice(POWERS))
        if u and rng.random() < 0.8:
            sk.plausible(u)


SCENARIOS: dict[str, tuple[float, Callable[[Sketch], None]]] = {
    "front": (3, build_front),
    "supports_and_cuts": (3, build_supports_and_cuts),
    "convoy_chain": (3, build_convoy_chain),
    "ring": (2, build_ring),
    "paradox": (2.5, build_paradox),
    "head_to_head": (2, build_head_to_head),
    "beleaguered": (1.5, build_beleaguered),
    "self_dislodge": (1.5, build_self_dislodge),
    "adjacent_convoy": (2, build_adjacent_convoy),
    "split_coasts": (1.5, build_split_coasts),
    "full_board": (1, build_full_board),
    "noise": (1, build_noise),
}


# -- DATC cases as seeds ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Seed:
    case: str
    units: dict[str, Unit]
    intents: dict[str, Intent]
    extra: tuple[tuple[str, str], ...]


_SEEDS: list[Seed] | None = None


def datc_seeds(m: Map) -> list[Seed]:
    """The first step of every DATC case that starts with movement, its orders read back into intents."""
    global _SEEDS
    if _SEEDS is None:
        from judge import datc
        rules = Ruleset(missing_unit=MissingUnit.VOID)
        _SEEDS = []
        for case in datc.load_cases():
            try:
                pos = Position.from_json({"phase": "S1901M", **case["position"]}, m)
            except ValueError:
                continue
            if pos.phase.kind != "M":
                continue
            v = Validator(pos, m, rules)
            intents: dict[str, Intent] = {}
            extra = []
            for o in case["steps"][0]["orders"]:
                try:
                    order = v.order(o["order"], o["power"])
                except OrderError:
                    extra.append((o["power"], o["order"]))
                    continue
                if order.unit.province in intents:
                    extra.append((o["power"], o["order"]))
                else:
                    intents[order.unit.province] = _intent(order)
            _SEEDS.append(Seed(case["id"], dict(pos.units), intents, tuple(extra)))
    return _SEEDS


def _intent(order: MovementOrder) -> Intent:
    if isinstance(order, Move):
        return ("M", order.dest, order.via_convoy, order.path)
    if isinstance(order, Support):
        return ("S", order.target.province, order.dest)
    if isinstance(order, Convoy):
        return ("C", order.army.province, order.dest)
    return ("H",)


def mutate_datc(sk: Sketch) -> str:
    """Copy a DATC case onto the sketch, then change it: retarget moves, add supports, cuts and convoys, hand units
    to other powers, drop orders."""
    rng, geo = sk.rng, sk.geo
    seed = rng.choice(datc_seeds(geo.m))
    sk.units.update(seed.units)
    sk.intents.update(seed.intents)
    sk.extra.extend(seed.extra)
    for _ in range(rng.randint(1, 3)):
        r = rng.random()
        provs = sorted(sk.units)
        p = rng.choice(provs)
        u = sk.units[p]
        if r < 0.2:                     # swap a target
            moves = sorted({d[:3] for d in geo.moves(u.kind, u.loc)})
            if moves:
                sk.move(u, rng.choice(moves))
        elif r < 0.35:                  # a new support for some unit's intent
            h = sk.put_into(p, rng.choice(POWERS))
            if h and not sk.support_current(h, p):
                sk.plausible(h, focus=[p])
        elif r < 0.5:                   # a cut
            c = sk.put_into(p, rng.choice([x for x in POWERS if x != u.power]))
            if c:
                sk.move(c, p)
        elif r < 0.6:                   # a convoy from an army on the coast
            if u.kind == "A" and geo.m.provinces[p].terrain == "coast":
                build_convoy_chain(sk, p)
        elif r < 0.75:                  # another power takes the unit (its order goes along, or stays behind)
            new = rng.choice([x for x in POWERS if x != u.power])
            if rng.random() < 0.3 and p in sk.intents:
                sk.extra.append((u.power, sk.text(p, sk.intents[p])))
                del sk.intents[p]
            sk.units[p] = Unit(new, u.kind, u.loc)
        elif r < 0.85:                  # drop an order
            sk.intents.pop(p, None)
        elif r < 0.95:                  # make it support something else nearby
            others = [q for q in provs if q != p]
            rng.shuffle(others)
            any(sk.support_current(u, q) for q in others)
        else:
            sk.hold(u)
    return seed.case


# -- junk and illegal orders ------------------------------------------------------------------------------------------

_JUNK = ("hello world", "", "A XYZ - PAR", "F NTH - ", "A PAR S", "BUILD A PAR", "F LON C F NTH - BEL",
         "WAIVE", "A BUR R PAR", "F BRE D", "A Paris to", "Supports", "A PAR - - BUR", "F ENG C A", "A LVP -> -> YOR",
         "A MUN H H", "please move my army", "F STP/WC - BOT", "A PAR - BUR VIA VIA")


def add_illegal(sk: Sketch) -> None:
    """Orders that must be refused or that match nothing: the pipeline and the engines must both cope."""
    rng, geo, m = sk.rng, sk.geo, sk.geo.m
    provs = sorted(sk.units)
    for _ in range(rng.randint(1, 4)):
        r = rng.random()
        if r < 0.12:
            sk.extra.append((rng.choice(POWERS), rng.choice(_JUNK)))
        elif r < 0.25 and provs:        # an order for somebody else's unit
            p = rng.choice(provs)
            power = rng.choice([x for x in POWERS if x != sk.units[p].power])
            sk.extra.append((power, sk.text(p, sk.intents.get(p, ("H",)))))
        elif r < 0.35:                  # an order for a unit that is not there
            p = rng.choice([q for q in geo.armies if sk.free(q)])
            q = rng.choice(sorted(m.army_adj[p]))
            sk.extra.append((rng.choice(POWERS), f"A {p} - {q}"))
        elif r < 0.55 and provs:        # a support of a move that is not made (or of a unit that is not there)
            u = sk.units[rng.choice(provs)]
            dests = sorted(m.reach.get((u.kind, u.loc), ()))
            if not dests:
                continue
            d = rng.choice(dests)
            target = [(k, loc) for k, loc in geo.into[d] if loc[:3] != u.province]
            if target:
                _, loc = rng.choice(target)
                if rng.random() < 0.5 or loc[:3] not in sk.units:
                    sk.support(u, loc[:3], d)
                    if loc[:3] not in sk.units:
                        sk.tags.append("missing_target")
        elif r < 0.62 and provs:        # support to hold for a unit that is ordered to move
            movers = [q for q in provs if sk.intents.get(q, ("H",))[0] == "M"]
            if movers:
                q = rng.choice(movers)
                helpers = [(k, loc) for k, loc in geo.into[q] if loc[:3] in sk.units and loc[:3] != q]
                if helpers:
                    h = sk.units[rng.choice(helpers)[1][:3]]
                    sk.support(h, q)
        elif r < 0.7:                   # a convoy that matches nothing
            fleets = [p for p in provs if sk.units[p].kind == "F" and m.provinces[p].terrain == "sea"]
            if fleets:
                f = sk.units[rng.choice(fleets)]
                a, d = rng.sample(geo.coasts_by[f.province], 2) if len(geo.coasts_by[f.province]) > 1 else (None, None)
                if a:
                    sk.convoy(f, a, d)
        elif r < 0.8 and provs:         # a second, different order for a unit
            p = rng.choice(provs)
            u = sk.units[p]
            moves = sorted({d[:3] for d in geo.moves(u.kind, u.loc)})
            if moves:
                sk.extra.append((u.power, sk.text(p, ("M", rng.choice(moves), False, ()))))
        elif r < 0.9 and provs:         # a move that cannot be made: too far, into water, inland, wrong coast
            p = rng.choice(provs)
            u = sk.units[p]
            sk.extra.append((u.power, f"{u} - {rng.choice(geo.armies + geo.seas + ['SPA/NC', 'STP/SC', 'BUL/EC'])}"))
        elif provs:                     # a move without the coast it needs, or support of oneself
            p = rng.choice(provs)
            u = sk.units[p]
            sk.extra.append((u.power, rng.choice((f"{u} S {u}", f"{u} - SPA", f"{u} - STP", f"{u} - BUL",
                                                  f"{u} C A {p} - {p}"))))


# -- the phase generator ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Trial:
    """One movement phase to adjudicate: the units, the order lines as the powers wrote them, and the rules."""
    units: tuple[Unit, ...]
    orders: tuple[tuple[str, str], ...]          # (power, text), in the order written
    rules: Ruleset
    seed: int = 0
    index: int = 0
    scenario: str = ""

    def position(self) -> Position:
        return Position(PHASE, {u.province: u for u in self.units}, {}, {})

    def texts(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for power, text in self.orders:
            out.setdefault(power, []).append(text)
        return out


def random_rules(rng: random.Random, known: bool = False) -> Ruleset:
    """The rule options both engines implement, at random; safe_convoys only in --known runs (the port alone reads
    it, so with it on the engines are expected to differ)."""
    changes: dict[str, Any] = {}
    if rng.random() < 0.35:
        changes["convoy_paradox"] = ParadoxRule.RULE_1982
    r = rng.random()
    if r < 0.25:
        changes["missing_unit"] = MissingUnit.VOID
    elif r < 0.5:
        changes["missing_unit"] = MissingUnit.HOLD
    if rng.random() < 0.25:
        changes["convoy_cuts_origin_support"] = True
    if rng.random() < 0.25:
        changes["retreat_to_convoy_origin"] = False
    r = rng.random()
    if r < 0.3:
        changes["duplicate_orders"] = rng.choice((DuplicateOrders.REJECT_SET, DuplicateOrders.FIRST,
                                                  DuplicateOrders.LAST))
    if known and rng.random() < 0.5:
        changes["safe_convoys"] = True
    return dataclasses.replace(Ruleset(), **changes)


def phase_rng(seed: int, index: int) -> random.Random:
    """The generator of phase `index` of a run: independent of how the run is split over processes."""
    return random.Random(seed * 1_000_003 + index * 7_919 + 17)


def generate(seed: int, index: int, known: bool = False, m: Map | None = None) -> Trial:
    """Phase `index` of the run seeded `seed`: a DATC mutation or a mix of scenarios, noise and illegal orders."""
    m = m or maps.load()
    rng = phase_rng(seed, index)
    sk = Sketch(geo_for(m), rng)
    names = list(SCENARIOS)
    weights = [SCENARIOS[n][0] for n in names]
    if rng.random() < 0.25:
        sk.tags.append("datc:" + mutate_datc(sk))
        if rng.random() < 0.3:
            name = rng.choices(names, weights)[0]
            SCENARIOS[name][1](sk)
            sk.tags.append(name)
    else:
        for name in rng.choices(names, weights, k=rng.choice((1, 1, 2, 2, 3))):
            SCENARIOS[name][1](sk)
            sk.tags.append(name)
        if rng.random() < 0.5:
            build_noise(sk)
    if rng.random() < 0.3:
        add_illegal(sk)
        sk.tags.append("illegal")
    units = tuple(sorted(sk.units.values(), key=lambda u: u.province))
    return Trial(units, tuple(sk.render()), random_rules(rng, known), seed, index, "+".join(sk.tags))


# -- running a phase --------------------------------------------------------------------------------------------------

@dataclass
class Verdict:
    differences: list[str]
    orders: dict[str, MovementOrder] = field(default_factory=dict)   # the legal orders, by province
    errors: list[str] = field(default_factory=list)                  # diagnostics of refused lines
    crashed: bool = False


class _Hang(Exception):
    """Raised by the alarm when one phase runs past PHASE_SECONDS."""


def _on_alarm(signum, frame):
    raise _Hang()


def legal_orders(trial: Trial, m: Map) -> tuple[Position, dict[str, MovementOrder], list[str]]:
    """The real order pipeline: order text -> build_order_set per power -> the legal orders by province."""
    position = trial.position()
    validator = Validator(position, m, trial.rules)
    texts = trial.texts()
    orders: dict[str, MovementOrder] = {}
    errors: list[str] = []
    for power in m.powers:
        if power in texts:
            oset = build_order_set(power, texts[power], position, m, trial.rules, validator)
            for o in oset.orders:
                orders[unit_key(o)] = o
            errors.extend(msg for _, msg in oset.errors)
    return position, orders, errors


def adjudge(trial: Trial, m: Map, engines: Engines = run_both) -> Verdict:
    """Both engines on one phase. A crash or a hang is a finding too, reported as a difference line."""
    armed = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if armed:
        old = signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, PHASE_SECONDS)
    stage = "order pipeline"
    orders: dict[str, MovementOrder] = {}
    errors: list[str] = []
    try:
        position, orders, errors = legal_orders(trial, m)
        stage = "engines"
        _, differences = engines(m, position, orders, trial.rules)
        return Verdict(differences, orders, errors)
    except _Hang:
        return Verdict([f"crash: {stage} ran over {PHASE_SECONDS:g} s"], orders, errors, True)
    except Exception as exc:  # noqa: BLE001 - a crash is a finding: report it with the phase that causes it
        if armed:
            signal.setitimer(signal.ITIMER_REAL, 0)     # _which runs the engines again: not against this clock
        return Verdict([f"crash: {stage}: {_which(trial, m, engines, stage)}{type(exc).__name__}: {exc}"],
                       orders, errors, True)
    finally:
        if armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)


def _which(trial: Trial, m: Map, engines: Engines, stage: str) -> str:
    """Which engine raised, when the real pair was running (so the report names the culprit)."""
    if stage != "engines" or engines is not run_both:
        return ""
    from judge.adjudicator import dpjudge, equations
    position, orders, _ = legal_orders(trial, m)
    culprits = []
    for name, fn in (("port", dpjudge.resolve_movement), ("equations", equations.resolve_movement)):
        try:
            fn(m, position, orders, trial.rules)
        except Exception:  # noqa: BLE001 - whichever exception: this engine is one that raised
            culprits.append(name)
    return f"{'+'.join(culprits) or 'compare'} raised "


def _nature(differences: list[str]) -> str:
    """What kind of finding: a crash of a given kind, or a disagreement. Shrinking must not turn one into another."""
    for d in differences:
        if d.startswith("crash:"):
            return re.sub(r"(raised \w+|ran over).*", r"\1", d)
    return "disagree" if differences else ""


def without_safe_convoys(trial: Trial) -> Trial:
    return dataclasses.replace(trial, rules=dataclasses.replace(trial.rules, safe_convoys=False))


def classify(trial: Trial, m: Map, engines: Engines = run_both) -> tuple[str, Trial, Verdict] | None:
    """None when the engines agree; else (class, the phase to shrink, its verdict). A disagreement that goes away
    when safe_convoys is turned off is the documented one (equations/README.md): explained."""
    v = adjudge(trial, m, engines)
    if not v.differences:
        return None
    if trial.rules.safe_convoys and not v.crashed:
        off = without_safe_convoys(trial)
        w = adjudge(off, m, engines)
        if not w.differences:
            return EXPLAINED_SAFE_CONVOYS, trial, v
        return UNEXPLAINED, off, w
    return UNEXPLAINED, trial, v


def still_fails(kind: str, nature: str, m: Map, engines: Engines = run_both) -> Callable[[Trial], bool]:
    """The property the shrinker keeps: the same class and nature of finding."""
    def check(t: Trial) -> bool:
        v = adjudge(t, m, engines)
        if _nature(v.differences) != nature:
            return False
        if kind == EXPLAINED_SAFE_CONVOYS:
            return t.rules.safe_convoys and not adjudge(without_safe_convoys(t), m, engines).differences
        return True
    return check


# -- shrinking --------------------------------------------------------------------------------------------------------

def _subject(text: str, m: Map) -> str | None:
    """The province of the unit an order line is for (None for lines that do not parse)."""
    try:
        p = parse(text, m, "M")
    except OrderError:
        return None
    return p.place.province if p.place else None


def _ddmin(items: list, test: Callable[[list], bool]) -> list:
    """Delta debugging (complements only): the smallest sublist found for which test() still holds."""
    n = 2
    while items:
        chunk = max(1, -(-len(items) // n))
        for start in range(0, len(items), chunk):
            candidate = items[:start] + items[start + chunk:]
            if test(candidate):
                items = candidate
                n = max(n - 1, 2)
                break
        else:
            if chunk == 1:
                break
            n = min(n * 2, len(items))
    return items


def shrink(trial: Trial, keeps: Callable[[Trial], bool], m: Map) -> Trial:
    """Drop units (with their orders), then order lines, then simplify what is left (canonical text or a plain
    hold for each line, fewer powers, default rule options), for as long as `keeps` holds; repeat until nothing
    more goes. The result is 1-minimal: no single unit or line can go, though a smaller case may exist elsewhere."""
    subject = {text: _subject(text, m) for _, text in trial.orders}

    def with_units(t: Trial, provs: list[str]) -> Trial:
        keep = set(provs)
        return dataclasses.replace(t, units=tuple(u for u in t.units if u.province in keep),
                                   orders=tuple(o for o in t.orders if subject.get(o[1]) in keep or
                                                subject.get(o[1]) is None))

    for _ in range(4):
        before = trial
        provs = _ddmin([u.province for u in trial.units], lambda ps, t=trial: keeps(with_units(t, ps)))
        trial = with_units(trial, provs)
        lines = _ddmin(list(trial.orders), lambda ls, t=trial: keeps(dataclasses.replace(t, orders=tuple(ls))))
        trial = dataclasses.replace(trial, orders=tuple(lines))
        trial = _simplify_orders(trial, keeps, m, subject)
        trial = _merge_powers(trial, keeps)
        trial = _simplify_rules(trial, keeps)
        if trial == before:
            break
    return trial


def _simplify_orders(trial: Trial, keeps: Callable[[Trial], bool], m: Map, subject: dict) -> Trial:
    """Each line in turn: its canonical form, then a plain hold; kept when the finding survives."""
    units = {u.province: u for u in trial.units}
    _, legal, _ = legal_orders(trial, m)
    for i in range(len(trial.orders)):
        power, text = trial.orders[i]
        p = subject.get(text)
        candidates = []
        if p in legal and str(legal[p]) != text and legal[p].unit.power == power:
            candidates.append(str(legal[p]))
        if p in units and units[p].power == power:
            candidates.append(f"{units[p]} H")
        for c in candidates:
            if c == text:
                continue
            lines = list(trial.orders)
            lines[i] = (power, c)
            t = dataclasses.replace(trial, orders=tuple(lines))
            if keeps(t):
                subject[c] = p
                trial = t
                break
    return trial


def _merge_powers(trial: Trial, keeps: Callable[[Trial], bool]) -> Trial:
    """Fewer powers where the finding allows: hand all of one power's units and order lines to another."""
    powers = list(dict.fromkeys(u.power for u in trial.units))
    for b in powers[1:]:
        for a in powers[:powers.index(b)]:
            if not any(u.power == a for u in trial.units):
                continue
            t = dataclasses.replace(
                trial, units=tuple(Unit(a, u.kind, u.loc) if u.power == b else u for u in trial.units),
                orders=tuple((a if p == b else p, text) for p, text in trial.orders))
            if keeps(t):
                trial = t
                break
    return trial


def _simplify_rules(trial: Trial, keeps: Callable[[Trial], bool]) -> Trial:
    """Every rule option back to its default where the finding does not need it."""
    for name in trial.rules.differences():
        t = dataclasses.replace(trial, rules=dataclasses.replace(trial.rules, **{name: getattr(Ruleset(), name)}))
        if keeps(t):
            trial = t
    return trial


# -- case files -------------------------------------------------------------------------------------------------------

_LOC_RE = re.compile(r"\b[A-Z]{3}(?:/[NSEW]C)?\b")
_PATH_RE = re.compile(r"(?: - _){2,}")
_KIND_RE = re.compile(r"\b[AF] _")


def _abstract(line: str) -> str:
    """A difference line with places and unit types blanked out and written convoy paths folded, so that the same
    fault elsewhere on the board (or with a longer route) looks alike."""
    line = _LOC_RE.sub("_", line)
    return _KIND_RE.sub("U _", _PATH_RE.sub(" - <path>", line))


def signature(kind: str, trial: Trial | None, differences: list[str]) -> str:
    """The finding's class, the rule options it needs, and the shape of its differences. Minimal cases with equal
    signatures count as one fault: the first is written, the others are counted. Without a trial (before
    shrinking, when the rule options are still random) it is the rough signature that rations shrinking."""
    rules = words(trial.rules) if trial else ["(rules not yet known)"]
    return hashlib.sha1("\n".join([kind, *rules, *sorted({_abstract(d) for d in differences})])
                        .encode()).hexdigest()[:12]


def _outcome_json(outcome) -> dict:
    return {"orders": {str(r.order): list(r.marks) for r in outcome.results},
            "units": sorted(f"{u.power} {u}" for u in outcome.units.values()),
            "dislodged": {str(d.unit): list(d.retreats) for d in outcome.dislodged.values()}}


def case_document(kind: str, trial: Trial, m: Map, engines: Engines = run_both) -> dict:
    """A minimal case as JSON: the replayable request, the differences, both engines' outcomes, where it came from."""
    from judge.adjudicator import dpjudge, equations
    position, legal, _ = legal_orders(trial, m)
    v = adjudge(trial, m, engines)
    req = replayable(m, position, legal, trial.rules, v.differences)
    differences = req.pop("differences")
    doc: dict[str, Any] = {
        "signature": signature(kind, trial, differences),
        "class": kind,
        "seed": trial.seed,
        "phase": trial.index,
        "scenario": trial.scenario,
        "request": req,
        "differences": differences,
        "texts": [[p, t] for p, t in trial.orders],
        "units": len(trial.units),
    }
    for name, fn in (("port", dpjudge.resolve_movement), ("equations", equations.resolve_movement)):
        try:
            doc[name] = _outcome_json(fn(m, position, legal, trial.rules))
        except Exception as exc:  # noqa: BLE001 - the crash is the finding; recorded instead of an outcome
            doc[name] = {"error": f"{type(exc).__name__}: {exc}"}
    return doc


def replay(doc: dict) -> list[str]:
    """Run a case file's request through the JSON interface; the differences the cross-check reports."""
    from judge import api
    return api.request(doc["request"])["crosscheck"]["differences"]


def write_case(doc: dict, out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    prefix = "unexplained" if doc["class"] == UNEXPLAINED else "explained"
    path = out / f"{prefix}-{doc['signature']}.json"
    path.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    return path


# -- the campaign -----------------------------------------------------------------------------------------------------

SHRINKS_PER_SHAPE = 3     # a signature seen this often before shrinking, in one process, is only counted after that


@dataclass
class Tally:
    phases: int = 0
    unexplained: int = 0
    explained: int = 0
    cases: list[dict] = field(default_factory=list)          # minimal case documents
    unshrunk: Counter = field(default_factory=Counter)      # rough signature -> findings counted, not shrunk
    census: Counter = field(default_factory=Counter)


def run_chunk(seed: int, start: int, count: int, known: bool = False, engines: Engines = run_both,
              census: bool = False, seen: Counter | None = None) -> Tally:
    """Phases start..start+count-1 of the run: classify each, shrink the disagreements, return what was found."""
    m = maps.load()
    seen = Counter() if seen is None else seen
    tally = Tally()
    for index in range(start, start + count):
        trial = generate(seed, index, known, m)
        found = classify(trial, m, engines)
        tally.phases += 1
        if census:
            _, legal, errors = legal_orders(trial, m)
            tally.census.update(features(m, trial.position(), legal, errors))
        if found is None:
            continue
        kind, subject, verdict = found
        if kind == UNEXPLAINED:
            tally.unexplained += 1
        else:
            tally.explained += 1
        rough = signature(kind, None, verdict.differences)
        seen[rough] += 1
        if seen[rough] > SHRINKS_PER_SHAPE:
            tally.unshrunk[rough] += 1
            continue
        small = shrink(subject, still_fails(kind, _nature(verdict.differences), m, engines), m)
        tally.cases.append(dict(case_document(kind, small, m, engines), rough=rough))
    return tally


_WORKER_SEEN: Counter = Counter()


def _worker(args: tuple[int, int, int, bool]) -> Tally:
    seed, start, count, known = args
    return run_chunk(seed, start, count, known, seen=_WORKER_SEEN)


@dataclass
class Report:
    phases: int
    seconds: float
    unexplained: int
    explained: int
    cases: dict[str, dict]               # signature -> {"class", "file", "hits"}
    out: Path

    @property
    def rate(self) -> float:
        return self.phases / self.seconds if self.seconds else 0.0

    def lines(self) -> list[str]:
        distinct = Counter(c["class"] for c in self.cases.values())
        out = [f"phases run: {self.phases} in {self.seconds:.1f} s ({self.rate:.0f} phases/s)",
               (f"disagreements: {self.unexplained} unexplained ({distinct[UNEXPLAINED]} distinct minimal cases), "
                f"{self.explained} explained: safe_convoys ({distinct[EXPLAINED_SAFE_CONVOYS]} distinct)")]
        if self.cases:
            out.append(f"minimal cases written to {self.out}/")
            for sig, c in sorted(self.cases.items(), key=lambda kv: (kv[1]["class"] != UNEXPLAINED, kv[0])):
                out.append(f"  {c['class']}: {c['file']} (seen {c['hits']}x; {c['units']} units)")
        else:
            out.append("no minimal cases to write")
        return out


def campaign(phases: int, seed: int = 1, jobs: int = 1, out: Path | str = "fuzz-cases", known: bool = False,
             chunk: int = 1000, progress: Callable[[str], None] | None = None) -> Report:
    """Run `phases` phases (on `jobs` processes), write each distinct minimal case to `out`, and report."""
    out = Path(out)
    t0 = time.perf_counter()
    tasks = [(seed, s, min(chunk, phases - s), known) for s in range(0, phases, chunk)]
    total = Tally()
    cases: dict[str, dict] = {}
    rough_to: dict[str, str] = {}       # rough signature -> the signature its minimal cases got
    last = t0

    def take(t: Tally) -> None:
        nonlocal last
        total.phases += t.phases
        total.unexplained += t.unexplained
        total.explained += t.explained
        for doc in t.cases:
            rough_to.setdefault(doc["rough"], doc["signature"])
            entry = cases.get(doc["signature"])
            if entry is None:
                path = write_case(doc, out)
                cases[doc["signature"]] = {"class": doc["class"], "file": path.name, "hits": 1, "units": doc["units"]}
            else:
                entry["hits"] += 1
        for rough, n in t.unshrunk.items():
            # Shrinking is rationed per process, and a process shrinks a rough signature before it skips one, so
            # the minimal case it belongs to is known by now.
            cases[rough_to[rough]]["hits"] += n
        now = time.perf_counter()
        if progress and now - last > 15:
            last = now
            progress(f"fuzz: {total.phases}/{phases} phases, {total.phases / (now - t0):.0f}/s, "
                     f"{total.unexplained} unexplained, {total.explained} explained")

    if jobs <= 1:
        seen: Counter = Counter()
        for task in tasks:
            take(run_chunk(*task, seen=seen))
    else:
        import multiprocessing
        with multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn").Pool(jobs) as pool:
            for t in pool.imap_unordered(_worker, tasks):
                take(t)
    report = Report(total.phases, time.perf_counter() - t0, total.unexplained, total.explained, cases, out)
    if cases:
        summary = {"seed": seed, "phases": report.phases, "seconds": round(report.seconds, 1),
                   "unexplained": report.unexplained, "explained": report.explained, "cases": cases}
        (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return report


def command(phases: int, seed: int, out: str, jobs: int, known: bool) -> int:
    """`bin/judge fuzz`: run, print the report, exit 1 on any unexplained disagreement."""
    def progress(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)
    report = campaign(phases, seed, jobs, out, known, progress=progress)
    print(f"fuzz: seed {seed}, {jobs} job(s), safe_convoys {'also on (--known)' if known else 'off'}")
    print("\n".join(report.lines()))
    return 1 if report.unexplained else 0


# -- census: what the generated phases contain ------------------------------------------------------------------------

def features(m: Map, position: Position, legal: dict[str, MovementOrder], errors: list[str]) -> set[str]:
    """The situations a phase contains, read from its legal orders and refusals (for the tests and for tuning)."""
    out: set[str] = set()
    units = position.units
    moves = {p: o for p, o in legal.items() if isinstance(o, Move)}
    supports = [o for o in legal.values() if isinstance(o, Support)]
    convoys = [o for o in legal.values() if isinstance(o, Convoy)]

    def by_convoy(o: Move) -> bool:
        return o.unit.kind == "A" and (o.via_convoy or bool(o.path) or o.dest not in m.army_adj[o.unit.province] or
                                       any(c.army.province == o.unit.province and c.dest == o.dest and
                                           c.unit.power == o.unit.power for c in convoys))

    matching: dict[str, list[Convoy]] = {}
    for c in convoys:
        out.add("convoy")
        mv = moves.get(c.army.province)
        if mv and mv.dest[:3] == c.dest and not c.missing:
            matching.setdefault(c.army.province, []).append(c)
        else:
            out.add("mismatched")
    for army, fleets in matching.items():
        seas = {f.unit.province for f in fleets}
        dest = moves[army].dest
        if len(fleets) >= 2:
            out.add("multi_fleet_convoy")
            if any(m.convoy_route(army, dest, seas - {s}) for s in seas):
                out.add("multi_route")
        if dest in m.army_adj[army]:
            out.add("convoy_to_adjacent")
            if any(f.unit.power != units[army].power for f in fleets):
                out.add("foreign_convoy_to_adjacent")
    for o in moves.values():
        if o.unit.kind == "A" and o.dest in m.army_adj[o.unit.province] and o.via_convoy:
            out.add("via_convoy")
        if "/" in o.dest or "/" in o.unit.loc:
            out.add("split_coast")
    # Circular movement: follow each move to the unit it enters.
    for start in moves:
        seen, p = [], start
        while p in moves and p not in seen:
            seen.append(p)
            p = moves[p].dest[:3]
        if p == start and len(seen) >= 2:
            ring = seen
            if len(ring) == 2 and not any(by_convoy(moves[q]) for q in ring):
                out.add("head_to_head")
                continue
            out.add("circular" if len(ring) >= 3 else "convoy_swap")
            if any(by_convoy(moves[q]) for q in ring):
                out.add("circular_with_convoy")
            if any(s.dest and s.target.province in ring for s in supports):
                out.add("circular_supported")
    attackers: dict[str, list[Move]] = {}
    for o in moves.values():
        attackers.setdefault(o.dest[:3], []).append(o)
    backed = Counter((s.target.province, s.dest[:3]) for s in supports if s.dest)
    for p, lst in attackers.items():
        here = units.get(p)
        if here is None:
            continue
        powers = {o.unit.power for o in lst if backed[(o.unit.province, p)]}
        if len(powers) >= 2 and p not in moves:
            out.add("beleaguered")
        if any(o.unit.power == here.power and backed[(o.unit.province, p)] for o in lst):
            out.add("self_dislodge")
        if isinstance(legal.get(p), Support) and any(o.unit.power != here.power for o in lst):
            out.add("cut")
    # Paradox-prone: a convoy's landing province supports an attack on a fleet of that convoy (first order), or on
    # a fleet of another convoy whose landing does the same back (second order).
    fleets_of = {army: {f.unit.province for f in fleets} for army, fleets in matching.items()}
    hits: dict[str, set[str]] = {}
    for army in matching:
        landing = legal.get(moves[army].dest[:3])
        if isinstance(landing, Support) and landing.dest:
            hits[army] = {b for b, seas in fleets_of.items() if landing.dest[:3] in seas}
    for a, targets in hits.items():
        if a in targets:
            out.add("paradox")
            traitors = [s for s in supports if s.dest and s.dest[:3] in fleets_of[a] and
                        s.unit.power == units[a].power]
            if traitors:
                out.add("paradox_betrayal")
        if any(b != a and a in hits.get(b, ()) for b in targets):
            out.add("paradox_second_order")
    for s in supports:
        t = legal.get(s.target.province)
        if s.missing:
            out.add("missing_unit")
        elif isinstance(t, Move) != bool(s.dest) or (s.dest and t.dest[:3] != s.dest[:3]):
            out.add("mismatched")
    for msg in errors:
        out.add("illegal")
        if msg.startswith(E.NOT_YOUR_UNIT.split("{")[0]):
            out.add("foreign_order")
        elif msg.startswith((E.UNKNOWN_PLACENAME[:10], E.UNRECOGNIZED_ORDER[:10], E.INCOMPLETE_ORDER[:10],
                             E.EMPTY_ORDER, E.UNEXPECTED_TEXT[:10], E.WRONG_PHASE[:10])):
            out.add("junk")
        elif msg.startswith((E.DUPLICATE_ORDER[:12], E.SET_REJECTED[:12])):
            out.add("duplicate")
    return out
