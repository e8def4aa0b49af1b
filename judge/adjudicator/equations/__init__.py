"""A second movement adjudicator, built from the DATC v3.1 decision equations and partial-information resolution."""
from __future__ import annotations

from judge.adjudicator.equations.decisions import evaluate
from judge.adjudicator.equations.resolver import (CONVOY, CONVOYS, MOVE, MOVES, PATH, SUPPORT, SUPPORTS, Context,
                                                  ResolverState)
from judge.adjudicator.results import MovementOutcome, OrderResult
from judge.maps import Map
from judge.maps.features import crossing_allowed
from judge.orders import Order
from judge.position import Dislodged, Position, Unit
from judge.rules import Ruleset

# Ruleset.safe_convoys is deliberately not read here. In DPjudge it changes which convoys its step-by-step
# algorithm treats as endangered before their fleets are known to be dislodged; in the equations a convoy fails
# exactly when its fleet is dislodged (or the Szykman rule fails it), so there is nothing for the option to change.
# README.md beside this file lists this and the other known differences from the port.


def resolve_movement(m: Map, position: Position, orders: dict[str, Order], rules: Ruleset) -> MovementOutcome:
    """Adjudicate a movement phase. `orders` maps a unit's province to its (legal) order; other units hold."""
    ctx = Context.build(m, position, orders, rules)
    st = ResolverState(ctx, evaluate)
    st.settle_all()
    return outcome(ctx, st)


def outcome(ctx: Context, st: ResolverState) -> MovementOutcome:
    """Turn the settled decisions into report marks, the new board and the dislodged units with their retreats."""
    n, known = ctx.n, st.known
    moved = [ctx.kind[i] == MOVES and bool(known[MOVE * n + i]) for i in range(n)]
    reached = [not ctx.convoyed[i] or bool(known[PATH * n + i]) for i in range(n)]
    winner: dict[str, int] = {ctx.dest[i]: i for i in range(n) if moved[i]}
    beaten = {i: winner[ctx.prov[i]] for i in range(n) if not moved[i] and ctx.prov[i] in winner}

    units: dict[str, Unit] = {}
    for i, u in enumerate(ctx.units):
        if moved[i]:
            new = Unit(u.power, u.kind, ctx.orders[i].dest)
            units[new.province] = new
        elif i not in beaten:
            units[u.province] = u

    # A standoff province: two or more units really tried to get in (their path held) and none did.
    bounced = {p for p, movers in ctx.movers_into.items()
               if p not in winner and sum(reached[k] for k in movers) >= 2}

    dislodged: dict[str, Dislodged] = {}
    closed = ctx.m.closed_borders       # borders closed to some powers' units (DPjudge 'P:X', 'X(SC)')
    for i, a in beaten.items():
        u = ctx.units[i]
        adj = ctx.m.army_adj if u.kind == "A" else ctx.m.fleet_adj
        origin_open = ctx.convoyed[a] and ctx.rules.retreat_to_convoy_origin
        options = sorted(loc for loc in adj.get(u.loc, ())
                         if loc[:3] not in units and loc[:3] not in bounced
                         and (loc[:3] != ctx.prov[a] or origin_open)
                         and (not closed or crossing_allowed(ctx.m, u.loc, loc[:3], u.power, ctx.position.centers)))
        dislodged[u.province] = Dislodged(u, tuple(options), ctx.prov[a])

    results = []
    for i in range(n):
        marks: list[str] = []
        kind = ctx.kind[i]
        if kind == MOVES:
            if not moved[i]:
                marks.append("bounce" if reached[i] else "no convoy")
        elif kind == SUPPORTS:
            t = ctx.supported[i]
            if ctx.void[i]:
                marks.append("void")
            elif not known[SUPPORT * n + i]:
                marks.append("cut")
            elif ctx.kind[t] == MOVES and not reached[t] and ctx.routable[t]:
                # DPjudge's report: the support stood, but the convoy of the army it was for was broken. (An army
                # that never had a complete route of convoying fleets leaves its supports unmarked.)
                marks.append("no convoy")
        elif kind == CONVOYS:
            if ctx.void[i]:
                marks.append("void")
            elif i not in beaten and not reached[army := ctx.occupant[ctx.orders[i].army.province]]:
                # A chain that a fleet's failure broke (dislodged, or failed by the Szykman rule): as DPjudge, only
                # that fleet is marked, the others of the chain stay unmarked (jDip reads no "disrupted").
                broken = [f for f in ctx.carriers[army] if not known[CONVOY * n + f]] if ctx.routable[army] else []
                if not broken or i in broken:
                    marks.append("disrupted")
        if i in beaten:
            marks.append("dislodged")
        results.append(OrderResult(ctx.orders[i], tuple(marks)))
    return MovementOutcome(results, units, dislodged)


__all__ = ["resolve_movement", "Context", "ResolverState"]
