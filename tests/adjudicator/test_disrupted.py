"""Which convoying fleet a failed convoy marks "disrupted". DPjudge's Game.py (checkDisruptions) marks the army
"no convoy" and only the fleet whose dislodgement it fears "disrupted"; when that fleet is dislodged after all, Step 10
reports it "dislodged" instead. The chain's other fleets, never attacked, are not marked: their result lines read
as DPjudge's do, and jDip's judge import (which knows bounce, cut, void, no convoy, dislodged and destroyed, and stops
at any other note) reads the game's history."""
from __future__ import annotations

import pytest

from judge.adjudicator import adjudicate
from judge.rules import parse_rules
from tests.conftest import position_and_orders

UNITS = {"ENGLAND": ["A YOR", "F NTH", "F ENG"], "FRANCE": ["F BRE", "F MAO"]}
ORDERS = {"ENGLAND": ["A YOR - NTH - ENG - PIC", "F NTH C A YOR - PIC", "F ENG C A YOR - PIC"],
          "FRANCE": ["F BRE - ENG", "F MAO S F BRE - ENG"]}


@pytest.mark.parametrize("paradox", ["szykman", "1982"])
@pytest.mark.parametrize("engine", ["dpjudge", "equations", "both"])
def test_only_the_fleet_that_broke_a_chain_is_marked(m, engine, paradox):
    rules = parse_rules([f"convoy_paradox={paradox}"])
    pos, parsed = position_and_orders(m, UNITS, ORDERS, rules)
    out = adjudicate(m, pos, list(parsed.values()), rules, engine=engine)
    marks = {str(r.order): r.marks for r in out.results}
    assert marks["F ENG C A YOR - PIC"] == ("dislodged",)
    assert marks["A YOR - NTH - ENG - PIC"] == ("no convoy",)
    assert marks["F NTH C A YOR - PIC"] == ()          # the Channel broke the chain, not the North Sea
    assert marks["F BRE - ENG"] == () and marks["F MAO S F BRE - ENG"] == ()
    assert out.disagreements == []
