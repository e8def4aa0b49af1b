"""House rules about dummies that DPjudge's maps carry, in both engines: immobile_dummies (a dummy's units never
move; a dislodged one is destroyed), dummy_fire (friendly fire for dummies), vassal_dummies (a dummy keeps its home
centres and becomes the vassal of the power holding them all)."""
from __future__ import annotations

import pytest

from judge import api, maps, phases
from judge.position import HouseState

ENGINES = ["engine=dpjudge", "engine=equations"]


def spring(units: dict, **more) -> dict:
    return {"phase": "S1901M", "units": units, "centers": {}, **more}


@pytest.mark.parametrize("engine", ENGINES)
def test_immobile_dummies_may_not_move_but_may_hold_and_support(engine):
    state = spring({"ITALY": ["A VEN", "A ROM"]}, dummies=["ITALY"])
    out = api.adjudicate(state, {"ITALY": ["A VEN - TYR", "A ROM S A VEN"]}, ["immobile_dummies", engine])
    assert [e["error"] for e in out["errors"]] == ["A DUMMY'S UNIT CANNOT MOVE (RULE IMMOBILE_DUMMIES): A VEN"]
    assert [o["order"] for o in out["orders"]] == ["A ROM S A VEN", "A VEN H"]
    out = api.adjudicate({**state, "dummies": []}, {"ITALY": ["A VEN - TYR"]}, ["immobile_dummies", engine])
    assert not out["errors"] and out["state"]["units"]["ITALY"] == ["A ROM", "A TYR"]     # Italy played: it moves


@pytest.mark.parametrize("engine", ENGINES)
def test_a_dislodged_immobile_dummy_is_destroyed_without_a_retreat_phase(engine):
    state = spring({"AUSTRIA": ["A TRI", "A TYR"], "ITALY": ["A VEN"]}, dummies=["ITALY"])
    orders = {"AUSTRIA": ["A TRI - VEN", "A TYR S A TRI - VEN"]}
    out = api.adjudicate(state, orders, ["immobile_dummies", engine])
    assert out["state"]["phase"] == "F1901M" and "ITALY" not in out["state"]["units"]
    assert {"power": "ITALY", "order": "A VEN H", "result": ["dislodged", "destroyed"]} in out["orders"]
    plain = api.adjudicate(state, orders, [engine])
    assert plain["state"]["phase"] == "S1901R" and plain["state"]["dislodged"]["ITALY"]


@pytest.mark.parametrize("engine", ENGINES)
def test_dummy_fire_a_dummys_own_attack_dislodges_its_unit(engine):
    state = spring({"ITALY": ["A VEN", "A ROM", "A APU"]}, dummies=["ITALY"])
    orders = {"ITALY": ["A ROM - VEN", "A APU S A ROM - VEN", "A VEN H"]}
    out = api.adjudicate(state, orders, ["dummy_fire", engine])
    assert out["state"]["phase"] == "S1901R" and list(out["state"]["dislodged"]["ITALY"]) == ["A VEN"]
    assert out["state"]["units"]["ITALY"] == ["A APU", "A VEN"]      # (A VEN is the unit from Rome now)
    # The result's state is the next request's: it was refused ('NO POWER DISLODGES ITS OWN'); a dummy's is read.
    again = api.adjudicate(out["state"], {"ITALY": ["A VEN R TUS"]}, ["dummy_fire", engine])
    assert again["state"]["phase"] == "F1901M" and again["state"]["units"]["ITALY"] == ["A APU", "A TUS", "A VEN"]
    with pytest.raises(ValueError, match="TWO UNITS OF ITALY IN VEN: .*NO POWER DISLODGES ITS OWN"):
        api.adjudicate({**out["state"], "dummies": []}, {}, ["dummy_fire", engine])
    # Without the rule, or for a power that is played, a power never dislodges its own unit.
    for rules, dummies in ((["dummy_fire", engine], []), ([engine], ["ITALY"])):
        same = api.adjudicate({**state, "dummies": dummies}, orders, rules)
        assert same["state"]["phase"] == "F1901M" and "dislodged" not in same["state"]


def test_a_dummy_becomes_the_vassal_of_the_power_holding_all_its_homes_and_keeps_them():
    m = maps.load("standard")
    fall = {"phase": "F1901M", "units": {"AUSTRIA": ["A VEN", "A ROM", "F NAP"], "ITALY": ["A TUS"]},
            "centers": {"ITALY": ["NAP", "ROM", "VEN"], "AUSTRIA": ["VIE"]}, "dummies": ["ITALY"]}
    out = api.adjudicate(fall, {}, ["vassal_dummies"])
    after = out["state"]
    assert after["centers"]["ITALY"] == ["NAP", "ROM", "VEN"] and after["vassals"] == {"ITALY": "AUSTRIA"}
    # Without the rule the centres change hands as always.
    plain = api.adjudicate(fall, {}, [])["state"]
    assert plain["centers"]["AUSTRIA"] == ["NAP", "ROM", "VEN", "VIE"] and "vassals" not in plain
    # A power counts its vassals' centres towards victory.
    centers = {c: "AUSTRIA" for c in sorted(m.centers)[:15]} | {"NAP": "ITALY", "ROM": "ITALY", "VEN": "ITALY"}
    assert phases.winner(m, centers, HouseState(frozenset({"ITALY"}), vassals={"ITALY": "AUSTRIA"})) == "AUSTRIA"
    assert phases.winner(m, centers) is None


def test_a_vassal_changes_lord_only_when_another_power_holds_all_its_homes():
    fall = {"phase": "F1901M", "units": {"FRANCE": ["A VEN", "A ROM"], "AUSTRIA": ["F NAP"]},
            "centers": {"ITALY": ["NAP", "ROM", "VEN"]}, "dummies": ["ITALY"], "vassals": {"ITALY": "AUSTRIA"}}
    after = api.adjudicate(fall, {}, ["vassal_dummies"])["state"]
    assert after["vassals"] == {"ITALY": "AUSTRIA"} and after["centers"]["ITALY"] == ["NAP", "ROM", "VEN"]
    fall["units"] = {"FRANCE": ["A VEN", "A ROM", "F NAP"]}
    assert api.adjudicate(fall, {}, ["vassal_dummies"])["state"]["vassals"] == {"ITALY": "FRANCE"}
