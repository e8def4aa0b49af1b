"""The DPjudge step-based mark/bounce movement adjudicator, ported from the published algorithm."""
from __future__ import annotations

from judge.adjudicator.dpjudge.board import BOUNCE, CUT, NO_CONVOY, VOID, Board
from judge.adjudicator.dpjudge.steps import STEPS, run_steps
from judge.adjudicator.results import MovementOutcome, OrderResult
from judge.maps import Map
from judge.orders import MovementOrder
from judge.position import Dislodged, Position, Unit
from judge.rules import Ruleset

# A mark's report words, as the marks tuple of a result (made once).
_MARKS = {"": (), BOUNCE: ("bounce",), CUT: ("cut",), VOID: ("void",), NO_CONVOY: ("no convoy",)}


def resolve_movement(m: Map, position: Position, orders: dict[str, MovementOrder], rules: Ruleset) -> MovementOutcome:
    """Adjudicate a movement phase: orders maps a unit's province to its order (missing units hold)."""
    board = Board(m, position, orders, rules)
    run_steps(board)
    return _outcome(board)


def _outcome(board: Board) -> MovementOutcome:
    failed_armies: set[str] | None = None   # armies whose convoy failed: listed at the first unmarked convoy
    results, units, dislodged = [], {}, {}
    new, marks_of = tuple.__new__, _MARKS
    for st in board.units.values():
        mark = st.mark
        if st.dislodged:
            marks = marks_of.get(mark)
            marks = (mark,) + ("dislodged",) if marks is None else marks + ("dislodged",)
            dislodged[st.prov] = Dislodged(st.unit, st.retreats, st.dislodged_by.prov)
        elif mark:
            units[st.prov] = st.unit
            try:                            # (a subscript costs less than .get, and a try nothing when it holds)
                marks = marks_of[mark]
            except KeyError:                # (no other mark outlives the steps; reported as it is if one did)
                marks = (mark,)
        elif st.action == "move":             # (an unmarked mover has moved: Step 10 moved them all)
            unit = st.unit
            units[st.dest] = new(Unit, (unit[0], unit[1], st.dest_loc))
            marks = ()
        else:
            units[st.prov] = st.unit
            marks = ()
            # A convoying fleet that stays, unmarked, whose army's convoy failed. (The armies whose convoy failed
            # are listed only here: only an army some fleet was ordered to carry can fail for want of a convoy.)
            # When endangered fleets failed it, only those are marked, as Game.py's checkDisruptions does: the
            # chain's other fleets stay unmarked (jDip's import reads no "disrupted").
            if st.action == "convoy":
                if failed_armies is None:
                    failed_armies = {mover.prov for mover in board.moving if mover.mark == NO_CONVOY}
                army = st.order.army[2][:3]
                if st.prov in board.disrupted or (army in failed_armies and army not in board.broken_convoys):
                    marks = ("disrupted",)
        # (NamedTuples, built the fast way; results.append called so: a direct call compiled, the quickest in Python)
        results.append(new(OrderResult, (st.order, marks)))
    return MovementOutcome(results, units, dislodged)


__all__ = ["resolve_movement", "STEPS"]
