"""Run both movement engines on one phase and say where they disagree, in a form that can be replayed."""
from __future__ import annotations

from judge.adjudicator.results import MovementOutcome
from judge.maps import Map
from judge.orders import MovementOrder, order_power
from judge.position import Position
from judge.rules import Engine, Ruleset, words


def compare(port: MovementOutcome, equations: MovementOutcome) -> list[str]:
    """The differences between two outcomes of the same phase (empty: they agree)."""
    out = []
    a = {str(u) for u in port.units.values()}
    b = {str(u) for u in equations.units.values()}
    if a != b:
        out.append(f"units: port has {sorted(a - b)}, equations have {sorted(b - a)}")
    da = {str(d.unit): tuple(sorted(d.retreats)) for d in port.dislodged.values()}
    db = {str(d.unit): tuple(sorted(d.retreats)) for d in equations.dislodged.values()}
    if da.keys() != db.keys():
        out.append(f"dislodged: port {sorted(da)}, equations {sorted(db)}")
    else:
        out.extend(f"retreats of {u}: port {list(da[u])}, equations {list(db[u])}" for u in da if da[u] != db[u])
    ma = {str(r.order): r.marks for r in port.results}
    mb = {str(r.order): r.marks for r in equations.results}
    for order in sorted(ma.keys() | mb.keys()):
        if ma.get(order) != mb.get(order):
            out.append(f"{order}: port {list(ma.get(order, ('(absent)',)))}, "
                       f"equations {list(mb.get(order, ('(absent)',)))}")
    return out


def run_both(m: Map, position: Position, orders: dict[str, MovementOrder], rules: Ruleset):
    """(the port's outcome, the differences with the equation engine)."""
    from judge.adjudicator import dpjudge, equations
    port = dpjudge.resolve_movement(m, position, orders, rules)
    other = equations.resolve_movement(m, position, orders, rules)
    return port, compare(port, other)


def replayable(m: Map, position: Position, orders: dict[str, MovementOrder], rules: Ruleset,
               differences: list[str]) -> dict:
    """A JSON request that reproduces the phase (bin/judge adjudicate), with the differences found."""
    by_power: dict[str, list[str]] = {}
    for order in orders.values():
        by_power.setdefault(order_power(order), []).append(str(order))
    rule_words = [w for w in words(rules) if not w.startswith("engine=")] + [f"engine={Engine.BOTH.value}"]
    return {"state": position.to_json(m), "orders": by_power, "rules": rule_words, "differences": differences}
