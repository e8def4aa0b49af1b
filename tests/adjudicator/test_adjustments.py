"""Adjustments: builds, removals, waived builds and civil-disorder removals (DATC 4.D.8, 6.J)."""
import pytest

from judge.adjudicator.adjustments import civil_disorder_removals, resolve_adjustments
from judge.orders import Build, Remove, Waive
from judge.rules import RemovalDistance, Ruleset
from tests.conftest import position


def test_builds_removals_and_defaults(m):
    pos = position(m, {"GERMANY": ["A BER"], "RUSSIA": ["A MOS", "A UKR", "A LVN"]}, "W1901A",
                   centers={"GERMANY": ["BER", "KIE", "MUN"], "RUSSIA": ["MOS"]})
    results, units = resolve_adjustments(m, pos, {"GERMANY": [Build("GERMANY", "F", "KIE")]}, Ruleset())
    assert {str(u) for u in units.values()} == {"A BER", "F KIE", "A MOS"}
    texts = [(str(r.order), r.marks) for r in results]
    assert ("BUILD F KIE", ()) in texts and ("WAIVE", ()) in texts
    # Russia gave no orders: civil disorder removes Livonia before Ukraine (both one from Moscow; alphabetical).
    assert [t for t, _ in texts if t.startswith("REMOVE")] == ["REMOVE A LVN", "REMOVE A UKR"]


def test_given_removals_are_used(m):
    pos = position(m, {"RUSSIA": ["A MOS", "A UKR"]}, "W1901A", centers={"RUSSIA": ["MOS"]})
    results, units = resolve_adjustments(m, pos, {"RUSSIA": [Remove(pos.units["MOS"])]}, Ruleset())
    assert list(units) == ["UKR"] and [str(r.order) for r in results] == ["REMOVE A MOS"]


@pytest.mark.parametrize("units, centers, rule, removed", [
    # Fleets before armies at equal distance.
    (["A BOH", "F SKA", "F NTH"], ["STP", "WAR"], RemovalDistance.OWNED_CENTERS, ["F NTH"]),
    # 2023: to an owned centre (Warsaw); older: to a home centre (Tuscany borders Rome and Venice).
    (["A WAR", "A TUS"], ["WAR"], RemovalDistance.OWNED_CENTERS, ["A TUS"]),
    (["A WAR", "A TUS"], ["WAR"], RemovalDistance.HOME_CENTERS, ["A WAR"]),
])
def test_civil_disorder_order(m, units, centers, rule, removed):
    power = "ITALY" if "A TUS" in units else "RUSSIA"
    pos = position(m, {power: units}, "W1901A", centers={power: centers})
    got = civil_disorder_removals(m, pos, power, list(pos.units.values()), 1, Ruleset(removal_distance=rule))
    assert [str(u) for u in got] == removed


@pytest.mark.parametrize("power, units, centers, removed", [
    # Counted through any province for fleets too: the Black Sea is two from Budapest by way of Rumania (four by
    # sea from Trieste, as home_centers counts it), Moscow three (Ukraine, Galicia). So the army goes.
    ("AUSTRIA", ["F BLA", "A MOS"], ["VIE"], ["A MOS"]),
    # Norwegian Sea and Norway are both three from Kiel (North Sea, then Heligoland, Holland or Denmark): a tie
    # between fleets goes by abbreviation, NWG before NWY (by full name Norway would come first).
    ("GERMANY", ["F NWG", "F NWY"], ["KIE"], ["F NWG"]),
    # Denmark and Heligoland Bight are both next to Kiel: the fleet goes first, though DEN comes before HEL.
    ("GERMANY", ["A DEN", "F HEL"], ["KIE"], ["F HEL"]),
    # Home centres, not owned ones: Warsaw is Russia's own, Tuscany is next to Rome and Venice (Italy's homes).
    ("ITALY", ["A WAR", "A TUS"], ["WAR"], ["A WAR"]),
    # Two removals: farthest first. Galicia is one from Vienna, Ukraine two, Moscow three.
    ("AUSTRIA", ["A GAL", "A UKR", "A MOS"], ["VIE"], ["A MOS", "A UKR"]),
])
def test_home_any_terrain_removal_order(m, power, units, centers, removed):
    pos = position(m, {power: units}, "W1901A", centers={power: centers})
    rules = Ruleset(removal_distance=RemovalDistance.HOME_ANY_TERRAIN)
    got = civil_disorder_removals(m, pos, power, list(pos.units.values()), len(removed), rules)
    assert [str(u) for u in got] == removed


def test_home_any_terrain_differs_from_the_other_two_choices(m):
    # The positions above where the new choice decides otherwise than the older ones.
    def first_removed(power, units, centers, rule):
        pos = position(m, {power: units}, "W1901A", centers={power: centers})
        got = civil_disorder_removals(m, pos, power, list(pos.units.values()), 1, Ruleset(removal_distance=rule))
        return str(got[0])
    # home_centers counts the fleet by sea (4 > 3); owned_centers counts to Vienna (3 = 3, the fleet first).
    assert first_removed("AUSTRIA", ["F BLA", "A MOS"], ["VIE"], RemovalDistance.HOME_CENTERS) == "F BLA"
    assert first_removed("AUSTRIA", ["F BLA", "A MOS"], ["VIE"], RemovalDistance.OWNED_CENTERS) == "F BLA"
    # The same tie at three, broken by full name there: Norway before Norwegian Sea.
    assert first_removed("GERMANY", ["F NWG", "F NWY"], ["KIE"], RemovalDistance.HOME_CENTERS) == "F NWY"
    # And a whole adjustment phase under the rule: Germany owes one removal and orders none.
    pos = position(m, {"GERMANY": ["F NWG", "F NWY", "A KIE"]}, "W1901A", centers={"GERMANY": ["KIE", "BER"]})
    results, units = resolve_adjustments(m, pos, {}, Ruleset(removal_distance=RemovalDistance.HOME_ANY_TERRAIN))
    assert [str(r.order) for r in results] == ["REMOVE F NWG"] and sorted(units) == ["KIE", "NWY"]


def test_waive_is_reported_once_per_unused_build(m):
    pos = position(m, {}, "W1901A", centers={"FRANCE": ["PAR", "BRE"]})
    results, _ = resolve_adjustments(m, pos, {"FRANCE": [Waive("FRANCE")]}, Ruleset())
    assert [str(r.order) for r in results] == ["WAIVE", "WAIVE"]
