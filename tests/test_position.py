"""Positions: phases, units, and the JSON state document."""
import pytest

from judge.position import Phase, Position, initial_position


def test_phase_parse_and_sequence():
    p = Phase.parse("S1901M")
    assert str(p) == "S1901M" and p.describe() == "Spring 1901 Movement"
    seq = [p]
    for _ in range(5):
        seq.append(seq[-1].following())
    assert [str(x) for x in seq] == ["S1901M", "S1901R", "F1901M", "F1901R", "W1901A", "S1902M"]
    assert sorted(reversed(seq)) == seq


@pytest.mark.parametrize("text", ["S1901A", "W1901M", "X1901M", "S01M", "s1901m", None, 1901])
def test_bad_phases(text):
    with pytest.raises(ValueError, match="BAD PHASE"):
        Phase.parse(text)


def test_round_trip(m):
    start = initial_position(m)
    doc = start.to_json(m)
    assert doc["units"]["RUSSIA"] == ["A MOS", "F SEV", "F STP/SC", "A WAR"]
    assert doc["centers"]["AUSTRIA"] == ["BUD", "TRI", "VIE"]
    assert "dislodged" not in doc
    again = Position.from_json(doc, m)
    assert again.units == start.units and again.centers == start.centers


def test_retreat_state(m):
    doc = {"phase": "F1901R", "units": {"AUSTRIA": ["A BUD"]}, "centers": {},
           "dislodged": {"RUSSIA": {"A SEV": ["MOS", "UKR"]}}}
    pos = Position.from_json(doc, m)
    assert pos.dislodged["SEV"].retreats == ("MOS", "UKR")
    assert pos.to_json(m)["dislodged"] == {"RUSSIA": {"A SEV": ["MOS", "UKR"]}}


@pytest.mark.parametrize("doc, message", [
    ([], "STATE MUST BE AN OBJECT"),
    ({"phase": "S1901M", "units": {"PRUSSIA": []}}, "UNKNOWN POWER: 'PRUSSIA'"),
    ({"phase": "S1901M", "units": {"FRANCE": ["A  PAR"]}}, "MALFORMED UNIT"),
    ({"phase": "S1901M", "units": {"FRANCE": ["A XYZ"]}}, "UNKNOWN PROVINCE IN UNIT"),
    ({"phase": "S1901M", "units": {"FRANCE": ["F PAR"]}}, "UNIT CANNOT STAND THERE: 'F PAR'"),
    ({"phase": "S1901M", "units": {"FRANCE": ["F SPA"]}}, "UNIT CANNOT STAND THERE: 'F SPA'"),
    ({"phase": "S1901M", "units": {"FRANCE": ["A NTH"]}}, "UNIT CANNOT STAND THERE"),
    ({"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "GERMANY": ["A PAR"]}}, "TWO UNITS IN PAR"),
    ({"phase": "S1901M", "units": {"FRANCE": "A PAR"}}, "UNITS OF FRANCE MUST BE A LIST"),
    ({"phase": "S1901M", "centers": {"FRANCE": ["BUR"]}}, "NOT A SUPPLY CENTER: 'BUR'"),
    ({"phase": "S1901M", "centers": {"FRANCE": ["PAR"], "GERMANY": ["PAR"]}}, "SUPPLY CENTER PAR OWNED TWICE"),
    ({"phase": "S1901M", "dislodged": {"FRANCE": {"A PAR": []}}}, "NOT A RETREAT PHASE"),
    ({"phase": "S1901R", "dislodged": {"FRANCE": {"A PAR": ["NTH"]}}}, "BAD RETREAT FOR A PAR: 'NTH'"),
    ({"phase": "S1901M", "extra": 1}, "UNKNOWN STATE FIELD: extra"),
])
def test_bad_states(m, doc, message):
    with pytest.raises(ValueError) as info:
        Position.from_json(doc, m)
    assert message in str(info.value)
