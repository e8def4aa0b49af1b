"""DPjudge's map directives for ports, restricted adjacencies, dummies, leagues and special home centres, read from
map text of ours (the toy board of tests/data/maps/toy.map and the boards beside it); each refusal names file and
line."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge import maps
from judge.maps import MapError, dpjudge_format
from judge.maps.build import build
from judge.maps.features import Border, League, PowerBuilds

DATA = Path(__file__).resolve().parent.parent / "data" / "maps"
TOY = (DATA / "toy.map").read_text()
# An island port in the toy's two seas, which no longer touch each other; Midland and Crag stay neutral centres.
ISLAND = """
Isle = isl
PORT    ISL     ABUTS   NSE SSE
AMEND   NSE     ABUTS   -SSE ISL
AMEND   SSE     ABUTS   -NSE ISL
"""


def read(text: str, tmp_path: Path, name: str = "t"):
    return build(dpjudge_format.read_text(text, name, tmp_path, maps.load), name)


def refused(text: str, tmp_path: Path) -> str:
    with pytest.raises(MapError) as err:
        read(text, tmp_path)
    return str(err.value)


# -- PORT -------------------------------------------------------------------------------------------------------------

def test_a_port_is_a_coast_whose_fleet_convoys(tmp_path):
    m = read(TOY + ISLAND, tmp_path)
    assert m.provinces["ISL"].terrain == "port" and m.fleet_adj["ISL"] == {"NSE", "SSE"}
    assert m.army_adj["ISL"] == frozenset() and m.can_hold("A", "ISL")
    assert m.convoy_route("NBY", "SBY", {"NSE", "ISL", "SSE"}) and not m.convoy_route("NBY", "SBY", {"NSE", "SSE"})


def test_port_without_abuts_keeps_a_place_s_neighbours(tmp_path):
    m = read(TOY + "PORT NBY\n", tmp_path)
    assert m.provinces["NBY"].terrain == "port" and m.fleet_adj["NBY"] == {"NSE", "CRG/NC"}


# -- restricted adjacencies ---------------------------------------------------------------------------------------------

def test_each_restriction_is_read(tmp_path):
    # (DPjudge forgets every restriction touching X at '-X': the plain entries go first, the marked ones after.)
    m = read(TOY + "AMEND NBY ABUTS -NSE\nAMEND NSE ABUTS -NBY\nAMEND SBY ABUTS -mid\nAMEND MID ABUTS -SBY\n"
                   "AMEND NBY ABUTS *NSE\nAMEND NSE ABUTS S:NBY\nAMEND SBY ABUTS mid~\nAMEND MID ABUTS SBY(CRG,MID)\n",
             tmp_path)
    assert m.borders == {("NBY", "NSE"): Border("half"), ("NSE", "NBY"): Border(powers=frozenset({"SOUTH"})),
                         ("SBY", "MID"): Border("none"), ("MID", "SBY"): Border(owner_of=("CRG", "MID"))}
    # The marks never change who may cross: the case of the entry still says it.
    assert "MID" in m.army_adj["SBY"] and "NSE" in m.fleet_adj["NBY"] and "NBY" in m.fleet_adj["NSE"]


def test_a_coast_s_restriction_is_its_own(tmp_path):
    m = read(TOY + "AMEND CRG/SC ABUTS -SSE ~SSE\n", tmp_path)
    assert m.borders == {("CRG/SC", "SSE"): Border("none")}


def test_minus_forgets_every_restriction_touching_the_place_as_dpjudge_does(tmp_path):
    m = read(TOY + "AMEND NBY ABUTS -NSE *NSE\nAMEND NSE ABUTS -NBY NBY\n", tmp_path)
    assert m.borders == {}


@pytest.mark.parametrize("line, message", [
    ("AMEND NBY ABUTS -NSE %NSE", r"t.map:\d+: '%NSE': '%' is no restriction DPjudge knows"),
    ("AMEND NBY ABUTS -NSE *", r"t.map:\d+: '\*': expected marks around a place"),
    ("AMEND NBY ABUTS -NSE Q:NSE", r"t.map:\d+: Q:NSE: no power has the letter Q"),
    ("AMEND NBY ABUTS -NSE *:NSE", r"t.map:\d+: '\*:NSE': before ':' come the letters"),
    ("AMEND NBY ABUTS -NSE *NSE~", r"t.map:\d+: NBY -> NSE is marked both \* and ~"),
])
def test_a_bad_restriction_is_refused_with_file_and_line(tmp_path, line, message):
    import re
    text = refused(TOY + line + "\n", tmp_path)
    assert re.search(message, text), text


# -- dummies and leagues -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lines, dummies", [
    ("SOUTH\nDUMMY", ("SOUTH",)),
    ("DUMMY SOUTH", ("SOUTH",)),
    ("DUMMIES SOUTH", ("SOUTH",)),
    ("DUMMY ALL EXCEPT NORTH", ("SOUTH",)),
])
def test_dummies_are_read_in_each_form(tmp_path, lines, dummies):
    m = read(TOY + lines + "\n", tmp_path)
    assert m.dummies == dummies and m.playable_powers == ("NORTH",)


@pytest.mark.parametrize("lines, message", [
    ("DUMMIES", r"t.map:\d+: DUMMIES names the powers"),
    ("DUMMY ALL BUT NORTH", r"t.map:\d+: expected DUMMY ALL or DUMMY ALL EXCEPT"),
    ("DUMMY WEST", r"t.map:\d+: DUMMY WEST: no such power"),
    ("DUMMY ALL", r"every power is a dummy"),
])
def test_bad_dummies_are_refused(tmp_path, lines, message):
    import re
    text = refused(TOY + lines + "\n", tmp_path)
    assert re.search(message, text), text


def test_a_dummy_before_any_power_is_refused_with_its_line(tmp_path):
    assert refused("DUMMY\n" + TOY, tmp_path) == "t.map:1: DUMMY before any power line"


def test_leagues_are_read(tmp_path):
    m = read(TOY + "NORTH\nLEAGUE HANSA BENIGN GUILD\nSOUTH\nLEAGUE GUILD STRICT\n", tmp_path)
    assert m.leagues == {"NORTH": League("HANSA", "benign", ("GUILD",)), "SOUTH": League("GUILD", "strict")}


@pytest.mark.parametrize("lines, message", [
    ("LEAGUE HANSA", r"t.map:1: LEAGUE before any power line"),
    ("NORTH\nLEAGUE HANSA\nLEAGUE GUILD", r"t.map:3: NORTH is in a league already \(t.map:2\)"),
    ("NORTH\nLEAGUE HANSA STRICT GUILD", r"t.map:2: expected LEAGUE <name>"),
    ("NORTH\nLEAGUE HANSA FRIENDLY", r"t.map:2: expected LEAGUE <name>"),
])
def test_bad_leagues_are_refused(tmp_path, lines, message):
    import re
    text = refused(lines + "\n" + TOY, tmp_path)
    assert re.search(message, text), text


# -- special home centres ---------------------------------------------------------------------------------------------

def test_special_home_centres_are_read(tmp_path):
    m = read(TOY + "Fort = frt\nLAND FRT ABUTS MID\nAMEND MID ABUTS FRT\nNORTH &SC +FRT\nSOUTH ~@SBY(MID) MID\n",
             tmp_path)
    assert m.power_builds == {"NORTH": PowerBuilds(claims=1, factories=("FRT",)),
                              "SOUTH": PowerBuilds(alternatives={"SBY": ("MID",)}, hidden=("SBY",))}
    assert m.homes("SOUTH") == ("MID", "SBY") and m.homes("NORTH") == ("NBY",) and "FRT" not in m.centers


def test_homes_replace_special_centres_too(tmp_path):
    m = read(TOY + "NORTH &SC\nSOUTH @SBY MID\nSOUTH\nHOMES SBY\n", tmp_path)
    assert m.power_builds == {"NORTH": PowerBuilds(claims=1)} and m.homes("SOUTH") == ("SBY",)


def test_minus_takes_a_special_centre_back(tmp_path):
    m = read(TOY + "Fort = frt\nLAND FRT ABUTS MID\nAMEND MID ABUTS FRT\nNORTH *FRT &SC\nNORTH -*FRT -&SC\n",
             tmp_path)
    assert m.power_builds == {} and "FRT" not in m.centers


@pytest.mark.parametrize("lines, message", [
    ("UNOWNED *MID", r"t.map:\d+: '\*MID': only a power has claimed, partisan"),
    ("NORTH *MID", r"t.map:\d+: NORTH's partisan site MID is a supply centre"),
    ("NORTH +NSE", r"t.map:\d+: NORTH's factory site NSE is no land or coast"),
    ("NORTH @NBY(SBY)", r"t.map:\d+: @NBY\(SBY\): SBY is not one of NORTH's other home centres"),
    ("NORTH NBY(SBY)", r"t.map:\d+: NBY\(SBY\): only an alternative home centre \(@\) has limits"),
    ("NORTH *(X)", r"t.map:\d+: \(X\): only an alternative home centre \(@\) has limits"),
    ("NORTH @(X)", r"t.map:\d+: '' is no centre"),
    ("NORTH -&SC", r"t.map:\d+: -&SC: no claimed home centre left to remove"),
])
def test_bad_special_centres_are_refused_with_file_and_line(tmp_path, lines, message):
    import re
    text = refused(TOY + lines + "\n", tmp_path)
    assert re.search(message, text), text


def test_the_test_boards_beside_load(tmp_path):
    maps.use_folder(DATA)
    try:
        ports, borders = maps.load("ports"), maps.load("borders")
    finally:
        maps.use_folder(None)
    assert {p for p, v in ports.provinces.items() if v.terrain == "port"} == {"BLR", "CON", "CRE", "CRS", "DEN",
                                                                               "KIE", "MLT"}
    assert "TYS" not in ports.fleet_adj["ION"] and ports.convoy_route("TUN", "NAP", {"MLT", "TYS"})
    assert len(borders.borders) == 18 and borders.weak_borders[("DEN", "SWE")] == "none"
    assert borders.closed_borders[("AEG", "BLA")] == Border(owner_of=("CON",)) and "BLA" in borders.fleet_adj["AEG"]


# -- IN and FROM ---------------------------------------------------------------------------------------------------------

def test_an_in_block_changes_home_centres_and_build_sites_in_its_phase(tmp_path):
    from judge.position import Phase
    m = read(TOY + "SOUTH @MID\nBEGIN WINTER 1901 ADJUSTMENTS\nIN W1901A\nSOUTH\nHOMES ~@MID(SBY) SBY\n", tmp_path)
    assert m.changes == ({"in": "W1901A", "powers": {"SOUTH": {"letter": "S", "adjective": "Southern",
                                                             "aliases": ["southern"], "hidden": ["MID"],
                                                             "alternatives": {"MID": ["SBY"]}}}},)
    assert m.power_builds["SOUTH"] == PowerBuilds(alternatives={"MID": ()})
    assert m.at(Phase.parse("W1901A")).power_builds["SOUTH"] == PowerBuilds(alternatives={"MID": ("SBY",)},
                                                                            hidden=("MID",))


def test_in_on_one_line_and_from(tmp_path):
    m = read(TOY + "IN SPRING: VICTORY 4\nFROM S1903M\nVICTORY 2\nNORTH\nHOMES NBY MID\n", tmp_path)
    assert m.changes == ({"in": "spring", "victory": 4}, {"from": "S1903M", "homes": {"NORTH": ["MID", "NBY"]},
                                                           "victory": 2})


def test_a_block_ends_with_its_file(tmp_path):
    (tmp_path / "base.map").write_text(TOY + "FROM S1903M\nVICTORY 2\n")
    m = read("USE base\nVICTORY 4\n", tmp_path)
    assert m.victory == 4 and m.changes == ({"from": "S1903M", "victory": 2},)


@pytest.mark.parametrize("lines, message", [
    ("IN SPRING: WATER MID", r"t.map:30: in this IN block: t.map:30: a fleet may move from MID to NBY but not back"),
    ("FROM S1902M\nAMEND NBY ABUTS -NSE", r"t.map:30: in this FROM block: .*from NSE to NBY but not back"),
    ("Isle = isl\nLAND ISL ABUTS\nIN SPRING: WATER ISL", r"t.map:32: this judge does not play map changes that "
                                                         r"change a place's terrain"),
    ("FROM S1902M\nDROP MID", r"t.map:31: this judge does not play map changes that add, drop or rename places"),
    ("IN W19O1A\nVICTORY 2", r"t.map:30: IN W19O1A: expected a season, or a phase"),
    ("FROM S1902R\nVICTORY 2", r"t.map:30: FROM S1902R: expected a movement or adjustment phase"),
    ("FROM S1902M\nNORTH\nA MID", r"t.map:30: this judge does not play a change of 'start' during the game"),
    ("FROM S1902M\nUNPLAYED SOUTH", r"t.map:30: in this FROM block: .*a map needs at least two powers"),
    ("FROM S1902M\nDUMMY SOUTH", r"t.map:30: this judge does not play a change of SOUTH's dummy during the game"),
])
def test_what_in_and_from_may_not_do_is_refused_with_file_and_line(tmp_path, lines, message):
    import re
    text = refused(TOY + lines + "\n", tmp_path)
    assert re.search(message, text), text


# -- home centres of two powers ------------------------------------------------------------------------------------------

def test_a_home_centre_of_two_powers_is_the_owner_s_home_and_the_other_s_shared_one(tmp_path):
    m = read(TOY + "SOUTH MID\nNORTH MID\nOWNS NBY\n", tmp_path)
    assert m.provinces["MID"].home == "SOUTH" and m.shared_homes == {"NORTH": ("MID",)}
    assert m.homes("NORTH") == ("MID", "NBY") and m.homes("SOUTH") == ("MID", "SBY")
    assert m.first_centers()["MID"] == "SOUTH" and m.builds_at("NORTH", "MID")


def test_a_place_shut_but_open_in_spring_is_a_province_without_neighbours_the_rest_of_the_year(tmp_path):
    from judge.position import Phase
    m = read(TOY + "Isle = isl\nSHUT ISL ABUTS NSE SSE\nAMEND NSE ABUTS ISL\nAMEND SSE ABUTS ISL\n"
                   "IN SPRING: WATER ISL\n", tmp_path)
    assert m.provinces["ISL"].terrain == "sea" and "ISL" not in m.fleet_adj and "ISL" not in m.fleet_adj["NSE"]
    spring = m.at(Phase.parse("S1902R"))
    assert spring.fleet_adj["ISL"] == {"NSE", "SSE"} and "ISL" in spring.fleet_adj["NSE"]
    assert m.at(Phase.parse("F1902M")) is m
    # Shut from 1902 on: Midland loses its neighbours then, and stays a province.
    m = read(TOY + "FROM S1902M\nSHUT MID\n", tmp_path)
    assert m.army_adj["MID"] == {"NBY", "SBY", "CRG"} and not m.at(Phase.parse("S1902M")).army_adj["MID"]
