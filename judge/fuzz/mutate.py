"""Phases drawn from elsewhere: DATC cases copied and changed, and orders that are junk, illegal or match nothing."""
from __future__ import annotations

from dataclasses import dataclass

from judge.fuzz.board import Intent, Sketch
from judge.fuzz.convoys import build_convoy_chain
from judge.maps import Map
from judge.orders import Convoy, Move, MovementOrder, Support
from judge.orders.errors import OrderError
from judge.orders.validate import Validator
from judge.position import Position, Unit
from judge.rules import MissingUnit, Ruleset

@dataclass(frozen=True)
class Seed:
    case: str
    units: dict[str, Unit]
    intents: dict[str, Intent]
    extra: tuple[tuple[str, str], ...]


_SEEDS: dict[str, list[Seed]] = {}


def datc_seeds(m: Map) -> list[Seed]:
    """The first step of every DATC case that starts with movement, its orders read back into intents. The cases are
    written for the standard map: on another map, only those whose units can all stand there (none, mostly)."""
    seeds = _SEEDS.get(m.name)
    if seeds is None:
        from judge import datc
        rules = Ruleset(missing_unit=MissingUnit.VOID)
        seeds = _SEEDS[m.name] = []
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
            seeds.append(Seed(case["id"], dict(pos.units), intents, tuple(extra)))
    return seeds


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
            h = sk.put_into(p, sk.power())
            if h and not sk.support_current(h, p):
                sk.plausible(h, focus=[p])
        elif r < 0.5:                   # a cut
            c = sk.put_into(p, rng.choice(sk.others(u.power)))
            if c:
                sk.move(c, p)
        elif r < 0.6:                   # a convoy from an army on the coast
            if u.kind == "A" and p in geo.m.shores:
                build_convoy_chain(sk, p)
        elif r < 0.75:                  # another power takes the unit (its order goes along, or stays behind)
            new = rng.choice(sk.others(u.power))
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

def add_illegal(sk: Sketch) -> None:
    """Orders that must be refused or that match nothing: the pipeline and the engines must both cope."""
    rng, geo, m = sk.rng, sk.geo, sk.geo.m
    provs = sorted(sk.units)
    for _ in range(rng.randint(1, 4)):
        r = rng.random()
        if r < 0.12:
            sk.extra.append((sk.power(), rng.choice(geo.junk)))
        elif r < 0.25 and provs:        # an order for somebody else's unit
            p = rng.choice(provs)
            power = rng.choice(sk.others(sk.units[p].power))
            sk.extra.append((power, sk.text(p, sk.intents.get(p, ("H",)))))
        elif r < 0.35:                  # an order for a unit that is not there
            empty = [q for q in geo.armies if sk.free(q)]
            p = rng.choice(empty) if empty else None
            if p and m.army_adj.get(p):
                q = rng.choice(sorted(m.army_adj[p]))
                sk.extra.append((sk.power(), f"A {p} - {q}"))
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
            fleets = [p for p in provs if sk.units[p].kind == "F" and p in m.convoy_areas]
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
            sk.extra.append((u.power, f"{u} - {rng.choice(geo.armies + geo.seas + geo.split_locs)}"))
        elif provs:                     # a move without the coast it needs, or support of oneself
            p = rng.choice(provs)
            u = sk.units[p]
            sk.extra.append((u.power, rng.choice((f"{u} S {u}", *(f"{u} - {s}" for s in geo.split),
                                                  f"{u} C A {p} - {p}"))))
