"""DPjudge's FRIENDLY_FIRE (house rule friendly_fire) and DUMMY_FIRE (dummy_fire, for dummies only): a power's
units are subject to friendly fire: its own attacks may dislodge them, its own supports count against them, and
its own attacks cut their support. Both engines play it the same way: each unit concerned goes into the movement
adjudication under a power of its own, so that no two of them are "the same power", and the outcome is given back
under the real power's name. Whose fleet carries an army (convoy_intent=own_fleet) is still asked of the real
power: `allegiance` reads it back from the disguise. (A convoying fleet its own power dislodges carries nobody, as
any dislodged fleet; DPjudge's Game.py checks only foreign attacks on a convoy, and would still carry the army.)"""
from __future__ import annotations

from judge.adjudicator.results import MovementOutcome, OrderResult
from judge.position import Dislodged, Position, Unit
from judge.rules import Ruleset

_SEP = "#"          # DISGUISED power names: "BELGIUM#ANT" (no real power name holds it)


def allegiance(power: str) -> str:
    """The real power behind a (possibly disguised) power name."""
    return power.partition(_SEP)[0]


def _alias(unit: Unit, fired: frozenset[str] | None) -> Unit:
    if fired is None or unit.power in fired:
        return Unit(f"{unit.power}{_SEP}{unit.loc[:3]}", unit.kind, unit.loc)
    return unit


def _real(unit: Unit) -> Unit:
    return Unit(unit.power.split(_SEP)[0], unit.kind, unit.loc) if _SEP in unit.power else unit


def _map_units(order, change):
    fields = {name: change(getattr(order, name)) for name in order._fields if isinstance(getattr(order, name), Unit)}
    return order.replace(**fields) if fields else order


def applies(position: Position, rules: Ruleset) -> bool:
    """Does friendly fire touch any unit of this phase?"""
    if rules.friendly_fire:
        return True
    house = position.house
    return rules.dummy_fire and house is not None and bool(house.dummies) and \
        any(u.power in house.dummies for u in position.units.values())


def disguise(position: Position, orders: dict, rules: Ruleset) -> tuple[Position, dict]:
    """The position and orders (by province) with each unit under fire under a power of its own: every unit with
    friendly_fire, a dummy's with dummy_fire."""
    fired = None if rules.friendly_fire else position.house.dummies
    units = {p: _alias(u, fired) for p, u in position.units.items()}
    return (position.replace(units=units),
            {p: _map_units(o, lambda u: _alias(u, fired)) for p, o in orders.items()})


def reveal(outcome: MovementOutcome) -> MovementOutcome:
    """The outcome with every unit under its real power again."""
    return MovementOutcome(
        [OrderResult(_map_units(r.order, _real), r.marks) for r in outcome.results],
        {p: _real(u) for p, u in outcome.units.items()},
        {p: Dislodged(_real(d.unit), d.retreats, d.attacker_from) for p, d in outcome.dislodged.items()})
