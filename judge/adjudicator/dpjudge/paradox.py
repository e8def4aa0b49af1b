"""Step 4 under the Szykman rule: settle which convoys get through by consistency, not by processing order.

The page's Step 4 lets a convoy cut supports as soon as nothing threatens its fleets *now*. A later cut - its
own (DATC 6.F.18) or another convoy's (6.F.23, 6.F.24), or the support its own attack dislodges (6.F.17) - can
then undo that premise, and which convoy wins depends on the order the armies are looked at. The DATC settles
convoys by their equations: a fleet's convoy succeeds when the fleet is not dislodged, and an army with a route of
successful fleets cuts supports like any attacker. When those equations have exactly one solution it is taken;
with none or several, the convoys caught in the paradox fail (Szykman).

A fleet's fate depends only on support counts in its sea (a convoying fleet does not move, so no head-to-head or
bounce can touch it), and those change only when a convoyed army cuts a support. So the convoy outcomes form a
small system of their own: one boolean per threatened fleet. It is solved here group by group (strongly connected
groups of fleets whose outcomes depend on each other), upstream groups first.
"""
from __future__ import annotations

from itertools import product

from judge.adjudicator.dpjudge.board import BOUNCED, WEAK, Board, Entry, Strength, UnitState

MAX_ENUMERATED = 14   # fleets in one dependent group; past this the group's convoys fail (never met in play)


def settle_convoys(board: Board) -> None:
    """Set army.convoy_ok for every army in the convoying armies list."""
    armies = board.convoying_armies
    fleets = sorted({f for a in armies for f in a.fleets}, key=lambda f: f.prov)
    cutter_of = {a: _cuttable_support(board, a) for a in armies}
    threatened = [f for f in fleets if any(e[0] is not f for e in board.combat.get(f.prov, ()))]
    fixed: dict[UnitState, bool] = {f: True for f in fleets if f not in threatened}
    deps = {f: _depends_on(board, f, armies, cutter_of) for f in threatened}
    for group in _groups(threatened, deps):
        fixed.update(_solve_group(board, group, fixed, armies, cutter_of))
    for a in armies:
        a.convoy_ok = _has_route(board, a, fixed)
    board.broken_fleets = {f.prov for f, ok in fixed.items() if not ok}


def _cuttable_support(board: Board, army: UnitState) -> UnitState | None:
    """The support this army would cut if its convoy gets through (DATC 5.B.2), if any."""
    from judge.adjudicator.dpjudge.subroutines import support_cuttable_by
    return support_cuttable_by(board, army, 4)


def _depends_on(board: Board, fleet: UnitState, armies, cutter_of) -> set[UnitState]:
    """The fleets whose success can change this fleet's: those carrying an army that cuts a support here."""
    entries = board.combat.get(fleet.prov, ())
    helpers = {s for e in entries for s in e[0].supporters}
    out = set()
    for a in armies:
        if cutter_of[a] in helpers:
            out.update(a.fleets)
    return out


def _groups(nodes: list[UnitState], deps: dict[UnitState, set[UnitState]]) -> list[list[UnitState]]:
    """Strongly connected groups, dependencies before dependents (Tarjan's algorithm)."""
    index: dict[UnitState, int] = {}
    low: dict[UnitState, int] = {}
    stack: list[UnitState] = []
    on_stack: set[UnitState] = set()
    out: list[list[UnitState]] = []

    def visit(v: UnitState) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in deps.get(v, ()):
            if w not in deps:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w is v:
                    break
            out.append(sorted(group, key=lambda f: f.prov))

    for v in nodes:
        if v not in index:
            visit(v)
    return out


def _solve_group(board: Board, group: list[UnitState], fixed: dict[UnitState, bool], armies, cutter_of):
    """Outcomes for one group: the unique consistent one, else Szykman (the paradox's fleets fail)."""
    forced: dict[UnitState, bool] = {}
    while True:
        free = [f for f in group if f not in forced]
        if len(free) > MAX_ENUMERATED:
            return {f: False for f in group}
        solutions = []
        for values in product((True, False), repeat=len(free)):
            trial = {**fixed, **forced, **dict(zip(free, values))}
            if all(trial[f] == _survives(board, f, trial, armies, cutter_of) for f in free):
                solutions.append(trial)
        if len(solutions) == 1:
            return {f: solutions[0][f] for f in group}
        if not solutions:
            return {**{f: False for f in free}, **forced}
        differing = [f for f in free if len({s[f] for s in solutions}) > 1]
        forced.update({f: False for f in differing})


def _survives(board: Board, fleet: UnitState, trial: dict[UnitState, bool], armies, cutter_of) -> bool:
    """Is the fleet safe, given which fleets succeed (and so which armies cut)?"""
    cut = {cutter_of[a] for a in armies if cutter_of[a] is not None and _has_route(board, a, trial)}
    entries = board.combat.get(fleet.prov, ())
    best: Entry | None = None
    top: Strength = -2
    second: Strength = -2
    for e in entries:
        s = _strength(e, cut)
        if s > top:
            second, top, best = top, s, e
        elif s > second:
            second = s
    if best is None or best[0] is fleet or top <= second:
        if board.rules.safe_convoys and best is not None and best[0] is not fleet:
            leaders = [e[0] for e in entries if _strength(e, cut) == top]
            return not (fleet not in leaders and any(s.power != fleet.power for s in leaders))
        return True
    attacker = best[0]
    if attacker.power == fleet.power:
        return True
    # As in Step 8: supports from the fleet's own power never help to dislodge it.
    helpful = top - len(attacker.no_help - cut)
    return helpful <= second


def _strength(e: Entry, cut: set[UnitState]) -> int:
    if e[1] == BOUNCED:
        return 0
    if e[1] == WEAK:
        return -1
    return e[0].support_count - sum(1 for s in e[0].supporters if s in cut and not s.mark)


def _has_route(board: Board, army: UnitState, status: dict[UnitState, bool]) -> bool:
    ok = {f.prov for f in army.fleets if status.get(f, False)}
    if army.path:
        return all(p in ok for p in army.path)
    return board.m.convoy_route(army.prov, army.dest, ok)
