"""The census: which situations a generated phase contains, read from its legal orders (for tests and tuning)."""
from __future__ import annotations

from collections import Counter

from judge.maps import Map
from judge.orders import Convoy, Move, MovementOrder, Support
from judge.orders import errors as E
from judge.position import Position


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
