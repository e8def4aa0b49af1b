"""Order sets: several orders for one unit (DATC 4.D.3) and too many adjustments (4.D.4-4.D.6)."""
import pytest

from judge.orders import Build, Remove, Waive
from judge.orders.sets import adjustment_count, build_order_set
from judge.rules import DuplicateOrders, Ruleset
from tests.conftest import position

UNITS = {"GERMANY": ["F KIE", "A HOL", "A BEL"]}
TEXTS = ["F Kiel Hold", "A Holland Supports F Kiel", "A Holland - Ruhr", "A BEL - PIC"]


@pytest.mark.parametrize("rule, kept_holland", [
    (DuplicateOrders.HOLD, None), (DuplicateOrders.FIRST, "A HOL S F KIE"), (DuplicateOrders.LAST, "A HOL - RUH"),
])
def test_duplicate_orders(m, rule, kept_holland):
    oset = build_order_set("GERMANY", TEXTS, position(m, UNITS), m, Ruleset(duplicate_orders=rule))
    holland = [str(o) for o in oset.orders if o.unit.province == "HOL"]
    assert holland == ([kept_holland] if kept_holland else [])
    assert "A BEL - PIC" in [str(o) for o in oset.orders]
    assert all("MULTIPLE ORDERS FOR ONE UNIT: A HOL" in e for _, e in oset.errors)
    assert len(oset.errors) == (2 if rule is DuplicateOrders.HOLD else 1)


def test_duplicate_orders_reject_the_set_as_dpjudge_does(m):
    oset = build_order_set("GERMANY", TEXTS, position(m, UNITS), m,
                           Ruleset(duplicate_orders=DuplicateOrders.REJECT_SET))
    assert oset.orders == []
    assert oset.errors == [
        ("F Kiel Hold", "NOT USED: THE ORDER SET IS REJECTED (MULTIPLE ORDERS FOR ONE UNIT)"),
        ("A Holland Supports F Kiel", "ORDER SET REJECTED (MULTIPLE ORDERS FOR ONE UNIT): A HOL"),
        ("A Holland - Ruhr", "ORDER SET REJECTED (MULTIPLE ORDERS FOR ONE UNIT): A HOL"),
        ("A BEL - PIC", "NOT USED: THE ORDER SET IS REJECTED (MULTIPLE ORDERS FOR ONE UNIT)")]


def test_an_illegal_second_order_is_no_duplicate(m):
    # 4.D.3: an illegal order is ignored, so the legal one stands.
    oset = build_order_set("GERMANY", ["A Holland Supports F Kiel", "A Holland - Picardy"], position(m, UNITS),
                           m, Ruleset())
    assert [str(o) for o in oset.orders] == ["A HOL S F KIE"]
    assert oset.errors == [("A Holland - Picardy", "UNIT CANNOT REACH DESTINATION: A HOL - PIC")]


def test_the_same_order_twice_is_one_order(m):
    oset = build_order_set("GERMANY", ["A BEL - PIC", "a bel-pic"], position(m, UNITS), m, Ruleset())
    assert [str(o) for o in oset.orders] == ["A BEL - PIC"] and oset.errors == []


def test_a_support_and_a_convoy_with_the_same_fields_are_two_orders(m):
    # Orders compare by type as well as fields: F NTH S A LON - BEL and F NTH C A LON - BEL clash (4.D.3).
    units = {"ENGLAND": ["F NTH", "F ENG", "A LON"]}
    oset = build_order_set("ENGLAND", ["F NTH S A LON - BEL", "F NTH C A LON - BEL"], position(m, units), m,
                           Ruleset(duplicate_orders=DuplicateOrders.FIRST))
    assert [str(o) for o in oset.orders] == ["F NTH S A LON - BEL"]
    assert [t for t, _ in oset.errors] == ["F NTH C A LON - BEL"]


def test_first_legal_builds_count(m):
    pos = position(m, {"GERMANY": ["A BER"]}, "W1901A", centers={"GERMANY": ["BER", "KIE", "MUN"]})
    assert adjustment_count(pos, "GERMANY", m) == 2
    oset = build_order_set("GERMANY", ["Build A Warsaw", "Build F Kiel", "Build A Kiel", "Build A Munich",
                                       "Build A Berlin", "waive"], pos, m, Ruleset())
    assert oset.orders == [Build("GERMANY", "F", "KIE"), Build("GERMANY", "A", "MUN")]
    assert [e for _, e in oset.errors] == ["NOT A HOME SUPPLY CENTER: WAR", "ALREADY BUILDING IN KIE",
                                           "SUPPLY CENTER OCCUPIED: BER", "NO MORE BUILDS ALLOWED: WAIVE"]


def test_waive_uses_a_build(m):
    pos = position(m, {}, "W1901A", centers={"GERMANY": ["BER"]})
    oset = build_order_set("GERMANY", ["WAIVE", "Build A Berlin"], pos, m, Ruleset())
    assert oset.orders == [Waive("GERMANY")]
    assert oset.errors == [("Build A Berlin", "NO MORE BUILDS ALLOWED: BUILD A BER")]


def test_first_legal_removals_count(m):
    pos = position(m, {"FRANCE": ["A PAR", "A PIC"]}, "W1901A", centers={"FRANCE": ["PAR"]})
    oset = build_order_set("FRANCE", ["Remove F Gulf of Lyon", "Remove A Picardy", "Remove A Paris"], pos, m,
                           Ruleset())
    assert oset.orders == [Remove(pos.units["PIC"])]
    assert [e for _, e in oset.errors] == ["NO UNIT IN LYO", "NO MORE REMOVALS REQUIRED: A PAR"]
    assert oset.verdicts[1] == Remove(pos.units["PIC"])


def test_no_adjustment_due(m):
    pos = position(m, {"FRANCE": ["A PAR"]}, "W1901A", centers={"FRANCE": ["PAR"]})
    oset = build_order_set("FRANCE", ["Remove A Paris", "Build A Brest"], pos, m, Ruleset())
    assert [e for _, e in oset.errors] == ["NO REMOVALS REQUIRED: A PAR", "SUPPLY CENTER NOT OWNED: BRE"]


def test_two_retreats_for_one_unit_say_that_it_disbands_not_that_it_holds():
    """A dislodged unit without a usable order is disbanded (the spec's default for a retreat phase): the note on two
    clashing retreat orders said "(UNIT HOLDS)", which a dislodged unit cannot do."""
    from judge.api import adjudicate
    state = {"phase": "F1901R", "units": {"RUSSIA": ["A UKR"]}, "dislodged": {"TURKEY": {"A UKR": ["MOS", "WAR"]}}}
    r = adjudicate(state, {"TURKEY": ["A UKR R MOS", "A UKR R WAR"]})
    assert r["orders"] == [{"power": "TURKEY", "order": "A UKR D", "result": []}]
    assert [e["error"] for e in r["errors"]] == ["MULTIPLE ORDERS FOR ONE UNIT: A UKR (UNIT DISBANDS)"] * 2
    # (a movement phase's unit still holds)
    r = adjudicate({"phase": "S1901M", "units": {"RUSSIA": ["A UKR"]}}, {"RUSSIA": ["A UKR - MOS", "A UKR - WAR"]})
    assert [e["error"] for e in r["errors"]] == ["MULTIPLE ORDERS FOR ONE UNIT: A UKR (UNIT HOLDS)"] * 2
