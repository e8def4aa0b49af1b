"""Variant documents (judge/maps/FORMAT.md): the shipped variants' facts, derived variants, and every refusal naming
the file and the key."""
from __future__ import annotations

import copy
import json
from importlib import resources

import pytest

from judge import maps
from judge.maps import MapError
from judge.maps.build import build, derive, same_board
from judge.position import initial_position

STANDARD = json.loads(resources.files("judge.maps").joinpath("standard.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name, powers, centres, victory, board, builds, begin", [
    ("standard", 7, 34, 18, "standard", "homes", "S1901M"),
    ("fleet_rome", 7, 34, 18, "standard", "homes", "S1901M"),
    ("chaos", 34, 34, 18, "standard", "any", "W1900A"),
    ("heartland", 3, 7, 4, "heartland", "homes", "S1901M"),
])
def test_shipped_variants(name, powers, centres, victory, board, builds, begin):
    m = maps.load(name)
    assert (len(m.powers), len(m.centers), m.victory_count, m.board, m.builds, m.begin) == \
        (powers, centres, victory, board, builds, begin)
    assert m.title and m.description and m.name == name
    assert set(maps.known()[:4]) == {"standard", "fleet_rome", "chaos", "heartland"}
    assert maps.known()[0] == "standard"


def test_fleet_rome_is_the_standard_game_with_a_fleet_in_rome():
    fr, st = maps.load("fleet_rome"), maps.load("standard")
    assert same_board(fr, st) and fr.home_centers == st.home_centers and fr.power_letters == st.power_letters
    changed = {p for p in st.powers if set(fr.start[p]) != set(st.start[p])}
    assert changed == {"ITALY"} and set(fr.start["ITALY"]) == {"F ROM", "F NAP", "A VEN"}


def test_chaos_gives_each_power_one_centre_and_one_character():
    m = maps.load("chaos")
    assert sorted(c for p in m.powers for c in m.homes(p)) == sorted(maps.load("standard").centers)
    assert all(len(m.homes(p)) == 1 for p in m.powers)
    letters = list(m.power_letters.values())
    assert len(set(letters)) == 34 and all(len(c) == 1 and c.isalnum() for c in letters)
    assert "M" not in letters and "O" not in letters            # M signs on the master; O reads as 0
    assert m.power_letters["PARIS"] and m.homes("PARIS") == ("PAR",) and m.homes("PETERSBURG") == ("STP",)
    assert m.power("st petersburg") == "PETERSBURG" and m.power("Paris") == "PARIS"
    start = initial_position(m)
    assert str(start.phase) == "W1900A" and not start.units and len(start.centers) == 34


def test_heartland_is_a_board_of_its_own():
    m = maps.load("heartland")
    assert len(m.provinces) == 12 and m.provinces["HRT"].terrain == "land" and m.provinces["COR"].coasts == ("EC", "WC")
    assert m.provinces["HRT"].center and m.provinces["HRT"].home is None
    assert m.power_colours == {"ARDEN": "#2f6db5", "BRENN": "#b8402e", "CALDOR": "#3d8c40"}
    assert not same_board(m, maps.load("standard"))


def test_heartland_drawing_passes_the_drawing_checks():
    from judge import picture
    from judge.picture import geometry
    g = geometry.load("heartland")         # checks the tiling, the points and the borders against the map
    assert set(g.provinces) == set(maps.load("heartland").provinces) and picture.has_drawing("heartland")
    assert g.width == 1200.0


# -- derived variants -----------------------------------------------------------------------------------------------

def test_derive_replaces_the_start_of_the_powers_it_names_only():
    doc = derive(STANDARD, {"name": "x", "base": "standard", "start": {"ITALY": ["F ROM", "F NAP", "A VEN"]}}, "x.json")
    assert doc["start"]["ITALY"] == ["F ROM", "F NAP", "A VEN"]
    assert doc["start"]["FRANCE"] == STANDARD["start"]["FRANCE"]
    assert doc["board"] == "standard" and "base" not in doc


def test_new_powers_bring_their_own_homes_and_start():
    doc = derive(STANDARD, {"name": "duel", "base": "standard",
                            "powers": {"EAST": {"letter": "E"}, "WEST": {"letter": "W"}},
                            "homes": {"EAST": ["MOS"], "WEST": ["PAR"]}, "start": {"EAST": ["A MOS"]}}, "duel.json")
    m = build(doc, "duel.json")
    assert m.powers == ("EAST", "WEST") and m.start == {"EAST": ("A MOS",)} and m.homes("WEST") == ("PAR",)
    assert m.provinces["BER"].home is None and "BER" in m.centers


@pytest.mark.parametrize("override, message", [
    ({"provinces": {}}, r"x.json: unknown key 'provinces'"),
    ({"powers": {"EAST": {"letter": "E"}, "WEST": {"letter": "W"}}}, r"x.json: powers: .* needs \"homes\" too"),
    ({"homes": {"ITALY": ["ROM", "XYZ"]}}, r"x.json: homes.ITALY: 'XYZ' is no province"),
    ({"homes": {"ITALY": ["ROM"], "FRANCE": ["ROM"]}}, r"x.json: homes.FRANCE: ROM is already ITALY's"),
])
def test_derived_variants_are_checked(override, message):
    with pytest.raises(MapError, match=message):
        build(derive(STANDARD, {"name": "x", "base": "standard", **override}, "x.json"), "x.json")


# -- refusals of a full document ------------------------------------------------------------------------------------

def broken(change) -> dict:
    doc = copy.deepcopy(STANDARD)
    change(doc)
    return doc


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(victory=40), r"my.json: victory: 40 is more than the 34 supply centres"),
    (lambda d: d.update(builds="some"), r"my.json: builds: 'some' is not one of homes, any"),
    (lambda d: d.update(begin="F1901R"), r"my.json: begin: 'F1901R' is not"),
    (lambda d: d.update(vicotry=18), r"my.json: the document: unknown key 'vicotry'"),
    (lambda d: d["powers"]["ITALY"].update(letter="M"), r"my.json: powers.ITALY.letter: 'M' is not one"),
    (lambda d: d["powers"]["ITALY"].update(letter="F"), r"my.json: powers.ITALY.letter: F is FRANCE's letter too"),
    (lambda d: d["powers"]["ITALY"].update(colour="green"), r"my.json: powers.ITALY.colour: 'green' is not #rrggbb"),
    (lambda d: d["powers"].update(Italy2={"letter": "Q"}), r"my.json: powers.Italy2: a power's name is one word"),
    (lambda d: d["provinces"]["ROM"].update(home="PAPACY"), r"my.json: provinces.ROM.home: 'PAPACY' is no power"),
    (lambda d: d["provinces"]["TUS"].update(home="ITALY"), r"my.json: provinces.TUS.home: a home centre must be"),
    (lambda d: d["provinces"]["SPA"].update(coasts=["NC", "north"]), r"my.json: provinces.SPA.coasts: a coast is two"),
    (lambda d: d["provinces"].update(ROMA={"name": "R", "terrain": "land"}), r"my.json: provinces.ROMA: an abbrev"),
    (lambda d: d["start"].update(ITALY=["A ROM", "A ROM"]), r"my.json: start.ITALY: A ROM stands where A ROM does"),
    (lambda d: d["start"].update(ITALY=["F VEN", "A TYS"]), r"my.json: start.ITALY: 'A TYS' cannot stand there"),
    (lambda d: d.update(centers={"ITALY": ["ROM", "TUS"]}), r"my.json: centers.ITALY: 'TUS' is no supply centre"),
    (lambda d: d["army"]["PAR"].append("MUN"), r"my.json: army.PAR: PAR -> MUN is not symmetric"),
    (lambda d: d["fleet"]["ROM"].append("VEN"), r"my.json: fleet.ROM: ROM -> VEN is not symmetric"),
    (lambda d: d["provinces"]["LVP"]["aliases"].append("livonia"), r"my.json: provinces.LVP.aliases: 'livonia'"),
    (lambda d: d.update(name="My Map"), r"my.json: name: 'My Map' is not a variant name"),
    (lambda d: d.update(calendar=["summer"]), r"my.json: calendar: 'summer' is not a movement season"),
    (lambda d: d.update(calendar=["fall", "spring"]), r"my.json: calendar: .*once, in order"),
    (lambda d: d.update(calendar=[]), r"my.json: calendar: .*once, in order"),
    (lambda d: d.update(calendar="spring"), r"my.json: calendar: expected a list"),
    (lambda d: d.update(calendar=["fall"]), r"my.json: begin: S1901M is in a season with no movement phase"),
    (lambda d: d.update(begin="S0000M"), r"my.json: begin: S0000M: a game begins in year 0001 or later"),
    (lambda d: d.update(build_limit=-1), r"my.json: build_limit: -1"),
    (lambda d: d.update(build_limit="2"), r"my.json: build_limit: expected int"),
])
def test_a_broken_document_is_refused_naming_file_and_key(change, message):
    with pytest.raises(MapError, match=message):
        build(broken(change), "my.json")


def test_a_game_of_the_first_years_names_every_phase_in_four_digits():
    # The house rule mobilize begins the game in the winter before: W0000A for a game beginning in S0001M, a phase
    # a state may name (the standard calendar's years are 0000 to 9999, written as read).
    from judge.rules import parse_rules
    m = build({**copy.deepcopy(STANDARD), "begin": "S0001M"}, "my.json")
    assert str(initial_position(m).phase) == "S0001M"
    assert str(initial_position(m, parse_rules(["mobilize"])).phase) == "W0000A"


def test_builds_at_follows_the_variant_and_the_house_rule():
    st, chaos = maps.load("standard"), maps.load("chaos")
    assert st.builds_at("FRANCE", "PAR") and not st.builds_at("FRANCE", "BEL")
    assert st.builds_at("FRANCE", "BEL", anywhere=True) and not st.builds_at("FRANCE", "BUR", anywhere=True)
    assert chaos.builds_at("PARIS", "BEL") and not chaos.builds_at("PARIS", "BUR")


def test_no_two_places_of_dpjudges_maps_share_a_name_without_its_accents(tmp_path):
    """Names are also read without their accents ("Grece" for Grèce): on none of DPjudge's real maps does that make
    one name of two places, two coasts or two powers (the translated ones are where the accents are)."""
    import unicodedata
    from tests.dpjudge_mirror import extract
    folder = extract(tmp_path / "variants")
    maps.use_folder(folder)
    try:
        names = sorted(p.stem.replace("-", "_") for p in folder.glob("*.map"))
        accented = 0
        for name in names:
            m = maps.load(name if name not in ("standard", "chaos") else f"dpjudge_{name}")
            for table, folded in ((m.names, m.folded_names), (m.coast_words, m.folded_coast_words),
                                  (m.power_names, m.folded_power_names)):
                meant: dict[str, set[str]] = {}
                for key, value in table.items():
                    bare = "".join(c for c in unicodedata.normalize("NFD", key) if unicodedata.category(c) != "Mn")
                    meant.setdefault(bare, set()).add(value)
                    accented += bare != key
                assert all(len(v) == 1 for v in meant.values()), (name, {k: v for k, v in meant.items() if len(v) > 1})
                assert folded == {k: v.pop() for k, v in meant.items()}, name
        assert len(names) >= 40 and accented > 50, (len(names), accented)
    finally:
        maps.use_folder(None)
