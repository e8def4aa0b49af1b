"""Scenario builders for convoys: chains and second routes, rings with a convoy, paradoxes, adjacent convoys."""
# Like those in `tactics`, each draws one situation where the board has room for it, and otherwise returns quietly.

from __future__ import annotations

from collections.abc import Iterable

from judge.fuzz.board import Sketch
from judge.position import Unit


def sea_walk(sk: Sketch, start: str, length: int, avoid: Iterable[str] = ()) -> list[str]:
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


def sea_route(sk: Sketch, origin: str, dest: str, longest: int = 4, free: bool = True) -> list[str]:
    """A shortest chain of sea provinces (free ones only, unless told) from coastal `origin` to coastal `dest`,
    random among equals."""
    geo, rng = sk.geo, sk.rng
    if origin not in geo.m.shores or dest not in geo.m.shores:
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
    if not (origin or geo.coasts):  # a map without coasts convoys nothing
        return
    origin = origin or rng.choice(geo.coasts)
    if origin in sk.units and sk.units[origin].kind != "A":
        return
    owner, other, third = sk.powers(3)
    army = sk.units.get(origin) or sk.put(owner, "A", origin)
    if army is None:
        return
    owner = army.power
    chain = sea_walk(sk, origin, rng.choice((1, 1, 2, 2, 3, 4)), avoid=[p for p in sk.units])
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
        second = sea_route(sk, origin, dest, 4)
        for s in second:
            sk.convoy(sk.put(owner if rng.random() < 0.7 else third, "F", s), origin, dest)
    if rng.random() < 0.2:          # the player writes the route: this one, the other one, or one with gaps
        path = rng.choice([chain, second or chain, sea_route(sk, origin, dest, 3, free=False) or chain])
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
    powers = sk.powers(rng.randint(1, 3))
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
            if u.province in geo.m.shores and q in geo.m.shores and seas:
                army = sk.units[u.province] = Unit(u.power, "A", u.province)
                fleet = sk.put(rng.choice((army.power, sk.power())), "F", rng.choice(seas))
                sk.move(army, q, via=True)
                sk.convoy(fleet, army.province, q)
                if rng.random() < 0.3:      # and the convoying fleet is attacked
                    atk = sk.put_into(fleet.province, sk.power(), "F")
                    if atk:
                        sk.move(atk, fleet.province)
                break
    if rng.random() < 0.4:          # a supported member
        u = rng.choice(members)
        q = sk.intents[u.province][1][:3]
        h = sk.put_into(q, u.power if rng.random() < 0.7 else sk.power())
        if h:
            sk.support(h, u.province, q)
    if rng.random() < 0.3:          # an outsider attacks a ring province
        p = rng.choice(members).province
        o = sk.put_into(p, sk.power())
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
    for _ in range(30 if geo.seas else 0):
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
        atk = sk.put(enemy if rng.random() < 0.6 else sk.power(), *rng.choice(attackers))
        sk.move(army, x, via=x in m.army_adj[o] or rng.random() < 0.2)
        sk.convoy(fleet, o, x)
        sk.support(sup, atk.province, s)
        sk.move(atk, s)
        return army, fleet, sup, atk
    return None


def build_paradox(sk: Sketch) -> None:
    """Convoy paradoxes: Pandin-like, with betrayal, with extra routes or defences, or of the second order."""
    rng = sk.rng
    power, enemy = sk.powers(2)
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
        h = sk.put_into(s, rng.choice((power, sk.power())), "F")
        if h:
            sk.support(h, s)
    if rng.random() < 0.4:          # the army's attack is supported
        h = sk.put_into(x, power)
        if h:
            sk.support(h, army.province, x)
    if rng.random() < 0.25:         # a second route that avoids the attacked fleet
        for t in sea_route(sk, army.province, x, 3):
            sk.convoy(sk.put(power if rng.random() < 0.7 else sk.power(), "F", t), army.province, x)
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
        owner2 = rng.choice(sk.others(army.power) if rng.random() < 0.7 else sk.geo.powers)
        army2 = sk.put(owner2, "A", o2)
        fleet2 = sk.put(owner2, "F", s2)
        sup2 = sk.put(army.power if rng.random() < 0.5 else sk.power(), "F", loc2)
        atk2 = sk.put(sk.power(), *rng.choice(attackers))
        sk.move(army2, x2, via=x2 in m.army_adj[o2] or rng.random() < 0.2)
        sk.convoy(fleet2, o2, x2)
        sk.move(atk2, s2)
        sk.support(sup, atk2.province, s2)        # the first landing now helps against the second fleet
        sk.support(sup2, atk.province, s1)        # and the second landing against the first
        return


def build_adjacent_convoy(sk: Sketch) -> None:
    """An army convoyed to a province it could walk to: 'via convoy' or not, own or foreign fleet (DATC 4.A.3)."""
    rng, geo = sk.rng, sk.geo
    options = [t for t in geo.adjacent_convoys if sk.free(t[0]) and sk.free(t[2])]
    if not options:
        return
    o, d, s = rng.choice(options)
    owner, other, third = sk.powers(3)
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
