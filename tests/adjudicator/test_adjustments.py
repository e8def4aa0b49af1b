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


def test_waive_is_reported_once_per_unused_build(m):
    pos = position(m, {}, "W1901A", centers={"FRANCE": ["PAR", "BRE"]})
    results, _ = resolve_adjustments(m, pos, {"FRANCE": [Waive("FRANCE")]}, Ruleset())
    assert [str(r.order) for r in results] == ["WAIVE", "WAIVE"]
