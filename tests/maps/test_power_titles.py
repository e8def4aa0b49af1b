"""A power's name as people are shown it (Map.power_title): a DPjudge file's powers as DPjudge shows them (the '+'
that joins words dropped, each word begun with a capital: Game.anglify; our boards tests/data/maps/plus_names.map and
sea_powers.map), our JSON's `name`, the key in title case otherwise; what players write for the power is read as
before."""
from __future__ import annotations

import copy
import json

import pytest

from judge.maps import MapError
from judge.maps.build import build
from judge.maps.dpjudge_format import read_file
from judge import maps
from tests.commands.helpers import MAPS


def board(name: str):
    return build(read_file(MAPS / f"{name}.map", name, maps.load), name)


def test_usa_and_the_sea_powers_as_dpjudge_shows_them():
    plus = board("plus_names")
    assert plus.power_title("USA") == "USA" and plus.power_title("USSR") == "USSR"
    assert plus.power_title("INDIA") == "India" and plus.power_adjectives["USA"] == "American"
    for written in ("USA", "usa", "U.S.A.", "U+S+A", "American"):
        assert plus.power(written) == "USA"
    seas = board("sea_powers")
    assert [seas.power_title(p) for p in ("ADRIATICSEA", "GULFOFLYON", "MIDATLANTICOCEAN", "WMEDITERRANEANSEA",
                                          "ALBANIA")] == ["AdriaticSea", "GulfOfLyon", "MidAtlanticOcean",
                                                          "WMediterraneanSea", "Albania"]
    assert seas.power_adjectives["MIDATLANTICOCEAN"] == "Mid Atlantic"
    for written in ("AdriaticSea", "Adriatic Sea", "ADRIATIC+SEA", "Adriatic"):
        assert seas.power(written) == "ADRIATICSEA"


DUO = {"name": "duo", "powers": {"NORTH": {"letter": "N", "name": "The North"}, "SOUTH": {"letter": "S"}},
       "provinces": {"AAA": {"name": "Aa", "terrain": "land", "center": True, "home": "NORTH"},
                     "BBB": {"name": "Bb", "terrain": "land", "center": True, "home": "SOUTH"}},
       "army": {"AAA": ["BBB"], "BBB": ["AAA"]}, "fleet": {}, "start": {"NORTH": ["A AAA"], "SOUTH": ["A BBB"]}}


def test_a_json_variants_name_for_a_power():
    doc = copy.deepcopy(DUO)
    m = build(doc, "duo")
    assert m.power_title("NORTH") == "The North" and m.power_title("SOUTH") == "South"
    assert m.power("the north") == "NORTH"
    doc["powers"]["NORTH"]["name"] = "  "
    with pytest.raises(MapError, match=r"powers\.NORTH\.name: '  ' is not a name to show"):
        build(doc, "duo")


def test_a_dpjudge_file_on_a_variant_keeps_its_powers_names(tmp_path):
    (tmp_path / "duo.json").write_text(json.dumps(DUO))
    (tmp_path / "duo2.map").write_text("USE duo\nVICTORY 2\n")    # no duo.map beside it: the variant duo
    maps.use_folder(tmp_path)
    try:
        assert maps.load("duo2").power_title("NORTH") == "The North"
    finally:
        maps.use_folder(None)
