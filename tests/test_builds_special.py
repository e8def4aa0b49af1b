"""Builds with a variant's special sites (judge.builds; DPjudge's '&SC', '*', '+', '@', '~'), on our test board
tests/data/maps/isles.json: WEST has a factory at Jarl and Castra as an alternative to Brenn; EAST claims one home
centre, has a partisan site at Dunmoor and hidden builds in Erath. Through the JSON interface, as a game master's tool
would meet them."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge import api, builds, maps
from judge.position import Position
from judge.rules import Ruleset

DATA = Path(__file__).resolve().parent / "data" / "maps"


@pytest.fixture(autouse=True, scope="module")
def folder():
    maps.use_folder(DATA)
    yield
    maps.use_folder(None)


def adjust(units: dict, centers: dict, orders: dict, homes: dict | None = None, phase: str = "W1901A") -> dict:
    state = {"phase": phase, "units": units, "centers": centers}
    if homes:
        state["homes"] = homes          # the home centres of the game (judge.position.HouseState), claims included
    return api.adjudicate(state, orders, variant="isles")


def errors(out: dict) -> list[str]:
    return [e["error"] for e in out["errors"]]


def test_a_factory_is_built_in_without_owning_it():
    out = adjust({"WEST": ["A DUN", "F NOC"]}, {"WEST": ["ALB", "BRN", "CAS", "HOL"]},
                 {"WEST": ["BUILD F JAR", "BUILD A CAS"]})
    assert errors(out) == [] and out["state"]["units"]["WEST"] == ["A CAS", "A DUN", "F JAR", "F NOC"]


def test_an_alternative_home_centre_and_the_one_it_stands_in_for_are_not_both_built():
    out = adjust({"WEST": ["A DUN", "F NOC"]}, {"WEST": ["ALB", "BRN", "CAS", "HOL"]},
                 {"WEST": ["BUILD A CAS", "BUILD F BRN"]})
    assert errors(out) == ["BUILDS IN ALL ALTERNATIVE SITES (CAS, BRN): BUILD F BRN"]
    # With Brenn taken, Castra is closed too; Albor (an ordinary home centre) stays open.
    out = adjust({"WEST": ["A DUN", "F BRN"]}, {"WEST": ["ALB", "BRN", "CAS", "HOL"]},
                 {"WEST": ["BUILD A CAS", "BUILD F ALB"]})
    assert errors(out) == ["ALTERNATIVE HOME CENTER, BUT NONE OF THE HOME CENTERS IT STANDS IN FOR IS FREE: CAS"]
    assert out["state"]["units"]["WEST"] == ["F ALB", "F BRN", "A DUN"]


def test_a_claim_makes_a_home_centre_for_good():
    centers = {"EAST": ["ERA", "FEL", "GAR", "HOL", "IVR"]}
    out = adjust({"EAST": ["F ERA", "A GAR", "F FEL"]}, centers, {"EAST": ["BUILD F HOL", "BUILD A IVR"]})
    assert errors(out) == ["EXCESS HOME CENTER CLAIM (ONLY 1 MORE): BUILD A IVR"]
    homes = {"WEST": ["ALB", "BRN", "CAS"], "EAST": ["ERA", "FEL", "GAR", "HOL"], "NORTH": ["IVR"]}
    assert out["state"]["homes"] == homes
    m = maps.load("isles")
    after = Position.from_json(out["state"], m)
    assert builds.homes(m, after.house, "EAST") == ("ERA", "FEL", "GAR", "HOL")
    assert builds.claims_left(m, after.house, "EAST") == 0
    # A year later Holm is a home centre (builds go there), Ivory still is not.
    out = adjust({"EAST": ["F ERA", "A GAR", "F FEL"]}, centers, {"EAST": ["BUILD F HOL", "BUILD A IVR"]},
                 homes=homes, phase="W1902A")
    assert errors(out) == ["NOT A HOME SUPPLY CENTER: IVR"] and out["state"]["homes"] == homes


def test_a_claim_goes_in_an_owned_centre_only():
    out = adjust({"EAST": ["F ERA", "A GAR", "F FEL"]}, {"EAST": ["ERA", "FEL", "GAR", "HOL"]},
                 {"EAST": ["BUILD A IVR", "BUILD A DUN"]})
    assert errors(out) == ["SUPPLY CENTER NOT OWNED: IVR", "NOT A SUPPLY CENTER: DUN"]


def test_partisans_rise_while_a_power_holds_some_but_not_all_its_homes():
    # EAST lost Garth: Dunmoor counts as a centre and is a place to build; without it EAST would be even.
    out = adjust({"EAST": ["A JAR", "F NOC"], "WEST": ["A GAR"]}, {"EAST": ["ERA", "FEL"], "WEST": ["GAR"]},
                 {"EAST": ["BUILD A DUN"]})
    assert errors(out) == [] and "A DUN" in out["state"]["units"]["EAST"]
    m = maps.load("isles")
    lost_all = Position.from_json({"phase": "W1901A", "units": {"EAST": ["A JAR"]}, "centers": {"WEST": ["ERA",
                                   "FEL", "GAR"], "EAST": ["HOL"]}}, m)
    assert builds.partisans(m, lost_all.house, "EAST", lost_all.centers) == ()
    assert builds.count(m, lost_all, "EAST") == 0
    # They keep a power from removing a unit too.
    out = adjust({"EAST": ["A JAR", "F NOC", "F EBY"], "WEST": ["A GAR"]}, {"EAST": ["ERA", "FEL"],
                                                                            "WEST": ["GAR"]}, {})
    assert out["state"]["units"]["EAST"] == ["F EBY", "A JAR", "F NOC"]


def test_a_partisan_build_makes_the_winter_happen():
    # End of the Fall: EAST has two centres and two units (on them), and lost Garth: it builds in Dunmoor, so a
    # winter follows.
    out = api.adjudicate({"phase": "F1901M", "units": {"EAST": ["F ERA", "F FEL"], "WEST": ["A GAR"]},
                          "centers": {"EAST": ["ERA", "FEL"], "WEST": ["GAR"]}}, {}, variant="isles")
    assert out["state"]["phase"] == "W1901A"
    # With Dunmoor taken there is nowhere to build, and nobody else adjusts: on to the Spring.
    out = api.adjudicate({"phase": "F1901M", "units": {"EAST": ["F ERA", "F FEL"], "WEST": ["A GAR", "A DUN"]},
                          "centers": {"EAST": ["ERA", "FEL"], "WEST": ["GAR", "HOL"]}}, {}, variant="isles")
    assert out["state"]["phase"] == "S1902M"


def test_hidden_builds_are_reported_like_any_other():
    out = adjust({"EAST": ["A GAR", "F FEL"]}, {"EAST": ["ERA", "FEL", "GAR"]}, {"EAST": ["BUILD F ERA"]})
    assert [o["order"] for o in out["orders"]] == ["BUILD F ERA"] and errors(out) == []


def test_without_special_sites_the_standard_count_is_kept(m):
    pos = Position.from_json({"phase": "W1901A", "units": {"FRANCE": ["A PAR"]},
                              "centers": {"FRANCE": ["PAR", "MAR", "BRE", "SPA"]}}, m)
    assert builds.count(m, pos, "FRANCE") == 3
    assert sorted(builds.sites(m, "FRANCE", pos.units, pos.centers, Ruleset())) == ["BRE", "MAR"]


def test_a_change_in_a_given_winter_is_played_then_only(tmp_path):
    # A variant of ours on the isles board: in Winter 1901 Castra may be built in whatever Brenn's state.
    import json
    import shutil
    from judge.game import Game
    shutil.copy(DATA / "isles.json", tmp_path / "isles.json")
    west = json.loads((DATA / "isles.json").read_text())["powers"]["WEST"]
    (tmp_path / "isles_in.json").write_text(json.dumps({"base": "isles", "changes": [
        {"in": "W1901A", "powers": {"WEST": {**west, "alternatives": {"CAS": []}}}}]}))
    maps.use_folder(tmp_path)
    try:
        state = {"units": {"WEST": ["A DUN", "F BRN"]}, "centers": {"WEST": ["ALB", "BRN", "CAS", "HOL"]}}
        out = api.adjudicate({"phase": "W1901A", **state}, {"WEST": ["BUILD A CAS"]}, variant="isles_in")
        assert errors(out) == [] and "A CAS" in out["state"]["units"]["WEST"]
        out = api.adjudicate({"phase": "W1902A", **state}, {"WEST": ["BUILD A CAS"]}, variant="isles_in")
        assert errors(out) == ["ALTERNATIVE HOME CENTER, BUT NONE OF THE HOME CENTERS IT STANDS IN FOR IS FREE: CAS"]
        game = Game("g", "gm@example.org", "h", variant="isles_in")
        game.position = Position.from_json({"phase": "W1901A", **state}, maps.load("isles_in"))
        assert game.map.power_builds["WEST"].alternatives == {"CAS": ()}
        game.position = Position.from_json({"phase": "S1902M", **state}, maps.load("isles_in"))
        assert game.map is maps.load("isles_in")
    finally:
        maps.use_folder(DATA)


def test_a_shared_home_centre_is_built_in_by_whichever_power_owns_it(tmp_path):
    import json
    import shutil
    shutil.copy(DATA / "isles.json", tmp_path / "isles.json")
    east = json.loads((DATA / "isles.json").read_text())["powers"]["EAST"]
    (tmp_path / "isles_shared.json").write_text(json.dumps({"base": "isles", "powers": {
        **json.loads((DATA / "isles.json").read_text())["powers"], "EAST": {**east, "shared_homes": ["CAS"]}},
        "homes": {"WEST": ["ALB", "BRN", "CAS"], "EAST": ["ERA", "FEL", "GAR"], "NORTH": ["IVR"]},
        "start": {"WEST": ["A CAS", "F ALB", "F BRN"], "EAST": ["A GAR", "F ERA", "F FEL"], "NORTH": ["F IVR"]}}))
    maps.use_folder(tmp_path)
    try:
        state = {"phase": "W1901A", "units": {"EAST": ["F ERA"]}, "centers": {"EAST": ["CAS", "ERA"]}}
        out = api.adjudicate(state, {"EAST": ["BUILD A CAS"]}, variant="isles_shared")
        assert errors(out) == [] and "A CAS" in out["state"]["units"]["EAST"]
    finally:
        maps.use_folder(DATA)
