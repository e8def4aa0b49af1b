"""The DPjudge preset against the whole DATC: same results except where its rules differ, each difference explained."""
import pytest

from judge import datc
from judge.rules import parse_rules

CASES = datc.load_cases()
DPJUDGE_VARIANTS = {("4.A.2", "1982"), ("4.D.8", "a")}

# Cases whose DATC text gives no outcome for DPjudge's rules; the outcome below is derived by hand from the rule.
DERIVED = {
    # 1982 rule: the army convoyed to Norway cannot cut Norway's support of an attack on the North Sea, where an
    # English fleet is convoying. So the North Sea falls, the English convoy fails, Holland's support stands and
    # Ruhr takes Belgium.
    "6.F.25": {"dislodged": ["A BEL", "F NTH", "F NWY"],
               "results": {"A Rhur - Belgium": "succeeds", "A Holland Supports Rhur - Belgium": "succeeds",
                           "A Yorkshire - Holland": "fails", "F North Sea Convoys Yorkshire - Holland": "fails",
                           "A Belgium Hold": "fails", "F Norwegian Sea - North Sea": "succeeds"}},
    # Distance to a home centre: Livonia and Prussia both border Warsaw (1); Livonia goes first alphabetically.
    "6.J.3": {"units": {"RUSSIA": ["A PRU"]}},
    # Fleets count fleet moves: Gulf of Bothnia is 1 from St Petersburg, the North Sea 2 (via Norway).
    "6.J.6": {"units": {"RUSSIA": ["F BOT"]}},
    # Piedmont borders Venice (1); Albania is 2 from Venice or Naples.
    "6.J.10": {"units": {"ITALY": ["A PIE"]}},
}


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_dpjudge_preset(case, m):
    variant, step = DERIVED.get(case["id"]), 0
    for i, s in enumerate(case["steps"]):
        for v in s.get("variants", ()):
            if (v["issue"], v["choice"]) in DPJUDGE_VARIANTS:
                variant, step = v, i
    assert datc.run_case(case, parse_rules(["dpjudge"]), variant, m, step) == []


def test_derived_cases_really_differ_from_the_datc_preference(m):
    for case_id in DERIVED:
        case = next(c for c in CASES if c["id"] == case_id)
        assert datc.run_case(case, parse_rules(["dpjudge"]), None, m) != []
