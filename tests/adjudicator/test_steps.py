"""The port's steps and subroutines, one at a time, on small boards."""
from judge.adjudicator.dpjudge import resolve_movement
from judge.adjudicator.dpjudge.board import ATTACK, BOUNCE, BOUNCED, CUT, ENDANGERED, NO_CONVOY, VOID, Board
from judge.adjudicator.dpjudge.steps import (STEPS, run_steps, step_1_mark_invalid_convoy_orders)
from judge.adjudicator.dpjudge.subroutines import bounce, check_disruptions, cut_support, unbounce
from judge.rules import MissingUnit, ParadoxRule, Ruleset
from tests.conftest import position, position_and_orders


def board(m, units, orders, rules=Ruleset()):
    return Board(m, *position_and_orders(m, units, orders, rules), rules)


def through(b, last_step):
    for step in STEPS[:last_step]:
        step(b)
    return b


def test_steps_are_the_ten_published_ones_in_order():
    names = [s.__name__ for s in STEPS]
    assert names[0].startswith("step_1_") and names[-1].startswith("step_10_") and len(names) == 10
    assert [int(n.split("_")[1]) for n in names] == list(range(1, 11))


def test_step_2_counts_supports_and_fills_the_no_help_list(m):
    b = through(board(m, {"FRANCE": ["A PAR", "A PIC", "A BRE"], "GERMANY": ["A BUR", "A MUN"]},
                      {"FRANCE": ["A PAR - BUR", "A PIC S A PAR - BUR", "A BRE S A PAR - PIC"],
                       "GERMANY": ["A MUN S A PAR - BUR"]}), 2)
    par = b.units["PAR"]
    assert par.support_count == 2
    assert {s.prov for s in par.no_help} == {"MUN"}          # Germany helping against its own Burgundy
    assert b.units["BRE"].mark == VOID                        # Paris is not moving to Picardy


def test_missing_unit_options_in_steps_1_and_2(m):
    units = {"FRANCE": ["A PAR", "F NTH"]}
    orders = {"FRANCE": ["A PAR S A BUR - PIC", "F NTH C A YOR - NWY"]}
    void = through(board(m, units, orders, Ruleset(missing_unit=MissingUnit.VOID)), 2)
    assert void.units["PAR"].mark == VOID and void.units["NTH"].mark == VOID
    hold = through(board(m, units, orders, Ruleset(missing_unit=MissingUnit.HOLD)), 2)
    assert hold.units["PAR"].action == "hold" and not hold.units["PAR"].mark
    assert hold.units["NTH"].action == "hold"


def test_step_1_unmatched_convoy_and_army(m):
    b = board(m, {"ENGLAND": ["A LON", "F NTH", "F ENG"]},
              {"ENGLAND": ["A LON - BEL", "F ENG C A LON - PIC"]})
    step_1_mark_invalid_convoy_orders(b)
    assert b.units["LON"].mark == NO_CONVOY      # North Sea did not order the convoy
    assert b.units["ENG"].mark == VOID           # London is not going to Picardy


def test_step_3_builds_combat_lists_and_cuts(m):
    b = through(board(m, {"FRANCE": ["A PAR", "A PIC"], "GERMANY": ["A BUR", "A BEL"]},
                      {"FRANCE": ["A PAR - BUR", "A PIC S A PAR - BUR"], "GERMANY": ["A BEL - PIC"]}), 3)
    assert b.units["PIC"].mark == CUT and b.units["PAR"].support_count == 0
    assert {(st.prov, role) for st, role in b.combat["BUR"]} == {("PAR", ATTACK), ("BUR", "defend")}


def test_step_3_gives_no_combat_list_to_a_unit_nobody_moves_against(m):
    # A unit that stays where nobody moves fights nobody: no step ever reads a list for its space.
    b = through(board(m, {"FRANCE": ["A PAR", "A PIC", "A BRE"], "GERMANY": ["A BUR", "A MUN"]},
                      {"FRANCE": ["A PAR - BUR", "A PIC S A PAR - BUR", "A BRE H"], "GERMANY": ["A MUN S A BUR"]}), 3)
    assert {(st.prov, role) for st, role in b.combat["BUR"]} == {("PAR", ATTACK), ("BUR", "defend")}
    assert not {"PIC", "BRE", "MUN", "PAR"} & b.combat.keys()


def test_no_retreat_into_a_space_held_by_a_unit_nobody_attacked(m):
    # Burgundy is dislodged from Munich. Paris (holding) and Ruhr (supporting) were never attacked, so they have no
    # combat list; still nobody retreats onto them. Munich is the attacker's origin. Left: the empty neighbours.
    units = {"FRANCE": ["A BUR", "A PAR"], "GERMANY": ["A MUN", "A RUH"]}
    orders = {"FRANCE": ["A BUR H", "A PAR H"], "GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"]}
    pos, by_unit = position_and_orders(m, units, orders, Ruleset())
    out = resolve_movement(m, pos, by_unit, Ruleset())
    assert sorted(out.dislodged["BUR"].retreats) == ["BEL", "GAS", "MAR", "PIC"]


def test_support_not_cut_from_the_space_it_supports_into(m):
    b = through(board(m, {"FRANCE": ["A PAR", "A PIC"], "GERMANY": ["A BUR"]},
                      {"FRANCE": ["A PAR - BUR", "A PIC S A PAR - BUR"], "GERMANY": ["A BUR - PIC"]}), 3)
    assert not b.units["PIC"].mark and b.units["PAR"].support_count == 1


def test_bounce_and_unbounce(m):
    b = through(board(m, {"FRANCE": ["A PAR", "A BUR"]}, {"FRANCE": ["A PAR - BUR", "A BUR - MUN"]}), 3)
    par = b.units["PAR"]
    bounce(b, par)
    assert par.mark == BOUNCE and any(st is par and role == BOUNCED for st, role in b.combat["PAR"])
    b.units["BUR"].moved = True
    unbounce(b, "BUR")       # Burgundy is empty now: Paris is the strongest claimant and gets in
    assert par.mark == "" and not any(st is par for st, _ in b.combat["PAR"])


def test_check_disruptions_needs_every_route_broken(m):
    b = through(board(m, {"FRANCE": ["A TUN", "F TYS", "F ION"], "ITALY": ["F ROM", "F NAP"]},
                      {"FRANCE": ["A TUN - NAP", "F TYS C A TUN - NAP", "F ION C A TUN - NAP"],
                       "ITALY": ["F ROM - TYS", "F NAP S F ROM - TYS"]}, Ruleset(convoy_paradox=ParadoxRule.RULE_1982)),
                3)
    army = b.units["TUN"]
    check_disruptions(b, army)
    assert army.mark == ""                       # the Ionian route is safe
    b.add_entry("ION", b.units["ROM"], ATTACK)   # pretend Rome also threatens the Ionian Sea
    check_disruptions(b, army)
    assert army.mark == ENDANGERED


def test_cut_support_respects_1982_protection(m):
    units = {"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["A BRE", "F ENG"]}
    orders = {"ENGLAND": ["F LON S F WAL - ENG", "F WAL - ENG"], "FRANCE": ["A BRE - LON", "F ENG C A BRE - LON"]}
    b = through(board(m, units, orders, Ruleset(convoy_paradox=ParadoxRule.RULE_1982)), 3)
    cut_support(b, b.units["BRE"], 4)
    assert b.units["LON"].mark == ""             # supporting an attack on a convoying fleet
    b2 = through(board(m, units, orders), 3)
    cut_support(b2, b2.units["BRE"], 4)
    assert b2.units["LON"].mark == CUT            # Szykman settles paradoxes elsewhere, not here


def test_run_steps_swap_and_circular_movement(m):
    b = board(m, {"FRANCE": ["A PAR", "A BUR"], "GERMANY": ["A MUN", "A RUH", "A KIE"]},
              {"FRANCE": ["A PAR - BUR", "A BUR - PAR"], "GERMANY": ["A MUN - RUH", "A RUH - KIE", "A KIE - MUN"]})
    run_steps(b)
    assert b.units["PAR"].mark == BOUNCE and b.units["BUR"].mark == BOUNCE     # no swapping without convoy
    assert all(b.units[p].moved and not b.units[p].mark for p in ("MUN", "RUH", "KIE"))


def test_self_dislodgement_is_refused(m):
    out = resolve_movement(m, position(m, {"GERMANY": ["A MUN", "A SIL", "A BER"]}),
                           {}, Ruleset())
    assert set(out.units) == {"MUN", "SIL", "BER"} and not out.dislodged
    b = board(m, {"GERMANY": ["A MUN", "A SIL", "A BER"]}, {"GERMANY": ["A SIL - BER", "A MUN S A SIL - BER"]})
    run_steps(b)
    assert b.units["SIL"].mark == BOUNCE and not b.units["BER"].dislodged


def test_crosscheck_compare_names_each_difference(m):
    from judge.adjudicator.crosscheck import compare
    from judge.adjudicator.results import MovementOutcome, OrderResult
    from judge.orders import Hold, Move
    from judge.position import Dislodged, Unit
    a_unit, f_unit = Unit("FRANCE", "A", "PAR"), Unit("GERMANY", "A", "MUN")
    port = MovementOutcome([OrderResult(Move(a_unit, "BUR"), ())], {"BUR": Unit("FRANCE", "A", "BUR")},
                           {"MUN": Dislodged(f_unit, ("BOH", "TYR"), "BUR")})
    other = MovementOutcome([OrderResult(Move(a_unit, "BUR"), ("bounce",))], {"PAR": a_unit},
                            {"MUN": Dislodged(f_unit, ("BOH",), "BUR")})
    diffs = compare(port, other)
    assert diffs == ["units: port has ['A BUR'], equations have ['A PAR']",
                     "retreats of A MUN: port ['BOH', 'TYR'], equations ['BOH']",
                     "A PAR - BUR: port [], equations ['bounce']"]
    assert compare(port, port) == [] and Hold(a_unit)


def test_step_7_after_its_jump_judges_again_only_the_spaces_that_gained_an_entry(m):
    # Paris and Munich stand each other off in Burgundy; each bounced unit's entry back home then makes the attack
    # on Paris from Picardy a standoff too (1 against 1). Only the spaces an entry went into need judging again.
    b = through(board(m, {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"], "ENGLAND": ["A PIC"], "ITALY": ["A TYR"]},
                      {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"], "ENGLAND": ["A PIC - PAR"],
                       "ITALY": ["A TYR - MUN"]}), 6)
    assert STEPS[6](b) == 6
    bounced = {st.prov for st in b.movers() if st.mark == BOUNCE}
    assert {"PAR", "MUN"} <= bounced
    assert b.grown == bounced                       # the bounced units' home spaces, where their entries went
    run_steps(b)
    assert b.grown is None                          # (after Step 7's last pass: every space again, for Steps 8-9)
    assert {st.prov for st in b.movers() if st.mark == BOUNCE} == {"PAR", "MUN", "PIC", "TYR"}


def test_step_6_after_step_7s_jump_has_nothing_left_to_judge(m):
    # Since Step 6's last pass only bounces were marked, so a swap it left had one of its two movers marked: back from
    # Step 7's jump it judges nothing. (A swap left unjudged here, by hand, stays unjudged; after Steps 8-9 it is not.)
    orders = {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A BUR - PAR"]}
    b = through(board(m, {"FRANCE": ["A PAR"], "GERMANY": ["A BUR"]}, orders), 5)
    b.grown = set()                                 # as Step 7 leaves it when it jumps back
    assert STEPS[5](b) is None and not b.units["PAR"].mark and not b.units["BUR"].mark
    b.grown = None                                  # as Step 7 leaves it when it goes on to Step 8
    STEPS[5](b)
    assert b.units["PAR"].mark == BOUNCE and b.units["BUR"].mark == BOUNCE     # equal strength: both bounce
