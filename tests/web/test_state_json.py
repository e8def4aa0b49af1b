"""GET /games/<game>/state.json is "the position now as the `state` of judge-json.md, with "variant"": in a retreat
phase the dislodged unit is out of `units` and in `dislodged` with the places it may retreat to, and the centres are
still the year's before (they change after the Fall phases, before the winter's). A document an outside program
hands to `judge adjudicate` as it is."""
from __future__ import annotations

import json

from judge import api


def test_the_state_of_a_retreat_phase_is_judge_jsons_state(served):
    served.start_game("demo")
    served.orders("demo", "FRANCE", "A PAR - BUR")
    served.orders("demo", "GERMANY", "A MUN - RUH", "A BER - MUN")
    served.orders("demo", "MASTER", "PROCESS!")
    # Fall: Ruhr, supported from Munich, dislodges Burgundy. It may not go back to Ruhr (where the attack came from),
    # nor to Munich or Marseilles (held); Paris is empty since the spring.
    served.orders("demo", "FRANCE", "A BUR H")
    served.orders("demo", "GERMANY", "A RUH - BUR", "A MUN S A RUH - BUR")
    served.orders("demo", "MASTER", "PROCESS!")
    page = served.visitor().get("/games/demo/state.json")
    assert page.status == 200 and page.headers["Content-Type"] == "application/json; charset=utf-8"
    doc = json.loads(page.body)
    homes = {"AUSTRIA": ["BUD", "TRI", "VIE"], "ENGLAND": ["EDI", "LON", "LVP"], "FRANCE": ["BRE", "MAR", "PAR"],
             "GERMANY": ["BER", "KIE", "MUN"], "ITALY": ["NAP", "ROM", "VEN"], "RUSSIA": ["MOS", "SEV", "STP", "WAR"],
             "TURKEY": ["ANK", "CON", "SMY"]}
    units = {"AUSTRIA": {"A BUD", "F TRI", "A VIE"}, "ENGLAND": {"F EDI", "F LON", "A LVP"},
             "FRANCE": {"F BRE", "A MAR"}, "GERMANY": {"A BUR", "F KIE", "A MUN"},
             "ITALY": {"F NAP", "A ROM", "A VEN"}, "RUSSIA": {"A MOS", "F SEV", "F STP/SC", "A WAR"},
             "TURKEY": {"F ANK", "A CON", "A SMY"}}
    assert set(doc) == {"variant", "phase", "units", "centers", "dislodged"}
    assert (doc["variant"], doc["phase"]) == ("standard", "F1901R")
    assert {p: set(u) for p, u in doc["units"].items()} == units
    assert {p: sorted(c) for p, c in doc["centers"].items()} == homes
    assert {p: {u: sorted(to) for u, to in d.items()} for p, d in doc["dislodged"].items()} == \
        {"FRANCE": {"A BUR": ["BEL", "GAS", "PAR", "PIC"]}}
    # As judge-json's state it is taken whole: the retreat to Paris, and no winter (nobody builds or removes).
    state = {k: v for k, v in doc.items() if k != "variant"}
    after = api.adjudicate(state, {"FRANCE": ["A BUR R PAR"]})["state"]
    assert after["phase"] == "S1902M" and "A PAR" in after["units"]["FRANCE"]
