"""Results and game facts -> the data the mail templates lay out (pure: no I/O, no templates here)."""
from __future__ import annotations

from judge.adjudicator.results import OrderResult
from judge.maps import Map
from judge.orders import Build, Convoy, Disband, Hold, Move, Order, Remove, Retreat, Support, Waive, order_power
from judge.position import Phase, Position, Unit

COASTS = {"NC": "north coast", "SC": "south coast", "EC": "east coast", "WC": "west coast"}


def place(m: Map, loc: str) -> str:
    name = m.provinces[loc[:3]].name
    return f"{name} ({COASTS[loc[4:]]})" if "/" in loc else name


def power_name(power: str) -> str:
    return power.title()


def unit_name(m: Map, unit: Unit) -> str:
    return f"{'Army' if unit.kind == 'A' else 'Fleet'} {place(m, unit.loc)}"


def describe_order(m: Map, order: Order) -> str:
    """An order in the results wording DPjudge uses ("Army Vienna -> Tyrolia", "Fleet North Sea CONVOY ...")."""
    if isinstance(order, Hold):
        return f"{unit_name(m, order.unit)} HOLD"
    if isinstance(order, Move):
        steps = [place(m, p) for p in order.path] + [place(m, order.dest)]
        return f"{unit_name(m, order.unit)} -> " + " -> ".join(steps)
    if isinstance(order, Support):
        target = f"{'Army' if order.target.kind == 'A' else 'Fleet'} {place(m, order.target.loc)}"
        tail = f" -> {place(m, order.dest)}" if order.dest else ""
        return f"{unit_name(m, order.unit)} SUPPORT {target}{tail}"
    if isinstance(order, Convoy):
        return f"{unit_name(m, order.unit)} CONVOY Army {place(m, order.army.loc)} -> {place(m, order.dest)}"
    if isinstance(order, Retreat):
        return f"{unit_name(m, order.unit)} -> {place(m, order.dest)}"
    if isinstance(order, Disband):
        return f"{unit_name(m, order.unit)} DISBAND"
    if isinstance(order, Build):
        return f"Builds {'an army' if order.kind == 'A' else 'a fleet'} in {place(m, order.loc)}"
    if isinstance(order, Remove):
        return f"Removes the {'army' if order.unit.kind == 'A' else 'fleet'} in {place(m, order.unit.loc)}"
    if isinstance(order, Waive):
        return "Waives a build"
    raise TypeError(order)


def order_lines(m: Map, results: list[OrderResult]) -> list[dict]:
    """Each order with its power and marks, in power order then as the board lists the units."""
    rank = {p: i for i, p in enumerate(m.powers)}
    out = [{"power": power_name(order_power(r.order)), "text": describe_order(m, r.order), "marks": list(r.marks)}
           for r in results]
    keys = [(rank.get(order_power(r.order), 99), i) for i, r in enumerate(results)]
    return [line for _, line in sorted(zip(keys, out), key=lambda x: x[0])]


def dislodged_lines(m: Map, position: Position) -> list[dict]:
    out = []
    for d in sorted(position.dislodged.values(), key=lambda d: (m.powers.index(d.unit.power), d.unit.loc)):
        out.append({"power": power_name(d.unit.power), "unit": unit_name(m, d.unit),
                    "retreats": [place(m, r) for r in d.retreats]})
    return out


def ownership(m: Map, position: Position) -> list[dict]:
    rows = []
    for power in m.powers:
        centers = position.centers_of(power)
        units = position.units_of(power)
        if not centers and not units:
            continue
        diff = len(centers) - len(units)
        rows.append({"power": power_name(power), "centers": [m.provinces[c].name for c in centers],
                     "count": len(centers), "units": len(units), "builds": diff})
    return rows


def phase_words(phase: Phase) -> dict:
    return {"season": {"S": "Spring", "F": "Fall", "W": "Winter"}[phase.season], "year": phase.year,
            "kind": {"M": "Movement", "R": "Retreat", "A": "Adjustment"}[phase.kind], "code": str(phase)}


def results_context(m: Map, before: Position, after: Position, results: list[OrderResult],
                    errors: list[tuple[str, str, str]] | None = None) -> dict:
    """Everything a results mail shows about one processed phase."""
    fall_over = before.phase.season == "F" and after.phase.kind != "R" or before.phase.kind == "A"
    return {
        "phase": phase_words(before.phase),
        "next": phase_words(after.phase),
        "orders": order_lines(m, results),
        "dislodged": dislodged_lines(m, after) if after.phase.kind == "R" else [],
        "ownership": ownership(m, after) if fall_over and before.phase.kind != "A" else [],
        "unused": [{"power": power_name(p), "order": t, "error": e} for p, t, e in (errors or [])],
    }


def center_counts(m: Map, position: Position) -> dict[str, int]:
    return {p: len(position.centers_of(p)) for p in m.powers}
