"""Where and how many units a power builds (judge/builds.py) under the house rules DPjudge's maps carry: mobilize,
remote_builds, home_builds, cd_builds, and home centres reassigned in a NEWHOMES year; through the JSON interface."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge import api, maps
from judge.maps import dpjudge_format
from judge.maps.build import build
from judge.position import initial_position
from judge.rules import Ruleset, parse_rules
from tests.test_json_requests import adjudicate

DATA = Path(__file__).resolve().parent / "data" / "maps"


def winter(units: dict, centers: dict, **more) -> dict:
    return {"phase": "W1901A", "units": units, "centers": centers, **more}


def errors(out: dict) -> list[str]:
    return [e["error"] for e in out["errors"]]


# -- mobilize --------------------------------------------------------------------------------------------------------

def test_mobilize_begins_with_an_adjustment_phase_and_no_units():
    m = maps.load("standard")
    pos = initial_position(m, parse_rules(["mobilize"]))
    assert str(pos.phase) == "W1900A" and not pos.units and not pos.centers
    assert pos.house.mobilizing == {p: 1 for p in m.powers}
    # A dummy under immobile_dummies mobilizes one unit in each of its home centres.
    pos = initial_position(m, parse_rules(["mobilize", "immobile_dummies"]), frozenset({"ITALY"}))
    assert pos.house.mobilizing["ITALY"] == 3 and pos.house.mobilizing["FRANCE"] == 1


def test_mobilizing_powers_build_one_unit_in_a_home_centre_they_do_not_own():
    m = maps.load("standard")
    state = initial_position(m, parse_rules(["mobilize"])).to_json(m)
    out = api.adjudicate(state, {"FRANCE": ["BUILD A PAR", "BUILD A MAR"], "ENGLAND": ["BUILD F BEL"],
                                 "GERMANY": ["BUILD F KIE"]}, ["mobilize"])
    assert "NOT A HOME SUPPLY CENTER: BEL" in errors(out)
    assert "NO MORE BUILDS ALLOWED: BUILD A MAR" in errors(out)
    after = out["state"]
    assert after["phase"] == "S1901M" and after["units"] == {"FRANCE": ["A PAR"], "GERMANY": ["F KIE"]}
    # Each power owns the centre it built on (DPjudge swaps its 'SC!' for it); a build not made stays owed (DPjudge
    # keeps the 'SC!' until a BUILD uses it).
    assert after["centers"] == {"FRANCE": ["PAR"], "GERMANY": ["KIE"]}
    assert after["mobilizing"] == {p: 1 for p in m.powers if p not in ("FRANCE", "GERMANY")}


def test_an_immobile_dummy_mobilizes_in_each_home_centre_and_owns_each():
    m = maps.load("standard")
    rules = ["mobilize", "immobile_dummies"]
    state = initial_position(m, parse_rules(rules), frozenset({"ITALY"})).to_json(m)
    out = api.adjudicate(state, {"ITALY": ["BUILD A ROM", "BUILD F NAP", "BUILD A VEN"], "TURKEY": ["WAIVE"]}, rules)
    assert out["state"]["centers"] == {"ITALY": ["NAP", "ROM", "VEN"]}
    # ... and keeps them at the first Fall (the winter after is played for the others, who still owe their first
    # build, Turkey's waived one too, as DPjudge keeps their 'SC!').
    fall = api.adjudicate({**out["state"], "phase": "F1901M"}, {}, rules)
    assert fall["state"]["phase"] == "W1901A" and sorted(fall["state"]["units"]["ITALY"]) == ["A ROM", "A VEN", "F NAP"]
    assert fall["state"]["centers"] == {"ITALY": ["NAP", "ROM", "VEN"]} and fall["state"]["mobilizing"]["TURKEY"] == 1


def test_mobilize_before_a_calendar_of_its_own_goes_back_to_its_adjustment_phase():
    maps.use_folder(DATA)
    try:
        m = maps.load("toy_years")                  # adjustments only in years ten divides; begins A.D. 1425
        pos = initial_position(m, parse_rules(["mobilize"]))
        assert str(pos.phase) == "A.D. 1420 ADJUSTMENTS"
    finally:
        maps.use_folder(None)


# -- remote_builds and home_builds ------------------------------------------------------------------------------

FRANCE = {"FRANCE": ["A PAR"]}


def test_remote_builds_anywhere_owned_while_a_home_centre_is_kept():
    state = winter(FRANCE, {"FRANCE": ["PAR", "BEL", "HOL"]})
    out = api.adjudicate(state, {"FRANCE": ["BUILD A BEL", "BUILD F HOL"]}, ["remote_builds"])
    assert not out["errors"] and out["state"]["units"]["FRANCE"] == ["A BEL", "F HOL", "A PAR"]
    out = api.adjudicate(state, {"FRANCE": ["BUILD A BEL"]})             # without the rule: home centres only
    assert errors(out) == ["NOT A HOME SUPPLY CENTER: BEL"]


def test_remote_builds_none_once_every_home_centre_is_lost():
    state = winter({"FRANCE": ["A BUR"]}, {"FRANCE": ["BEL", "HOL"], "GERMANY": ["PAR"]})
    out = api.adjudicate(state, {"FRANCE": ["BUILD A BEL"]}, ["remote_builds"])
    assert errors(out) == ["NO BUILDS WITHOUT A HOME CENTER OF YOUR OWN (RULE REMOTE_BUILDS): BEL"]
    # ...and a fall that leaves France so has no adjustment phase to wait for.
    fall = {"phase": "F1901M", "units": {"FRANCE": ["A BUR"]}, "centers": {"FRANCE": ["BEL", "HOL"]}}
    assert api.adjudicate(fall, {}, ["remote_builds"])["state"]["phase"] == "S1902M"
    assert api.adjudicate(fall, {}, ["build_anywhere"])["state"]["phase"] == "W1901A"


def test_home_builds_in_an_owned_home_centre_of_any_power():
    state = winter(FRANCE, {"FRANCE": ["PAR", "MUN", "BEL"]})
    out = api.adjudicate(state, {"FRANCE": ["BUILD A MUN", "BUILD A BEL"]}, ["home_builds"])
    assert errors(out) == ["NOT A HOME SUPPLY CENTER: BEL"] and "A MUN" in out["state"]["units"]["FRANCE"]


# -- cd_builds ---------------------------------------------------------------------------------------------------

def test_cd_builds_a_power_that_orders_nothing_builds_at_random_the_same_way_each_time():
    state = winter({"FRANCE": ["A BUR"]}, {"FRANCE": ["PAR", "MAR", "BRE"]})
    out = api.adjudicate(state, {}, ["cd_builds"])
    built = [o["order"] for o in out["orders"] if o["order"].startswith("BUILD")]
    assert len(built) == 2 and len(out["state"]["units"]["FRANCE"]) == 3 and len(out["orders"]) == 2
    assert all(b.split()[-1] in ("PAR", "MAR", "BRE") for b in built)
    assert api.adjudicate(state, {}, ["cd_builds"])["orders"] == out["orders"]
    plain = api.adjudicate(state, {})
    assert [o["order"] for o in plain["orders"]] == ["WAIVE"] * 2
    # A power that orders anything is not in civil disorder: what it leaves out is waived.
    given = api.adjudicate(state, {"FRANCE": ["BUILD A PAR"]}, ["cd_builds"])
    assert [o["order"] for o in given["orders"]] == ["BUILD A PAR", "WAIVE"]


# -- NEWHOMES --------------------------------------------------------------------------------------------------------

def toy_newhomes(tmp_path: Path):
    (tmp_path / "toy.map").write_text((DATA / "toy.map").read_text())
    doc = dpjudge_format.read_text("USE toy\nNEWHOMES 1902\n", "nh", tmp_path, maps.load)
    return build(doc, "nh")


def test_new_homes_before_the_year_nobody_has_home_centres_and_builds_go_anywhere_owned(tmp_path):
    m = toy_newhomes(tmp_path)
    assert m.new_homes == (1902,)
    pos = initial_position(m)
    assert pos.house.homes == {}
    from judge.adjudicator import adjudicate
    from judge.orders.validate import Validator
    w = pos.__class__.from_json({"phase": "W1901A", "units": {"SOUTH": ["A MID"]},
                                 "centers": {"SOUTH": ["MID", "CRG"]}, "homes": {}}, m)
    order = Validator(w, m, Ruleset()).order("BUILD A CRG", "SOUTH")
    out = adjudicate(m, w, [order], Ruleset())
    assert out.position.units["CRG"].power == "SOUTH"


def test_in_the_new_homes_year_the_centres_owned_become_the_home_centres(tmp_path):
    m = toy_newhomes(tmp_path)
    from judge.adjudicator import adjudicate
    from judge.position import Position
    fall = Position.from_json({"phase": "F1902M", "units": {"SOUTH": ["A MID"], "NORTH": ["F NBY"]},
                               "centers": {"SOUTH": ["SBY"], "NORTH": ["NBY"]}, "homes": {}}, m)
    out = adjudicate(m, fall, [], Ruleset())
    assert str(out.position.phase) == "W1902A"
    assert out.position.house.homes == {"NORTH": ("NBY",), "SOUTH": ("MID", "SBY")}
    doc = out.position.to_json(m)
    assert doc["homes"] == {"NORTH": ["NBY"], "SOUTH": ["MID", "SBY"]}


@pytest.mark.parametrize("extra, message", [
    ({"mobilizing": {"FRANCE": -1}}, "MOBILIZING MUST GIVE EACH POWER A NUMBER OF BUILDS"),
    ({"homes": {"FRANCE": ["BUR"]}}, "HOMES MUST BE SUPPLY CENTERS"),
    ({"dummies": ["NOWHERE"]}, "DUMMIES MUST BE A LIST OF POWERS"),
    ({"vassals": {"ITALY": "NOWHERE"}}, "VASSALS MUST NAME THEIR CONTROLLING POWER"),
    # (a power its own lord, or a ring of them: none is ordered by a player; a home listed twice)
    ({"vassals": {"ITALY": "ITALY"}}, "VASSALS GO ROUND IN A RING: ITALY, VASSAL OF ITALY"),
    ({"vassals": {"ITALY": "AUSTRIA", "AUSTRIA": "TURKEY", "TURKEY": "ITALY"}},
     "VASSALS GO ROUND IN A RING: ITALY, VASSAL OF AUSTRIA, VASSAL OF TURKEY, VASSAL OF ITALY"),
    ({"homes": {"FRANCE": ["PAR", "BRE", "PAR"]}}, "HOMES OF FRANCE NAME PAR TWICE"),
])
def test_a_bad_house_state_is_a_malformed_request(extra, message):
    with pytest.raises(ValueError, match=message):
        api.adjudicate(winter(FRANCE, {"FRANCE": ["PAR"]}, **extra), {})


def test_a_vassal_of_a_vassal_is_refused_whatever_the_order_of_the_keys():
    """DPjudge's vassals have one level: a vassal is a dummy, and a dummy is never a lord (Game.vassalship gives a
    dummy no controller when its homes are held by a dummy). A chain was taken, and what it did hung on the order of
    the keys of `vassals`: it is refused, naming the chain, whichever key comes first."""
    chain = {"ITALY": "AUSTRIA", "AUSTRIA": "TURKEY"}
    for vassals in (chain, dict(reversed(chain.items()))):
        state = winter(FRANCE, {"FRANCE": ["PAR"]}, vassals=vassals, dummies=["ITALY", "AUSTRIA"])
        for args in ((), ("--batch",)):
            p = adjudicate({"state": state}, *args)
            assert p.returncode == 2 and p.stderr.count("\n") == 1, p.stderr
            assert "VASSAL OF A VASSAL: ITALY, VASSAL OF AUSTRIA, VASSAL OF TURKEY" in p.stderr, p.stderr
    # One level, two vassals of one power, is a position.
    vassals = {"ITALY": "TURKEY", "AUSTRIA": "TURKEY"}
    p = adjudicate({"state": winter(FRANCE, {"FRANCE": ["PAR"]}, vassals=vassals, dummies=["ITALY", "AUSTRIA"])})
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["state"]["vassals"] == vassals


# -- counts and sites remembered for the last position asked about ----------------------------------------------------

def test_counts_and_sites_for_one_position_after_another_are_those_counted_afresh():
    """builds.count and builds.sites keep their tallies for the last position (and centres) asked about: asked about
    random positions in turn, and about earlier ones again, they answer as a count made afresh does."""
    import random

    from judge import builds
    from judge.position import Phase, Position, Unit
    m = maps.load("standard")
    rng = random.Random(7)
    provinces, centres = sorted(m.provinces), sorted(m.centers)
    rule_sets = [Ruleset(), parse_rules(["build_anywhere"]), parse_rules(["home_builds"])]
    positions = []
    for _ in range(60):
        owners = {c: rng.choice(m.powers) for c in rng.sample(centres, rng.randrange(len(centres) + 1))}
        units = {p: Unit(rng.choice(m.powers), "A", p) for p in rng.sample(provinces, rng.randrange(40))
                 if m.provinces[p].terrain != "sea"}
        positions.append(Position(Phase(1901, 2, 2), units, owners, {}))
    checked = 0
    for pos in positions + rng.sample(positions, 30) + positions[:5]:
        for power in m.powers:
            mine = sum(1 for owner in pos.centers.values() if owner == power)
            units = sum(1 for u in pos.units.values() if u.power == power)
            assert builds.count(m, pos, power) == mine - units
            for rules in rule_sets:
                owned = [c for c, owner in pos.centers.items() if owner == power]
                anywhere = rules.build_anywhere
                every = {h for p in m.powers for h in m.homes(p)}
                fresh = [c for c in owned if c not in pos.units and (
                    anywhere or c in m.homes(power) or (rules.home_builds and c in every))]
                assert builds.sites(m, power, pos.units, pos.centers, rules) == fresh
                checked += 1
    assert checked == 95 * 7 * 3


def test_the_tallies_of_a_position_are_plain_dicts_of_centres_and_units_per_power():
    """An adjustment's balance reads each power's centres and units from tallies made once per position: plain dicts
    (read by direct calls in the compiled build; a Counter was a Python class to it), counting each power's centres
    and units, with no entry for a power that has none."""
    from judge import builds
    from judge.position import Phase, Position, Unit
    m = maps.load("standard")
    pos = Position(Phase(1901, 2, 2), {"PAR": Unit("FRANCE", "A", "PAR"), "BRE": Unit("FRANCE", "F", "BRE"),
                                       "MUN": Unit("GERMANY", "A", "MUN")},
                   {"PAR": "FRANCE", "BRE": "FRANCE", "MAR": "FRANCE", "BER": "GERMANY"}, {})
    centres, units = builds._count_tallies(pos)
    assert type(centres) is dict and type(units) is dict
    assert centres == {"FRANCE": 3, "GERMANY": 1} and units == {"FRANCE": 2, "GERMANY": 1}
    assert [builds.balance(m, pos, p) for p in ("FRANCE", "GERMANY", "ITALY")] == [1, 0, 0]
