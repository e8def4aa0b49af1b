"""Cases found by cross-checking the engines (tests/data/regressions.json), under both engines and paradox rules."""
import json
from pathlib import Path

import pytest

from judge import datc
from judge.rules import parse_rules

CASES = json.loads((Path(__file__).resolve().parents[1] / "data" / "regressions.json").read_text())["cases"]


@pytest.mark.parametrize("engine", ["dpjudge", "equations"])
@pytest.mark.parametrize("rules", [[], ["convoy_paradox=1982"]], ids=["szykman", "1982"])
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_regression(case, rules, engine, m):
    assert datc.run_case(case, parse_rules(rules), m=m, engine=engine) == []
