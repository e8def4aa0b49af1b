"""Rule editions of DATC 4.A.3 (convoy_intent, via_without_convoy): our own DATC-style cases, on both engines."""
import json
from pathlib import Path

import pytest

from judge import datc
from judge.rules import ConvoyIntent, Ruleset, ViaWithoutConvoy, parse_rules

CASES = json.loads((Path(__file__).resolve().parent.parent / "data" / "editions" / "convoy_intent.json")
                   .read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("engine", ["dpjudge", "equations"])
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case(case, engine, m):
    assert datc.run_case(case, parse_rules(case["rules"]), m=m, engine=engine) == []


def test_the_options_have_the_names_outside_checks_use():
    rs = parse_rules(["convoy_intent=via_only", "via_without_convoy=land"])
    assert rs.convoy_intent is ConvoyIntent.VIA_ONLY and rs.via_without_convoy is ViaWithoutConvoy.LAND
    assert Ruleset().convoy_intent.value == "own_fleet" and Ruleset().via_without_convoy.value == "hold"
    with pytest.raises(ValueError, match="CONVOY_INTENT"):
        parse_rules(["convoy_intent=sometimes"])


def test_each_option_changes_an_outcome():
    # The cases would pass whatever the option did if both choices gave the same results: each option's pair of
    # cases (the same orders) must differ under the defaults.
    pairs = {("E.1", "E.2"), ("E.4", "E.5"), ("E.8", "E.9"), ("E.12", "E.11")}
    by_id = {c["id"]: c for c in CASES}
    for a, b in pairs:
        assert by_id[a]["position"] == by_id[b]["position"]
        assert datc.run_case(by_id[b], Ruleset()) != [], f"{b} passes under the default rules"
