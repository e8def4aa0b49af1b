"""Every DATC v3.1 case of chapter 6, run from the data in tests/data/datc; and the variants the judge offers."""
import json

import pytest

from judge import datc
from judge.rules import parse_rules

CASES = datc.load_cases()
VARIANTS = [(c, i, v) for c in CASES for i, s in enumerate(c["steps"]) for v in s.get("variants", ())]
OFFERED = [(c, i, v) for c, i, v in VARIANTS if (v["issue"], v["choice"]) in datc.VARIANT_RULES]


def test_every_case_is_encoded():
    ids = {c["id"].rstrip("b") for c in CASES}
    sections = {"A": 12, "B": 15, "C": 9, "D": 34, "E": 15, "F": 25, "G": 20, "H": 16, "I": 7, "J": 11}
    expected = {f"6.{s}.{n}" for s, count in sections.items() for n in range(1, count + 1)}
    assert ids == expected and len(expected) == datc.TOTAL


def test_every_case_has_a_checkable_expectation():
    for case in CASES:
        checks = 0
        for step in case["steps"]:
            checks += sum("result" in o for o in step["orders"])
            checks += sum(k in step for k in ("dislodged", "units", "retreats"))
        assert checks, f"{case['id']} asserts nothing"


def test_every_variant_is_offered_or_explained():
    for case, _, v in VARIANTS:
        key = (v["issue"], v["choice"])
        assert key in datc.VARIANT_RULES or datc.NOT_OFFERED.get(key), f"{case['id']} {key} has no rule or reason"


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case(case, m):
    assert datc.run_case(case, m=m) == []


@pytest.mark.parametrize("case, step, variant", OFFERED,
                         ids=[f"{c['id']}-{v['issue']}-{v['choice']}" for c, _, v in OFFERED])
def test_variant(case, step, variant, m):
    """The other choice, under the rule option that offers it (both behaviours are tested)."""
    words = datc.VARIANT_RULES[(variant["issue"], variant["choice"])]
    assert datc.run_case(case, parse_rules(words), variant, m, step) == []


def test_report_summary_counts(tmp_path):
    # A broken expectation is reported as a failure with its reason, and the score drops.
    case = json.loads(json.dumps(next(c for c in CASES if c["id"] == "6.A.11")))
    case["steps"][0]["orders"][0]["result"] = "succeeds"
    (tmp_path / "6a.json").write_text(json.dumps({"section": "6.A", "cases": [case]}))
    report = datc.run_all(tmp_path)
    text = report.summary()
    assert text.startswith("DATC 3.1: 0/164 passed")
    assert "FAILED 6.A.11" in text and "expected succeeds, got fails" in text


RULE_CASES = datc.load_rule_cases()


@pytest.mark.parametrize("engine", ["dpjudge", "equations"])
@pytest.mark.parametrize("case", RULE_CASES, ids=[c["id"] for c in RULE_CASES])
def test_house_rule_case(case, engine, m):
    """Our cases for DPjudge's FRIENDLY_FIRE, NO_RETREAT, COASTAL_CRAWL and WEAK_BOUNCES, worked out by hand from
    DPjudge's rules page and its source; both engines play each under the rule words the case names (the judge
    refused these words as unknown rules before)."""
    assert datc.run_case(case, parse_rules(case["rules"]), m=m, engine=engine) == []


def test_house_rule_cases_count_among_the_variants_of_the_summary():
    ids = [c["id"] for c in RULE_CASES]
    assert len(ids) == len(set(ids)) == 15 and all(c["rules"] for c in RULE_CASES)
    text = datc.run_all().summary()
    assert "Rule-option variants: 33/33 passed" in text
