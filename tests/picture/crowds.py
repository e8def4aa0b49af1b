"""Crowded boards drawn at random, for the picture tests that count what hides what: a late game's worth of units on
the standard map, half of them moving and most of the rest supporting a neighbour's move or hold."""
from __future__ import annotations

import random
from functools import lru_cache
from itertools import pairwise

from judge import maps, picture
from judge.adjudicator import PhaseOutcome
from judge.orders import Move, Support
from tests.picture.scenes import adjudicated
from tests.picture.test_placement import Board, segment_meets

BOARDS, SEED = 100, 1905


def crowded(rng: random.Random, m: maps.Map) -> dict:
    """A request document: 28 to 34 units of random powers on random provinces (a fleet at sea and on coasts, an
    army inland), with legal orders: about half move to a neighbour; each other unit supports a move it can reach
    the destination of, or a neighbour's hold, or else holds."""
    units: dict[str, tuple[str, str, str]] = {}
    for prov in rng.sample(sorted(m.provinces), rng.randint(28, 34)):
        p = m.provinces[prov]
        if p.terrain == "sea":
            kind, loc = "F", prov
        elif p.coasts:
            kind, loc = ("F", f"{prov}/{rng.choice(sorted(p.coasts))}") if rng.random() < 0.4 else ("A", prov)
        else:
            kind, loc = ("F" if p.terrain == "coast" and rng.random() < 0.4 else "A"), prov
        units[prov] = (rng.choice(m.powers), kind, loc)
    orders: dict[str, list[str]] = {}
    moves: list[tuple[str, str]] = []
    order = list(units)
    rng.shuffle(order)
    for prov in order[: len(order) // 2]:
        power, kind, loc = units[prov]
        options = sorted((m.army_adj if kind == "A" else m.fleet_adj).get(loc, ()))
        if options:
            dest = rng.choice(options)
            moves.append((prov, dest))
            orders.setdefault(power, []).append(f"{kind} {loc} - {dest}")
        else:
            orders.setdefault(power, []).append(f"{kind} {loc} H")
    moving = {src for src, _ in moves}
    for prov in order[len(order) // 2:]:
        power, kind, loc = units[prov]
        helped = [f"{units[s][1]} {units[s][2]} - {d[:3]}" for s, d in moves
                  if d[:3] != prov and m.reaches_province(kind, loc, d[:3])]
        held = [f"{units[q][1]} {units[q][2]}" for q in units
                if q != prov and q not in moving and m.reaches_province(kind, loc, q)]
        choice = rng.random()
        if helped and choice < 0.6:
            orders.setdefault(power, []).append(f"{kind} {loc} S {rng.choice(helped)}")
        elif held and choice < 0.85:
            orders.setdefault(power, []).append(f"{kind} {loc} S {rng.choice(held)}")
        else:
            orders.setdefault(power, []).append(f"{kind} {loc} H")
    state = {"phase": "F1907M", "units": {}, "centers": {}}
    for power, kind, loc in units.values():
        state["units"].setdefault(power, []).append(f"{kind} {loc}")
    return {"state": state, "orders": orders}


@lru_cache(maxsize=1)
def boards() -> list[tuple[str, list[tuple[str, set[str]]]]]:
    """The random boards' pictures, each with its supports (as `supports` gives them)."""
    rng, m = random.Random(SEED), maps.load()
    out = []
    for _ in range(BOARDS):
        _, before, outcome = adjudicated(crowded(rng, m))
        out.append((picture.results_svg(m, before, outcome), supports(outcome)))
    return out


def supports(outcome: PhaseOutcome) -> list[tuple[str, set[str]]]:
    """Each support of the phase: its order's id in the picture, and the ids of the unit tokens it has to do with
    (its own, the supported unit's where it stands now, the one at the destination of a move supported)."""
    after = outcome.position
    went = {r.order.unit.province: r.order.dest[:3] for r in outcome.results
            if isinstance(r.order, Move) and not r.marks}

    def token(prov: str) -> str:
        return f"dislodged-{prov}" if prov in after.dislodged else f"unit-{went.get(prov, prov)}"
    out = []
    for r in outcome.results:
        o = r.order
        if isinstance(o, Support):
            mine = {token(o.unit.province), token(o.target.province)}
            if o.dest:
                mine.add(f"unit-{o.dest[:3]}")
            out.append((f"order-{o.unit.province}", mine))
    return out


def supports_under_units(svg: str, supported: list[tuple[str, set[str]]]) -> list[str]:
    """Each support line that passes under the token of a unit it has nothing to do with (read from the SVG)."""
    b = Board(svg)
    lines = dict(b.shafts)
    out = []
    for oid, mine in supported:
        pts = lines[oid]
        out += [f"{oid} under {uid}" for uid, box, _ in b.units
                if uid not in mine and any(segment_meets(box, p, q) for p, q in pairwise(pts))]
    return out
