"""Wording on DPjudge's translated standard map (trials/standard_french.map, which USEs DPjudge's standard.map):
what players read by mail. A sea whose name carries its own article ("La Manche") takes no "the" of ours; SUMMARY
heads its columns with the powers' names cut no further than the width needs ("All" for Allemagne read as a word);
HELP shows the title of a DPjudge file named like a shipped variant as "DPjudge Standard", not "Dpjudge Standard".
The files come from a mirror of DPjudge's repository (the tests skip without one)."""
from __future__ import annotations

import pytest

from judge import maps
from tests.commands.helpers import Desk, dpjudge_desk, start_map_game
from tests.dpjudge_mirror import extract

GM = ("gm@example.org", "gm-pw")
ASKER = "someone@example.org"


@pytest.fixture
def french(tmp_path):
    yield from dpjudge_desk(tmp_path)


def master(desk: Desk, game: str, *lines: str) -> None:
    assert desk.send(GM[0], "\n".join([f"SIGNON M{game} {GM[1]}", *lines])).accepted


def test_a_fleet_dislodged_from_la_manche_is_in_la_manche_not_the_la_manche(french):
    start_map_game(french, "fr", "standard_french")
    # Spring 1901: the French fleet takes the Channel, the English one from Edinburgh the North Sea; in the fall the
    # English fleets dislodge it (two against one).
    master(french, "fr", "FRANCE: F BRE - MAN", "ANGLETERRE: F EDI - NRD", "PROCESS!")
    master(french, "fr", "FRANCE: F MAN H", "ANGLETERRE: F NRD - MAN", "ANGLETERRE: F LON S F NRD - MAN", "PROCESS!")
    results = [m.get_content() for m in french.new_mail() if "results fr" in str(m["Subject"])]
    text = " ".join(" ".join(results).split())            # (the line is wrapped at 75 columns)
    dislodged = text[text.index("The following units were dislodged"):][:120]
    assert "fleet in La Manche can retreat to" in dislodged, dislodged
    assert "the La Manche" not in text


def test_summary_heads_are_the_powers_names_as_far_as_they_fit(french):
    start_map_game(french, "fs", "standard_french")
    master(french, "fs", "PROCESS!")
    master(french, "fs", "PROCESS!")                  # 1901 ends: its centre counts are kept
    assert french.send(ASKER, "SUMMARY fs").accepted
    lines = french.reply_to(ASKER).split("\n")
    header = next(line for line in lines if line.startswith("Year"))
    names = [maps.load("standard_french").power_title(p) for p in maps.load("standard_french").powers]
    heads = header.split()[1:]
    assert "Allemagne" in names and "All" not in heads, header
    # Each head begins its power's name, no two alike, as long as 75 columns allow for seven columns after "Year  ".
    assert len(heads) == len(names) and all(n.startswith(h) for h, n in zip(heads, names)), (heads, names)
    assert len(set(heads)) == len(heads) and len(header) <= 75
    assert all(h == n or len(h) >= (75 - 6) // len(names) - 1 for h, n in zip(heads, names)), heads


def test_help_spells_dpjudge_in_a_dpjudge_maps_title(french):
    assert french.send(ASKER, "HELP").accepted
    text = french.reply_to(ASKER)
    row = next(line for line in text.split("\n") if line.startswith("  dpjudge_standard "))
    assert "DPjudge Standard:" in row and "Dpjudge" not in text, row


def test_a_coast_written_as_the_results_write_it_is_read_back(tmp_path):
    """DPjudge's German map names its coasts in German ("St. Petersburg (Suedkueste)", code SK): the results write
    that name, and a player who copies it into an order was told UNRECOGNIZED ORDER."""
    desk = Desk(tmp_path)
    desk.use_variants(extract(tmp_path / "variants"))
    try:
        start_map_game(desk, "de", "standard_german")
        m = maps.load("standard_german")
        assert m.coast_names["STP/SK"] == "St. Petersburg (Suedkueste)"      # (the file's name for the coast)
        gulf = next(p for p in m.provinces.values() if p.name == "Bottnischer Meerbusen")
        r = desk.send(GM[0], "SIGNON Mde gm-pw\nRUSSLAND: F St. Petersburg (Suedkueste) - Bottnischer Meerbusen\n"
                             "RUSSLAND: F Bulgarien (Ostkueste) H\nPROCESS!")
        assert r.errors and "(OSTKUESTE)" not in r.errors[0][1].replace(" ", "")      # (no fleet there: not the coast)
        master(desk, "de", "RUSSLAND: F St. Petersburg (Suedkueste) - Bottnischer Meerbusen", "PROCESS!")
        russia = next(p for p in m.powers if m.power_title(p) == "Russland")
        fleets = {u.loc for u in desk.game("de").position.units_of(russia) if u.kind == "F"}
        assert gulf.abbr in fleets and not any(loc.startswith("STP") for loc in fleets), fleets
    finally:
        maps.use_folder(None)


def test_a_coast_name_of_two_words_is_read_too(tmp_path):
    # DPjudge's Romansh map: "Espain (costa nordeasca)" is its coast CN.
    from judge.orders.parser import parse
    maps.use_folder(extract(tmp_path / "variants"))
    try:
        m = maps.load("standard_glhetg")
        assert m.coast_names["ESP/CN"] == "Espain (costa nordeasca)"
        sea = next(k for k, p in m.provinces.items() if p.terrain == "sea" and "ESP/CN" in m.fleet_adj.get(k, ()))
        order = parse(f"F {sea} - Espain (costa nordeasca)", m)
        assert (order.path[-1].province, order.path[-1].coast) == ("ESP", "CN")
    finally:
        maps.use_folder(None)


def test_names_and_coasts_typed_without_their_accents_or_with_others_are_read(french):
    """DPjudge's French map writes "Grèce", "Saint-Pétersbourg (côte sud)", "Mer de Norvège": a player typing them
    on a keyboard without accents, in any case, was told UNRECOGNIZED ORDER (the coast) or UNKNOWN PLACENAME."""
    start_map_game(french, "fa", "standard_french")
    m = maps.load("standard_french")
    assert m.coast_names["STP/CS"] == "Saint-Pétersbourg (côte sud)"       # (the file's own spelling)
    where = {name: m.lookup(name) for name in ("Golfe de Botnie", "Mer de Norvège", "Piémont", "Bulgarie",
                                               "Picardie")}
    r = french.send(GM[0], "SIGNON Mfa gm-pw\n"
                           "RUSSIE: F Saint-Petersbourg (Cote Sud) - Golfe de Botnie\n"
                           "ANGLETERRE: F Edimbourg - Mer de Norvege\n"
                           "FRANCE: A Marseille - PIEMONT\n"
                           "TURQUIE: A Constantinople - Bülgarie\n"          # an accent the map has not
                           "FRANCE: A Paris - Picardie\n"
                           "FRANCE: F Brest S Francaise A Paris - Picardie\n"    # a nationality: "française"
                           "PROCESS!")
    assert r.accepted and not r.errors, r.errors
    units = {u.loc for u in french.game("fa").position.units.values()}
    assert set(where.values()) <= units, (where, units)
    assert not any(loc.startswith("STP") for loc in units)


def test_a_coast_typed_without_its_accent_is_the_coast_it_names(french):
    # Turkey's fleet goes to Bulgaria's east coast (the French file's "côte est", code CE), typed "cote est".
    start_map_game(french, "fb", "standard_french")
    master(french, "fb", "TURQUIE: F Ankara - Mar Noire", "PROCESS!")
    master(french, "fb", "PROCESS!")        # (the fall: nothing ordered; the winter has nothing to build)
    master(french, "fb", "TURQUIE: F Mar Noire - Bulgarie (cote est)", "PROCESS!")
    fleets = {u.loc for u in french.game("fb").position.units.values() if u.kind == "F"}
    assert "BUL/CE" in fleets, fleets


def test_a_name_two_places_share_without_accents_is_refused_as_ambiguous(tmp_path):
    """A map of two places whose names differ only in an accent (Bourgogne, Bourgógne), and two coasts (côte, cote):
    the accent decides, and a name that is neither, folded to both, is refused with both named; the orders stored
    stay as they were."""
    folder = extract(tmp_path / "variants")
    (folder / "twofold.map").write_text("USE standard.map\n\nbur -> Bourgogne = bur\ngas -> Bourgógne = gas\n"
                                        "bul/ec -> Bulgaria (côte) = bul/ce\nbul/sc -> Bulgaria (cote) = bul/co\n",
                                        encoding="latin-1")
    desk = Desk(tmp_path)
    desk.use_variants(folder)
    try:
        start_map_game(desk, "tw", "twofold")
        france = ("france@example.org", "pw-france")
        r = desk.send(france[0], "SIGNON Ftw pw-france\nA Paris - Bourgogné")
        assert r.errors and "AMBIGUOUS PLACENAME: BOURGOGNÉ" in r.errors[0][1], r.errors
        assert "BOURGOGNE OR BOURGÓGNE" in r.errors[0][1]
        r = desk.send("turkey@example.org", "SIGNON Ttw pw-turkey\nF Ankara - Bulgaria (cöte)")
        assert r.errors[0][1].startswith("AMBIGUOUS COAST: CÖTE (IT MAY BE COTE (CO) OR CÔTE (CE)"), r.errors
        assert desk.game("tw").player("TURKEY").orders == []
        assert desk.game("tw").player("FRANCE").orders == []
        r = desk.send(france[0], "SIGNON Ftw pw-france\nA Paris - Bourgógne\nA Marseilles - Bourgogne")
        assert r.accepted and not r.errors, r.errors
        master(desk, "tw", "PROCESS!")
        armies = {u.loc for u in desk.game("tw").position.units.values() if u.kind == "A"}
        assert {"GAS", "BUR"} <= armies, armies
    finally:
        maps.use_folder(None)
