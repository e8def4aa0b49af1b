"""DPjudge's DUMMY_FIRE (house rule dummy_fire): a dummy's units are subject to friendly fire: its own attacks may
dislodge them, its own supports count against them, and its own attacks cut their support. Both engines play it the
same way: each of a dummy's units goes into the movement adjudication under a power of its own, so that no two of
them are "the same power", and the outcome is given back under the dummy's name. (A dummy's army is then no longer
convoyed by its own fleets under convoy_intent=own_fleet: DPjudge has no such rule.)"""
from __future__ import annotations

from judge.adjudicator.results import MovementOutcome, OrderResult
from judge.position import Dislodged, Position, Unit

_SEP = "#"          # DISGUISED power names: "BELGIUM#ANT" (no real power name holds it)


def _alias(unit: Unit, dummies: frozenset[str]) -> Unit:
    return Unit(f"{unit.power}{_SEP}{unit.loc[:3]}", unit.kind, unit.loc) if unit.power in dummies else unit


def _real(unit: Unit) -> Unit:
    return Unit(unit.power.split(_SEP)[0], unit.kind, unit.loc) if _SEP in unit.power else unit


def _map_units(order, change):
    fields = {name: change(getattr(order, name)) for name in order._fields if isinstance(getattr(order, name), Unit)}
    return order.replace(**fields) if fields else order


def applies(position: Position, dummy_fire: bool) -> bool:
    house = position.house
    return dummy_fire and house is not None and bool(house.dummies) and \
        any(u.power in house.dummies for u in position.units.values())


def disguise(position: Position, orders: dict) -> tuple[Position, dict]:
    """The position and orders (by province) with each dummy unit under a power of its own."""
    dummies = position.house.dummies
    units = {p: _alias(u, dummies) for p, u in position.units.items()}
    return (position.replace(units=units),
            {p: _map_units(o, lambda u: _alias(u, dummies)) for p, o in orders.items()})


def reveal(outcome: MovementOutcome) -> MovementOutcome:
    """The outcome with every unit under its real power again."""
    return MovementOutcome(
        [OrderResult(_map_units(r.order, _real), r.marks) for r in outcome.results],
        {p: _real(u) for p, u in outcome.units.items()},
        {p: Dislodged(_real(d.unit), d.retreats, d.attacker_from) for p, d in outcome.dislodged.items()})
