"""The DPjudge step-based mark/bounce movement adjudicator, ported from the published algorithm."""
from __future__ import annotations

from judge.adjudicator.dpjudge.board import BOUNCE, CUT, NO_CONVOY, VOID, Board
from judge.adjudicator.dpjudge.steps import STEPS, run_steps
from judge.adjudicator.results import MovementOutcome, OrderResult
from judge.maps import Map
from judge.orders import Convoy, MovementOrder
from judge.position import Dislodged, Position, Unit
from judge.rules import Ruleset

_REPORT = {BOUNCE: "bounce", CUT: "cut", VOID: "void", NO_CONVOY: "no convoy"}


def resolve_movement(m: Map, position: Position, orders: dict[str, MovementOrder], rules: Ruleset) -> MovementOutcome:
    """Adjudicate a movement phase: orders maps a unit's province to its order (missing units hold)."""
    board = Board(m, position, orders, rules)
    run_steps(board)
    return _outcome(board)


def _outcome(board: Board) -> MovementOutcome:
    failed_armies = {st.prov for st in board.units.values() if st.action == "move" and st.mark == NO_CONVOY}
    results, units, dislodged = [], {}, {}
    for prov, st in board.units.items():
        marks = []
        if st.mark:
            marks.append(_REPORT.get(st.mark, st.mark))
        if st.action == "convoy" and not st.mark and isinstance(st.order, Convoy) \
                and st.order.army.province in failed_armies and not st.dislodged:
            marks.append("disrupted")
        if st.dislodged:
            marks.append("dislodged")
            dislodged[prov] = Dislodged(st.unit, st.retreats, st.dislodged_by.prov)
        else:
            unit = st.unit
            if st.action == "move" and not st.mark:
                unit = Unit(unit.power, unit.kind, st.dest_loc)
            units[unit.province] = unit
        results.append(OrderResult(st.order, tuple(marks)))
    return MovementOutcome(results, units, dislodged)


__all__ = ["resolve_movement", "STEPS"]
