"""DPjudge's .map format read into our variants: map files we wrote ourselves in that format (tests/data/maps), the
directives a file may use, what the judge refuses, and that every refusal names the file and the line."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge import maps
from judge.maps import MapError, dpjudge_format
from judge.maps.build import build, same_board

DATA = Path(__file__).resolve().parent.parent / "data" / "maps"


def read(text: str, tmp_path: Path, name: str = "t"):
    """Map text (written to `tmp_path`) -> its Map."""
    return build(dpjudge_format.read_text(text, name, tmp_path, maps.load), name)


@pytest.fixture(scope="module")
def toy():
    return build(dpjudge_format.read_file(DATA / "toy.map", "toy", maps.load), "toy")


# -- a board of its own ----------------------------------------------------------------------------------------------

def test_the_toy_board_is_read(toy):
    assert set(toy.provinces) == {"NBY", "SBY", "MID", "CRG", "NSE", "SSE"}
    assert {a: p.terrain for a, p in toy.provinces.items()} == {
        "NBY": "coast", "SBY": "coast", "MID": "land", "CRG": "coast", "NSE": "sea", "SSE": "sea"}
    assert toy.provinces["CRG"].coasts == ("NC", "SC") and toy.provinces["NBY"].name == "North Bay"
    assert toy.centers == {"NBY", "SBY", "MID", "CRG"} and toy.victory_count == 3
    assert toy.homes("NORTH") == ("NBY",) and toy.homes("SOUTH") == ("SBY",)
    assert toy.start == {"NORTH": ("F NBY",), "SOUTH": ("A SBY",)}
    assert toy.powers == ("NORTH", "SOUTH") and toy.power_letters == {"NORTH": "N", "SOUTH": "S"}
    assert toy.power_adjectives["SOUTH"] == "Southern" and toy.power("southern") == "SOUTH"
    assert toy.board == "" and toy.begin == "S1901M" and toy.builds == "homes"       # TEXTONLY: no drawing


def test_case_says_who_may_cross(toy):
    # NBY lists 'mid' and 'crg' in lower case: armies only; CRG/NC in capitals: the fleet's way onto the Crag.
    assert toy.army_adj["NBY"] == {"MID", "CRG"}
    assert toy.fleet_adj["NBY"] == {"NSE", "CRG/NC"}
    assert toy.fleet_adj["CRG/SC"] == {"SBY", "SSE"} and "CRG" not in toy.fleet_adj      # 'crg': no fleet on it
    assert toy.fleet_adj["NSE"] == {"NBY", "CRG/NC", "SSE"} and "MID" not in toy.army_adj["CRG"] - {"MID"}


def test_names_and_aliases(toy):
    assert toy.lookup("north bay") == "NBY" and toy.lookup("NBay") == "NBY" and toy.lookup("midlands") == "MID"
    assert toy.lookup("crag") == "CRG" and toy.lookup("Southern Sea") == "SSE"


def test_a_toy_game_is_adjudicated(toy, tmp_path):
    from judge import api
    maps.use_folder(DATA)
    try:
        state = {"phase": "S1901M", "units": {"NORTH": ["F NBY"], "SOUTH": ["A SBY"]},
                 "centers": {"NORTH": ["NBY"], "SOUTH": ["SBY"]}}
        out = api.adjudicate(state, {"NORTH": ["F North Bay - Crag north coast"], "SOUTH": ["A SBY - MID"]},
                             variant="toy")
        assert [o["order"] for o in out["orders"]] == ["F NBY - CRG/NC", "A SBY - MID"]
        assert out["state"]["units"] == {"NORTH": ["F CRG/NC"], "SOUTH": ["A MID"]}
        with pytest.raises(ValueError, match="NO PICTURE: VARIANT toy HAS NO DRAWING"):
            api.adjudicate(state, {}, variant="toy", picture="svg")
    finally:
        maps.use_folder(None)


# -- on the standard board ---------------------------------------------------------------------------------------------

def test_map_standard_plays_on_our_standard_board_and_drawing():
    m = build(dpjudge_format.read_file(DATA / "fleet_rome_dp.map", "fleet_rome_dp", maps.load), "fleet_rome_dp")
    ours = maps.load("fleet_rome")
    assert same_board(m, ours) and m.board == "standard"
    assert {p: set(u) for p, u in m.start.items()} == {p: set(u) for p, u in ours.start.items()}
    assert m.power_letters == ours.power_letters and m.home_centers == ours.home_centers


def test_use_of_a_variant_gives_back_its_board_exactly(tmp_path):
    # "USE standard" with no standard.map beside the file: the judge's own standard map, read back through the
    # DPjudge form of its adjacency (case rules, coasts), must come out the same board.
    m = read("USE standard\n", tmp_path)
    standard = maps.load("standard")
    assert same_board(m, standard)
    assert {p.abbr: p.name for p in m.provinces.values()} == {p.abbr: p.name for p in standard.provinces.values()}
    assert m.board == "t"        # read alone, USE takes the data; the catalogue gives it the drawing (test_uses)


def test_amend_drop_homes_owns_units_and_unplayed(tmp_path):
    m = read("\n".join([
        "USE standard",
        "AMEND BUR ABUTS -MAR",                      # Burgundy and Marseilles no longer touch...
        "AMEND MAR ABUTS -BUR",
        "UNPLAYED ITALY",                            # no Italy: its home centres are no centres any more
        "FRANCE",
        "OWNS BRE MAR PAR BEL",                      # France starts owning Belgium as well
        "UNITS",
        "A PAR",
        "F BRE",
        "ENGLAND -LVP",                              # Liverpool is no home of England's, but stays a centre
        "VICTORY 15",
        "BEGIN WINTER 1900 ADJUSTMENTS",
        "RULE BUILD_ANY",
    ]), tmp_path)
    assert "MAR" not in m.army_adj["BUR"] and "BUR" not in m.army_adj["MAR"]
    assert "ITALY" not in m.powers and not {"ROM", "NAP", "VEN"} & m.centers
    assert m.start["FRANCE"] == ("A PAR", "F BRE")
    assert m.first_centers()["BEL"] == "FRANCE" and m.first_centers()["PAR"] == "FRANCE"
    assert "LVP" in m.centers and m.provinces["LVP"].home is None and m.homes("ENGLAND") == ("EDI", "LON")
    assert (m.victory_count, m.begin, m.builds) == (15, "W1900A", "any")


def test_a_file_uses_another_beside_it(tmp_path):
    (tmp_path / "base.map").write_text((DATA / "toy.map").read_text())
    m = read("USE base\nSOUTH\nUNITS\nF SBY\n", tmp_path)
    assert m.start["SOUTH"] == ("F SBY",) and len(m.provinces) == 6


# -- refusals: each names the file and the line ----------------------------------------------------------------------

TOY = (DATA / "toy.map").read_text()


@pytest.mark.parametrize("line, message", [
    ("IN SPRING: WATER MID", "in this IN block: .* a fleet may move from MID to NBY but not back"),
    ("RULE HOLD_WIN", "RULE HOLD_WIN"),
    ("VICTORY 3 4", "VICTORY with a count per year"),
    ("FLOW SPRING:MOVEMENT", "a year needs a MOVEMENT phase and an ADJUSTMENTS phase"),
    ("FLOW SPRING:MOVEMENT\nFLOW WINTER:ADJUSTMENTS", "SPRING has MOVEMENT without RETREATS"),
    ("FLOW SPRING:MOVEMENT,RETREATS,TRADE\nFLOW WINTER:ADJUSTMENTS", "TRADE is not a phase this judge plays"),
    ("BEGIN FALL 1901 RETREATS", "begins with fall 1901 retreats"),
    ("Northern Ocean = nocn", "abbreviation 'nocn'"),
    ("BARTER DIRECTIVES", "no such game type"),
    ("DIRECTIVES\nVICTORY 4", "VICTORY in a DIRECTIVES stanza"),
])
def test_what_the_judge_does_not_play_is_refused_with_file_and_line(tmp_path, line, message):
    text = TOY + line + "\n"
    with pytest.raises(MapError, match=message) as err:
        read(text, tmp_path, "toy2")
    where = str(err.value).split(": ")[0]
    assert where.startswith("toy2.map:") and where.split(":")[1].isdigit(), err.value


@pytest.mark.parametrize("text, message", [
    (TOY.replace("COAST   SBY     ABUTS   SSE mid crg CRG/SC", "COAST   SBY     ABUTS   SSE crg CRG/SC"),
     r"toy2.map:15: an army may move from MID to SBY but not back: SBY \(toy2.map:14\) must abut MID"),
    (TOY.replace("Midland             = mid midlands\n", ""), r"toy2.map:14: MID has no full name"),
    (TOY.replace("COAST   crg ", "COAST   CRG "), r"toy2.map:18: CRG has coasts, so no fleet stands on CRG itself"),
    (TOY.replace("F NBY", "F MID"), r"toy2.map:23: F MID: a fleet cannot stand there"),
    (TOY.replace("F NBY", "A NSE"), r"toy2.map:23: A NSE: an army cannot stand there"),
    (TOY.replace("NSE mid crg CRG/NC", "NSE mid crg CRG/NC XYZ"), r"toy2.map:13: NBY abuts XYZ, which is no place"),
    (TOY.replace("SOUTH   (SOUTHERN:S)", "SOUTH   (SOUTHERN:N)"), r"toy2.map:24: SOUTH's letter N is NORTH's"),
    (TOY.replace("F NBY\n", "F NBY\nUNOWNED CRG QQQ\n"), r"toy2.map: the supply centre QQQ is no place"),
    (TOY.replace("COAST   CRG/SC", "COAST   CRG/XYZ").replace("CRG/SC", "CRG/XYZ"), r"toy2.map:17: .* coast /XYZ"),
])
def test_broken_maps_are_refused_with_file_and_line(tmp_path, text, message):
    with pytest.raises(MapError, match=message):
        read(text, tmp_path, "toy2")


def test_a_unit_before_any_power_is_refused(tmp_path):
    with pytest.raises(MapError, match=r"t.map:1: A before any power line"):
        read("A PAR\n", tmp_path)


def test_use_of_something_that_is_neither_file_nor_variant(tmp_path):
    with pytest.raises(MapError, match=r"t.map:1: USE nowhere: no file nowhere.map beside this one, and UNKNOWN "
                                       r"VARIANT: 'nowhere'"):
        read("USE nowhere\n", tmp_path)


def test_web_only_directives_are_read_and_left_aside(tmp_path):
    m = read(TOY + "FLAGS standard\nNOTIFY gm@example.org\nNORTH\nFLAG ENGLAND\n", tmp_path, "toy3")
    assert m.powers == ("NORTH", "SOUTH")


def test_an_alias_that_is_another_places_abbreviation_is_left_out_and_said(tmp_path):
    # As DPjudge's zeus map has 'ben' for Libya beside the Bay of Bengal's BEN: the abbreviation keeps its place.
    text = TOY.replace("Midland             = mid midlands", "Midland             = mid midlands nby")
    m = read(text, tmp_path, "toy2")
    assert m.lookup("nby") == "NBY" and m.lookup("midlands") == "MID"
    assert "The alias 'nby' of Midland is left out: NBY is North Bay." in m.description


def test_a_map_file_in_utf8_or_latin1_reads_the_same(tmp_path):
    text = TOY.replace("Crag                = crg", "Crâg                = crg")
    (tmp_path / "u.map").write_bytes(text.encode("utf-8"))
    (tmp_path / "l.map").write_bytes(text.encode("latin-1"))
    u = build(dpjudge_format.read_file(tmp_path / "u.map", "u", maps.load), "u")
    lat = build(dpjudge_format.read_file(tmp_path / "l.map", "l", maps.load), "l")
    assert u.provinces["CRG"].name == lat.provinces["CRG"].name == "Crâg"


def test_directives_stanzas_an_ordinary_game_applies_the_bare_and_standard_ones(tmp_path):
    m = read(TOY + "\n".join([
        "RULE NO_DRAW",
        "DIRECTIVES", "RULE CD_BUILDS", "END DIRECTIVES",
        "STANDARD DIRECTIVES", "RULE IMMOBILE_DUMMIES", "END DIRECTIVES",
        "PAYOLA DIRECTIVES", "RULE PAY_DUMMIES", "VICTORY 99", "END DIRECTIVES",
        "XTALBALL DIRECTIVES", "RULE HOLD_WIN", "END DIRECTIVES",
        "RULE !BUILD_ANY", ""]), tmp_path, "toy2")
    assert m.rules == ("no_draw=on", "cd_builds=on", "immobile_dummies=on")
    assert m.victory_count == 3 and m.builds == "homes"        # the Payola stanza's lines are not the map's
    assert "payola directives (PAY_DUMMIES) are set aside" in m.description
    assert "xtalball directives (HOLD_WIN) are set aside" in m.description
