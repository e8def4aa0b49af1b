"""The retreat phase: dislodged units retreat or disband; two retreats to one space both fail."""
from __future__ import annotations

from judge.adjudicator.results import OrderResult
from judge.maps import Map
from judge.orders import Disband, Retreat, RetreatOrder
from judge.position import Position, Unit


def resolve_retreats(position: Position, orders: dict[str, RetreatOrder],
                     m: Map | None = None) -> tuple[list[OrderResult], dict[str, Unit]]:
    """orders maps a dislodged unit's province to its order; a unit without one is disbanded."""
    chosen = {prov: orders.get(prov) or Disband(d.unit) for prov, d in position.dislodged.items()}
    wanted: dict[str, list[str]] = {}
    for prov, o in chosen.items():
        if isinstance(o, Retreat):
            wanted.setdefault(o.dest[:3], []).append(prov)
    failed = {p for who in wanted.values() if len(who) > 1 for p in _losers(who, chosen, m)}
    units = dict(position.units)
    results = []
    for prov, order in chosen.items():
        if isinstance(order, Retreat):
            if prov in failed or order.dest[:3] in units:
                results.append(OrderResult(order, ("bounce", "destroyed")))
                continue
            unit = Unit(order.unit.power, order.unit.kind, order.dest)
            units[order.dest[:3]] = unit     # (its province, as Unit.province gives it)
        results.append(OrderResult(order, ()))
    return results, units


def _losers(who: list[str], chosen: dict, m: Map | None) -> list[str]:
    """Of several units retreating to one space: all fail, but first (DPjudge) those crossing a strait drop out,
    then those crossing a half-strength border; if one is left then, it gets there."""
    weak = m.weak_borders if m is not None else None
    if not weak:
        return who
    out: list[str] = []
    site = chosen[who[0]].dest[:3]
    for crossing in ("none", "half"):
        if len(who) < 2:
            break
        drop = [p for p in who if weak.get((chosen[p].unit.loc, site)) == crossing]
        out += drop
        who = [p for p in who if p not in drop]
    return out + (who if len(who) > 1 else [])
