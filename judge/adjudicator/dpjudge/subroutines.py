"""The algorithm page's subroutines: cutSupport, checkDisruptions, bounce and unbounce."""
from __future__ import annotations

from judge.adjudicator.dpjudge.board import (ATTACK, BOUNCE, BOUNCED, CUT, ENDANGERED, NO_CONVOY, VOID, WEAK, Board,
                                             UnitState, strength)
from judge.rules import ParadoxRule


def cut_support(board: Board, mover: UnitState, step: int) -> None:
    """cutSupport: the move may cut the support given by the unit in the space it is moving into."""
    sup = support_cuttable_by(board, mover, step)
    if sup is None:
        return
    counted = sup.mark != NO_CONVOY     # Step 5 already took a failed convoy's supports off its army's count
    sup.mark = CUT
    board.cut_this_pass = True
    target = sup.supported
    if target is not None and counted:
        target.support_count -= 1
        if target.action == "move" and sup in target.no_help:     # (only movers have a no-help list)
            target.no_help.discard(sup)


def support_cuttable_by(board: Board, mover: UnitState, step: int) -> UnitState | None:
    """The supporting unit this move would cut, or None (the criteria of cutSupport)."""
    sup = board.units.get(mover.dest)
    # The page skips supports already marked cut or void - not those Step 5 marked "no convoy": a later attack
    # (another convoy, or a dislodgement in Step 9) still cuts them (found by the fuzzer: tests/data/fuzz).
    if sup is None or sup.action != "support" or sup.mark in (CUT, VOID) or sup.power == mover.power:
        return None
    if _support_protected(board, mover, sup, step):
        return None
    return sup


def _support_protected(board: Board, mover: UnitState, sup: UnitState, step: int) -> bool:
    """Is this support immune to this attack? The two copies of the page differ here; see ADJUDICATION.md."""
    target, into = sup.supported, sup.order.dest_province
    if not mover.convoyed and board.m.weak_borders and step != 9:
        # DPjudge: an attack across a half-strength border never cuts support, one across a strait only when it
        # is supported (has a support order matching it). Dislodging the supporter always does (Step 9).
        crossing = board.m.weak_borders.get((mover.unit[2], mover.dest))
        if crossing == "half" or (crossing == "none" and not mover.supporters):
            return True
    if not mover.convoyed:
        # The second copy's "attack space": an attack from the space a support is directed into does not cut it
        # (the first copy leaves this basic rule out). In Step 9 the attack dislodges the supporter, and a
        # dislodged unit's support is always cut (DATC 6.D.17), which the second copy forgets.
        return into == mover.prov and step != 9
    # A convoyed army.
    if into == mover.prov and step != 9 and not board.rules.convoy_cuts_origin_support:
        return True            # DATC 4.A.4 a: the army still comes "from" its own province (6.G.13)
    if board.rules.convoy_paradox is ParadoxRule.RULE_1982:
        # 1982 rule (first copy): no cut of a support given for or against a space holding a convoying fleet,
        # even by dislodging the supporter (DATC 6.F.17, 1982 reading).
        for space in filter(None, (target.prov if target else None, into)):
            fleet = board.units.get(space)
            if fleet is not None and fleet.action == "convoy" and fleet.mark != VOID:
                return True
    return False


def check_disruptions(board: Board, army: UnitState) -> None:
    """checkDisruptions: mark the army "convoy endangered" when its convoy could be broken.

    The page checks each fleet of the army's path. With several routes (DATC 4.A.1) the convoy is endangered only
    when every route holds an endangered fleet, so this looks for a route of safe fleets instead.
    """
    safe = {f.prov for f in army.fleets if not fleet_endangered(board, f)}
    if army.path:
        ok = all(p in safe for p in army.path)
    else:
        ok = board.m.convoy_route(army.prov, army.dest, safe)
    if not ok:
        army.mark = ENDANGERED


def fleet_endangered(board: Board, fleet: UnitState) -> bool:
    lst = board.combat.get(fleet.prov, ())
    best = board.strongest(fleet.prov)
    if best is not None:
        attacker = best[0]
        if attacker is fleet or attacker.power == fleet.power:
            return False
        # The page asks only for the single strongest foreign unit; but supports from the fleet's own power never
        # help to dislodge it (Step 8 would bounce the attack), so they must not endanger the convoy either.
        others = max((strength(e) for e in lst if e is not best), default=0)
        return strength(best) - len(attacker.no_help) > others
    if board.rules.safe_convoys and lst:
        top = max(strength(e) for e in lst)
        leaders = [e[0] for e in lst if strength(e) == top]
        return fleet not in leaders and any(s.power != fleet.power for s in leaders)
    return False


def bounce(board: Board, st: UnitState) -> None:
    """bounce: the move fails; the unit is back in the space it left, with no supports (to hold), and under
    weak_bounces (Key's rule) with no strength of its own either."""
    st.mark = BOUNCE
    board.add_entry(st.prov, st, WEAK if board.rules.weak_bounces else BOUNCED)
    board.bounced_this_pass = True


def reopen(board: Board, target: UnitState | None) -> None:
    """The battles a supported unit fights (in its destination and at home: a head-to-head battle is in both) are
    fought again: the movers that bounced there lose their mark (and their place back home, where the battles they
    stood in are fought again too), so that Steps 6-8 judge them all on today's strengths."""
    if target is None:
        return
    todo = [target.dest, target.prov] if target.action == "move" else [target.prov]
    seen: set[str] = set()
    while todo:
        prov = todo.pop()
        if prov in seen:
            continue
        seen.add(prov)
        for e in list(board.combat.get(prov, ())):
            st = e[0]
            if e[1] == ATTACK and st.mark == BOUNCE and not st.dislodged:
                st.mark = ""
                board.remove_entry(st.prov, st)
                todo.append(st.prov)    # (its bounce back home may have bounced others there: fought again too)


def unbounce(board: Board, prov: str) -> None:
    """unbounce: a space just emptied; a bounced unit that is now strongest there gets in after all."""
    best = board.strongest(prov)
    if best is None or best[0].mark != BOUNCE or best[1] != ATTACK:
        return
    st = best[0]
    st.mark = ""
    board.unbounced = True
    if st.dislodged:
        st.dislodged = False
        st.dislodged_by = None
    else:
        board.remove_entry(st.prov, st)
        unbounce(board, st.prov)


__all__ = ["cut_support", "support_cuttable_by", "check_disruptions", "fleet_endangered", "bounce", "reopen",
           "unbounce"]
