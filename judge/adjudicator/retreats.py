"""The retreat phase: dislodged units retreat or disband; two retreats to one space both fail."""
from __future__ import annotations

from collections import Counter

from judge.adjudicator.results import OrderResult
from judge.orders import Disband, Retreat, RetreatOrder
from judge.position import Position, Unit


def resolve_retreats(position: Position, orders: dict[str, RetreatOrder]) -> tuple[list[OrderResult], dict[str, Unit]]:
    """orders maps a dislodged unit's province to its order; a unit without one is disbanded."""
    chosen = {prov: orders.get(prov) or Disband(d.unit) for prov, d in position.dislodged.items()}
    wanted = Counter(o.dest[:3] for o in chosen.values() if isinstance(o, Retreat))
    units = dict(position.units)
    results = []
    for prov, order in chosen.items():
        if isinstance(order, Retreat):
            if wanted[order.dest[:3]] > 1 or order.dest[:3] in units:
                results.append(OrderResult(order, ("bounce", "destroyed")))
                continue
            unit = Unit(order.unit.power, order.unit.kind, order.dest)
            units[unit.province] = unit
        results.append(OrderResult(order, ()))
    return results, units
