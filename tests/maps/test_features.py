"""DPjudge's map features in our JSON variant format (judge/maps/features.py): our own small board (tests/data/maps/
isles.json) with a port, restricted borders, a dummy, leagues and special build sites; and each broken feature refused
with the key that is wrong."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from judge.maps import MapError
from judge.maps.build import build
from judge.maps.features import Border, League, PowerBuilds

ISLES = json.loads((Path(__file__).resolve().parent.parent / "data" / "maps" / "isles.json").read_text())


@pytest.fixture(scope="module")
def isles():
    return build(ISLES, "isles.json")


def test_every_feature_is_read(isles):
    assert isles.provinces["HOL"].terrain == "port" and "HOL" in isles.convoy_areas and "HOL" in isles.shores
    assert isles.can_hold("A", "HOL") and isles.can_hold("F", "HOL")
    assert isles.dummies == ("NORTH",) and isles.playable_powers == ("WEST", "EAST")
    assert isles.leagues == {"WEST": League("ALLIANCE", "benign"), "EAST": League("ALLIANCE"),
                             "NORTH": League("PIRATES", "strict")}
    assert isles.power_builds == {
        "WEST": PowerBuilds(factories=("JAR",), alternatives={"CAS": ("BRN",)}),
        "EAST": PowerBuilds(claims=1, partisans=("DUN",), hidden=("ERA",))}
    assert isles.borders[("BRN", "JAR")] == Border("none")
    assert isles.borders[("IVR", "DUN")] == Border("half")
    assert isles.borders[("DUN", "GAR")] == Border(powers=frozenset({"EAST"}))
    assert isles.borders[("ALB", "IVR")] == Border(owner_of=("IVR",))
    assert isles.weak_borders == {("BRN", "JAR"): "none", ("JAR", "BRN"): "none", ("IVR", "DUN"): "half",
                                  ("DUN", "IVR"): "half"}
    assert set(isles.closed_borders) == {("DUN", "GAR"), ("ALB", "IVR")}


def test_a_port_carries_a_convoy_between_seas_that_do_not_touch(isles):
    assert isles.convoy_route("JAR", "GAR", {"SOC", "HOL", "EBY"})
    assert not isles.convoy_route("JAR", "GAR", {"SOC", "EBY"})          # the two oceans touch only through Holm
    assert isles.convoy_route("BRN", "HOL", {"SOC"})                     # an army may land on the port


def test_a_variant_without_features_has_none():
    from judge import maps
    m = maps.load()
    assert (m.dummies, m.leagues, m.power_builds, m.borders, m.weak_borders, m.closed_borders) == ((), {}, {}, {},
                                                                                                    {}, {})
    assert m.playable_powers == m.powers and m.convoy_areas == {p for p in m.provinces
                                                                  if m.provinces[p].terrain == "sea"}


def _broken(change) -> str:
    doc = copy.deepcopy(ISLES)
    change(doc)
    with pytest.raises(MapError) as err:
        build(doc, "isles.json")
    return str(err.value)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["borders"].append({"from": "ALB", "to": "FEL"}), "borders ALB -> FEL: ALB does not border FEL"),
    (lambda d: d["borders"].append({"from": "ALB", "to": "CAS", "strength": "weak"}),
     "borders[6].strength: 'weak' is not one of full, half, none"),
    (lambda d: d["borders"].append({"from": "ALB", "to": "CAS", "powers": ["SOUTH"]}), "'SOUTH' is no power"),
    (lambda d: d["borders"].append({"from": "ALB", "to": "CAS", "owner_of": ["DUN"]}), "'DUN' is no supply centre"),
    (lambda d: d["borders"].append({"from": "BRN", "to": "JAR"}), "BRN -> JAR is given twice"),
    (lambda d: d["borders"].append({"from": "ALB", "to": "CAS", "via": "x"}), "borders[6]: expected"),
    (lambda d: d["powers"]["WEST"].update(dummy="yes"), "powers.WEST.dummy: expected true or false"),
    (lambda d: [d["powers"][p].update(dummy=True) for p in d["powers"]], "every power is a dummy"),
    (lambda d: d["powers"]["WEST"].update(league={"name": "X", "rule": "kind"}), "rule: 'kind' is not strict"),
    (lambda d: d["powers"]["WEST"].update(league={"name": "X", "friends": ["Y"]}), "only a benign league"),
    (lambda d: d["powers"]["WEST"].update(league={"name": "X", "rule": "benign", "friends": ["Y"]}),
     "no power is in the league Y"),
    (lambda d: d["powers"]["EAST"].update(claims=-1), "powers.EAST.claims: expected a number"),
    (lambda d: d["powers"]["EAST"].update(partisans=["HOL"]), "powers.EAST.partisans: HOL is a supply centre"),
    (lambda d: d["powers"]["EAST"].update(partisans=["NOC"]), "'NOC' is no land or coastal province"),
    (lambda d: d["powers"]["EAST"].update(factories=["JAR"]), "JAR is another site already"),
    (lambda d: d["powers"]["WEST"].update(alternatives={"HOL": []}), "HOL is not a home centre of WEST"),
    (lambda d: d["powers"]["WEST"].update(alternatives={"CAS": ["ERA"]}), "ERA is not one of WEST's other home"),
    (lambda d: d["powers"]["WEST"].update(alternatives=["CAS"]), "powers.WEST.alternatives: expected"),
])
def test_a_broken_feature_is_refused_naming_the_key(change, message):
    text = _broken(change)
    assert text.startswith("isles.json: ") and message in text, text


def test_a_power_with_no_home_centre_may_still_build_by_claims():
    doc = copy.deepcopy(ISLES)
    doc["powers"]["SOUTH"] = {"letter": "S", "claims": 2}
    doc["start"]["SOUTH"] = []
    assert build(doc, "isles.json").power_builds["SOUTH"].claims == 2
    doc["powers"]["SOUTH"] = {"letter": "S"}
    assert "no home centre" in _broken(lambda d: d["powers"].update(SOUTH={"letter": "S"}))


# -- changes in given phases (DPjudge's IN and FROM) -------------------------------------------------------------------

def test_changes_apply_in_their_phases_only():
    from judge.position import Phase
    doc = copy.deepcopy(ISLES)
    doc["changes"] = [{"in": "W1901A", "powers": {"WEST": {**doc["powers"]["WEST"], "alternatives": {}}}},
                      {"from": "S1903M", "victory": 6}, {"in": "fall", "homes": {"EAST": ["ERA", "FEL"]}}]
    m = build(doc, "isles.json")
    assert m.at(Phase.parse("S1901M")) is m
    w1901 = m.at(Phase.parse("W1901A"))
    assert w1901.power_builds["WEST"].alternatives == {} and m.power_builds["WEST"].alternatives == {"CAS": ("BRN",)}
    assert m.at(Phase.parse("W1902A")) is m and m.at(Phase.parse("W1901A")) is w1901         # built once
    assert m.at(Phase.parse("S1903M")).victory_count == 6 and m.at(Phase.parse("W1902A")).victory_count == 5
    assert m.at(Phase.parse("F1904R")).homes("EAST") == ("ERA", "FEL") and m.at(Phase.parse("F1904R")).victory == 6
    assert m.at(Phase.parse("S1904M")).homes("EAST") == ("ERA", "FEL", "GAR")
    assert "GAR" in m.at(Phase.parse("F1904R")).centers                 # (a home no more, still a centre)


@pytest.mark.parametrize("changes, message", [
    ([{"in": "W1901A", "provinces": {}}], "changes[0]: 'provinces' cannot change during a game"),
    ([{"in": "spring", "fleet": {"HOL": ["SOC"]}}], "is not symmetric"),
    ([{"in": "W1901A", "from": "S1902M"}], "changes[0]: expected \"in\""),
    ([{"in": "someday"}], "changes[0]: 'someday': \"in\" takes spring, fall, winter"),
    ([{"from": "S1902R"}], "changes[0]: 'S1902R'"),
    ([{"from": "S1902M", "victory": 99}], "changes[0]: victory: 99 is more than the 8 supply centres"),
    ([{"in": "spring", "homes": {"WEST": ["NOC"]}}], "changes[0]: provinces.NOC.home: a home centre must be"),
    ([{"in": "spring", "powers": {"WEST": {**ISLES["powers"]["WEST"], "letter": "X"}}}],
     "changes[0].powers.WEST.letter: cannot change"),
    ([{"in": "spring", "powers": {"SOUTH": {"letter": "S"}}}], "changes[0].powers.SOUTH: no power of this variant"),
])
def test_a_broken_change_is_refused_naming_it(changes, message):
    text = _broken(lambda d: d.update(changes=changes))
    assert message in text, text


def test_a_shared_home_centre_is_a_home_of_both():
    doc = copy.deepcopy(ISLES)
    doc["powers"]["EAST"]["shared_homes"] = ["CAS"]
    m = build(doc, "isles.json")
    assert m.homes("EAST") == ("CAS", "ERA", "FEL", "GAR") and m.homes("WEST") == ("ALB", "BRN", "CAS")
    assert m.first_centers()["CAS"] == "WEST"
    assert "'HOL' is no other power's home centre" in _broken(
        lambda d: d["powers"]["EAST"].update(shared_homes=["HOL"]))
