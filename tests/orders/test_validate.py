"""Order legality against the board (DATC 4.B, 4.C, 4.E.1): what is refused, with which diagnostic."""
import pytest

from judge.orders import Build, Convoy, Hold, Move, Remove, Retreat, Support
from judge.orders.errors import OrderError
from judge.orders.validate import Validator
from judge.rules import MissingUnit, Ruleset
from tests.conftest import position

BOARD = {
    "ENGLAND": ["F NTH", "A LON", "F ENG", "A YOR", "F SPA/NC"],
    "FRANCE": ["A PAR", "F BRE", "F GAS", "A BUR", "F MAR"],
    "GERMANY": ["F KIE", "A MUN"],
    "RUSSIA": ["F STP/SC", "A MOS"],
    "TURKEY": ["F BLA"],
    "AUSTRIA": ["A RUM"],
    "ITALY": ["F ROM", "A APU"],
}


@pytest.fixture
def v(m):
    return Validator(position(m, BOARD), m, Ruleset())


def refused(v, text, power):
    with pytest.raises(OrderError) as info:
        v.order(text, power)
    return info.value.message


def test_simple_move(v):
    assert v.order("A PAR - BUR", "FRANCE") == Move(v.pos.units["PAR"], "BUR")


@pytest.mark.parametrize("text, power, message", [
    ("F NTH - PIC", "ENGLAND", "UNIT CANNOT REACH DESTINATION: F NTH - PIC"),
    ("A LON - NTH", "ENGLAND", "ARMY CANNOT MOVE TO WATER: NTH"),
    ("F KIE - MUN", "GERMANY", "FLEET CANNOT MOVE INLAND: MUN"),
    ("F KIE - KIE", "GERMANY", "UNIT CANNOT MOVE INTO ITS OWN PROVINCE: KIE"),
    ("F ENG - NTH", "GERMANY", "UNIT DOES NOT BELONG TO GERMANY: F ENG"),
    ("A HOL - BEL", "GERMANY", "NO UNIT IN HOL"),
    ("F ROM - VEN", "ITALY", "UNIT CANNOT REACH DESTINATION: F ROM - VEN"),
    ("F BRE - SPA", "FRANCE", "UNIT CANNOT REACH DESTINATION: F BRE - SPA"),
    ("F GAS - SPA/SC", "FRANCE", "UNIT CANNOT REACH THAT COAST: SPA/SC"),
    ("F MAR - SPA/NC", "FRANCE", "UNIT CANNOT REACH THAT COAST: SPA/NC"),
    ("F NTH - LON - BEL", "ENGLAND", "ONLY ARMIES CAN BE CONVOYED: F NTH - LON - BEL"),
    ("A MOS - SEV - RUM", "RUSSIA", "INVALID CONVOY PATH: A MOS - SEV - RUM"),
    ("A MOS - PAR", "RUSSIA", "UNIT CANNOT REACH DESTINATION: A MOS - PAR"),
])
def test_illegal_moves(v, text, power, message):
    assert refused(v, text, power) == message


def test_coast_rules(v, m):
    # 4.B.2: one reachable coast is taken; 4.B.6: a coast on a one-coast province or an unknown coast is ignored.
    assert v.order("F GAS - SPA", "FRANCE").dest == "SPA/NC"
    assert v.order("F MAR - SPA", "FRANCE").dest == "SPA/SC"
    assert v.order("F BRE - GAS(nc)", "FRANCE").dest == "GAS"
    # 4.B.1: two reachable coasts need one named.
    pos = position(m, {"FRANCE": ["F MAO"]})
    assert refused(Validator(pos, m, Ruleset()), "F MAO - SPA", "FRANCE") == \
        "COAST MUST BE SPECIFIED: SPA (SPA/NC OR SPA/SC)"
    # 4.B.5: the wrong coast of the ordered unit itself is ignored.
    assert v.order("F SPA/SC - POR", "ENGLAND").unit.loc == "SPA/NC"


def test_unit_type_and_nationality_are_ignored(v):
    # 4.C.1, 4.C.2: a missing or wrong unit type does not spoil an unambiguous order.
    assert isinstance(v.order("F PAR - BUR", "FRANCE"), Move)
    assert isinstance(v.order("PAR - BUR", "FRANCE"), Move)
    # 4.C.5, 4.C.6: a missing or wrong nationality in a support is ignored.
    s = v.order("A BUR S German A PAR - PIC", "FRANCE")
    assert isinstance(s, Support) and s.target.loc == "PAR" and s.dest == "PIC"


def test_convoy_to_non_adjacent_is_legal_with_fleets_there(v):
    order = v.order("A LON - BEL", "ENGLAND")
    assert isinstance(order, Move) and order.dest == "BEL"
    order = v.order("A YOR - NTH - BEL", "ENGLAND")
    assert order.path == ("NTH",) and order.via_convoy


@pytest.mark.parametrize("text, power, message", [
    ("F BLA S A RUM - ARM", "TURKEY", "SUPPORTED UNIT CANNOT REACH DESTINATION: F BLA S A RUM - ARM"),
    ("F ROM S A APU - VEN", "ITALY", "UNIT CANNOT DELIVER SUPPORT TO DESTINATION: F ROM S A APU - VEN"),
    ("F KIE S F KIE", "GERMANY", "UNIT CANNOT SUPPORT ITSELF: F KIE S F KIE"),
    ("A MUN S A BOH - TYR", "GERMANY", "NO UNIT TO SUPPORT IN BOH"),
    ("A PAR S A BUR - MUN", "FRANCE", "UNIT CANNOT DELIVER SUPPORT TO DESTINATION: A PAR S A BUR - MUN"),
    ("A LON C A YOR - BEL", "ENGLAND", "ONLY FLEETS CAN CONVOY: A LON"),
    ("F KIE C A MUN - HOL", "GERMANY", "ONLY FLEETS AT SEA CAN CONVOY: F KIE"),
    ("F NTH C F ENG - BEL", "ENGLAND", "ONLY ARMIES CAN BE CONVOYED: F NTH C F ENG - BEL"),
    ("F NTH C A PAR - BUR", "ENGLAND", "IMPOSSIBLE CONVOY: F NTH C A PAR - BUR"),
    ("F BLA C A HOL - BEL", "TURKEY", "NO UNIT TO CONVOY IN HOL"),
])
def test_illegal_supports_and_convoys(v, text, power, message):
    assert refused(v, text, power) == message


def test_support_to_a_coast_it_cannot_reach_is_allowed(v):
    # 6.B.4: the supporter needs only to reach the province.
    s = v.order("F MAR S F GAS - SPA(nc)", "FRANCE")
    assert s.dest == "SPA/NC"


def test_support_naming_a_coast_the_supported_fleet_cannot_reach_is_illegal(v, m):
    # As the move F GAS - SPA/SC itself is (6.B.3, 4.B.3), a support of it is illegal, not re-read as support to
    # the north coast; the fleet in Marseilles may support F GAS - SPA/NC, which Gascony can reach (6.B.4).
    assert refused(v, "F MAR S F GAS - SPA/SC", "FRANCE") == \
        "SUPPORTED UNIT CANNOT REACH DESTINATION: F MAR S F GAS - SPA/SC"
    # The same from the fleet's other side: Marseilles reaches only the south coast.
    pos = position(m, {"FRANCE": ["F MAR", "F POR"]})
    assert refused(Validator(pos, m, Ruleset()), "F POR S F MAR - SPA/NC", "FRANCE") == \
        "SUPPORTED UNIT CANNOT REACH DESTINATION: F POR S F MAR - SPA/NC"
    assert Validator(pos, m, Ruleset()).order("F POR S F MAR - SPA/SC", "FRANCE").dest == "SPA/SC"
    # Without a coast the support stands, to be matched against the move (6.B.7, 6.B.8).
    assert v.order("F MAR S F GAS - SPA", "FRANCE").dest == "SPA"
    # An unknown or irrelevant coast is ignored (4.B.6): Belgium has one coast, an army needs none.
    assert v.order("F NTH S F ENG - BEL(nc)", "ENGLAND").dest == "BEL"
    pos = position(m, {"FRANCE": ["A GAS", "A MAR"]})
    assert Validator(pos, m, Ruleset()).order("A MAR S A GAS - SPA/NC", "FRANCE").dest == "SPA"


def test_missing_unit_rule_choices(m):
    pos = position(m, BOARD)
    for rule, expect_missing in ((MissingUnit.VOID, True), (MissingUnit.HOLD, True)):
        s = Validator(pos, m, Ruleset(missing_unit=rule)).order("A MUN S A BOH - TYR", "GERMANY")
        assert s.missing is expect_missing and s.target.loc == "BOH"
    c = Validator(pos, m, Ruleset(missing_unit=MissingUnit.VOID)).order("F NTH C A EDI - NWY", "ENGLAND")
    assert isinstance(c, Convoy) and c.missing


def test_hold_in_movement_and_wrong_phase(v, m):
    assert v.order("A PAR H", "FRANCE") == Hold(v.pos.units["PAR"])
    assert refused(v, "BUILD A PAR", "FRANCE") == "ORDER NOT ALLOWED IN A MOVEMENT PHASE: BUILD A PAR"


def test_retreats(m):
    # (Austria took Sevastopol from Rumania, France the Mid-Atlantic from Brest)
    pos = position(m, {"FRANCE": ["A PAR", "F MAO"], "AUSTRIA": ["A SEV"]}, "S1901R",
                   dislodged={"RUSSIA": {"A SEV": ["MOS", "UKR"]}, "ENGLAND": {"F MAO": ["SPA/NC", "NAO"]}})
    v = Validator(pos, m, Ruleset())
    assert v.order("A SEV R UKR", "RUSSIA") == Retreat(pos.dislodged["SEV"].unit, "UKR")
    assert v.order("F MAO - SPA", "ENGLAND").dest == "SPA/NC"
    # A refused retreat names the places the unit may go (issue 18).
    assert refused(v, "A SEV R ARM", "RUSSIA") == \
        "INVALID RETREAT DESTINATION: A SEV R ARM (A SEV MAY RETREAT TO MOS OR UKR, OR DISBAND)"
    assert refused(v, "A PAR R BUR", "FRANCE") == "NO DISLODGED UNIT IN PAR (FRANCE HAS NO UNIT TO RETREAT THIS PHASE)"
    assert refused(v, "A MOS R UKR", "RUSSIA") == "NO DISLODGED UNIT IN MOS (YOUR DISLODGED UNIT: A SEV)"
    assert refused(v, "A SEV R UKR", "TURKEY") == "UNIT DOES NOT BELONG TO TURKEY: A SEV"
    # Austria's own army stands in Sevastopol (it dislodged Russia's): that army is what Austria means, and it has
    # nothing to do now. "UNIT DOES NOT BELONG TO AUSTRIA: A SEV" named Russia's army as if it were Austria's.
    assert refused(v, "A SEV - UKR", "AUSTRIA") == "NO DISLODGED UNIT IN SEV (AUSTRIA HAS NO UNIT TO RETREAT THIS PHASE)"
    assert refused(v, "F MAO R NAO", "FRANCE") == "NO DISLODGED UNIT IN MAO (FRANCE HAS NO UNIT TO RETREAT THIS PHASE)"
    assert refused(v, "A SEV S A MOS", "RUSSIA").startswith("ORDER NOT ALLOWED IN A RETREAT PHASE")


def test_retreats_follow_the_coast_rules_of_moves(m):
    # A fleet in Norway dislodged with St Petersburg free can reach only its north coast.
    # (each taken by the unit that stands there: from Skagerrak, the Irish Sea, the Baltic, the Gulf of Lyon)
    pos = position(m, {"GERMANY": ["F NWY", "F LVN"], "ENGLAND": ["F MAO"], "FRANCE": ["F TYS"]}, "S1901R",
                   dislodged={"ENGLAND": {"F NWY": ["STP/NC", "SWE"]},
                              "FRANCE": {"F MAO": ["SPA/NC", "SPA/SC", "POR"]},
                              "RUSSIA": {"A LVN": ["STP", "PRU"]},
                              "ITALY": {"F TYS": ["ROM"]}})
    v = Validator(pos, m, Ruleset())
    nwy, mao, lvn = (pos.dislodged[p].unit for p in ("NWY", "MAO", "LVN"))
    # 4.B.3 / 6.B.3: the south coast is out of reach; the order is illegal, never re-read as the north coast.
    assert refused(v, "F NWY R STP/SC", "ENGLAND") == "UNIT CANNOT REACH THAT COAST: STP/SC"
    assert v.order("F NWY R STP/NC", "ENGLAND") == Retreat(nwy, "STP/NC")
    # 4.B.2: without a coast, the only coast it can reach; 4.B.1: with two, a coast must be named.
    assert v.order("F NWY R STP", "ENGLAND") == Retreat(nwy, "STP/NC")
    assert refused(v, "F MAO R SPA", "FRANCE") == "COAST MUST BE SPECIFIED: SPA (SPA/NC OR SPA/SC)"
    assert v.order("F MAO R SPA(sc)", "FRANCE") == Retreat(mao, "SPA/SC")
    # 4.B.6: an unknown coast, a coast on a one-coast province, and a coast for an army are ignored.
    assert v.order("F NWY R STP/WC", "ENGLAND") == Retreat(nwy, "STP/NC")
    assert v.order("F MAO R POR/NC", "FRANCE") == Retreat(mao, "POR")
    assert v.order("A LVN R STP/SC", "RUSSIA") == Retreat(lvn, "STP")
    # A coast of a province it may not retreat to at all is still an invalid retreat, not a coast problem.
    assert refused(v, "F TYS R SPA/SC", "ITALY") == \
        "INVALID RETREAT DESTINATION: F TYS R SPA/SC (F TYS MAY RETREAT TO ROM, OR DISBAND)"


def test_builds_follow_the_coast_rules_of_moves(m):
    pos = position(m, {}, "W1901A", centers={"RUSSIA": ["MOS", "STP", "SEV", "WAR"],
                                            "FRANCE": ["PAR", "BRE", "MAR"]})
    v = Validator(pos, m, Ruleset())
    # Both coasts of St Petersburg are places a fleet can be built, each as named.
    assert v.order("Build F STP/SC", "RUSSIA") == Build("RUSSIA", "F", "STP/SC")
    assert v.order("Build STP(nc)", "RUSSIA") == Build("RUSSIA", "F", "STP/NC")      # 4.C.3: a coast means fleet
    # 4.B.6: a coast St Petersburg does not have is ignored, and then 4.B.7 wants one.
    assert refused(v, "Build F STP/EC", "RUSSIA") == "COAST MUST BE SPECIFIED: STP (STP/NC OR STP/SC)"
    # 4.B.6: a coast on a one-coast province, or for an army, is ignored.
    assert v.order("Build F BRE/NC", "FRANCE") == Build("FRANCE", "F", "BRE")
    assert v.order("Build A STP/NC", "RUSSIA") == Build("RUSSIA", "A", "STP")
    # A fleet inland stays refused whatever coast is named (4.C.4).
    assert refused(v, "Build F MOS/NC", "RUSSIA") == "FLEET CANNOT BE BUILT INLAND: MOS"


def test_builds(m):
    pos = position(m, {"RUSSIA": ["A MOS"], "FRANCE": ["A PAR"]}, "W1901A",
                   centers={"RUSSIA": ["MOS", "STP", "SEV", "WAR"], "FRANCE": ["PAR", "BRE", "MAR", "BEL"]})
    v = Validator(pos, m, Ruleset())
    assert v.order("Build F St Petersburg(nc)", "RUSSIA") == Build("RUSSIA", "F", "STP/NC")
    assert v.order("build warsaw", "RUSSIA") == Build("RUSSIA", "A", "WAR")        # 4.C.3: inland means army
    assert v.order("build sev(ec)", "RUSSIA") == Build("RUSSIA", "F", "SEV")       # a coast named means fleet
    for text, message in [("Build F St Petersburg", "COAST MUST BE SPECIFIED: STP (STP/NC OR STP/SC)"),          # 4.B.7
                          ("Build F Warsaw", "FLEET CANNOT BE BUILT INLAND: WAR"),          # 4.C.4
                          ("Build Sevastopol", "UNIT TYPE MUST BE SPECIFIED: SEV"),         # 4.C.3
                          ("Build A Moscow", "SUPPLY CENTER OCCUPIED: MOS"),
                          ("Build A Kiev", "UNKNOWN PLACENAME: KIEV"),
                          ("Build A Berlin", "NOT A HOME SUPPLY CENTER: BER")]:
        assert refused(v, text, "RUSSIA") == message
    assert refused(v, "Build A Belgium", "FRANCE") == "NOT A HOME SUPPLY CENTER: BEL"
    pos2 = position(m, {}, "W1901A", centers={"FRANCE": ["BRE"]})
    assert refused(Validator(pos2, m, Ruleset()), "Build A Paris", "FRANCE") == "SUPPLY CENTER NOT OWNED: PAR"
    assert v.order("Remove A Paris", "FRANCE") == Remove(pos.units["PAR"])


def test_a_written_path_through_an_empty_sea(m):
    pos = position(m, {"ENGLAND": ["A NAF", "F MAO"]})
    # 4.E.1: it can never be valid, so by default it is refused at entry...
    message = refused(Validator(pos, m, Ruleset()), "A NAF - MAO - ENG - NTH - NWY", "ENGLAND")
    assert message == "NO FLEET IN ENG FOR THE CONVOY: A NAF - MAO - ENG - NTH - NWY"
    # ... and under the void or hold choices it is kept, for the adjudicator to settle.
    for rule in (MissingUnit.VOID, MissingUnit.HOLD):
        order = Validator(pos, m, Ruleset(missing_unit=rule)).order("A NAF - MAO - ENG - NTH - NWY", "ENGLAND")
        assert order.path == ("MAO", "ENG", "NTH")


@pytest.mark.parametrize("text", ["ENGLAND: F ENG - MAO", "E: F ENG - MAO", "(England) F Eng - Mao",
                                  "English F Eng - Mao", "England's F Eng - Mao"])
def test_an_order_naming_another_power_in_front_is_refused(v, text):
    # Whoever gives a power's orders in a JSON request gives that power's: a line that names another power in front
    # of the order (as a player's mail may not either) is not the giver's order, whatever unit it names.
    assert refused(v, text, "FRANCE") == f"ORDERS FOR ENGLAND ARE NOT FRANCE'S TO GIVE: {text.upper()}"
    assert isinstance(v.order(text, "ENGLAND"), Move)
