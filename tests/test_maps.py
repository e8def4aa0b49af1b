"""The standard map's data: provinces, centres, adjacency, names and starting units.

Expected values here are written out by hand from the standard (Avalon Hill) map, not derived from the JSON.
"""
from __future__ import annotations

import copy
import json
from collections import Counter, defaultdict
from importlib import resources

import pytest

from judge.maps import MapError, _build, alias_key, load

INLAND = set("BOH BUD BUR GAL MOS MUN PAR RUH SER SIL TYR UKR VIE WAR".split())
SEAS = set("ADR AEG BAL BAR BLA BOT EAS ENG HEL ION IRI LYO MAO NAO NTH NWG SKA TYS WES".split())
COASTAL = set(
    "ALB ANK APU ARM BEL BER BRE BUL CLY CON DEN EDI FIN GAS GRE HOL KIE LON LVN LVP MAR NAF NAP NWY PIC PIE POR "
    "PRU ROM RUM SEV SMY SPA STP SWE SYR TRI TUN TUS VEN WAL YOR".split())
SPLIT = {"BUL": ("EC", "SC"), "SPA": ("NC", "SC"), "STP": ("NC", "SC")}

HOMES = {
    "AUSTRIA": {"BUD", "TRI", "VIE"},
    "ENGLAND": {"EDI", "LON", "LVP"},
    "FRANCE": {"BRE", "MAR", "PAR"},
    "GERMANY": {"BER", "KIE", "MUN"},
    "ITALY": {"NAP", "ROM", "VEN"},
    "RUSSIA": {"MOS", "SEV", "STP", "WAR"},
    "TURKEY": {"ANK", "CON", "SMY"},
}
NEUTRALS = set("BEL BUL DEN GRE HOL NWY POR RUM SER SPA SWE TUN".split())

START = {
    "AUSTRIA": {"A BUD", "A VIE", "F TRI"},
    "ENGLAND": {"F EDI", "F LON", "A LVP"},
    "FRANCE": {"F BRE", "A MAR", "A PAR"},
    "GERMANY": {"F KIE", "A BER", "A MUN"},
    "ITALY": {"F NAP", "A ROM", "A VEN"},
    "RUSSIA": {"A MOS", "F SEV", "F STP/SC", "A WAR"},
    "TURKEY": {"F ANK", "A CON", "A SMY"},
}

# Borders counted once per pair. Army: between provinces. Fleet: between locations (coasts count separately).
ARMY_BORDERS = 111
FLEET_BORDERS = 141


@pytest.fixture(scope="module")
def raw() -> dict:
    return json.loads(resources.files("judge.maps").joinpath("standard.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def m():
    return load("standard")


# -- provinces ---------------------------------------------------------------------------------------------------------

def test_seventy_five_provinces(raw, m):
    assert len(raw["provinces"]) == 75
    assert set(m.provinces) == INLAND | SEAS | COASTAL
    assert all(len(a) == 3 and a.isupper() for a in m.provinces)


def test_terrain_counts(m):
    counts = Counter(p.terrain for p in m.provinces.values())
    assert counts == {"land": 14, "coast": 42, "sea": 19}
    assert {a for a, p in m.provinces.items() if p.terrain == "land"} == INLAND
    assert {a for a, p in m.provinces.items() if p.terrain == "sea"} == SEAS


@pytest.mark.parametrize("abbr,name", [
    ("LYO", "Gulf of Lyon"), ("MAO", "Mid-Atlantic Ocean"), ("NAO", "North Atlantic Ocean"), ("NWG", "Norwegian Sea"),
    ("STP", "St Petersburg"), ("WES", "Western Mediterranean"), ("EAS", "Eastern Mediterranean"),
    ("TYS", "Tyrrhenian Sea"), ("HEL", "Heligoland Bight"), ("SKA", "Skagerrak"), ("BOT", "Gulf of Bothnia"),
    ("BAR", "Barents Sea"), ("ENG", "English Channel"), ("IRI", "Irish Sea"), ("LVN", "Livonia"),
    ("NAF", "North Africa"), ("RUM", "Rumania"), ("MAR", "Marseilles"), ("TYR", "Tyrolia"), ("NTH", "North Sea"),
])
def test_full_names(m, abbr, name):
    assert m.provinces[abbr].name == name


def test_split_coasts(m):
    assert {a: p.coasts for a, p in m.provinces.items() if p.coasts} == SPLIT
    assert len(m.locations()) == 75 + 6


# -- supply centres ----------------------------------------------------------------------------------------------------

def test_centres(m):
    assert len(m.centers) == 34
    assert m.centers == NEUTRALS | set().union(*HOMES.values())
    assert not any(m.provinces[c].terrain == "sea" for c in m.centers)


def test_homes(m):
    assert sum(len(m.homes(p)) for p in m.powers) == 22
    for power, homes in HOMES.items():
        assert set(m.homes(power)) == homes
    assert all(m.provinces[c].home is None for c in NEUTRALS)
    assert all(p.center for p in m.provinces.values() if p.home)


# -- adjacency tables --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("table", ["army", "fleet"])
def test_raw_adjacency_symmetric(raw, table):
    adj = raw[table]
    for src, dsts in adj.items():
        assert len(dsts) == len(set(dsts)), f"{table} {src} lists a neighbour twice"
        assert src not in dsts
        for d in dsts:
            assert src in adj.get(d, []), f"{table}: {src} -> {d} but not back"


def test_army_table_covers_exactly_the_land(raw):
    assert set(raw["army"]) == INLAND | COASTAL
    for src, dsts in raw["army"].items():
        assert dsts, src
        for d in dsts:
            assert "/" not in d, f"army {src} -> {d}: armies ignore coasts"
            assert d not in SEAS, f"army {src} -> sea {d}"


def test_fleet_table_covers_exactly_the_water_and_coasts(raw):
    expected = SEAS | (COASTAL - set(SPLIT)) | {f"{p}/{c}" for p, cs in SPLIT.items() for c in cs}
    assert set(raw["fleet"]) == expected
    for p in SPLIT:
        assert p not in raw["fleet"], f"plain {p} in fleet table"
    for src, dsts in raw["fleet"].items():
        assert dsts, src
        for d in dsts:
            assert d[:3] not in INLAND, f"fleet {src} -> inland {d}"
            assert d not in SPLIT, f"fleet {src} -> {d} without a coast"


def test_every_coastal_province_has_army_and_fleet_entries(raw):
    for p in COASTAL:
        assert raw["army"].get(p), p
        locs = [f"{p}/{c}" for c in SPLIT[p]] if p in SPLIT else [p]
        for loc in locs:
            assert raw["fleet"].get(loc), loc
        # every coast touches some sea
        assert any(d in SEAS for loc in locs for d in raw["fleet"][loc]), p


def test_fleet_between_coasts_implies_land_border(raw):
    """Two coastal provinces that share a coastline share a land border too, so an army can make the same move."""
    for src, dsts in raw["fleet"].items():
        for d in dsts:
            if src[:3] in COASTAL and d[:3] in COASTAL:
                assert d[:3] in raw["army"][src[:3]], f"fleet {src}-{d} but no army border"


def test_border_totals(raw):
    army = sum(len(v) for v in raw["army"].values())
    fleet = sum(len(v) for v in raw["fleet"].values())
    assert army % 2 == 0 and fleet % 2 == 0
    assert army // 2 == ARMY_BORDERS
    assert fleet // 2 == FLEET_BORDERS


# (kind, a, b, adjacent?) -- each checked in both directions.
BORDERS = [
    # Italy
    ("A", "ROM", "VEN", True), ("F", "ROM", "VEN", False), ("A", "APU", "ROM", True), ("F", "APU", "ROM", False),
    ("F", "NAP", "ROM", True), ("F", "APU", "VEN", True), ("F", "TUS", "VEN", False), ("A", "TUS", "VEN", True),
    ("F", "PIE", "VEN", False), ("A", "PIE", "VEN", True), ("F", "ROM", "TUS", True), ("F", "TUS", "PIE", True),
    ("F", "PIE", "MAR", True), ("A", "PIE", "TYR", True), ("F", "TUS", "LYO", True), ("F", "ROM", "TYS", True),
    ("F", "APU", "TYS", False), ("F", "VEN", "ION", False), ("F", "ADR", "ION", True), ("F", "TRI", "VEN", True),
    ("F", "ALB", "TRI", True), ("F", "ALB", "ION", True), ("F", "ALB", "GRE", True), ("A", "ALB", "BUL", False),
    # Germany / Low Countries / Scandinavia
    ("F", "KIE", "BER", True), ("F", "KIE", "MUN", False), ("A", "KIE", "MUN", True), ("A", "KIE", "RUH", True),
    ("F", "KIE", "RUH", False), ("F", "KIE", "HOL", True), ("F", "KIE", "DEN", True), ("F", "KIE", "BAL", True),
    ("F", "KIE", "HEL", True), ("F", "BER", "HEL", False), ("F", "HOL", "HEL", True), ("F", "BEL", "HEL", False),
    ("F", "DEN", "SWE", True), ("A", "DEN", "SWE", True), ("F", "DEN", "HEL", True), ("F", "DEN", "NTH", True),
    ("F", "DEN", "SKA", True), ("F", "DEN", "BAL", True), ("F", "DEN", "NWY", False), ("F", "DEN", "BOT", False),
    ("A", "SWE", "NWY", True), ("F", "SWE", "NWY", True), ("A", "SWE", "FIN", True), ("F", "SWE", "FIN", True),
    ("F", "SWE", "BOT", True), ("F", "SWE", "BAL", True), ("F", "SWE", "SKA", True), ("F", "SWE", "NTH", False),
    ("A", "FIN", "NWY", True), ("F", "FIN", "NWY", False),
    ("F", "NWY", "STP/NC", True), ("A", "NWY", "STP", True), ("F", "NWY", "STP/SC", False),
    ("F", "NWY", "BAR", True), ("F", "NWY", "NWG", True), ("F", "NWY", "NTH", True), ("F", "NWY", "SKA", True),
    ("F", "BER", "PRU", True), ("F", "PRU", "LVN", True), ("A", "BER", "SIL", True), ("F", "BER", "BAL", True),
    ("F", "BAL", "BOT", True), ("F", "SKA", "NTH", True), ("F", "SKA", "BAL", False),
    # Russia
    ("F", "STP/NC", "BAR", True), ("F", "STP/SC", "BOT", True), ("F", "STP/SC", "FIN", True),
    ("F", "STP/SC", "LVN", True), ("F", "STP/NC", "FIN", False), ("F", "STP/SC", "BAR", False),
    ("A", "STP", "MOS", True), ("A", "STP", "LVN", True), ("A", "STP", "FIN", True), ("A", "STP", "WAR", False),
    ("F", "LVN", "BAL", True), ("F", "LVN", "BOT", True), ("A", "LVN", "WAR", True), ("A", "LVN", "MOS", True),
    ("A", "PRU", "WAR", True), ("A", "PRU", "SIL", True), ("F", "SEV", "RUM", True), ("F", "SEV", "ARM", True),
    ("F", "SEV", "BLA", True), ("A", "SEV", "UKR", True), ("A", "SEV", "MOS", True), ("A", "SEV", "GAL", False),
    ("A", "UKR", "WAR", True), ("A", "UKR", "GAL", True), ("A", "UKR", "RUM", True),
    # Balkans / Turkey
    ("F", "CON", "BUL/EC", True), ("F", "CON", "BUL/SC", True), ("F", "BLA", "BUL/EC", True),
    ("F", "BLA", "BUL/SC", False), ("F", "AEG", "BUL/SC", True), ("F", "AEG", "BUL/EC", False),
    ("F", "GRE", "BUL/SC", True), ("F", "GRE", "BUL/EC", False), ("F", "RUM", "BUL/EC", True),
    ("F", "RUM", "BUL/SC", False), ("A", "BUL", "SER", True), ("A", "BUL", "CON", True), ("A", "RUM", "SER", True),
    ("A", "RUM", "BUD", True), ("A", "RUM", "GAL", True), ("F", "RUM", "BLA", True),
    ("F", "CON", "ANK", True), ("F", "CON", "SMY", True), ("F", "CON", "AEG", True), ("F", "CON", "BLA", True),
    ("F", "CON", "EAS", False), ("F", "ANK", "BLA", True), ("F", "ANK", "SMY", False), ("A", "ANK", "SMY", True),
    ("F", "ANK", "ARM", True), ("F", "ARM", "BLA", True), ("A", "ARM", "SYR", True), ("F", "ARM", "SYR", False),
    ("A", "ARM", "SMY", True), ("F", "ARM", "SMY", False), ("F", "SYR", "SMY", True), ("F", "SYR", "EAS", True),
    ("F", "SMY", "AEG", True), ("F", "SMY", "EAS", True), ("F", "AEG", "EAS", True), ("F", "AEG", "ION", True),
    ("F", "EAS", "ION", True), ("A", "SER", "TRI", True), ("A", "SER", "ALB", True), ("A", "SER", "GRE", True),
    ("A", "BUD", "TRI", True), ("A", "VIE", "TRI", True), ("A", "TYR", "TRI", True), ("A", "BOH", "TYR", True),
    # France / Iberia / Africa
    ("F", "SPA/NC", "MAO", True), ("F", "SPA/NC", "GAS", True), ("F", "SPA/NC", "POR", True),
    ("F", "SPA/SC", "MAO", True), ("F", "SPA/SC", "POR", True), ("F", "SPA/SC", "MAR", True),
    ("F", "SPA/SC", "LYO", True), ("F", "SPA/SC", "WES", True),
    ("F", "SPA/NC", "MAR", False), ("F", "GAS", "SPA/SC", False), ("F", "SPA/NC", "LYO", False),
    ("F", "SPA/NC", "WES", False), ("A", "GAS", "SPA", True), ("A", "MAR", "SPA", True), ("A", "POR", "SPA", True),
    ("A", "MAR", "GAS", True), ("F", "MAR", "GAS", False), ("A", "MAR", "BUR", True), ("A", "GAS", "BUR", True),
    ("F", "GAS", "BRE", True), ("F", "GAS", "MAO", True), ("A", "GAS", "PAR", True), ("F", "BRE", "PIC", True),
    ("A", "BRE", "PAR", True), ("F", "BRE", "ENG", True), ("F", "BRE", "MAO", True), ("F", "PIC", "BEL", True),
    ("F", "PIC", "ENG", True), ("A", "PIC", "PAR", True), ("A", "PIC", "BUR", True), ("F", "BEL", "HOL", True),
    ("F", "BEL", "NTH", True), ("F", "BEL", "ENG", True), ("A", "BEL", "BUR", True), ("A", "BEL", "RUH", True),
    ("A", "BEL", "KIE", False), ("F", "HOL", "NTH", True), ("A", "HOL", "RUH", True), ("A", "BUR", "MUN", True),
    ("A", "PAR", "MAR", False), ("A", "BUR", "SPA", False),
    ("F", "NAF", "TUN", True), ("A", "NAF", "TUN", True), ("F", "NAF", "MAO", True), ("F", "NAF", "WES", True),
    ("F", "NAF", "TYS", False), ("F", "TUN", "WES", True), ("F", "TUN", "TYS", True), ("F", "TUN", "ION", True),
    ("F", "MAO", "WES", True), ("F", "MAO", "POR", True), ("F", "MAO", "IRI", True), ("F", "MAO", "NAO", True),
    ("F", "MAO", "ENG", True), ("F", "LYO", "WES", True), ("F", "LYO", "TYS", True), ("F", "WES", "TYS", True),
    ("F", "APU", "ION", True), ("F", "APU", "ADR", True), ("F", "NAP", "TYS", True), ("F", "NAP", "ION", True),
    ("F", "TYS", "ION", True),
    # Britain
    ("F", "CLY", "IRI", False), ("F", "CLY", "NAO", True), ("F", "CLY", "NWG", True), ("F", "CLY", "LVP", True),
    ("A", "CLY", "EDI", True), ("F", "CLY", "EDI", True), ("F", "LVP", "NAO", True), ("F", "LVP", "IRI", True),
    ("A", "LVP", "EDI", True), ("F", "LVP", "EDI", False), ("A", "LVP", "YOR", True), ("F", "LVP", "YOR", False),
    ("F", "LVP", "WAL", True), ("F", "LVP", "NWG", False), ("F", "WAL", "IRI", True), ("F", "WAL", "ENG", True),
    ("A", "WAL", "YOR", True), ("F", "WAL", "YOR", False), ("F", "LON", "WAL", True), ("F", "LON", "YOR", True),
    ("F", "LON", "NTH", True), ("F", "LON", "ENG", True), ("F", "EDI", "YOR", True), ("F", "EDI", "NTH", True),
    ("F", "EDI", "NWG", True), ("F", "YOR", "NTH", True), ("F", "YOR", "ENG", False), ("F", "IRI", "NAO", True),
    ("F", "IRI", "ENG", True), ("F", "NAO", "NWG", True), ("F", "NWG", "NTH", True), ("F", "NWG", "BAR", True),
    ("F", "ENG", "NTH", True), ("F", "NTH", "HEL", True),
]


@pytest.mark.parametrize("kind,a,b,expected", BORDERS, ids=[f"{k}-{a}-{b}-{e}" for k, a, b, e in BORDERS])
def test_border(m, kind, a, b, expected):
    assert m.adjacent(kind, a, b) is expected
    assert m.adjacent(kind, b, a) is expected


@pytest.mark.parametrize("src,province,coasts", [
    ("MAO", "SPA", ["SPA/NC", "SPA/SC"]), ("POR", "SPA", ["SPA/NC", "SPA/SC"]), ("GAS", "SPA", ["SPA/NC"]),
    ("MAR", "SPA", ["SPA/SC"]), ("LYO", "SPA", ["SPA/SC"]), ("WES", "SPA", ["SPA/SC"]),
    ("CON", "BUL", ["BUL/EC", "BUL/SC"]), ("BLA", "BUL", ["BUL/EC"]), ("RUM", "BUL", ["BUL/EC"]),
    ("AEG", "BUL", ["BUL/SC"]), ("GRE", "BUL", ["BUL/SC"]),
    ("NWY", "STP", ["STP/NC"]), ("BAR", "STP", ["STP/NC"]), ("FIN", "STP", ["STP/SC"]), ("BOT", "STP", ["STP/SC"]),
    ("LVN", "STP", ["STP/SC"]), ("NTH", "STP", []),
])
def test_fleet_coasts_towards(m, src, province, coasts):
    assert m.fleet_coasts_towards(src, province) == coasts


def test_armies_and_fleets_cannot_stand_in_the_wrong_place(m):
    for s in SEAS:
        assert not m.can_hold("A", s) and m.can_hold("F", s)
    for p in INLAND:
        assert m.can_hold("A", p) and not m.can_hold("F", p)
    for p, cs in SPLIT.items():
        assert not m.can_hold("F", p) and m.can_hold("A", p)
        assert all(m.can_hold("F", f"{p}/{c}") for c in cs)


# -- names -------------------------------------------------------------------------------------------------------------

def test_every_alias_names_one_province(raw, m):
    owners = defaultdict(set)
    for abbr, p in raw["provinces"].items():
        for alias in [abbr, p["name"], *p.get("aliases", [])]:
            assert alias_key(alias), f"{abbr}: empty alias {alias!r}"
            owners[alias_key(alias)].add(abbr)
    clashes = {k: v for k, v in owners.items() if len(v) > 1}
    assert not clashes
    for key, (abbr,) in owners.items():
        assert m.lookup(key) == abbr


def test_aliases_are_lower_case(raw):
    for abbr, p in raw["provinces"].items():
        for alias in p.get("aliases", []):
            assert alias == alias.lower(), (abbr, alias)


@pytest.mark.parametrize("text,abbr", [
    ("St. Petersburg", "STP"), ("st petersburg", "STP"), ("Saint Petersburg", "STP"), ("St-Petersburg", "STP"),
    ("petersburg", "STP"), ("stp", "STP"),
    ("gulf of lyon", "LYO"), ("Gulf of Lyons", "LYO"), ("gulf of lions", "LYO"), ("gol", "LYO"), ("lyo", "LYO"),
    ("Mid-Atlantic Ocean", "MAO"), ("mid atlantic", "MAO"), ("midatlantic", "MAO"), ("mid", "MAO"), ("MAO", "MAO"),
    ("nat", "NAO"), ("North Atlantic", "NAO"), ("nao", "NAO"),
    ("nwg", "NWG"), ("nrg", "NWG"), ("norwegian", "NWG"), ("Norwegian Sea", "NWG"),
    ("nwy", "NWY"), ("nor", "NWY"), ("Norway", "NWY"),
    ("nth", "NTH"), ("nts", "NTH"), ("North Sea", "NTH"),
    ("eng", "ENG"), ("english", "ENG"), ("channel", "ENG"), ("English Channel", "ENG"), ("ech", "ENG"),
    ("tys", "TYS"), ("tyn", "TYS"), ("tyrrhenian", "TYS"),
    ("bot", "BOT"), ("gob", "BOT"), ("bothnia", "BOT"), ("Gulf of Bothnia", "BOT"),
    ("lvp", "LVP"), ("lpl", "LVP"), ("Liverpool", "LVP"), ("lvn", "LVN"), ("Livonia", "LVN"),
    ("wes", "WES"), ("wme", "WES"), ("western med", "WES"), ("Western Mediterranean", "WES"),
    ("eas", "EAS"), ("eme", "EAS"), ("eastern med", "EAS"), ("Eastern Mediterranean", "EAS"),
    ("hel", "HEL"), ("helgoland", "HEL"), ("heligoland", "HEL"), ("Heligoland Bight", "HEL"),
    ("ska", "SKA"), ("skag", "SKA"), ("Skagerrak", "SKA"),
    ("rum", "RUM"), ("romania", "RUM"), ("Rumania", "RUM"), ("rom", "ROM"), ("Rome", "ROM"), ("ruh", "RUH"),
    ("north africa", "NAF"), ("naf", "NAF"), ("Tunis", "TUN"), ("marseille", "MAR"), ("Marseilles", "MAR"),
    ("tyrol", "TYR"), ("Tyrolia", "TYR"), ("sevastopol", "SEV"), ("Constantinople", "CON"), ("den", "DEN"),
    ("bre", "BRE"), ("nap", "NAP"), ("Holland", "HOL"),
])
def test_lookup(m, text, abbr):
    assert m.lookup(text) == abbr


@pytest.mark.parametrize("text", ["", "xyz", "atlantic", "gulf", "sea", "north", "spa/nc"])
def test_lookup_unknown(m, text):
    assert m.lookup(text) is None


# -- powers ------------------------------------------------------------------------------------------------------------

def test_powers(m):
    assert m.powers == ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
    assert m.power_letters == {"AUSTRIA": "A", "ENGLAND": "E", "FRANCE": "F", "GERMANY": "G", "ITALY": "I",
                               "RUSSIA": "R", "TURKEY": "T"}
    assert m.power_adjectives == {"AUSTRIA": "Austrian", "ENGLAND": "English", "FRANCE": "French",
                                  "GERMANY": "German", "ITALY": "Italian", "RUSSIA": "Russian", "TURKEY": "Turkish"}


@pytest.mark.parametrize("text,power", [
    ("Austria", "AUSTRIA"), ("austrian", "AUSTRIA"), ("england", "ENGLAND"), ("English", "ENGLAND"),
    ("France", "FRANCE"), ("french", "FRANCE"), ("GERMANY", "GERMANY"), ("german", "GERMANY"), ("Italy", "ITALY"),
    ("italian", "ITALY"), ("russia", "RUSSIA"), ("Russian", "RUSSIA"), ("turkey", "TURKEY"), ("Turkish", "TURKEY"),
    ("xyz", None),
])
def test_power_lookup(m, text, power):
    assert m.power(text) == power


def test_power_aliases_unambiguous(raw):
    owners = defaultdict(set)
    for power, info in raw["powers"].items():
        for alias in [power, info["adjective"], *info.get("aliases", [])]:
            owners[alias_key(alias)].add(power)
    assert all(len(v) == 1 for v in owners.values())


# -- starting position -------------------------------------------------------------------------------------------------

def test_start_units(m):
    assert {p: set(u) for p, u in m.start.items()} == START
    assert sum(len(u) for u in m.start.values()) == 22


def test_start_units_stand_where_they_can_on_their_homes(m):
    for power, units in m.start.items():
        locs = []
        for u in units:
            kind, loc = u.split()
            assert m.can_hold(kind, loc), u
            locs.append(loc[:3])
        assert sorted(locs) == sorted(HOMES[power]), power


# -- the loader refuses broken maps ------------------------------------------------------------------------------------

def test_loader_accepts_raw(raw):
    assert len(_build(copy.deepcopy(raw)).provinces) == 75


@pytest.mark.parametrize("breakage", ["asymmetric", "army_to_sea", "fleet_inland", "plain_split", "alias_clash",
                                      "bad_start"])
def test_loader_refuses_broken_map(raw, breakage):
    doc = copy.deepcopy(raw)
    if breakage == "asymmetric":
        doc["fleet"]["ROM"].append("VEN")
    elif breakage == "army_to_sea":
        doc["army"]["BRE"].append("ENG")
        doc["army"]["ENG"] = ["BRE"]
    elif breakage == "fleet_inland":
        doc["fleet"]["KIE"].append("MUN")
        doc["fleet"]["MUN"] = ["KIE"]
    elif breakage == "plain_split":
        doc["fleet"]["SPA"] = ["MAO"]
        doc["fleet"]["MAO"].append("SPA")
    elif breakage == "alias_clash":
        doc["provinces"]["LVP"]["aliases"].append("livonia")
    elif breakage == "bad_start":
        doc["start"]["RUSSIA"] = ["F STP"]
    with pytest.raises(MapError):
        _build(doc)
