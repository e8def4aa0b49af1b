"""Names and coasts as players write them, read by judge.orders.token_reader: by mail, on the standard map and on
DPjudge's own maps (the tests that need those skip without a mirror of DPjudge's repository)."""
from __future__ import annotations

import pytest

from tests.commands.helpers import GAME, address, desk_with, dpjudge_desk, start_map_game


@pytest.fixture
def started(tmp_path, tmp_path_factory):
    return desk_with(tmp_path, tmp_path_factory, "started")


@pytest.fixture
def dpjudge_maps(tmp_path):
    yield from dpjudge_desk(tmp_path)


def test_a_coast_after_its_place_needs_no_slash_on_the_standard_map(started):
    # "east" alone is the Eastern Mediterranean on the standard map: "east coast" after a place is still a coast.
    assert started.signon("RUSSIA", "F St Petersburg south coast - Gulf of Bothnia").accepted
    assert "\n  F STP/SC - BOT\n" in started.reply("RUSSIA")
    assert started.signon("TURKEY", "F Ankara - Black Sea").accepted
    assert started.master("PROCESS!").accepted
    assert started.signon("TURKEY", "F Black Sea - Bulgaria east coast").accepted
    assert "\n  F BLA - BUL/EC\n" in started.reply("TURKEY")
    assert started.game(GAME).player("TURKEY").orders == ["F Black Sea - Bulgaria east coast"]


def test_a_translated_maps_coast_name_after_its_place_needs_no_brackets(dpjudge_maps):
    """DPjudge's French map names St Petersburg's south coast "côte sud" (code CS): written after the place without
    brackets, with or without its accent, it was UNRECOGNIZED ORDER: COTE SUD."""
    start_map_game(dpjudge_maps, "fr", "standard_french")
    russia = address("RUSSIE")
    r = dpjudge_maps.send(russia, "SIGNON Rfr pw-russie\nF Saint-Petersbourg cote sud - Golfe de Botnie")
    assert r.accepted and not r.errors, r.errors
    assert "\n  F STP/CS - GDB\n" in dpjudge_maps.reply_to(russia)
    assert dpjudge_maps.send(russia, "SIGNON Rfr pw-russie\nF Saint-Pétersbourg Côte Sud H").accepted
    assert "\n  F STP/CS H\n" in dpjudge_maps.reply_to(russia)


def test_coast_words_that_also_name_a_place_are_refused_as_ambiguous(dpjudge_maps):
    """On DPjudge's Empire map "East Coast" is a name of the Eastern Seaboard, and Nicaragua has an east coast:
    "F Gua - Nicaragua east coast" may be a move to that coast, or on to the Seaboard (DPjudge puts a dash between
    two place names). It was read as the coast; now the player is told both readings, and nothing is stored."""
    start_map_game(dpjudge_maps, "em", "empire")
    mexico = address("MEXICO")
    before = dpjudge_maps.game("em").player("MEXICO").orders
    r = dpjudge_maps.send(mexico, "SIGNON Xem pw-mexico\nF Gua - Nicaragua east coast")
    assert r.errors == [("F Gua - Nicaragua east coast",
                         "AMBIGUOUS COAST OR PLACENAME: EAST COAST (IT MAY BE THE COAST NIC/EC OF NICARAGUA, OR THE "
                         "PLACE EASTERN SEABOARD: WRITE NIC/EC FOR THE COAST, OR A DASH BEFORE THE PLACE)")], r.errors
    assert dpjudge_maps.game("em").player("MEXICO").orders == before == []
    # The coast written with a slash, or in brackets, is only a coast.
    r = dpjudge_maps.send(mexico, "SIGNON Xem pw-mexico\nF Gua - Nicaragua (east coast)")
    assert not any("AMBIGUOUS" in why for _, why in r.errors), r.errors


def test_a_curly_apostrophe_reads_as_a_straight_one():
    # ("England’s F Lon H" from a word processor: the mail reader straightened it, the order reader itself did not,
    # so the JSON interface read "england" and "s")
    from judge.orders.token_reader import tokenize
    assert tokenize("England\u2019s F Lon H") == tokenize("England's F Lon H") == ["englands", "f", "lon", "h"]
