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


def test_order_lists_are_read_whatever_kind_of_string_and_refused_for_anything_else():
    # A power's orders are a list of strings, or one string: a str of a subclass is a string too (the API takes
    # Python values) ...
    class Text(str):
        pass

    state = {"phase": "S1901M", "units": {"FRANCE": ["A PAR", "F BRE"]}}
    for orders in (["A PAR - BUR", Text("F BRE - MAO")], [Text("A PAR - BUR"), "F BRE - MAO"]):
        r = adjudicate(state, {"FRANCE": orders})
        assert r["errors"] == [] and r["state"]["units"] == {"FRANCE": ["A BUR", "F MAO"]}
    one = adjudicate(state, {"FRANCE": Text("A PAR - BUR")})
    assert one["state"]["units"] == {"FRANCE": ["F BRE", "A BUR"]}         # (each list by province)
    # ... and anything else is refused wherever it stands in the list, as is a tuple of strings.
    for texts in (["A PAR - BUR", "F BRE - MAO", 3], [Text("A PAR H"), b"F BRE H"], ("A PAR H",)):
        with pytest.raises(ValueError, match="ORDERS OF FRANCE MUST BE A LIST OF STRINGS"):
            adjudicate(state, {"FRANCE": texts})


def test_a_unit_ordered_twice_is_settled_when_its_orders_were_read_before():
    # Each text is read once (the first two requests), then both come in one set: two different orders for one
    # unit make it hold and are both reported (the default of duplicate_orders); the same order written twice, or
    # written two ways, counts once.
    state = {"phase": "S1901M", "units": {"FRANCE": ["A PAR", "F BRE"], "GERMANY": ["A MUN"]}}
    for texts in (["A PAR - BUR", "F BRE H"], ["A PAR - PIC", "F BRE H"]):
        assert adjudicate(state, {"FRANCE": texts})["errors"] == []
    r = adjudicate(state, {"FRANCE": ["A PAR - BUR", "F BRE H", "A PAR - PIC"], "GERMANY": ["A MUN H"]})
    clash = "MULTIPLE ORDERS FOR ONE UNIT: A PAR (UNIT HOLDS)"
    assert r["errors"] == [{"power": "FRANCE", "order": t, "error": clash} for t in ("A PAR - BUR", "A PAR - PIC")]
    assert r["state"]["units"] == {"FRANCE": ["F BRE", "A PAR"], "GERMANY": ["A MUN"]}
    for texts in (["A PAR - BUR", "F BRE H", "A PAR - BUR"], ["A PAR - BUR", "F BRE H", "A PAR-BUR"]):
        r = adjudicate(state, {"FRANCE": texts})
        assert r["errors"] == [] and r["state"]["units"] == {"FRANCE": ["F BRE", "A BUR"], "GERMANY": ["A MUN"]}
        assert [row["order"] for row in r["orders"] if row["power"] == "FRANCE"] == ["A PAR - BUR", "F BRE H"]


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


def test_the_picture_is_the_svg_element_itself():
    # The spec shows "picture": "<svg ...>": no XML declaration before it (a file of its own keeps one: test_cli).
    r = request({"state": START, "orders": {"FRANCE": ["A PAR - BUR"]}, "picture": "svg"})
    assert r["picture"].startswith("<svg ") and r["picture"].rstrip().endswith("</svg>")


@pytest.mark.parametrize("value", ["png", "SVG", True, ["svg"], ""])
def test_picture_must_be_svg_or_absent(value):
    with pytest.raises(ValueError, match="BAD PICTURE"):
        request({"state": START, "picture": value})
    with pytest.raises(ValueError, match="BAD PICTURE"):
        adjudicate(START, {}, picture="png")


# -- null, values nested too deep or too long, in any field ----------------------------------------------------------

FULL = {"variant": "standard", "picture": "svg", "rules": ["dpjudge"], "orders": {"FRANCE": ["A PAR R BUR"]},
        "state": {"phase": "S1901R", "units": {"GERMANY": ["A PAR"]}, "centers": {"FRANCE": ["PAR"]},
                  "dislodged": {"FRANCE": {"A PAR": ["BUR"]}}, "dummies": ["ITALY"], "homes": {"FRANCE": ["PAR"]},
                  "mobilizing": {"FRANCE": 1}, "vassals": {"ITALY": "FRANCE"}}}


def test_null_is_the_same_as_leaving_an_optional_field_out():
    doc = {"state": {"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}}, "orders": {"FRANCE": ["A PAR - BUR"]}}
    plain = request(doc)
    for field in ("variant", "picture", "rules"):
        assert request({**doc, field: None}) == plain, field
    assert request({**doc, "orders": None})["state"]["units"] == {"FRANCE": ["A PAR"]}       # (everyone holds)
    for field in ("units", "centers", "dislodged", "dummies", "homes", "mobilizing", "vassals"):
        state = {**doc["state"], field: None} if field != "units" else {"phase": "S1901M", "units": None}
        expected = plain if field != "units" else request({**doc, "state": {"phase": "S1901M"}})
        assert request({**doc, "state": state}) == expected, field
    assert adjudicate(doc["state"], doc["orders"], None, picture=None, variant=None) == plain
    with pytest.raises(ValueError, match="^REQUEST HAS NO state$"):
        request({**doc, "state": None})


def _places(value, path=()):
    """Every place a value stands in a document (path, "value") and every key's (path, "key")."""
    yield path, "value"
    if isinstance(value, dict):
        for key, item in value.items():
            yield path + (key,), "key"
            yield from _places(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _places(item, path + (i,))


def _put(doc, path, how, value):
    doc = copy.deepcopy(doc)
    if not path:
        return value
    *outer, last = path
    holder = doc
    for step in outer:
        holder = holder[step]
    if how == "value":
        holder[last] = value
    else:
        holder[value] = holder.pop(last)
    return doc


def _deep(depth, leaf="S1901M", kind=list):
    for _ in range(depth):
        leaf = [leaf] if kind is list else {"k": leaf}
    return leaf


@pytest.mark.parametrize("value", [_deep(2000), _deep(2000, kind=dict), _deep(990), "X" * 1_000_000, None,
                                   int("9" * 4000)],
                         ids=["list 2000 deep", "object 2000 deep", "list 990 deep", "1 MB text", "null",
                              "4000 digits"])
def test_any_field_any_value_is_a_result_or_one_short_refusal(value):
    """Every value and every key of a full request replaced in turn: a result, or ValueError with a short message
    in JSON's words (deeply nested values crashed with RecursionError, and long ones were quoted whole)."""
    tried = 0
    for path, how in _places(FULL):
        if how == "key" and not isinstance(value, str):
            continue                                    # (JSON's keys are text)
        doc = _put(FULL, path, how, value)
        try:
            request(doc)
        except ValueError as exc:
            message = str(exc)
            assert len(message) < 300 and "None" not in message, (path, how, message[:300])
        tried += 1
    assert tried >= 29


def test_the_unbounded_refusals_the_tester_found():
    for state in ({"phase": _deep(2000), "units": {}, "centers": {}}, {"phase": "X" * 10_000_000}):
        with pytest.raises(ValueError, match=r"^BAD PHASE: .{1,40} \(expected") as info:
            adjudicate(state, {})
        assert len(str(info.value)) < 100
    with pytest.raises(ValueError, match=r"^RULE SAFE_CONVOYS: \[\[\[.*\.\.\. IS NOT A RULE VALUE"):
        adjudicate({"phase": "S1901M"}, {}, {"safe_convoys": _deep(990)})
    for doc, message in (({"state": {"phase": "S1901M"}, "picture": None, "variant": "nope"},
                          "UNKNOWN VARIANT: 'nope'"),
                         ({"state": {"phase": "S1901M"}, "picture": "png"}, "BAD PICTURE: 'png'")):
        with pytest.raises(ValueError, match=message):
            request(doc)


# -- phases written are phases read ------------------------------------------------------------------------------

@pytest.mark.parametrize("phase, following", [
    ("S0001M", ["F0001M", "S0002M", "F0002M"]), ("S0999M", ["F0999M", "S1000M", "F1000M"]),
    ("W0009A", ["S0010M", "F0010M", "S0011M"]), ("W0000A", ["S0001M", "F0001M", "S0002M"]),
    ("SPRING 0001 MOVEMENT", ["FALL 0001 MOVEMENT", "SPRING 0002 MOVEMENT", "FALL 0002 MOVEMENT"]),
    ("spring 1901 movement", ["FALL 1901 MOVEMENT", "SPRING 1902 MOVEMENT", "FALL 1902 MOVEMENT"]),
])
def test_every_phase_a_result_names_is_read_back_in_the_form_asked(phase, following):
    """The standard calendar's years have four digits, read and written: S0001M was answered S1M and then F1M,
    which was refused as a BAD PHASE."""
    state = {"phase": phase, "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR"]}}
    seen = []
    for _ in following:
        r = adjudicate(state, {})
        state = r["state"]
        seen.append(state["phase"])
    assert seen == following


def test_a_result_names_its_phase_as_the_request_did():
    assert adjudicate({"phase": "S0001M"}, {})["phase"] == "S0001M"           # (it said S1M)
    assert adjudicate({"phase": "SPRING 0001 MOVEMENT"}, {})["phase"] == "SPRING 0001 MOVEMENT"


@pytest.mark.parametrize("phase", ["FALL 9999 MOVEMENT", "F9999M"])
def test_the_last_year_is_named_as_the_request_wrote_it(phase):
    with pytest.raises(ValueError, match=f"^BAD PHASE: {phase} IS THE LAST YEAR'S"):
        adjudicate({"phase": phase, "units": {"FRANCE": ["A PAR"]}}, {})


# -- dislodged units -----------------------------------------------------------------------------------------------

RETREAT = {"phase": "S1901R", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR"]},
           "dislodged": {"FRANCE": {"A PAR": ["BUR"]}}}


def test_a_unit_both_on_the_board_and_dislodged_is_refused():
    # The same power cannot have a unit in units and a dislodged one in one province: it became two units.
    for units in ({"FRANCE": ["A PAR"]}, {"FRANCE": ["F BRE", "A PAR"]}):
        with pytest.raises(ValueError, match=r"^TWO UNITS OF FRANCE IN PAR: A PAR IN units AND A PAR IN dislodged"):
            adjudicate({**RETREAT, "units": units}, {"FRANCE": ["A PAR R BUR"]})
    # The unit that dislodged it stands there too, of another power: the usual retreat phase.
    r = adjudicate({**RETREAT, "units": {"GERMANY": ["A PAR"]}}, {"FRANCE": ["A PAR R BUR"]})
    assert r["state"]["units"] == {"FRANCE": ["A BUR"], "GERMANY": ["A PAR"]} and r["errors"] == []


def test_a_retreat_place_named_twice_is_refused():
    # It was read as two coasts of Burgundy: the valid retreat "needed a coast" and the army was disbanded.
    taken = {"GERMANY": ["A PAR"]}          # (Germany's army took Paris from Gascony)
    with pytest.raises(ValueError, match="^RETREATS OF A PAR NAME BUR TWICE$"):
        adjudicate({**RETREAT, "units": taken, "dislodged": {"FRANCE": {"A PAR": ["BUR", "PIC", "BUR"]}}},
                   {"FRANCE": ["A PAR R BUR"]})
    r = adjudicate({**RETREAT, "units": taken, "dislodged": {"FRANCE": {"A PAR": ["BUR", "PIC"]}}},
                   {"FRANCE": ["A PAR R BUR"]})
    assert r["state"]["units"] == {"FRANCE": ["A BUR"], "GERMANY": ["A PAR"]}


# -- the strict notation, whole ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("phase", ["S1901M\n", "SPRING 1901 MOVEMENT\n", "S1901R\n", "S\uff11\uff19\uff10\uff11M",
                                   "S\u0661\u0669\u0660\u0661M", "SPRING \uff11\uff19\uff10\uff11 MOVEMENT"])
def test_a_phase_with_a_line_break_after_it_or_digits_of_another_script_is_refused(phase):
    # The spec's phases are season letter, four digits and phase letter (or the long form's words, single spaces):
    # "S1901M\n" and fullwidth or Arabic-Indic digits are not in that form, so the document is malformed.
    with pytest.raises(ValueError, match="^BAD PHASE: "):
        adjudicate({"phase": phase}, {})


@pytest.mark.parametrize("unit", ["A PAR\n", "F STP/SC\n"])
def test_a_unit_with_a_line_break_after_it_is_refused(unit):
    # "A PAR" is type letter, space, location and nothing more: the spec's malformed unit.
    with pytest.raises(ValueError, match="^MALFORMED UNIT: "):
        adjudicate({"phase": "S1901M", "units": {"FRANCE": [unit]}}, {})
    with pytest.raises(ValueError, match="^MALFORMED UNIT: "):
        adjudicate({"phase": "S1901R", "dislodged": {"FRANCE": {unit: []}}}, {})


def test_results_list_orders_power_by_power_each_power_by_text():
    """However the orders and units come, the results list them power by power in the variant's order of powers,
    each power's by order text (defaults among them), every unit once."""
    from judge import maps
    powers = maps.load().powers
    orders = {"TURKEY": ["A SMY - ARM", "F ANK - BLA"], "AUSTRIA": ["F TRI - ADR", "A VIE - GAL", "A BUD - SER"],
              "FRANCE": ["A PAR - BUR"], "ENGLAND": ["F LON - NTH", "A LVP - YOR"]}
    state = {**START, "units": dict(reversed(list(START["units"].items())))}
    state["units"]["RUSSIA"] = list(reversed(state["units"]["RUSSIA"]))
    rows = [(o["power"], o["order"]) for o in adjudicate(state, orders)["orders"]]
    assert rows == sorted(rows, key=lambda row: (powers.index(row[0]), row[1]))
    assert len(rows) == sum(map(len, START["units"].values())) and ("RUSSIA", "F STP/SC H") in rows


def test_the_phase_codes_results_name_are_kept_bounded_and_always_the_phase_after(monkeypatch):
    """The next phase's code is written once per phase and kept (bounded: the table starts afresh when full): over
    thirty years of quiet seasons the result names its own phase as the request did and the state the season after
    (nothing to retreat, nobody to build: Spring, Fall, the next Spring)."""
    from judge import api
    monkeypatch.setattr(api, "_CODES", {})
    monkeypatch.setattr(api, "_CODES_LIMIT", 3)
    state = {"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR"]}}
    for year in range(1901, 1931):
        for phase, after in ((f"S{year}M", f"F{year}M"), (f"F{year}M", f"S{year + 1}M")):
            r = adjudicate({**state, "phase": phase}, {})
            assert (r["phase"], r["state"]["phase"]) == (phase, after)
            assert len(api._CODES) <= 3


# -- what the house rules say cannot happen ---------------------------------------------------------------------------

def test_a_vassal_that_is_not_a_dummy_is_refused():
    """DPjudge's vassalship makes only a dummy a vassal (vassal_dummies: a dummy whose homes one power holds); a
    played power orders its own units. A state naming a vassal that is not among its dummies was adjudicated."""
    state = {"phase": "W1901A", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR"]},
             "vassals": {"ITALY": "FRANCE"}}
    for dummies in ([], ["AUSTRIA"]):
        with pytest.raises(ValueError, match=r"^VASSAL ITALY IS NOT A DUMMY \(ONLY A DUMMY IS A VASSAL: LIST IT IN "
                                             r"dummies\)$"):
            adjudicate({**state, "dummies": dummies}, {}, ["vassal_dummies"])
    assert adjudicate({**state, "dummies": ["ITALY"]}, {}, ["vassal_dummies"])["state"]["vassals"] == {"ITALY": "FRANCE"}


def test_a_dummys_unit_dislodged_by_its_own_power_needs_dummy_fire_in_the_rules():
    """Only under dummy_fire does a dummy's own attack dislodge its unit; a retreat phase that says it did, sent with
    rules without dummy_fire, was read and played."""
    state = {"phase": "S1901R", "units": {"ITALY": ["A VEN", "A APU"]}, "centers": {"ITALY": ["VEN", "ROM", "NAP"]},
             "dislodged": {"ITALY": {"A VEN": ["TUS", "PIE"]}}, "dummies": ["ITALY"]}
    for rules in ([], ["dpjudge"], {"dummy_fire": "off"}):
        with pytest.raises(ValueError, match=r"^TWO UNITS OF ITALY IN VEN: A VEN IN units AND A VEN IN dislodged \(A "
                                             r"DUMMY'S OWN ATTACK DISLODGES ITS UNIT ONLY UNDER THE RULE dummy_fire"):
            adjudicate(state, {"ITALY": ["A VEN R TUS"]}, rules)
    out = adjudicate(state, {"ITALY": ["A VEN R TUS"]}, ["dummy_fire"])
    assert out["state"]["units"]["ITALY"] == ["A APU", "A TUS", "A VEN"]


def test_a_powers_own_attack_dislodges_its_unit_under_friendly_fire_in_the_request():
    """DPjudge's FRIENDLY_FIRE in a request's rules: France takes Paris from itself, and the retreat phase that
    follows (a French army in Paris and a dislodged one) is read back under the same rules; without them it is
    refused, naming the rule. The rule word was refused as unknown before."""
    start = {"phase": "S1901M", "units": {"FRANCE": ["A PAR", "A BUR", "A PIC"]}, "centers": {"FRANCE": ["PAR"]}}
    orders = {"FRANCE": ["A BUR - PAR", "A PIC S A BUR - PAR", "A PAR H"]}
    for rules in (["FRIENDLY_FIRE"], {"friendly_fire": "on"}, ["friendly_fire", "engine=both"]):
        out = adjudicate(start, orders, rules)
        assert out["state"]["dislodged"] == {"FRANCE": {"A PAR": ["BRE", "GAS"]}}
        assert {o["order"]: o["result"] for o in out["orders"]}["A PAR H"] == ["dislodged"]
        assert out.get("crosscheck", {"agree": True})["agree"]
    retreat = out["state"]
    with pytest.raises(ValueError, match=r"^TWO UNITS OF FRANCE IN PAR: A PAR IN units AND A PAR IN dislodged \(A "
                                         r"DISLODGED UNIT IS NOT IN units; NO POWER DISLODGES ITS OWN BUT UNDER THE "
                                         r"RULE friendly_fire\)$"):
        adjudicate(retreat, {"FRANCE": ["A PAR R GAS"]}, ["!FRIENDLY_FIRE"])
    after = adjudicate(retreat, {"FRANCE": ["A PAR R GAS"]}, ["FRIENDLY_FIRE"])["state"]
    assert after["phase"] == "F1901M" and after["units"]["FRANCE"] == ["A GAS", "A PAR", "A PIC"]
    # Without the rule France's support does not count against its own army, and nothing is dislodged.
    assert "dislodged" not in adjudicate(start, orders, [])["state"]


def test_no_retreat_in_a_request_destroys_the_dislodged_unit_and_skips_the_retreats():
    start = {"phase": "S1901M", "units": {"FRANCE": ["A BUR"], "GERMANY": ["A MUN", "A RUH"]}}
    out = adjudicate(start, {"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"]}, ["NO_RETREAT"])
    assert out["state"]["phase"] == "F1901M" and "FRANCE" not in out["state"]["units"]
    assert {o["order"]: o["result"] for o in out["orders"]}["A BUR H"] == ["dislodged", "destroyed"]


def test_an_order_naming_another_power_is_refused_not_given_to_the_list_it_is_in():
    # France's list holds "ENGLAND: F Bre - Mao": no order of France's (nor England's) by another power's name.
    state = copy.deepcopy(START)
    doc = adjudicate(state, {"FRANCE": ["ENGLAND: F Bre - Mao", "France: A Par - Bur"]})
    assert {"power": "FRANCE", "order": "ENGLAND: F Bre - Mao",
            "error": "ORDERS FOR ENGLAND ARE NOT FRANCE'S TO GIVE: ENGLAND: F BRE - MAO"} in doc["errors"]
    assert "F BRE H" in [o["order"] for o in doc["orders"] if o["power"] == "FRANCE"]
    assert "A PAR - BUR" in [o["order"] for o in doc["orders"] if o["power"] == "FRANCE"]


def test_a_fleet_moving_to_a_split_coast_province_is_named_with_its_coast():
    """The spec: a fleet on a split-coast province always names its coast. The Barents Sea touches only St Petersburg's
    north coast and the Gulf of Bothnia only its south coast, so the coast is known without being written; from the
    Mid-Atlantic both of Spain's coasts are reachable, so an order that names none cannot be used."""
    state = {"phase": "S1901M", "units": {"ENGLAND": ["F BAR"], "RUSSIA": ["F BOT"], "FRANCE": ["F MAO"]}}
    r = adjudicate(state, {"ENGLAND": ["F BAR - STP"], "FRANCE": ["F MAO - SPA"]})
    assert entry(r, "ENGLAND", "F BAR - STP/NC")["result"] == []
    assert [e["order"] for e in r["errors"]] == ["F MAO - SPA"]
    assert r["state"]["units"] == {"ENGLAND": ["F STP/NC"], "FRANCE": ["F MAO"], "RUSSIA": ["F BOT"]}
    r = adjudicate(state, {"RUSSIA": ["F BOT - STP"]})
    assert entry(r, "RUSSIA", "F BOT - STP/SC")["result"] == [] and r["state"]["units"]["RUSSIA"] == ["F STP/SC"]


def test_phases_with_nothing_to_do_are_skipped_to_the_next_that_needs_orders():
    """Nothing dislodged in the fall: no retreat phase; no power with more or fewer units than centres: no winter."""
    state = {"phase": "F1901M", "units": {"FRANCE": ["A PAR", "A MAR"]}, "centers": {"FRANCE": ["PAR", "MAR"]}}
    assert adjudicate(state, {})["state"]["phase"] == "S1902M"
    assert adjudicate({**state, "phase": "S1901M"}, {})["state"]["phase"] == "F1901M"
    # A retreat phase with nothing dislodged and a winter with nobody to adjust go straight on to the next movement.
    assert adjudicate({**state, "phase": "F1901R"}, {})["state"]["phase"] == "S1902M"
    # A third unit takes Spain in the fall: 3 units, 3 centres, still no winter; without Spain, one to remove.
    state = {**state, "units": {"FRANCE": ["A PAR", "A MAR", "A GAS"]}}
    r = adjudicate(state, {"FRANCE": ["A GAS - SPA"]})
    assert r["state"]["phase"] == "S1902M" and r["state"]["centers"] == {"FRANCE": ["MAR", "PAR", "SPA"]}
    assert adjudicate(state, {})["state"]["phase"] == "W1901A"
    quiet = {"phase": "W1901A", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR"]}}
    assert adjudicate(quiet, {})["state"]["phase"] == "S1902M"
