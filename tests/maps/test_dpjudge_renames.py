"""Renaming in DPjudge map files (`old -> Full Name = new aliases`, `OLD -> NEW`): places, coasts and powers take
new names, abbreviations and power names may be of any script, and orders, results and the JSON interface use them.
Our own test maps (tests/data/maps/toy_renamed.map renames the toy board)."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge import api, maps, reports
from judge.maps import MapError, dpjudge_format
from judge.maps.build import build
from judge.orders.parser import parse

DATA = Path(__file__).resolve().parent.parent / "data" / "maps"


def read(text: str, tmp_path: Path, name: str = "t"):
    (tmp_path / "toy.map").write_text((DATA / "toy.map").read_text())
    return build(dpjudge_format.read_text(text, name, tmp_path, maps.load), name)


@pytest.fixture(scope="module")
def renamed():
    return build(dpjudge_format.read_file(DATA / "toy_renamed.map", "toy_renamed", maps.load), "toy_renamed")


def test_places_coasts_and_powers_take_their_new_names(renamed):
    assert set(renamed.provinces) == {"NÖB", "SBY", "MID", "KRG", "NSE", "SÜD"}
    assert renamed.provinces["KRG"].coasts == ("OK", "SC") and renamed.provinces["NÖB"].name == "Nordbucht"
    assert renamed.powers == ("NÖRDLAND", "SÜDLAND")
    assert renamed.power_letters == {"NÖRDLAND": "N", "SÜDLAND": "U"}
    assert renamed.power_adjectives["SÜDLAND"] == "Südlich"
    # Every adjacency, home and unit follows the places it names.
    assert renamed.fleet_adj["NÖB"] == {"NSE", "KRG/OK"} and renamed.fleet_adj["KRG/SC"] == {"SBY", "SÜD"}
    assert renamed.army_adj["NÖB"] == {"MID", "KRG"}
    assert renamed.homes("NÖRDLAND") == ("NÖB",) and renamed.start == {"NÖRDLAND": ("F NÖB",), "SÜDLAND": ("A SBY",)}
    assert renamed.coast_names == {"KRG/OK": "Klippe (Nordküste)"}


def test_old_names_go_and_new_ones_come(renamed):
    assert renamed.lookup("nordbucht") == "NÖB" and renamed.lookup("nöb") == "NÖB" and renamed.lookup("Südsee") == "SÜD"
    assert renamed.lookup("north bay") is None and renamed.lookup("nby") is None and renamed.lookup("crag") is None
    assert renamed.power("nördlich") == "NÖRDLAND" and renamed.power("north") is None


@pytest.mark.parametrize("text, canonical", [
    ("F Nordbucht - Klippe/ok", "F NÖB - KRG/OK"),
    ("F NÖB - KRG(ok)", "F NÖB - KRG/OK"),
    ("f nöb - krg ok", "F NÖB - KRG/OK"),
    ("F Südsee - Klippe south coast", "F SÜD - KRG/SC"),
])
def test_orders_name_renamed_places_and_coasts(renamed, text, canonical):
    p = parse(text, renamed, "M")
    assert f"F {p.place} - {p.path[-1]}" == canonical


def test_a_game_on_the_renamed_board_is_adjudicated_and_reported():
    maps.use_folder(DATA)
    try:
        m = maps.load("toy_renamed")
        state = {"phase": "S1901M", "units": {"NÖRDLAND": ["F NÖB"], "SÜDLAND": ["A SBY"]},
                 "centers": {"NÖRDLAND": ["NÖB"], "SÜDLAND": ["SBY"]}}
        out = api.adjudicate(state, {"NÖRDLAND": ["F Nordbucht - Klippe/ok"], "SÜDLAND": ["A SBY - MID"]},
                             variant="toy_renamed")
        assert [o["order"] for o in out["orders"]] == ["F NÖB - KRG/OK", "A SBY - MID"]
        assert out["state"]["units"] == {"NÖRDLAND": ["F KRG/OK"], "SÜDLAND": ["A MID"]}
        assert reports.place(m, "KRG/OK") == "Klippe (Nordküste)" and reports.place(m, "KRG/SC") == \
            "Klippe (south coast)"
    finally:
        maps.use_folder(None)


def test_renaming_in_either_order_of_a_province_and_its_coast(tmp_path):
    # The coast first, then its province (as DPjudge's Dutch map does), or the province first: the same board.
    first = read("USE toy\ncrg/nc -> Rock (north) = rck/nc\ncrg -> Rock = rck\n", tmp_path)
    second = read("USE toy\ncrg -> Rock = rck\ncrg/nc -> Rock (north) = rck/nc\n", tmp_path)
    assert first.fleet_adj == second.fleet_adj and first.provinces["RCK"].coasts == ("NC", "SC")


def test_a_place_renamed_to_a_name_taken_is_refused(tmp_path):
    with pytest.raises(MapError, match=r"t.map:2: NBY -> SBY: SBY is a place already"):
        read("USE toy\nnby -> Bay = sby\n", tmp_path)
    with pytest.raises(MapError, match=r"t.map:2: XYZ -> ABC: no place XYZ to rename"):
        read("USE toy\nxyz -> Bay = abc\n", tmp_path)
    with pytest.raises(MapError, match=r"t.map:2: NOWHERE -> NORTHERN: no power NOWHERE to rename"):
        read("USE toy\nNOWHERE -> NORTHERN\n", tmp_path)


def test_renaming_switzerland_on_our_own_standard_says_to_put_dpjudges_standard_beside_it(tmp_path):
    # A tester put DPjudge's standard_french.map in the variants folder alone: its USE standard.map read this
    # judge's own standard, where Switzerland is no place, and the refusal named only the missing SWI. It now says
    # why, and which files to put beside it (DPjudge's standard.map, whose geography has SWI).
    text = "USE standard.map\nswi -> Suisse = sui\n"
    with pytest.raises(MapError) as refused:
        dpjudge_format.read_text(text, "t", tmp_path, maps.load)
    said = str(refused.value)
    assert said.startswith("t.map:2: SWI -> SUI: no place SWI to rename"), said
    assert "USE read this judge's own 'standard'" in said and "put DPjudge's standard.map beside it" in said
    # A file of our own toy board, where nothing stood in for a missing file, is refused as before.
    with pytest.raises(MapError, match=r"no place XYZ to rename$"):
        read("USE toy\nxyz -> Bay = abc\n", tmp_path)


def test_an_abbreviation_of_other_than_three_characters_is_refused(tmp_path):
    # DPjudge's own order reader takes a three-letter word for a place; a longer one would read as a power.
    with pytest.raises(MapError, match=r"t.map:2: .*abbreviation 'nbay'"):
        read("USE toy\nnby -> North Bay = nbay\n", tmp_path)


def test_a_place_shut_for_good_keeps_its_name_by_its_first_abbreviation(tmp_path):
    # DPjudge's translated standard maps rename Switzerland (SHUT: no province) too, 'swi -> Suisse = sui': the
    # drawing knows the region as SWI, so the name goes there, for the picture's label.
    (tmp_path / "alps.map").write_text((DATA / "toy.map").read_text().replace(
        "Southern Sea        = sse ssea\n", "Southern Sea        = sse ssea\nGlacier             = gla\n").replace(
        "WATER   SSE", "SHUT    GLA     ABUTS   MID\nWATER   SSE"))
    plain = build(dpjudge_format.read_text("USE alps\n", "t", tmp_path, maps.load), "t")
    assert "GLA" not in plain.provinces and plain.region_names == {"GLA": "Glacier"}
    twice = read("USE alps\ngla -> Gletscher = glt\nglt -> Gletscher = gls\n", tmp_path)
    assert twice.region_names == {"GLA": "Gletscher"} and "GLS" not in twice.provinces
