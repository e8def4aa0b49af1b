"""Steps 1-10 of the DPjudge adjudication algorithm, one function per step, named for the step.

Each step takes the Board and returns the number of the step to run next (None: the next one in order), so the
"return to step 6" jumps of the page stay visible here.
"""
from __future__ import annotations

from judge.adjudicator.coastal_crawl import pass_each_other
from judge.adjudicator.dpjudge.board import (ATTACK, BOUNCE, BOUNCED, DEFEND, ENDANGERED, NO_CONVOY, UNDER_ATTACK,
                                             VOID, WEAK, Board, Strength, UnitState, strength)
from judge.adjudicator.dpjudge.convoy_routes import decide_convoy_routes
from judge.adjudicator.dpjudge.paradox import settle_convoys
from judge.adjudicator.dpjudge.subroutines import (bounce, check_disruptions, cut_support, fleet_endangered,
                                                    reopen, unbounce)
from judge.maps.features import crossing_allowed
from judge.orders import Convoy, Hold, Support
from judge.rules import MissingUnit, ParadoxRule


def step_1_mark_invalid_convoy_orders(board: Board) -> int | None:
    """Decide which armies travel by convoy; mark convoys and convoyed moves that do not match."""
    for army in decide_convoy_routes(board):
        # (no written path: none of it can be missing)
        missing = army.path and [p for p in army.path if board.units.get(p) is None or board.units[p].unit.kind != "F"]
        if missing:
            # A written path through a space with no fleet: the game option says hold or "no convoy".
            if board.rules.missing_unit is MissingUnit.HOLD:
                _make_hold(army, board)
            else:
                army.mark = NO_CONVOY
        elif army.path and any(board.units[p] not in army.fleets for p in army.path):
            army.mark = NO_CONVOY
        elif not army.path and (not army.fleets or
                                not board.m.convoy_route(army.prov, army.dest, {f.prov for f in army.fleets})):
            army.mark = NO_CONVOY       # (no fleet ordered to carry it: no route, without a search)
        else:
            board.convoying_armies.append(army)
    for fleet in board.convoys:
        if fleet.action != "convoy":
            continue
        order: Convoy = fleet.order
        carried = board.units.get(order.army[2][:3])       # (the army's province, without Unit.province's call)
        if order.missing or carried is None:
            if board.rules.missing_unit is MissingUnit.HOLD:
                _make_hold(fleet, board)
            else:
                fleet.mark = VOID
        elif carried.action != "move" or fleet not in carried.fleets:
            fleet.mark = VOID           # the army is not moving, or not by this convoy
    return None


def _make_hold(st: UnitState, board: Board) -> None:
    st.order = Hold(st.unit)
    st.action = "hold"
    st.mark = ""
    board.forget_movers()


def step_2_mark_invalid_move_and_support_orders(board: Board) -> int | None:
    """Void moves to places the unit cannot reach and supports that do not match; count the valid supports."""
    adj = {"A": board.m.army_adj, "F": board.m.fleet_adj}
    for st in board.moving:
        unit = st.unit
        if not st.convoyed and st.dest_loc not in adj[unit[1]].get(unit[2], ()):
            st.mark = VOID
    units = board.units
    for sup in board.supports:
        order: Support = sup.order
        loc = order.target[2]
        # (A location is its province, but for a coast: one look-up, a second only for a unit on a coast.)
        target = units.get(loc) or units.get(loc[:3])
        if order.missing or target is None:
            if board.rules.missing_unit is MissingUnit.HOLD:
                _make_hold(sup, board)
            else:
                sup.mark = VOID
            continue
        # Does the supported unit do what the support says? (A hold support matches any unit not moving; a move
        # support a move to that province - and to that coast, if the support names one: DATC 4.B.4, 6.B.7.)
        into = order.dest
        if into is None:
            matches = target.action != "move"
        else:
            # (into names a coast: the destination must be that coast; a province: any coast of it.)
            matches = target.action == "move" and (into == target.dest or into == target.dest_loc)
        if not matches:
            sup.mark = VOID
            continue
        sup.supported = target
        target.support_count += 1
        if target.supporters:
            target.supporters.append(sup)
        else:
            target.supporters = [sup]           # (the shared empty default is never added to)
        if target.action == "move":
            occupant = units.get(target.dest)
            if occupant is not None and occupant.power == sup.power:
                target.no_help = {*target.no_help, sup}
    return None


def step_3_calculate_initial_combat_strengths(board: Board) -> int | None:
    """Moves over land cut supports; every space a unit moves into gets its combat list."""
    units = board.units
    weak = board.m.weak_borders
    if weak:
        # DPjudge's restricted borders: a move across a '*' border attacks with half a unit's strength, across a
        # strait ('~') with none of its own; only its supports count then. (Never a convoyed army's.)
        for st in board.moving:
            if not st.convoyed and not st.mark:
                crossing = weak.get((st.unit[2], st.dest))
                if crossing is not None:
                    st.support_count -= _PENALTY[crossing]
    # Every mover's entry: in the space it moves into, or back home for a move already void or without a convoy
    # (with the strength of a failed move: its move supports do not help it hold - DATC 5.B.5; the page would count
    # them as if they supported a hold). Added here without a call each (Board.add_entry does the same for one).
    combat, contested = board.combat, board.contested
    for st in board.moving:
        if not st.mark:
            prov, e = st.dest, (st, ATTACK)
            if not st.convoyed:
                sup = units.get(prov)
                if sup is not None and sup.action == "support":     # (cutSupport's first test, without the call)
                    cut_support(board, st, 3)
        else:
            prov, e = st.prov, (st, BOUNCED)
        lst = combat.get(prov)
        if lst is None:
            combat[prov] = [e]
        else:
            lst.append(e)
            contested.add(prov)
    # The entry of a unit that stays, in a space moved into. One that stays where nobody moves fights nobody and gets
    # no list: no step adds to its space later (only a mover's own space gets an entry after this step). Most units
    # late in a game are such; _retreats sees them in board.units. (An entry's place in a list changes no outcome.)
    # The spaces with a list are those moved into and those a failed mover is back in: there the unit is that mover.
    # (Only lists grow here, no space is added: the dict can be walked as it is.)
    for prov in combat:
        stays = units.get(prov)
        if stays is not None and stays.action != "move":
            combat[prov].append((stays, DEFEND))
            contested.add(prov)
    return None


_PENALTY = {"half": 0.5, "none": 1}


def step_4_mark_support_cuts_made_by_convoyers_and_mark_endangered_convoys(board: Board) -> int | None:
    """Convoys that nothing can break cut supports; the others are put under attack."""
    if not board.convoying_armies:
        return None             # (the usual case: no army travels by convoy)
    if board.rules.convoy_paradox is ParadoxRule.SZYKMAN:
        # The published loop is order-dependent when convoys undo each other (see paradox.py); under the
        # Szykman rule the outcome of every convoy is settled here by consistency, and Step 5 applies it.
        settle_convoys(board)
        return None
    while True:
        grew = False
        for army in board.convoying_armies:
            if army.mark not in ("", ENDANGERED, UNDER_ATTACK) or army in board.convoy_succeeded:
                continue
            check_disruptions(board, army)
            if not army.mark:
                cut_support(board, army, 4)
                board.convoy_succeeded.append(army)
                grew = True
            elif army.mark == ENDANGERED:
                army.mark = UNDER_ATTACK
        if not grew:
            return None


def step_5_mark_convoy_disruptions_and_support_cuts_made_by_successful_convoys(board: Board) -> int | None:
    """Endangered convoys fail; convoys no longer under threat succeed and cut."""
    if board.rules.convoy_paradox is ParadoxRule.SZYKMAN:
        for army in board.convoying_armies:
            if army.convoy_ok:
                cut_support(board, army, 5)
                board.convoy_succeeded.append(army)
            else:
                _convoy_fails(board, army)
        return None
    grew = False
    for army in board.convoying_armies:
        if army.mark not in ("", ENDANGERED, UNDER_ATTACK):
            continue
        check_disruptions(board, army)
        if army.mark == ENDANGERED:
            _convoy_fails(board, army)
        elif army.mark == UNDER_ATTACK:
            army.mark = ""
            cut_support(board, army, 5)
            if army not in board.convoy_succeeded:
                board.convoy_succeeded.append(army)
                grew = True
    return 4 if grew else None


def _convoy_fails(board: Board, army: UnitState) -> None:
    army.mark = NO_CONVOY
    # The fleets that failed it, as Game.py's checkDisruptions marks them "disrupted" (a dislodged one is later
    # reported "dislodged" instead): endangered ones, or under the Szykman rule those settled as not convoying.
    szykman = board.rules.convoy_paradox is ParadoxRule.SZYKMAN
    for fleet in army.fleets:
        if (fleet.prov in board.broken_fleets) if szykman else fleet_endangered(board, fleet):
            board.disrupted.add(fleet.prov)
            board.broken_convoys.add(army.prov)
    army.support_count = 0
    for sup in army.supporters:
        if not sup.mark:
            sup.mark = NO_CONVOY
    # The army never reaches the space it was convoyed to, so it must not stand off anyone there: it is back
    # where it started, holding. (The page keeps it in the destination's combat list; DATC 6.F.x disagrees.)
    board.remove_entry(army.dest, army)
    board.add_entry(army.prov, army, BOUNCED)


def step_6_mark_bounces_caused_by_inability_to_swap_places(board: Board) -> int | None:
    """Two units trying to swap places over land: the weaker (or both, if equal or one power's) bounces."""
    if board.grown is not None:
        # Back from Step 7's jump: since this step's last pass only bounces were marked (no strength changed, no mark
        # was lifted), and a pair of swappers it left had one of the two marked already; so no pair is left to judge.
        return None
    units = board.units
    crawl = board.rules.coastal_crawl
    while True:
        board.bounced_this_pass = False
        for st in board.moving:
            if st.convoyed or st.mark:
                continue
            other = units.get(st.dest)
            if other is None or other.mark or other.action != "move" or other.dest != st.prov or other.convoyed or \
                    crawl and pass_each_other(st.unit, st.dest_loc, other.unit, other.dest_loc):    # (coastal_crawl)
                continue
            same = st.power == other.power
            first = same or st.support_count - len(st.no_help) <= other.support_count
            second = same or other.support_count - len(other.no_help) <= st.support_count
            if first:
                bounce(board, st)
            if second:
                bounce(board, other)
        if not board.bounced_this_pass:
            return None


def step_7_mark_bounces_suffered_by_understrength_attackers(board: Board) -> int | None:
    """A mover not stronger than everyone else contesting its destination bounces."""
    board.bounced_this_pass = False
    combat = board.combat
    # A pass after this step's own jump back judges again only the spaces an entry was added to since the last pass
    # began (the bounces of that pass and of Step 6): elsewhere nothing it reads changed - the strengths are the same
    # (Step 6 only bounces), every list the same - so the same attackers would bounce, and they already have.
    spaces = board.contested if board.grown is None else board.grown
    board.grown = set()
    for prov in list(spaces):
        lst = combat[prov]
        if len(lst) < 2:
            continue            # a lone attacker is stronger than everyone else there
        top: Strength = -2      # the highest strength in the space, and how many entries have it
        leaders = 0
        for e in lst:
            role = e[1]                                             # strength(e), read without a call
            s = 0 if role == BOUNCED else -1 if role == WEAK else e[0].support_count
            if s > top:
                top, leaders = s, 1
            elif s == top:
                leaders += 1
        # Attackers not alone at the top lose. (Bounced as they are found: bounce adds an entry to the mover's own
        # space only, never to this list, and marks no one else.)
        for e in lst:
            if e[1] == ATTACK:
                st = e[0]
                if not st.mark and (leaders > 1 or st.support_count < top):
                    bounce(board, st)
    if board.bounced_this_pass:
        return 6
    board.grown = None          # (Steps 8 and 9 change strengths and lists: after them, every space again)
    return None


def step_8_mark_bounces_caused_by_inability_to_self_dislodge(board: Board) -> int | None:
    """A winner may not dislodge its own power's unit, nor win only thanks to the victim's power's support."""
    board.bounced_this_pass = False
    for prov in list(board.contested):
        # (A lone attacker needs no check: an occupant that stays put, or bounced back, has an entry here too.)
        if len(board.combat[prov]) < 2:
            continue
        best = board.strongest(prov)
        if best is None or best[1] != ATTACK or best[0].mark:
            continue
        mover = best[0]
        victim = board.units.get(prov)
        if victim is None or (victim.action == "move" and not victim.mark):
            continue
        if victim.power == mover.power:
            bounce(board, mover)
            continue
        others = [strength(e) for e in board.combat[prov] if e is not best]
        if others and mover.support_count - len(mover.no_help) <= max(others):
            bounce(board, mover)
    return 6 if board.bounced_this_pass else None


def step_9_mark_supports_cut_by_dislodgements(board: Board) -> int | None:
    """Moves that will succeed cut the supports of the units they dislodge."""
    board.cut_this_pass = False
    units = board.units
    weak = board.m.weak_borders
    for st in board.moving:
        if not st.mark:
            sup = units.get(st.dest)
            if sup is not None and sup.action == "support":     # (cutSupport's first test, without the call)
                before = sup.mark if weak else None
                cut_support(board, st, 9)
                if weak and sup.mark != before and not st.convoyed and (st.unit[2], st.dest) in weak:
                    # A move across a half-strength border cut nothing by attack: this support fell only now, when
                    # battles elsewhere were already settled on it. Those it helped in are fought again (Steps 6-8).
                    reopen(board, sup.supported)
    return 6 if board.cut_this_pass else None


def step_10_move_units_that_did_not_bounce(board: Board) -> int | None:
    """Move the winners, dislodge the losers, and let bounced units into spaces that were emptied."""
    units, combat = board.units, board.combat
    while True:
        board.unbounced = False
        for st in board.moving:
            if st.mark or st.moved:
                continue
            st.moved = True
            victim = units.get(st.dest)
            if victim is not None and victim is not st and (victim.action != "move" or victim.mark):
                if not victim.dislodged:
                    board.victims.append(victim)
                victim.dislodged = True
                victim.dislodged_by = st
                if victim.action == "move" and not victim.convoyed and victim.dest == st.prov and not st.convoyed:
                    board.remove_entry(st.prov, victim)
            if combat.get(st.prov):
                unbounce(board, st.prov)    # (a space nobody else tried to enter has nobody to let in)
        if not board.unbounced:
            break               # (else a unit let in after all may come before this one in the list: again)
    for victim in board.victims:
        if victim.dislodged:            # (an unbounced unit may have been un-dislodged since)
            victim.retreats = _retreats(board, victim)
    return None


def _retreats(board: Board, victim: UnitState) -> tuple[str, ...]:
    attacker = victim.dislodged_by
    closed = board.m.closed_borders
    out = []
    for loc in sorted(board.m.fleet_adj.get(victim.unit.loc, ()) if victim.unit.kind == "F"
                      else board.m.army_adj.get(victim.prov, ())):
        prov = loc[:3]
        if prov == attacker.prov and not (attacker.convoyed and board.rules.retreat_to_convoy_origin):
            continue
        if board.combat.get(prov):
            continue
        here = board.units.get(prov)
        if here is not None and here.action != "move":
            continue        # a unit stands there that nobody attacked (it has no combat list: Step 3)
        if closed and not crossing_allowed(board.m, victim.unit.loc, prov, victim.power, board.position.centers):
            continue        # a border closed to this power's units (DPjudge 'P:X', 'X(SC)')
        out.append(loc)
    return tuple(out)


STEPS = (
    step_1_mark_invalid_convoy_orders,
    step_2_mark_invalid_move_and_support_orders,
    step_3_calculate_initial_combat_strengths,
    step_4_mark_support_cuts_made_by_convoyers_and_mark_endangered_convoys,
    step_5_mark_convoy_disruptions_and_support_cuts_made_by_successful_convoys,
    step_6_mark_bounces_caused_by_inability_to_swap_places,
    step_7_mark_bounces_suffered_by_understrength_attackers,
    step_8_mark_bounces_caused_by_inability_to_self_dislodge,
    step_9_mark_supports_cut_by_dislodgements,
    step_10_move_units_that_did_not_bounce,
)


def run_steps(board: Board) -> None:
    """Run the steps in order, following the jumps back; a jump budget guards against a loop that never ends."""
    i, budget = 0, 10_000
    steps, last = STEPS, len(STEPS)
    while i < last:
        nxt = steps[i](board)
        if nxt is None:
            i += 1
            continue
        budget -= 1             # (only a jump back can loop)
        if budget == 0:
            raise RuntimeError("adjudication did not settle")
        i = nxt - 1


__all__ = ["STEPS", "run_steps", "BOUNCE"]
