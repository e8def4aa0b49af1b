"""The equations engine: every DATC case through it, its decisions one at a time, and its handling of cycles."""
from types import SimpleNamespace

import pytest

from judge import datc
from judge.adjudicator import adjudicate
from judge.adjudicator.equations import decisions as D
from judge.adjudicator.equations import outcome, resolve_movement
from judge.adjudicator.equations.resolver import (CONVOY, FALSE, MOVE, MOVES, PATH, SUPPORT, TRUE, UNKNOWN,
                                                  Context, ResolverState)
from judge.maps import Map, Province
from judge.orders import Move
from judge.orders.validate import Validator
from judge.position import Phase, Position, Unit
from judge.rules import MissingUnit, ParadoxRule, Ruleset, parse_rules
from tests.conftest import position, position_and_orders

CASES = datc.load_cases()
OFFERED = [(c, i, v) for c in CASES for i, s in enumerate(c["steps"]) for v in s.get("variants", ())
           if (v["issue"], v["choice"]) in datc.VARIANT_RULES]


# -- every DATC case ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case(case, m):
    assert datc.run_case(case, m=m, engine="equations") == []


@pytest.mark.parametrize("case, step, variant", OFFERED,
                         ids=[f"{c['id']}-{v['issue']}-{v['choice']}" for c, _, v in OFFERED])
def test_variant(case, step, variant, m):
    words = datc.VARIANT_RULES[(variant["issue"], variant["choice"])]
    assert datc.run_case(case, parse_rules(words), variant, m, step, engine="equations") == []


def test_the_whole_suite_scores_full_marks():
    report = datc.run_all(engine="equations")
    assert report.summary().startswith(f"DATC 3.1: {datc.TOTAL}/{datc.TOTAL} passed")
    assert all(v.passed for v in report.variants)


def test_the_command_line_takes_the_engine():
    from judge.cli import build_parser
    assert build_parser().parse_args(["datc", "--engine", "equations"]).engine == "equations"
    assert build_parser().parse_args(["datc"]).engine == "dpjudge"


def test_adjudicate_selects_the_engine(m):
    pos = position(m, {"FRANCE": ["A PAR"]})
    for engine in ("dpjudge", "equations"):
        assert adjudicate(m, pos, [], Ruleset(), engine=engine).results[0].marks == ()
    with pytest.raises(ValueError):
        adjudicate(m, pos, [], Ruleset(), engine="guesswork")


# -- helpers --------------------------------------------------------------------------------------------------------

def build(m, units, orders, rules=None):
    """Board and orders from text; returns (Context, fresh ResolverState). (Not named `setup`: pytest before 8 runs a
    module function of that name before the tests, nose-style.)"""
    rules = rules or Ruleset()
    pos, parsed = position_and_orders(m, units, orders, rules)
    ctx = Context.build(m, pos, parsed, rules)
    return ctx, ResolverState(ctx, D.evaluate)


def play(m, units, orders, rules=None):
    """Adjudicate; returns ({order text: marks}, outcome, resolver log)."""
    ctx, st = build(m, units, orders, rules)
    st.settle_all()
    out = outcome(ctx, st)
    return {str(r.order): r.marks for r in out.results}, out, st.log


def held_open(ctx, st, kind, province):
    """Pretend a decision is being evaluated higher up, so that it reads as unknown (a cycle in progress)."""
    d = kind * ctx.n + ctx.occupant[province]
    st.visiting[d] = 1
    return d


# -- strengths ------------------------------------------------------------------------------------------------------

def test_attack_strength_counts_supports_but_never_against_ones_own_power(m):
    ctx, st = build(m, {"FRANCE": ["A PAR", "A PIC", "A GAS"], "GERMANY": ["A BUR", "A MUN"]},
                    {"FRANCE": ["A PAR - BUR", "A PIC S A PAR - BUR"], "GERMANY": ["A MUN S A PAR - BUR"]})
    par = ctx.occupant["PAR"]
    # Burgundy is German and holds: the German support may not help throw out a German unit.
    assert D.attack_strength(ctx, st, par) == (2, 2)
    assert D.defend_strength(ctx, st, par) == (3, 3)
    assert D.prevent_strength(ctx, st, par) == (3, 3)
    ctx, st = build(m, {"FRANCE": ["A PAR", "A BUR"]}, {"FRANCE": ["A PAR - BUR"]})
    assert D.attack_strength(ctx, st, ctx.occupant["PAR"]) == (0, 0)


def test_hold_strength_of_empty_holding_and_leaving_units(m):
    ctx, st = build(m, {"FRANCE": ["A PAR", "A PIC", "A BRE"]},
                    {"FRANCE": ["A PIC S A PAR", "A BRE - GAS"]})
    assert D.hold_strength(ctx, st, "BUR") == (0, 0)
    assert D.hold_strength(ctx, st, "PAR") == (2, 2)
    assert D.hold_strength(ctx, st, "BRE") == (0, 0)       # Brest leaves for an empty Gascony
    ctx, st = build(m, {"FRANCE": ["A BRE"], "ITALY": ["A PAR"]}, {"FRANCE": ["A BRE - PAR"]})
    held_open(ctx, st, MOVE, "BRE")
    assert D.hold_strength(ctx, st, "BRE") == (0, 1)       # while its move is open: zero or one


def test_prevent_strength_is_zero_after_losing_a_head_to_head_battle(m):
    ctx, st = build(m, {"FRANCE": ["A PAR", "A PIC"], "GERMANY": ["A BUR"]},
                    {"FRANCE": ["A PAR - BUR", "A PIC S A PAR - BUR"], "GERMANY": ["A BUR - PAR"]})
    bur = ctx.occupant["BUR"]
    assert ctx.h2h[bur] == ctx.occupant["PAR"]
    assert D.prevent_strength(ctx, st, bur) == (0, 0)
    assert D.defend_strength(ctx, st, bur) == (1, 1)


def test_a_move_decided_on_partial_information(m):
    # DATC 5.E's example: with Belgium's support still open, North Sea has strength one or two against one.
    ctx, st = build(m, {"ENGLAND": ["F NTH", "F BEL"], "GERMANY": ["A HOL"]},
                    {"ENGLAND": ["F NTH - HOL", "F BEL S F NTH - HOL"]})
    held_open(ctx, st, SUPPORT, "BEL")
    nth = ctx.occupant["NTH"]
    assert D.attack_strength(ctx, st, nth) == (1, 2)
    assert D.move(ctx, st, nth) == UNKNOWN
    # A second attacker at strength two settles it whatever the support does: it can never win.
    ctx, st = build(m, {"ENGLAND": ["F NTH", "F BEL"], "GERMANY": ["A HOL", "A KIE", "A RUH"]},
                    {"ENGLAND": ["F NTH - HOL", "F BEL S F NTH - HOL"],
                     "GERMANY": ["A KIE - HOL", "A RUH S A KIE - HOL"]})
    held_open(ctx, st, SUPPORT, "BEL")
    assert D.move(ctx, st, ctx.occupant["NTH"]) == FALSE


# -- SUPPORT, CONVOY, PATH, DISLODGE --------------------------------------------------------------------------------

def test_support_is_cut_by_a_foreign_attack_except_from_where_it_is_aimed(m):
    units = {"FRANCE": ["A BUR", "A PIC"], "GERMANY": ["A BEL", "A BRE"]}
    french = ["A BUR - BEL", "A PIC S A BUR - BEL"]
    ctx, st = build(m, units, {"FRANCE": french, "GERMANY": ["A BRE - PIC"]})
    assert D.support(ctx, st, ctx.occupant["PIC"]) == FALSE
    ctx, st = build(m, units, {"FRANCE": french, "GERMANY": ["A BEL - PIC"]})
    assert D.support(ctx, st, ctx.occupant["PIC"]) == TRUE
    ctx, st = build(m, {"FRANCE": ["A BUR", "A PIC", "A BRE"], "GERMANY": ["A BEL"]},
                    {"FRANCE": [*french, "A BRE - PIC"]})
    assert D.support(ctx, st, ctx.occupant["PIC"]) == TRUE        # one's own attack cuts nothing


def test_support_is_cut_when_the_attack_it_is_aimed_at_dislodges_it(m):
    # Belgium attacks from where Picardy's support is aimed, which alone would not cut it; dislodging does.
    ctx, st = build(m, {"FRANCE": ["A PIC", "A BUR"], "GERMANY": ["A BEL", "A BRE"]},
                    {"FRANCE": ["A PIC S A BUR - BEL", "A BUR - BEL"],
                     "GERMANY": ["A BEL - PIC", "A BRE S A BEL - PIC"]})
    assert D.support(ctx, st, ctx.occupant["PIC"]) == FALSE
    assert D.dislodge(ctx, st, ctx.occupant["PIC"]) == TRUE


def test_convoy_path_and_multiple_routes(m):
    units = {"ENGLAND": ["A LON", "F NTH", "F ENG"], "FRANCE": ["F BRE", "F MAO"]}
    orders = {"ENGLAND": ["A LON - BEL", "F NTH C A LON - BEL", "F ENG C A LON - BEL"],
              "FRANCE": ["F MAO - ENG", "F BRE S F MAO - ENG"]}
    ctx, st = build(m, units, orders)
    lon, eng, nth = ctx.occupant["LON"], ctx.occupant["ENG"], ctx.occupant["NTH"]
    assert ctx.convoyed[lon] and set(ctx.carriers[lon]) == {eng, nth}
    assert D.convoy(ctx, st, eng) == FALSE
    assert D.convoy(ctx, st, nth) == TRUE
    assert D.path(ctx, st, lon) == TRUE          # the North Sea route is enough (DATC 4.A.1)
    st = ResolverState(ctx, D.evaluate)
    held_open(ctx, st, CONVOY, "NTH")
    st.known[CONVOY * ctx.n + eng] = False
    assert D.path(ctx, st, lon) == UNKNOWN


def test_which_armies_go_by_convoy(m):
    # Adjacent move, convoy by a foreign fleet only: over land, and the convoy is void.
    ctx, _ = build(m, {"FRANCE": ["A PIC"], "ENGLAND": ["F ENG"]},
                   {"FRANCE": ["A PIC - BEL"], "ENGLAND": ["F ENG C A PIC - BEL"]})
    assert not ctx.convoyed[ctx.occupant["PIC"]] and ctx.void[ctx.occupant["ENG"]]
    # The army's own fleet convoys: the convoy route is the one taken.
    ctx, _ = build(m, {"FRANCE": ["A PIC", "F ENG"]}, {"FRANCE": ["A PIC - BEL", "F ENG C A PIC - BEL"]})
    assert ctx.convoyed[ctx.occupant["PIC"]] and not ctx.void[ctx.occupant["ENG"]]
    # "via convoy" makes a foreign convoy count.
    ctx, _ = build(m, {"FRANCE": ["A PIC"], "ENGLAND": ["F ENG"]},
                   {"FRANCE": ["A PIC - BEL via convoy"], "ENGLAND": ["F ENG C A PIC - BEL"]})
    assert ctx.convoyed[ctx.occupant["PIC"]] and not ctx.void[ctx.occupant["ENG"]]
    # A written path: only its fleets count.
    marks, _, _ = play(m, {"ENGLAND": ["A LON", "F NTH", "F ENG"]},
                       {"ENGLAND": ["A LON - NTH - BEL", "F NTH C A LON - BEL", "F ENG C A LON - BEL"]})
    assert marks == {"A LON - NTH - BEL": (), "F NTH C A LON - BEL": (), "F ENG C A LON - BEL": ("void",)}


# -- the resolver: cycles ---------------------------------------------------------------------------------------------

def test_cycle_with_one_solution_needs_no_backup_rule(m):
    # DATC 5.C: the supported move into Constantinople must succeed, so the whole ring does.
    marks, out, log = play(m, {"RUSSIA": ["A CON"], "TURKEY": ["F ANK", "A SMY", "A BUL"]},
                           {"RUSSIA": ["A CON - SMY"],
                            "TURKEY": ["F ANK - CON", "A SMY - ANK", "A BUL S F ANK - CON"]})
    assert log == []
    assert all(v == () for v in marks.values())
    assert out.units["CON"] == Unit("TURKEY", "F", "CON") and not out.dislodged


def test_circular_movement_all_move(m):
    marks, out, log = play(m, {"TURKEY": ["F ANK", "A CON", "A SMY"]},
                           {"TURKEY": ["F ANK - CON", "A CON - SMY", "A SMY - ANK"]})
    assert [rule for rule, _ in log] == ["circular"]
    assert all(v == () for v in marks.values())
    assert sorted(str(u) for u in out.units.values()) == ["A ANK", "A SMY", "F CON"]


def test_circular_movement_broken_by_an_equal_intruder(m):
    marks, _, log = play(m, {"TURKEY": ["F ANK", "A CON", "A SMY"], "RUSSIA": ["A BUL"]},
                         {"TURKEY": ["F ANK - CON", "A CON - SMY", "A SMY - ANK"], "RUSSIA": ["A BUL - CON"]})
    assert log == []                      # settled on partial information: nothing in the ring can move
    assert all(v == ("bounce",) for v in marks.values())


def test_convoy_swap_is_circular_movement(m):
    units = {"ENGLAND": ["A LON", "F NTH"], "FRANCE": ["A BEL", "F ENG"]}
    marks, _, log = play(m, units, {"ENGLAND": ["A LON - BEL", "F NTH C A LON - BEL"],
                                    "FRANCE": ["A BEL - LON", "F ENG C A BEL - LON"]})
    assert [rule for rule, _ in log] == ["circular"] and all(v == () for v in marks.values())
    # Without the Channel's convoy Belgium has no route: no swap, and London bounces off the army that stayed.
    marks, _, log = play(m, units, {"ENGLAND": ["A LON - BEL", "F NTH C A LON - BEL"], "FRANCE": ["A BEL - LON"]})
    assert log == [] and marks["A BEL - LON"] == ("no convoy",) and marks["A LON - BEL"] == ("bounce",)


def test_two_resolution_convoy_paradox_takes_the_szykman_rule(m):
    # DATC 6.F.14: consistent both with the convoy working and with it failing.
    ctx, st = build(m, {"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["A BRE", "F ENG"]},
                    {"ENGLAND": ["F LON S F WAL - ENG", "F WAL - ENG"],
                     "FRANCE": ["A BRE - LON", "F ENG C A BRE - LON"]})
    st.settle_all()
    assert st.log == [("szykman", (CONVOY * ctx.n + ctx.occupant["ENG"],))]
    assert st.known[PATH * ctx.n + ctx.occupant["BRE"]] is False
    assert st.known[SUPPORT * ctx.n + ctx.occupant["LON"]] is True
    assert st.known[MOVE * ctx.n + ctx.occupant["WAL"]] is True


def test_zero_resolution_convoy_paradox_takes_the_szykman_rule(m):
    # DATC 6.F.18: the betrayed player's support makes every outcome contradict itself.
    marks, out, log = play(m, {"ENGLAND": ["F NTH", "A LON", "F ENG"], "FRANCE": ["F BEL"],
                               "GERMANY": ["F HEL", "F SKA"]},
                           {"ENGLAND": ["F NTH C A LON - BEL", "A LON - BEL", "F ENG S A LON - BEL"],
                            "FRANCE": ["F BEL S F NTH"], "GERMANY": ["F HEL S F SKA - NTH", "F SKA - NTH"]})
    assert [rule for rule, _ in log] == ["szykman"]
    assert marks["F NTH C A LON - BEL"] == ("disrupted",)
    assert marks["A LON - BEL"] == ("no convoy",)
    assert marks["F ENG S A LON - BEL"] == ("no convoy",)      # given, but the army never got through
    assert marks["F SKA - NTH"] == ("bounce",) and marks["F BEL S F NTH"] == ()
    assert not out.dislodged


def test_pandins_paradox_leaves_wales_out_of_the_cycle(m):
    # DATC 5.D / 6.F.16. The CONVOY decision evaluates the attacks on the Channel directly (the 5.D hack), so the
    # cycle is only the Channel convoy, London's support and the army's path; Wales, which can never beat Belgium,
    # is decided on partial information and is never touched by the backup rule, even when resolution starts there.
    ctx, st = build(m, {"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["A BRE", "F ENG"], "GERMANY": ["F NTH", "F BEL"]},
                    {"ENGLAND": ["F LON S F WAL - ENG", "F WAL - ENG"],
                     "FRANCE": ["A BRE - LON", "F ENG C A BRE - LON"],
                     "GERMANY": ["F NTH S F BEL - ENG", "F BEL - ENG"]})
    wal, eng = ctx.occupant["WAL"], ctx.occupant["ENG"]
    assert st.resolve(MOVE * ctx.n + wal) == FALSE
    assert st.log == [("szykman", (CONVOY * ctx.n + eng,))]
    st.settle_all()
    assert len(st.log) == 1
    assert st.known[MOVE * ctx.n + ctx.occupant["BEL"]] is False
    assert st.known[SUPPORT * ctx.n + ctx.occupant["LON"]] is True


@pytest.mark.parametrize("first", ["F LON", "F WAL", "A BRE", "F ENG", "F NTH", "F BEL"])
def test_pandins_paradox_does_not_depend_on_where_resolution_starts(m, first):
    ctx, st = build(m, {"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["A BRE", "F ENG"], "GERMANY": ["F NTH", "F BEL"]},
                    {"ENGLAND": ["F LON S F WAL - ENG", "F WAL - ENG"],
                     "FRANCE": ["A BRE - LON", "F ENG C A BRE - LON"],
                     "GERMANY": ["F NTH S F BEL - ENG", "F BEL - ENG"]})
    i = ctx.occupant[first[2:]]
    st.settle(next(d for d in ctx.decisions if d % ctx.n == i))
    st.settle_all()
    moved = {ctx.prov[i] for i in range(ctx.n) if ctx.kind[i] == MOVES and st.known[i]}
    assert moved == set() and st.known[CONVOY * ctx.n + ctx.occupant["ENG"]] is False


def test_extra_orders_can_take_the_paradox_away(m):
    # Kruijswijk's figure 10: Russia dislodges the North Sea fleet whatever happens, so there is no paradox.
    marks, out, log = play(m, {"ENGLAND": ["A EDI", "F NTH", "F SKA"], "GERMANY": ["F DEN", "F SWE"],
                               "RUSSIA": ["F NWG", "F NWY"]},
                           {"ENGLAND": ["A EDI - SWE", "F NTH C A EDI - SWE", "F SKA C A EDI - SWE"],
                            "GERMANY": ["F DEN - SKA", "F SWE S F DEN - SKA"],
                            "RUSSIA": ["F NWG - NTH", "F NWY S F NWG - NTH"]})
    assert log == []
    assert marks["A EDI - SWE"] == ("no convoy",) and marks["F DEN - SKA"] == ()
    assert sorted(out.dislodged) == ["NTH", "SKA"]


def test_1982_rule_shields_supports_from_convoyed_armies(m):
    units = {"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["A BRE", "F ENG"]}
    orders = {"ENGLAND": ["F LON S F WAL - ENG", "F WAL - ENG"], "FRANCE": ["A BRE - LON", "F ENG C A BRE - LON"]}
    ctx, st = build(m, units, orders, Ruleset(convoy_paradox=ParadoxRule.RULE_1982))
    assert ctx.shielded[ctx.occupant["LON"]]
    st.settle_all()
    assert st.log == [] and st.known[SUPPORT * ctx.n + ctx.occupant["LON"]] is True


# -- the backup rule on bare equations ------------------------------------------------------------------------------

def toy(equations, rings=()):
    """A ResolverState over hand-written boolean equations (decision d is MOVE of 'unit' d)."""
    ctx = SimpleNamespace(n=len(equations), preset=(), decisions=tuple(range(len(equations))),
                          rings=lambda moves: [i for i in moves if i in rings])

    def evaluate(_ctx, st, d):
        return equations[d](st)

    return ResolverState(ctx, evaluate)


def _or(a, b):
    return (a[0] or b[0], a[1] or b[1])


def _not(a):
    return (not a[1], not a[0])


def test_a_single_resolution_that_intervals_miss_is_found_by_guessing():
    # x0 = x1 or not x1 (always true, but the interval of an open x1 cannot see it); x1 = x0.
    st = toy([lambda st: _or(st.resolve(1), _not(st.resolve(1))), lambda st: st.resolve(0)])
    st.settle_all()
    assert st.known[:2] == [True, True]
    assert [rule for rule, _ in st.log] == ["one resolution"]


def test_cycles_without_exactly_one_resolution_go_to_the_backup_rule():
    # Two resolutions (x0 = x1, x1 = x0), ring: circular movement.
    st = toy([lambda st: st.resolve(1), lambda st: st.resolve(0)], rings=(0, 1))
    st.settle_all()
    assert st.known[:2] == [True, True] and [r for r, _ in st.log] == ["circular"]
    # No resolution (x0 = not x1, x1 = x0) and no ring or convoy: everything in the cycle fails.
    st = toy([lambda st: _not(st.resolve(1)), lambda st: st.resolve(0)])
    st.settle_all()
    assert st.known[:2] == [False, False] and [r for r, _ in st.log] == ["all fail"]


# -- reports, rule options, retreats ---------------------------------------------------------------------------------

def test_marks_for_void_cut_and_dislodged_orders(m):
    marks, out, _ = play(m, {"ENGLAND": ["F ENG", "F NTH", "A WAL"], "FRANCE": ["F BRE", "F MAO", "F BEL", "A PIC"]},
                         {"ENGLAND": ["F ENG S A WAL - LON", "F NTH - BEL", "A WAL - LON"],
                          "FRANCE": ["F MAO - ENG", "F BRE S F MAO - ENG", "F BEL S F MAO - ENG"]})
    assert marks["F ENG S A WAL - LON"] == ("cut", "dislodged")
    assert marks["F BEL S F MAO - ENG"] == ("cut",)
    assert marks["F NTH - BEL"] == ("bounce",)
    assert out.dislodged["ENG"].attacker_from == "MAO"
    assert out.dislodged["ENG"].retreats == ("IRI", "WAL")
    marks, _, _ = play(m, {"ENGLAND": ["F ENG", "A WAL"]}, {"ENGLAND": ["F ENG S A WAL - LON"]})
    assert marks["F ENG S A WAL - LON"] == ("void",)


@pytest.mark.parametrize("rule, expected", [(MissingUnit.VOID, ("F NTH S A YOR", ("void",))),
                                            (MissingUnit.HOLD, ("F NTH H", ()))])
def test_missing_unit_rule(m, rule, expected):
    marks, _, _ = play(m, {"ENGLAND": ["F NTH"]}, {"ENGLAND": ["F NTH S A YOR"]}, Ruleset(missing_unit=rule))
    assert list(marks.items()) == [expected]


def test_a_standoff_province_is_no_retreat_but_a_failed_convoy_makes_no_standoff(m):
    units = {"ENGLAND": ["F NTH", "A LON"], "GERMANY": ["F HEL", "F SKA", "A BEL", "A RUH"]}
    orders = {"ENGLAND": ["F NTH C A LON - HOL", "A LON - HOL"],
              "GERMANY": ["F HEL S F SKA - NTH", "F SKA - NTH", "A BEL - HOL", "A RUH - HOL"]}
    _, out, _ = play(m, units, orders)
    assert "HOL" not in out.dislodged["NTH"].retreats          # Belgium and Ruhr stood each other off there
    orders["GERMANY"] = ["F HEL S F SKA - NTH", "F SKA - NTH"]
    _, out, _ = play(m, units, orders)
    assert "HOL" in out.dislodged["NTH"].retreats              # the London army never tried


def test_retreat_to_the_origin_of_a_convoyed_attacker(m):
    case = next(c for c in CASES if c["id"] == "6.H.11")
    for allowed in (True, False):
        rules = Ruleset(retreat_to_convoy_origin=allowed)
        pos = Position.from_json({"phase": "S1901M", **case["position"]}, m)
        v = Validator(pos, m, rules)
        orders = {}
        for o in case["steps"][0]["orders"]:
            order = v.order(o["order"], o["power"])
            orders[order.unit.province] = order
        out = resolve_movement(m, pos, orders, rules)
        (d,) = out.dislodged.values()
        assert (d.attacker_from in d.retreats) is allowed


def test_convoyed_army_and_the_support_against_its_origin(m):
    case = next(c for c in CASES if c["id"] == "6.G.13")
    for cuts in (False, True):
        problems = datc.run_case(case, Ruleset(convoy_cuts_origin_support=cuts), None, m, engine="equations")
        assert (problems == []) is (not cuts)


# -- robustness ------------------------------------------------------------------------------------------------------

def line_map(count: int, ring: bool) -> Map:
    names = [f"Q{chr(65 + i // 26)}{chr(65 + i % 26)}" for i in range(count)]
    adj: dict[str, set[str]] = {p: set() for p in names}
    for i in range(count if ring else count - 1):
        a, b = names[i], names[(i + 1) % count]
        adj[a].add(b)
        adj[b].add(a)
    mp = Map("line", ("A", "B"), {"A": "A", "B": "B"}, {"A": "A", "B": "B"},
             {p: Province(p, p, "land") for p in names}, {k: frozenset(v) for k, v in adj.items()}, {}, {})
    mp.province_fleet_adj = {p: frozenset() for p in names}
    return mp


@pytest.mark.parametrize("ring", [False, True])
def test_long_chains_and_rings_do_not_blow_the_stack(ring):
    count = 120
    mp = line_map(count + (0 if ring else 1), ring)
    names = sorted(mp.provinces)
    units = {p: Unit("AB"[i % 2], "A", p) for i, p in enumerate(names[:count])}
    orders = {p: Move(u, names[(i + 1) % len(names)]) for i, (p, u) in enumerate(units.items())}
    out = resolve_movement(mp, Position(Phase(1901, 0, 0), units, {}, {}), orders, Ruleset())
    assert all(r.marks == () for r in out.results) and len(out.units) == count
