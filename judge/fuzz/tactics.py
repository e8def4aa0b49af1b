"""Scenario builders for battles over land and sea: fronts, supports and cuts, swaps, sieges, coasts, full boards."""
# Each draws one tactical situation somewhere on the board (skipping what is already occupied) and returns quietly if
# the board has no room for it; a phase combines a few of them. Convoys and paradoxes are in `convoys`.

from __future__ import annotations

from judge.fuzz.board import Sketch
from judge.fuzz.convoys import sea_route


def build_front(sk: Sketch) -> None:
    """A crowded front: several powers packed around one province, moving, supporting and holding."""
    rng, geo = sk.rng, sk.geo
    centre = rng.choice(geo.armies + geo.seas)
    powers = sk.powers(rng.randint(2, 3))
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
    attacker_power, defender_power, third = sk.powers(3)
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
            power = rng.choice(sk.others(s.power) if rng.random() < 0.85 else [s.power])
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


def build_head_to_head(sk: Sketch) -> None:
    """Two units swapping places, with supports, a third party, or one side going by convoy."""
    rng, geo = sk.rng, sk.geo
    p = rng.choice(geo.armies + geo.seas)
    a_power, b_power, third = sk.powers(3)
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
    if rng.random() < 0.2 and a.kind == "A" and b.province in geo.m.shores:
        route = sea_route(sk, p, b.province, 2)
        if route:                   # one side goes by convoy: no head-to-head battle then (DATC 6.G)
            for s in route:
                sk.convoy(sk.put(a_power if rng.random() < 0.7 else third, "F", s), p, b.province)
            sk.move(a, b.province, via=True)


def build_beleaguered(sk: Sketch) -> None:
    """A garrison attacked from several sides by different powers, often with equal support."""
    rng, geo = sk.rng, sk.geo
    g = rng.choice(geo.armies + geo.seas)
    powers = sk.powers(4)
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
            h = sk.put_into(g, attacker_power if rng.random() < 0.8 else sk.power(), avoid=[a.province])
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
    owner, enemy, third = sk.powers(3)
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


def build_split_coasts(sk: Sketch) -> None:
    """Fleets at and around a province with two coasts (Spain, say): coasts named, omitted or wrong."""
    rng, geo = sk.rng, sk.geo
    if not geo.split:               # a map without such provinces
        return
    p = rng.choice(geo.split)
    powers = sk.powers(3)
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
    pool = geo.armies + geo.seas
    provs = rng.sample(pool, min(len(pool), rng.randint(20, 34)))
    placed = [u for p in provs if (u := sk.put_at(p, sk.power()))]
    for u in placed:
        if rng.random() < 0.9:
            sk.plausible(u)
    for u in placed:               # supports last, so that many of them match the moves now intended
        if rng.random() < 0.25:
            near = [v.province for v in placed if v != u]
            rng.shuffle(near)
            any(sk.support_current(u, p) for p in near[:12])
    armies = [u for u in placed if u.kind == "A" and u.province in geo.m.shores]
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
        u = sk.put_at(rng.choice(geo.armies + geo.seas), sk.power())
        if u and rng.random() < 0.8:
            sk.plausible(u)
