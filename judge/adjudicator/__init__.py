"""Adjudication of one phase: pure, no I/O. Position and orders in, results and the next position out."""
from __future__ import annotations

from judge import phases
from judge.adjudicator import dpjudge, friendly_fire
from judge.adjudicator.adjustments import resolve_adjustments
from judge.adjudicator.results import MovementOutcome, OrderResult, PhaseOutcome
from judge.adjudicator.retreats import resolve_retreats
from judge.maps import Map
from judge.orders import Order, order_power, unit_key
from judge.position import Dislodged, Position
from judge.adjudicator.crosscheck import run_both
from judge.rules import Engine, Ruleset


def _equations(m: Map, position: Position, orders: dict, rules: Ruleset) -> MovementOutcome:
    """The equations engine, imported when a phase first asks for it: the default engine is the port, and a
    `judge adjudicate --batch` that never uses the equations need not import them at start-up."""
    from judge.adjudicator import equations
    return equations.resolve_movement(m, position, orders, rules)


# The movement adjudicators, by name; both take (map, position, orders by province, rules).
ENGINES = {"dpjudge": dpjudge.resolve_movement, "equations": _equations}
_BOTH = Engine.BOTH.value
_KNOWN = frozenset((*ENGINES, _BOTH))


def adjudicate(m: Map, position: Position, orders: list[Order], rules: Ruleset, *,
               engine: str | None = None) -> PhaseOutcome:
    """Adjudicate a phase. `orders` are legal orders (one per unit at most); missing orders take the defaults.

    The movement adjudicator is the rules' `engine` unless `engine` names one: "dpjudge" (the DPjudge port),
    "equations" (DATC chapter 5), or "both" (the port decides; the outcome lists where the equations disagree).
    """
    engine = engine or rules.engine.value
    if engine not in _KNOWN:
        raise ValueError(f"unknown adjudication engine {engine!r} (expected one of {', '.join(ENGINES)}, both)")
    kind = position.phase.kind
    disagreements: list[str] = []
    removed: tuple[Dislodged, ...] = ()         # (destroyed when dislodged: no_retreat, immobile_dummies)
    if kind == "M":
        # Movement orders always name their unit (at [2]: its location). A location of three letters is its province
        # as it is: slicing it would only make the same string again, at a cost (one per unit of every phase).
        by_unit: dict = {(loc if len(loc) == 3 else loc[:3]): o for o in orders for loc in (o.unit[2],)}
        fire = (rules.friendly_fire or rules.dummy_fire) and friendly_fire.applies(position, rules)
        seen, by_unit = friendly_fire.disguise(position, by_unit, rules) if fire else (position, by_unit)
        if engine == _BOTH:
            outcome, disagreements = run_both(m, seen, by_unit, rules)
        else:
            outcome = ENGINES[engine](m, seen, by_unit, rules)
        if fire:
            outcome = friendly_fire.reveal(outcome)
        results, dislodged = outcome.results, outcome.dislodged
        if rules.immobile_dummies and dislodged and position.house is not None and position.house.dummies:
            removed, dislodged = _destroy_dummies(position, dislodged)
        if rules.no_retreat and dislodged:
            # DPjudge's NO_RETREAT: every dislodged unit is destroyed, reported as "was destroyed."; no retreat phase
            removed += tuple(d._replace(retreats=()) for d in dislodged.values())
            dislodged = {}
        nxt = phases.after_movement(m, position, outcome.units, dislodged, rules)
    elif kind == "R":
        results, units = resolve_retreats(position, {unit_key(o): o for o in orders}, m)
        nxt = phases.after_retreats(m, position, units, rules)
    else:
        by_power: dict[str, list] = {}
        for o in orders:
            by_power.setdefault(order_power(o), []).append(o)
        results, units = resolve_adjustments(m, position, by_power, rules)
        nxt = phases.after_adjustments(m, position, units, rules)
    # Only a change of ownership (after a Fall) can make a winner.
    winner = phases.winner(m, nxt.centers, nxt.house) if nxt.centers is not position.centers else None
    return PhaseOutcome(results, nxt, winner, disagreements, removed=removed)


def _destroy_dummies(position: Position, dislodged: dict) -> tuple[tuple[Dislodged, ...], dict]:
    """immobile_dummies: a dislodged unit of a dummy that no power controls is destroyed, not retreated (DPjudge):
    those units (with no retreats left), and the dislodged units that stay."""
    house = position.house
    gone = {prov for prov, d in dislodged.items()
            if d.unit.power in house.dummies and d.unit.power not in house.vassals}
    if not gone:
        return (), dislodged
    removed = tuple(d._replace(retreats=()) for prov, d in dislodged.items() if prov in gone)
    return removed, {prov: d for prov, d in dislodged.items() if prov not in gone}


__all__ = ["adjudicate", "OrderResult", "PhaseOutcome"]
