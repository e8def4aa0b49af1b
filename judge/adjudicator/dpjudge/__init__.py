"""The DPjudge step-based mark/bounce movement adjudicator, ported from the published algorithm."""
from __future__ import annotations

from judge.adjudicator.dpjudge.board import BOUNCE, CUT, NO_CONVOY, VOID, Board
from judge.adjudicator.dpjudge.steps import STEPS, run_steps
from judge.adjudicator.results import MovementOutcome, OrderResult
from judge.maps import Map
from judge.orders import MovementOrder
from judge.position import Dislodged, Position, Unit
from judge.rules import Ruleset

_REPORT = {BOUNCE: "bounce", CUT: "cut", VOID: "void", NO_CONVOY: "no convoy"}


def resolve_movement(m: Map, position: Position, orders: dict[str, MovementOrder], rules: Ruleset) -> MovementOutcome:
    """Adjudicate a movement phase: orders maps a unit's province to its order (missing units hold)."""
    board = Board(m, position, orders, rules)
    run_steps(board)
    return _outcome(board)


def _outcome(board: Board) -> MovementOutcome:
    failed_armies = {st.prov for st in board.movers() if st.mark == NO_CONVOY}
    results, units, dislodged = [], {}, {}
    report, new, none = _REPORT, tuple.__new__, ()
    append = results.append
    for prov, st in board.units.items():
        mark = st.mark
        if mark:
            marks: tuple[str, ...] = (report.get(mark, mark),)
        elif failed_armies and st.action == "convoy" and st.order.army.province in failed_armies \
                and not st.dislodged:
            marks = ("disrupted",)
        else:
            marks = none
        if st.dislodged:
            marks += ("dislodged",)
            dislodged[prov] = Dislodged(st.unit, st.retreats, st.dislodged_by.prov)
        elif st.moved and not mark:
            unit = st.unit
            units[st.dest] = new(Unit, (unit[0], unit[1], st.dest_loc))
        else:
            units[prov] = st.unit
        append(new(OrderResult, (st.order, marks)))     # NamedTuples, built the fast way
    return MovementOutcome(results, units, dislodged)


__all__ = ["resolve_movement", "STEPS"]
