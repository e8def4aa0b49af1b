"""Remembered movement orders (judge.orders.memo): the same text checked on another board gives what a fresh check
gives - never an answer that belonged to the board it was first checked on."""
import pytest

from judge.orders import Move, Support
from judge.orders.errors import OrderError
from judge.orders.validate import Validator
from judge.rules import Ruleset
from tests.conftest import position

RULES = Ruleset()        # one rule set for the whole module: the validators below share one table of orders


def check(m, units, text, power):
    """The order, or the diagnostic, of `text` on this board."""
    try:
        return Validator(position(m, units), m, RULES).order(text, power)
    except OrderError as err:
        return err.message


def test_a_move_that_needed_a_fleet_is_refused_where_there_is_none(m):
    with_fleet = {"ENGLAND": ["A LON", "F NTH"]}
    assert check(m, with_fleet, "A LON - BEL", "ENGLAND") == Move(("ENGLAND", "A", "LON"), "BEL")
    assert check(m, {"ENGLAND": ["A LON"]}, "A LON - BEL", "ENGLAND") == \
        "UNIT CANNOT REACH DESTINATION: A LON - BEL"


def test_another_powers_unit_is_not_yours_after_your_own_was(m):
    assert isinstance(check(m, {"FRANCE": ["A PAR"]}, "A PAR - BUR", "FRANCE"), Move)
    assert check(m, {"GERMANY": ["A PAR"]}, "A PAR - BUR", "FRANCE") == "UNIT DOES NOT BELONG TO FRANCE: A PAR"
    assert "NO UNIT" in check(m, {"FRANCE": ["A BUR"]}, "A PAR - BUR", "FRANCE")


@pytest.mark.parametrize("target", [["F HOL"], ["A HOL"]])
def test_a_support_binds_to_the_unit_that_stands_there_now(m, target):
    # The same text first for an army, then for a fleet in HOL (and the other way round): each binds to its own.
    for unit in (["A HOL"], ["F HOL"], target):
        board = {"ENGLAND": ["F NTH"], "GERMANY": unit}
        got = check(m, board, "F NTH S A HOL", "ENGLAND")
        assert got == Support(("ENGLAND", "F", "NTH"), ("GERMANY", unit[0][0], "HOL"))


def test_a_convoy_depends_on_the_fleets_around_it(m):
    chain = {"ENGLAND": ["A LON", "F NTH", "F ENG"]}
    assert check(m, chain, "F NTH C A LON - BEL", "ENGLAND").__class__.__name__ == "Convoy"
    assert check(m, {"ENGLAND": ["A EDI", "F NTH", "F NWG"]}, "F NWG C A EDI - NWY", "ENGLAND") \
        .__class__.__name__ == "Convoy"
    assert "IMPOSSIBLE" in check(m, {"ENGLAND": ["A EDI", "F NWG"]}, "F NWG C A EDI - BEL", "ENGLAND")


def test_a_remembered_order_is_the_order_a_fresh_check_makes(m):
    board = {"FRANCE": ["A PAR", "A MAR", "F BRE"], "GERMANY": ["A MUN"]}
    texts = ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO", "A PAR H"]
    first = [check(m, board, t, "FRANCE") for t in texts]
    again = [check(m, board, t, "FRANCE") for t in texts]
    assert first == again
    assert [str(o) for o in again] == ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO", "A PAR H"]


# The same text for another power's unit of the same type in the same place (games write "A BUL - SER" for Turkey and
# for Austria): it binds to the units that stand there now, as a fresh check binds it.

def test_a_text_binds_to_another_powers_unit_like_the_one_it_bound_to(m):
    first = check(m, {"FRANCE": ["A MAR", "A PAR"]}, "A MAR S A PAR - BUR", "FRANCE")
    assert first == Support(("FRANCE", "A", "MAR"), ("FRANCE", "A", "PAR"), "BUR")
    str(first)
    again = check(m, {"GERMANY": ["A MAR"], "ITALY": ["A PAR"]}, "A MAR S A PAR - BUR", "GERMANY")
    assert again == Support(("GERMANY", "A", "MAR"), ("ITALY", "A", "PAR"), "BUR")
    # Made from the order before, not read and checked again: its text (which names no power) is the one written.
    assert str(again) is str(first)
    assert check(m, {"GERMANY": ["A MAR"], "ITALY": ["A PAR"]}, "A MAR S A PAR - BUR", "ITALY") == \
        "UNIT DOES NOT BELONG TO ITALY: A MAR"


def test_a_unit_of_the_other_type_in_the_same_place_is_checked_afresh(m):
    assert check(m, {"FRANCE": ["A PIC"]}, "A PIC - PAR", "FRANCE") == Move(("FRANCE", "A", "PIC"), "PAR")
    assert check(m, {"ENGLAND": ["F PIC"]}, "A PIC - PAR", "ENGLAND") == "FLEET CANNOT MOVE INLAND: PAR"
    # and the unit a support names: in the same place, but a fleet where an army stood before
    assert check(m, {"FRANCE": ["A BUR"], "GERMANY": ["A MAR"]}, "A BUR S A MAR - GAS", "FRANCE") == \
        Support(("FRANCE", "A", "BUR"), ("GERMANY", "A", "MAR"), "GAS")
    assert check(m, {"FRANCE": ["A BUR"], "ITALY": ["F MAR"]}, "A BUR S A MAR - GAS", "FRANCE") == \
        "SUPPORTED UNIT CANNOT REACH DESTINATION: A BUR S F MAR - GAS"


def test_a_missing_unit_named_is_missing_for_another_power_too():
    from judge.rule_values import MissingUnit
    from judge.maps import load
    m, rules = load("standard"), Ruleset(missing_unit=MissingUnit.VOID)
    for power in ("ENGLAND", "GERMANY"):
        got = Validator(position(m, {power: ["F NTH"]}), m, rules).order("F NTH S A HOL", power)
        assert got == Support((power, "F", "NTH"), ("", "A", "HOL"), None, True)
    # and a unit there now is the one supported, not the missing one
    got = Validator(position(m, {"FRANCE": ["F NTH"], "RUSSIA": ["A HOL"]}), m, rules).order("F NTH S A HOL", "FRANCE")
    assert got == Support(("FRANCE", "F", "NTH"), ("RUSSIA", "A", "HOL"), None, False)


def test_a_convoy_for_another_power_depends_on_the_fleets_at_sea_there(m):
    from judge.orders import Convoy
    chain = {"ENGLAND": ["A LON", "F ENG", "F MAO"]}
    assert check(m, chain, "F ENG C A LON - SPA", "ENGLAND") == \
        Convoy(("ENGLAND", "F", "ENG"), ("ENGLAND", "A", "LON"), "SPA")
    # The same fleets at sea, another power's: the same convoy for its fleet.
    assert check(m, {"ENGLAND": ["A LON"], "FRANCE": ["F ENG", "F MAO"]}, "F ENG C A LON - SPA", "FRANCE") == \
        Convoy(("FRANCE", "F", "ENG"), ("ENGLAND", "A", "LON"), "SPA")
    # Without the fleet in the Mid-Atlantic no chain of fleets reaches Spain.
    assert check(m, {"ENGLAND": ["A LON"], "FRANCE": ["F ENG"]}, "F ENG C A LON - SPA", "FRANCE") == \
        "IMPOSSIBLE CONVOY: F ENG C A LON - SPA"


def test_an_order_naming_its_power_is_checked_against_the_power_that_gives_it(m):
    # England's own "ENGLAND: F LON H" is remembered; the same text among France's orders names another power.
    board = {"ENGLAND": ["F LON"], "FRANCE": ["A PAR"]}
    assert isinstance(check(m, board, "ENGLAND: F LON - NTH", "ENGLAND"), Move)
    assert check(m, board, "ENGLAND: F LON - NTH", "FRANCE") == \
        "ORDERS FOR ENGLAND ARE NOT FRANCE'S TO GIVE: ENGLAND: F LON - NTH"
