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


@pytest.mark.parametrize("text, said", [("S1901A", "'S1901A' (Spring has no adjustments phase)"),
                                        ("Winter 1901 Movement", "'Winter 1901 Movement' (Winter has no movement phase)")])
def test_a_phase_of_a_season_without_that_kind_is_quoted_as_every_bad_phase_is(text, said):
    with pytest.raises(ValueError) as exc:
        Phase.parse(text)
    assert str(exc.value) == f"BAD PHASE: {said}"


def test_round_trip(m):
    start = initial_position(m)
    doc = start.to_json(m)
    assert doc["units"]["RUSSIA"] == ["A MOS", "F SEV", "F STP/SC", "A WAR"]
    assert doc["centers"]["AUSTRIA"] == ["BUD", "TRI", "VIE"]
    assert "dislodged" not in doc
    again = Position.from_json(doc, m)
    assert again.units == start.units and again.centers == start.centers


def test_retreat_state(m):
    doc = {"phase": "F1901R", "units": {"AUSTRIA": ["A BUD"], "TURKEY": ["A SEV"]}, "centers": {},
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
    ({"phase": "S1901R", "units": {"GERMANY": ["A PAR"]}, "dislodged": {"FRANCE": {"A PAR": ["NTH"]}}},
     "BAD RETREAT FOR A PAR: 'NTH'"),
    # A place the unit could never reach from where it stands, or its own: a state no phase gives.
    ({"phase": "S1901R", "units": {"FRANCE": ["A PAR"]}, "dislodged": {"GERMANY": {"A PAR": ["MOS"]}}},
     "BAD RETREAT FOR A PAR: 'MOS'"),
    ({"phase": "S1901R", "units": {"FRANCE": ["A PAR"]}, "dislodged": {"GERMANY": {"A PAR": ["PAR"]}}},
     "BAD RETREAT FOR A PAR: 'PAR'"),
    ({"phase": "S1901R", "units": {"GERMANY": ["F NTH"]}, "dislodged": {"ENGLAND": {"F NTH": ["LON", "MAO"]}}},
     "BAD RETREAT FOR F NTH: 'MAO'"),
    # Nobody dislodged it: the unit that did stands where it stood.
    ({"phase": "S1901R", "dislodged": {"FRANCE": {"A PAR": ["PIC"]}}},
     "DISLODGED UNIT A PAR OF FRANCE: NO UNIT STANDS IN PAR"),
    ({"phase": "S1901M", "extra": 1}, "UNKNOWN STATE FIELD: extra"),
])
def test_bad_states(m, doc, message):
    with pytest.raises(ValueError) as info:
        Position.from_json(doc, m)
    assert message in str(info.value)


def _random_state(rng, m, pool):
    """A state document: mostly lists seen before (from `pool`), sometimes one spoiled the ways a state can be wrong."""
    from judge.position import initial_position
    start = initial_position(m).to_json(m)
    if pool and rng.random() < 0.7:
        doc = {k: (dict(v) if isinstance(v, dict) else v) for k, v in rng.choice(pool).items()}
    else:
        provinces = [p for p in sorted(m.provinces) if m.provinces[p].terrain != "sea"]
        chosen = rng.sample(provinces, rng.randrange(1, 30))
        units: dict = {}
        owner_at: dict = {}
        for prov in chosen:
            owner_at[prov] = rng.choice(m.powers)
            units.setdefault(owner_at[prov], []).append(f"A {prov}")
        owners: dict = {}
        for c in rng.sample(sorted(m.centers), rng.randrange(len(m.centers))):
            owners.setdefault(rng.choice(m.powers), []).append(c)
        doc = {"phase": rng.choice(["S1901M", "F1905M", "W1903A", "S1902R"]), "units": units, "centers": owners}
        if doc["phase"].endswith("R") and rng.random() < 0.6:
            # dislodged units, each where another power's unit stands now, with the places it may retreat to (any
            # it could stand in, as the state says)
            dislodged: dict = {}
            for prov in rng.sample(chosen, rng.randrange(1, min(4, len(chosen) + 1))):
                kind = "F" if m.can_hold("F", prov) and rng.random() < 0.5 else "A"
                near = sorted(r for r in (m.fleet_adj if kind == "F" else m.army_adj).get(prov, ())
                              if r[:3] not in owner_at)
                loser = rng.choice([p for p in m.powers if p != owner_at[prov]])
                dislodged.setdefault(loser, {})[f"{kind} {prov}"] = rng.sample(near, rng.randrange(len(near) + 1))
            doc["dislodged"] = dislodged
        pool.append(doc)
    spoil = rng.randrange(20)
    power = rng.choice(m.powers)
    if spoil == 0:                                  # a unit in a province another power's unit stands in
        other = next((u for p, lst in doc["units"].items() if p != power for u in lst), None)
        if other:
            doc["units"][power] = [*doc["units"].get(power, []), other]
    elif spoil == 1:                                # a centre owned twice
        other = next((c for p, lst in doc["centers"].items() if p != power for c in lst), None)
        if other:
            doc["centers"][power] = [*doc["centers"].get(power, []), other]
    elif spoil == 2:
        doc["units"]["PRUSSIA"] = ["A BER"]
    elif spoil == 3:
        doc["centers"][power] = ["BUR"]             # not a supply centre
    elif spoil == 4:
        doc["units"][power] = [["A PAR"]]           # an unhashable name
    elif spoil == 5:
        doc["phase"] = rng.choice(["S1901A", ["S1901M"], "W1901M", "S1901M"])
    elif spoil == 6:
        doc["dislodged"] = {power: {"A MUN": []}}
    elif spoil == 7:
        doc["dummies"] = [power]
    elif spoil == 10 and doc["units"]:
        owner = next(iter(doc["units"]))
        doc["units"][owner] = dict.fromkeys(doc["units"][owner], 1)      # an object of the names, not a list
    elif spoil == 11 and doc["units"]:
        owner, lst = next(iter(doc["units"].items()))
        if isinstance(lst, list) and lst:
            doc["units"][owner] = [*lst, lst[0]]    # a unit named twice
    elif spoil in (14, 15, 16, 17, 18, 19) and isinstance(doc.get("dislodged"), dict) and \
            all(isinstance(e, dict) and e for e in doc["dislodged"].values()):
        doc["dislodged"] = {p: dict(e) for p, e in doc["dislodged"].items()}      # (the pool's state stays whole)
        owner, entries = next(iter(doc["dislodged"].items()))
        text = next(iter(entries))
        if spoil == 14:
            entries[text] = "BUR"                   # retreats not a list
        elif spoil == 15:
            entries[text] = [*entries[text], "NAO" if text.startswith("A") else "MUN"]    # one it cannot stand in
        elif spoil == 16:
            other = next(p for p in m.powers if p != owner)
            doc["dislodged"][other] = {**doc["dislodged"].get(other, {}), text: []}     # two in one province
        elif spoil == 17:
            doc["dislodged"][owner] = [text]        # a list, not an object
        elif spoil == 18:
            entries[text] = [*entries[text], 7]     # not a name
        else:
            doc["dislodged"]["PRUSSIA"] = {text: []}
    elif spoil == 8 and doc["units"]:
        doc["units"] = dict(reversed(list(doc["units"].items())))     # the same lists in another order
    return doc if spoil != 9 else start


def test_a_retreat_phase_state_is_put_together_from_its_lists_too(m):
    """A retreat phase's state (its dislodged units and their retreats beside the lists) takes the quick way too,
    and gives what reading every field gives."""
    from judge.position import _read_known
    doc = {"phase": "F1902R", "units": {"FRANCE": ["A BUR", "F MAO", "A RUH", "F ENG"], "GERMANY": ["A MUN"]},
           "centers": {"FRANCE": ["PAR", "MAR", "BRE"], "GERMANY": ["MUN", "BER", "KIE"]},
           "dislodged": {"GERMANY": {"A RUH": ["KIE", "HOL"]}, "ENGLAND": {"F ENG": ["IRI", "LON", "WAL"]}}}
    quick = _read_known(doc, m)
    assert quick is not None and quick == Position._read(doc, m)
    assert list(quick.dislodged) == ["RUH", "ENG"] and quick.dislodged["ENG"].retreats == ("IRI", "LON", "WAL")
    for spoiled in ({"GERMANY": {"A RUH": ["NTH"]}}, {"GERMANY": {"A RUH": "KIE"}}, {"GERMANY": ["A RUH"]},
                    {"GERMANY": {"A RUH": []}, "FRANCE": {"A RUH": []}}, {"PRUSSIA": {"A RUH": []}},
                    {"GERMANY": {"A SIL": ["BER"]}}):
        bad = {**doc, "dislodged": spoiled}
        assert _read_known(bad, m) is None
        with pytest.raises(ValueError):
            Position.from_json(bad, m)
    assert _read_known({**doc, "phase": "F1902M"}, m) is None


@pytest.mark.parametrize("calendar", [("S", "F"), ("S",)])
def test_states_read_from_lists_seen_before_are_read_as_afresh(m, calendar):
    """Position.from_json puts a state together from lists it read before when it can: on many generated states (and
    spoiled ones), the Position, or the error, is what reading every field in turn gives (also on a map whose year
    has no fall)."""
    import random
    m = m if calendar == m.calendar else m.replace(calendar=calendar)
    rng = random.Random(5)
    pool: list = []
    read = refused = with_dislodged = 0
    for _ in range(1500):
        doc = _random_state(rng, m, pool)
        try:
            expected = Position._read(doc, m)
        except ValueError as err:
            for _ in range(2):
                with pytest.raises(ValueError) as info:
                    Position.from_json(doc, m)
                assert str(info.value) == str(err)
            refused += 1
            continue
        for _ in range(2):                          # the first reading may keep its lists, the second use them
            got = Position.from_json(doc, m)
            assert got == expected and list(got.units) == list(expected.units) and \
                list(got.centers) == list(expected.centers) and list(got.dislodged) == list(expected.dislodged)
        read += 1
        with_dislodged += bool(expected.dislodged)
    assert read > 300 and refused > 300 and with_dislodged > 20


def test_centres_written_for_later_states_are_bounded_and_each_document_has_lists_of_its_own(m, monkeypatch):
    """The centres of a state document by power are kept, per map, for later states with the same owners: what a
    state gets is what grouping its own centres gives (the map's order of powers, each list sorted by province), the
    lists are the caller's own to change, and the table starts afresh when full."""
    from judge import state_lists as module
    monkeypatch.setattr(module, "_OWNERS", {})
    monkeypatch.setattr(module, "_OWNERS_LIMIT", 2)
    owners = [{"PAR": "FRANCE", "BRE": "FRANCE", "MUN": "GERMANY"}, {"MUN": "GERMANY", "PAR": "FRANCE"},
              {"BRE": "GERMANY", "PAR": "FRANCE", "MUN": "GERMANY"}, {"ROM": "ITALY", "VEN": "ITALY", "ANK": "TURKEY"},
              {"PAR": "FRANCE", "BRE": "FRANCE", "MUN": "GERMANY"}]
    for centers in owners + owners[::-1]:
        doc = Position(Phase(1901, 0, 0), {}, dict(centers)).to_json(m)
        expected: dict = {}
        for power in m.powers:                      # the spec's order: powers as the map lists them, centres sorted
            mine = sorted(c for c, owner in centers.items() if owner == power)
            if mine:
                expected[power] = mine
        assert doc["centers"] == expected and list(doc["centers"]) == list(expected)
        doc["centers"][next(iter(expected))].append("XXX")          # a caller's change reaches no later document
        assert Position(Phase(1901, 0, 0), {}, dict(centers)).to_json(m)["centers"] == expected
        assert all(len(kept) <= 2 for kept in next(iter(module._OWNERS.values()))[2:])


def test_centres_are_kept_by_who_owns_what_in_any_order_and_only_the_maps_own(m):
    """The same owners written in another order find the lists kept for them (states name a power's centres in any
    order); a centre the map does not have (a position made in code) is grouped as any other, and nothing is kept."""
    from judge.state_lists import _OWNERS, owners_entry
    a = {"PAR": "FRANCE", "BRE": "FRANCE", "MUN": "GERMANY", "KIE": "GERMANY"}
    b = {"KIE": "GERMANY", "BRE": "FRANCE", "MUN": "GERMANY", "PAR": "FRANCE"}
    assert owners_entry(m, a) is owners_entry(m, b)
    assert owners_entry(m, b)[0] == {"FRANCE": ["BRE", "PAR"], "GERMANY": ["KIE", "MUN"]}
    kept = len(_OWNERS[id(m)][3])
    odd = {"PAR": "FRANCE", "XYZ": "FRANCE"}
    assert Position(Phase(1901, 0, 0), {}, odd).to_json(m)["centers"] == {"FRANCE": ["PAR", "XYZ"]}
    assert len(_OWNERS[id(m)][3]) == kept


def test_a_list_of_units_read_before_one_by_one_still_may_not_put_two_in_a_province(m):
    """A power's list whose units were all read before (in other lists) is taken in one step: two of them in one
    province (the same unit twice, or an army and a fleet on a coast) are still refused, as the rules have one unit
    to a province."""
    Position.from_json({"phase": "S1901M", "units": {"RUSSIA": ["A STP", "A MOS"]}, "centers": {}}, m)
    Position.from_json({"phase": "S1901M", "units": {"RUSSIA": ["F STP/SC"]}, "centers": {}}, m)
    for twice in (["A STP", "F STP/SC"], ["A MOS", "A MOS"]):
        with pytest.raises(ValueError, match="TWO UNITS IN (STP|MOS)"):
            Position.from_json({"phase": "S1901M", "units": {"RUSSIA": twice}, "centers": {}}, m)
    got = Position.from_json({"phase": "S1901M", "units": {"RUSSIA": ["F STP/SC", "A MOS"]}, "centers": {}}, m)
    assert got.units["STP"].loc == "STP/SC" and got.units["MOS"].kind == "A"
