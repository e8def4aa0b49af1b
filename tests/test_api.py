"""The JSON interface (shared/spec/judge-json.md) for every phase type, and its refusals."""
import copy

import pytest

from judge.api import adjudicate, read_rules, request

START = {
    "phase": "S1901M",
    "units": {"AUSTRIA": ["A BUD", "A VIE", "F TRI"], "ENGLAND": ["F EDI", "F LON", "A LVP"],
              "FRANCE": ["F BRE", "A MAR", "A PAR"], "GERMANY": ["F KIE", "A BER", "A MUN"],
              "ITALY": ["F NAP", "A ROM", "A VEN"], "RUSSIA": ["A MOS", "F SEV", "F STP/SC", "A WAR"],
              "TURKEY": ["F ANK", "A CON", "A SMY"]},
    "centers": {"AUSTRIA": ["BUD", "TRI", "VIE"], "ENGLAND": ["EDI", "LON", "LVP"], "FRANCE": ["BRE", "MAR", "PAR"],
                "GERMANY": ["BER", "KIE", "MUN"], "ITALY": ["NAP", "ROM", "VEN"],
                "RUSSIA": ["MOS", "SEV", "STP", "WAR"], "TURKEY": ["ANK", "CON", "SMY"]},
}


def entry(result, power, order):
    return next(o for o in result["orders"] if o["power"] == power and o["order"] == order)


def test_movement_with_defaults_errors_and_normalised_orders():
    orders = {"AUSTRIA": ["A Budapest - Serbia"], "ITALY": ["A VEN - TYR"], "GERMANY": ["A MUN - TYR"],
              "ENGLAND": ["A XYZ - LON"]}
    before = copy.deepcopy((START, orders))
    r = adjudicate(START, orders)
    assert (START, orders) == before                          # inputs are not modified
    assert r["phase"] == "S1901M"
    assert entry(r, "AUSTRIA", "A BUD - SER")["result"] == []
    assert entry(r, "ITALY", "A VEN - TYR")["result"] == ["bounce"]
    assert entry(r, "AUSTRIA", "A VIE H")["result"] == []       # a unit without orders holds, and is listed
    assert len(r["orders"]) == 22
    assert r["errors"] == [{"power": "ENGLAND", "order": "A XYZ - LON", "error": "UNKNOWN PLACENAME: XYZ"}]
    assert r["state"]["phase"] == "F1901M"
    assert "A SER" in r["state"]["units"]["AUSTRIA"] and "SER" not in r["state"]["centers"].get("AUSTRIA", [])


def test_retreat_phase_and_fall_ownership():
    state = {"phase": "F1901M", "units": {"FRANCE": ["A BUR", "A PIC"], "GERMANY": ["A BEL", "F HOL"]},
             "centers": {"GERMANY": ["BEL", "HOL"], "FRANCE": ["PAR"]}}
    r = adjudicate(state, {"FRANCE": ["A BUR - BEL", "A PIC S A BUR - BEL"]})
    assert entry(r, "GERMANY", "A BEL H")["result"] == ["dislodged"]
    s = r["state"]
    assert s["phase"] == "F1901R"
    assert s["dislodged"] == {"GERMANY": {"A BEL": ["RUH"]}}
    assert "A BEL" not in s["units"]["GERMANY"]
    r2 = adjudicate(s, {"GERMANY": ["A Belgium retreats to Ruhr"]})
    assert r2["orders"] == [{"power": "GERMANY", "order": "A BEL R RUH", "result": []}]
    assert r2["state"]["phase"] == "W1901A"
    assert r2["state"]["centers"] == {"FRANCE": ["BEL", "PAR"], "GERMANY": ["HOL"]}
    r3 = adjudicate(s, {})
    assert r3["orders"] == [{"power": "GERMANY", "order": "A BEL D", "result": []}]


def test_a_retreat_phase_with_nowhere_to_go_is_kept():
    """The e-mail judge skips a retreat phase in which no unit can retreat (as DPjudge); the JSON interface does not:
    its spec says a dislodged unit may have an empty list of retreats."""
    state = {"phase": "F1901M", "units": {"ENGLAND": ["A BEL", "F NTH"], "FRANCE": ["A RUH"],
                                          "GERMANY": ["A HOL", "A KIE"]}, "centers": {"GERMANY": ["KIE"]}}
    r = adjudicate(state, {"ENGLAND": ["A BEL - HOL", "F NTH S A BEL - HOL"]})
    assert r["state"]["phase"] == "F1901R" and r["state"]["dislodged"] == {"GERMANY": {"A HOL": []}}
    assert r["state"]["centers"] == {"GERMANY": ["KIE"]}              # (Holland changes hands after the retreats)
    r2 = adjudicate(r["state"], {})
    assert r2["orders"] == [{"power": "GERMANY", "order": "A HOL D", "result": []}]
    assert r2["state"]["phase"] == "W1901A" and r2["state"]["centers"]["ENGLAND"] == ["HOL"]


def test_adjustment_phase_with_builds_waives_and_civil_disorder():
    state = {"phase": "W1901A", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A BER", "A KIE", "A SIL"]},
             "centers": {"FRANCE": ["PAR", "BRE", "MAR"], "GERMANY": ["BER", "KIE"]}}
    r = adjudicate(state, {"FRANCE": ["Build F Brest", "Build A Munich"]})
    assert {(o["power"], o["order"]) for o in r["orders"]} == {
        ("FRANCE", "BUILD F BRE"), ("FRANCE", "WAIVE"), ("GERMANY", "REMOVE A SIL")}
    assert r["errors"] == [{"power": "FRANCE", "order": "Build A Munich", "error": "NOT A HOME SUPPLY CENTER: MUN"}]
    assert r["state"]["phase"] == "S1902M"
    assert r["state"]["units"] == {"FRANCE": ["F BRE", "A PAR"], "GERMANY": ["A BER", "A KIE"]}


def test_rules_change_the_outcome():
    state = {"phase": "S1901M", "units": {"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["A BRE", "F ENG", "F YOR"],
                                          "GERMANY": ["F NTH", "F BEL"]}, "centers": {}}
    orders = {"ENGLAND": ["F London Supports F Wales - English Channel", "F Wales - English Channel"],
              "FRANCE": ["A Brest - London", "F English Channel Convoys A Brest - London",
                         "F Yorkshire Supports A Brest - London"],
              "GERMANY": ["F North Sea Supports F Belgium - English Channel", "F Belgium - English Channel"]}
    szykman = adjudicate(state, orders)
    assert entry(szykman, "FRANCE", "A BRE - LON")["result"] == ["no convoy"]
    classic = adjudicate(state, orders, ["dpjudge"])
    assert entry(classic, "FRANCE", "A BRE - LON")["result"] == []
    assert adjudicate(state, orders, {"convoy_paradox": "1982"}) == classic


def test_winner_is_reported():
    state = {"phase": "F1910M", "units": {"FRANCE": ["A MAR"]},
             "centers": {"FRANCE": ["ANK", "BEL", "BER", "BRE", "BUD", "BUL", "CON", "DEN", "EDI", "GRE", "HOL",
                                    "KIE", "LON", "LVP", "MAR", "MOS", "MUN"]}}
    r = adjudicate(state, {"FRANCE": ["A MAR - SPA"]})
    assert r["winner"] == "FRANCE"
    assert "winner" not in adjudicate(state, {})


def test_rule_sets_are_built_once_and_never_confused():
    # Requests name the same few rule sets again and again: each is built once and shared (it is immutable) ...
    assert read_rules([]) is read_rules([]) and read_rules(None) is read_rules(None)
    assert read_rules(["dpjudge"]) is read_rules(["dpjudge"]) is not read_rules([])
    assert read_rules({"safe_convoys": 1}).safe_convoys is True
    # ... but values Python finds equal are still read as written (1.0 is no on/off, 3.0 no whole number) ...
    for bad in ({"safe_convoys": 1.0}, {"absence_days": 3.0}):
        with pytest.raises(ValueError, match="IS NOT"):
            read_rules(bad)
    assert read_rules({"absence_days": 3}).absence_days == 3
    # ... a refused set is refused every time, and what cannot be a key (a list among the values) is still read.
    for _ in range(2):
        with pytest.raises(ValueError, match="UNKNOWN RULE: NONSENSE"):
            read_rules(["nonsense"])
        with pytest.raises(ValueError):
            read_rules({"safe_convoys": [1]})
    assert read_rules(["safe_convoys", "no_safe_convoys"]).safe_convoys is False


@pytest.mark.parametrize("doc, message", [
    ({"state": {"phase": "S1901M"}, "orders": {"PRUSSIA": []}}, "UNKNOWN POWER: 'PRUSSIA'"),
    ({"state": {"phase": "S1901M"}, "orders": {"FRANCE": [1]}}, "ORDERS OF FRANCE MUST BE A LIST OF STRINGS"),
    ({"state": {"phase": "S1901M"}, "orders": {"FRANCE": ["A PAR H", None]}}, "ORDERS OF FRANCE MUST BE A LIST OF"),
    ({"state": {"phase": "S1901M"}, "orders": {"FRANCE": {"A PAR H": 1}}}, "ORDERS OF FRANCE MUST BE A LIST OF"),
    ({"state": {"phase": "S1901M"}, "orders": []}, "ORDERS MUST BE AN OBJECT KEYED BY POWER"),
    ({"state": {"phase": "1901"}}, "BAD PHASE"),
    ({"state": {"phase": "S1901M", "units": {"FRANCE": ["PAR"]}}}, "MALFORMED UNIT"),
    ({"state": {"phase": "S1901M"}, "rules": ["nonsense"]}, "UNKNOWN RULE: NONSENSE"),
    ({"state": {"phase": "S1901M"}, "rules": "dpjudge"}, "RULES MUST BE A LIST"),
    ({"orders": {}}, "REQUEST HAS NO state"),
    ({"state": {"phase": "S1901M"}, "order": {}}, "UNKNOWN REQUEST FIELD: order"),
    ([], "REQUEST MUST BE AN OBJECT"),
    # The next phase would be S10000M, which no state can name: refused, not a result that cannot be read back.
    ({"state": {"phase": "F9999M", "units": {"FRANCE": ["A PAR"]}}}, "THE STANDARD CALENDAR ENDS IN 9999"),
])
def test_bad_documents(doc, message):
    with pytest.raises(ValueError) as info:
        request(doc)
    assert message in str(info.value)


def test_orders_for_a_power_without_units_are_errors():
    r = adjudicate({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}}, {"GERMANY": ["A BER - MUN"]})
    assert r["errors"] == [{"power": "GERMANY", "order": "A BER - MUN", "error": "NO UNIT IN BER"}]


def test_engine_both_reports_the_crosscheck():
    state = {"phase": "S1901M", "units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A MUN"]}}
    orders = {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"], "GERMANY": ["A MUN - BUR"]}
    r = adjudicate(state, orders, ["engine=both"])
    assert r["crosscheck"] == {"agree": True, "differences": []}
    assert entry(r, "GERMANY", "A MUN - BUR")["result"] == ["bounce"]
    assert "crosscheck" not in adjudicate(state, orders)
    assert adjudicate(state, orders, ["engine=equations"])["state"] == r["state"]


# -- the picture field (shared/spec/judge-json.md, "Variants and pictures") -------------------------------------------

def test_picture_svg_draws_the_result_with_the_orders():
    import xml.etree.ElementTree as ET
    orders = {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"], "ITALY": ["A VEN H"]}
    r = request({"state": START, "orders": orders, "picture": "svg"})
    root = ET.fromstring(r["picture"])
    ids = {e.get("id") for e in root.iter() if e.get("id")}
    assert {"prov-PAR", "prov-STP", "unit-PAR", "unit-MUN", "order-PAR", "order-MUN", "order-VEN"} <= ids
    assert r["orders"] == request({"state": START, "orders": orders})["orders"]      # the result is otherwise the same
    assert "picture" not in request({"state": START, "orders": orders})


@pytest.mark.parametrize("value", ["png", "SVG", None, True, ["svg"]])
def test_picture_must_be_svg_or_absent(value):
    with pytest.raises(ValueError, match="BAD PICTURE"):
        request({"state": START, "picture": value})
    with pytest.raises(ValueError, match="BAD PICTURE"):
        adjudicate(START, {}, picture="png")
