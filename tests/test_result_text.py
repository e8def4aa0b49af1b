"""The result document as JSON text (`judge adjudicate --batch`): byte for byte what json.dumps writes of it."""
import json

import pytest

from judge import maps
from judge.api import request, request_text
from judge.datc import load_cases
from judge.position import Dislodged, Phase, Position, Unit
from judge.result_text import state_text
from tests.test_api import START


def dumps(doc) -> str:
    return json.dumps(doc, separators=(",", ":"))


def datc_requests():
    """One request per DATC case (its first step), each phase type, with the engines' cross-check asked for in some."""
    for n, case in enumerate(load_cases()):
        step = case["steps"][0]
        orders: dict[str, list[str]] = {}
        for o in step["orders"]:
            orders.setdefault(o["power"], []).append(o["order"])
        rules = ["engine=both"] if n % 3 == 0 else []
        yield case["id"], {"state": {"phase": "S1901M", **case["position"]}, "orders": orders, "rules": rules}


def test_the_text_is_json_dumps_of_the_document_for_every_datc_case():
    compared = 0
    for case_id, doc in datc_requests():
        try:
            expected = dumps(request(doc))
        except ValueError as exc:
            with pytest.raises(ValueError, match=str(exc)[:20]):
                request_text(doc)
            continue
        assert request_text(doc) == expected, case_id
        compared += 1
    assert compared > 150


@pytest.mark.parametrize("doc", [
    {"state": START, "orders": {"FRANCE": ["A PAR - BUR", "A XYZ - LON"]}, "rules": []},       # an error listed
    {"state": {**START, "phase": "SPRING 1901 MOVEMENT"}, "orders": {}},                         # the long form
    {"state": {**START, "dummies": ["ITALY"]}, "orders": {}, "rules": ["immobile_dummies"]},    # house fields
    {"state": {"phase": "W1901A", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR", "MAR", "BRE"]}},
     "orders": {"FRANCE": ["BUILD A MAR", "BUILD F BRE", "BUILD A PAR"]}},                       # adjustments
    {"state": {"phase": "F1901R", "units": {"FRANCE": ["A BUR", "A MUN"], "ITALY": ["F TRI"]}, "centers": {},
               "dislodged": {"GERMANY": {"A MUN": ["BOH", "SIL"]}, "AUSTRIA": {"F TRI": []}}},
     "orders": {"GERMANY": ["A MUN R BOH"]}},                                                     # retreats
    {"state": {"phase": "F1905M", "units": {"FRANCE": ["A BUR"]},
               "centers": {"FRANCE": [c for c in maps.load().centers if c != "MUN"]}},
     "orders": {"FRANCE": ["A BUR - MUN"]}},                                                      # a winner
])
def test_the_text_is_json_dumps_of_the_document(doc):
    assert request_text(doc) == dumps(request(doc))


def test_names_that_json_escapes_are_written_the_general_way():
    # Units and centres are written as they are only when no name needs escaping; these do (a quote, a backslash,
    # a letter beyond ASCII, a control character), so the general encoder writes them, exactly as json.dumps does.
    m = maps.load()
    for odd in ('PA"R', "PA\\R", "PÈR", "PA\tR"):
        position = Position(Phase(1901, 0, 1), {"PAR": Unit("FRANCE", "A", odd), "LON": Unit("ENGLAND", "F", "LON")},
                            {odd: "FRANCE"}, {"MUN": Dislodged(Unit("GERMANY", "A", odd), (odd,))})
        expected = position.to_json(m)
        expected["phase"] = "S1901R"
        assert state_text(position, m, "S1901R") == dumps(expected)


def test_the_centres_written_for_later_results_are_bounded_and_never_change_a_result(monkeypatch):
    """Who owns what changes once a year, so the text of a state's centres is kept, per map, for the results that
    name the same owners again; the table starts afresh when full, and a text taken from it is what json.dumps
    writes."""
    from judge import state_lists
    monkeypatch.setattr(state_lists, "_OWNERS", {})
    monkeypatch.setattr(state_lists, "_OWNERS_LIMIT", 2)
    owners = [{"FRANCE": ["PAR", "BRE"], "GERMANY": ["MUN"]}, {"FRANCE": ["PAR"], "GERMANY": ["MUN", "BRE"]},
              {"GERMANY": ["MUN", "BRE"], "FRANCE": ["PAR"]}, {"FRANCE": ["PAR", "MAR"]}, {"ITALY": ["ROM"]}]
    for centers in owners + owners[::-1]:
        doc = {"state": {"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]}, "centers": centers},
               "orders": {"FRANCE": ["A PAR - BUR"]}}
        assert request_text(doc) == dumps(request(doc))
        assert all(len(kept) <= 2 for kept in next(iter(state_lists._OWNERS.values()))[2:])


def test_unit_texts_are_kept_per_map_and_written_unchecked_only_while_none_needs_escaping(monkeypatch):
    """Each unit's text is made once per map; the --batch text writes them without looking for characters JSON
    escapes only while no text made so far has one: after an odd one, every state is checked again (and written as
    json.dumps writes it)."""
    from judge import state_lists
    monkeypatch.setattr(state_lists, "_TEXTS", {})
    m = maps.load()
    plain = Position(Phase(1901, 0, 0), {"PAR": Unit("FRANCE", "A", "PAR"), "STP": Unit("RUSSIA", "F", "STP/SC")},
                     {"PAR": "FRANCE"})
    odd = Position(Phase(1901, 0, 0), {"PAR": Unit("FRANCE", "A", 'P"R'), "LON": Unit("ENGLAND", "F", "LON")}, {})
    for position, still_plain in ((plain, True), (odd, False), (plain, False)):
        expected = position.to_json(m)
        assert state_text(position, m, "S1901M") == dumps(expected)
        assert state_lists.unit_texts(m).plain is still_plain
    assert state_lists.unit_texts(m).by_kind == {"A": {"PAR": "A PAR", 'P"R': 'A P"R'},
                                                 "F": {"STP/SC": "F STP/SC", "LON": "F LON"}}


def test_unit_texts_are_kept_by_kind_and_place_whatever_the_power(monkeypatch):
    """A unit's text in a state is its kind and location ("A PAR"), whoever owns it: one text per kind and place,
    looked up by plain strings (not by the unit, a tuple to hash and compare for every unit written). A unit of a
    kind no map has, or of a power the map does not have, in a position made in code, is still written as
    Position.to_json writes it."""
    from judge import state_lists
    monkeypatch.setattr(state_lists, "_TEXTS", {})
    m = maps.load()
    first = Position(Phase(1901, 0, 0), {"PAR": Unit("FRANCE", "A", "PAR"), "LON": Unit("ENGLAND", "F", "LON")}, {})
    taken = Position(Phase(1902, 0, 0), {"PAR": Unit("GERMANY", "A", "PAR"), "LON": Unit("FRANCE", "F", "LON"),
                                         "BRE": Unit("FRANCE", "A", "BRE")}, {})
    odd = Position(Phase(1902, 0, 0), {"PAR": Unit("GERMANY", "X", "PAR"), "MUN": Unit("NOBODY", "A", "MUN")}, {})
    for position in (first, taken, odd):
        assert state_text(position, m, "S1901M") == dumps(position.to_json(m, "S1901M"))
    assert state_lists.unit_texts(m).by_kind == {"A": {"PAR": "A PAR", "BRE": "A BRE"}, "F": {"LON": "F LON"},
                                                 "X": {"PAR": "X PAR"}}
    assert taken.units_by_power(m) == {"FRANCE": ["A BRE", "F LON"], "GERMANY": ["A PAR"]}
