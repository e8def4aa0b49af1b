"""A power named in front of an order (judge.orders.nationality), by mail: read in the forms DPjudge reads ("FRANCE:",
"F:", "(France)", "France", "French", "England's", a translated map's "Française"); the sender's own power, the
master's choice of power, or a lord's vassal (vassal_dummies); any other power's name refuses the message, saying
why, and nothing is stored."""
from __future__ import annotations

import pytest

from judge import maps
from judge.position import HouseState, Position
from tests.commands.helpers import GAME, Desk, address, desk_with, start_map_game
from tests.dpjudge_mirror import extract


@pytest.fixture
def started(tmp_path, tmp_path_factory):
    return desk_with(tmp_path, tmp_path_factory, "started")


def test_the_senders_own_nationality_in_front_of_a_unit_is_read(started):
    # It was UNKNOWN PLACENAME: FRENCH A PAR (and F).
    r = started.signon("FRANCE", "French A Par - Bur", "F: F Bre - Mao", "France A Mar H")
    assert r.accepted and not r.errors, r.errors
    assert "Orders for France (Spring 1901 Movement):\n  F BRE - MAO\n  A MAR H\n  A PAR - BUR\n" in \
        started.reply("FRANCE")
    assert started.game(GAME).player("FRANCE").orders == ["A Par - Bur", "F Bre - Mao", "A Mar H"]
    assert started.signon("ENGLAND", "England's F Lon - Nth", "(E) F Edi - Nwg", "English A Lvp - Yor").accepted
    assert "  F EDI - NWG\n  F LON - NTH\n  A LVP - YOR\n" in started.reply("ENGLAND")


def test_another_powers_nationality_is_refused_though_the_unit_is_the_senders(started):
    """Germany's army in Munich, written as French: taken as Germany's own it would mislead (an ally's orders pasted
    in, or a slip); refused, and nothing of the message is kept."""
    before = started.status_bytes()
    for line in ("French A Mun H", "F: A Mun H", "FRANCE A Mun H", "(France) A Mun H"):
        r = started.signon("GERMANY", "A Ber H", line)
        assert r.errors == [(line, "YOU PLAY GERMANY: ORDERS FOR FRANCE ARE NOT YOURS TO GIVE")], (line, r.errors)
        assert started.status_bytes() == before
        assert f">> {line}\n   YOU PLAY GERMANY: ORDERS FOR FRANCE ARE NOT YOURS TO GIVE" in started.reply("GERMANY")


def test_a_sentence_that_begins_with_a_power_is_no_order_of_that_power(started):
    # A power's name without a colon is a nationality only before a unit type, a place or a verb that begins an order.
    r = started.signon("FRANCE", "A Par H", "England will attack Belgium")
    assert r.errors and "ENGLAND ARE NOT YOURS" not in r.errors[0][1], r.errors


def test_the_master_names_the_power_in_any_of_these_forms(started):
    # The master's "French A Par - Bur" was THE MASTER'S ORDERS MUST NAME THE POWER.
    assert started.master("French A Par - Bur", "G: A Mun - Ruh", "(Italy) A Ven H").accepted
    game = started.game(GAME)
    assert (game.player("FRANCE").orders, game.player("GERMANY").orders, game.player("ITALY").orders) == \
        (["A Par - Bur"], ["A Mun - Ruh"], ["A Ven H"])


def test_a_lord_orders_its_vassal_by_naming_it(started: Desk):
    """Under vassal_dummies the lord may sign on as its vassal (with its own password); naming the vassal in front of
    its orders does the same from the lord's own sign-on, as DPjudge lets a power order the powers it controls.
    Another power may not."""
    assert started.master("DUMMY ITALY", "SET RULE vassal_dummies").accepted
    game = started.game(GAME)
    game.position = Position(game.position.phase, game.position.units, game.position.centers, {},
                             HouseState(frozenset({"ITALY"}), vassals={"ITALY": "AUSTRIA"}))
    started.judge.store.save(game)
    assert started.signon("AUSTRIA", "A Vie - Gal", "Italian A Ven - Tyr", "ITALY: A Rom - Apu").accepted
    game = started.game(GAME)
    assert game.player("ITALY").orders == ["A Ven - Tyr", "A Rom - Apu"]
    assert game.player("AUSTRIA").orders == ["A Vie - Gal"]
    r = started.signon("FRANCE", "Italian A Ven H")
    assert r.errors == [("Italian A Ven H", "YOU PLAY FRANCE: ORDERS FOR ITALY ARE NOT YOURS TO GIVE")]
    assert started.game(GAME).player("ITALY").orders == ["A Ven - Tyr", "A Rom - Apu"]


def test_a_translated_maps_adjective_is_read_and_held_to(tmp_path):
    """DPjudge's French map calls France's units "Française" (FRANCE (FRANÇAISE:F)): typed with or without its
    accent, in front of France's army it is read; in front of Germany's, from Germany's player, refused."""
    desk = Desk(tmp_path)
    desk.use_variants(extract(tmp_path / "variants"))
    try:
        start_map_game(desk, "fr", "standard_french")
        r = desk.send(address("FRANCE"),
                      "SIGNON Ffr pw-france\nFrançaise A Paris - Bourgogne\nFrancaise A Marseille H")
        assert r.accepted and not r.errors, r.errors
        assert desk.game("fr").player("FRANCE").orders == ["A Paris - Bourgogne", "A Marseille H"]
        germany = next(p for p in maps.load("standard_french").powers if p.startswith("ALLEMAGNE"))
        r = desk.send(address(germany), f"SIGNON Gfr pw-{germany.lower()}\nFrançaise A Munich H")
        assert r.errors == [("Française A Munich H", f"YOU PLAY {germany}: ORDERS FOR FRANCE ARE NOT YOURS TO GIVE")]
        assert desk.game("fr").player(germany).orders == []
    finally:
        maps.use_folder(None)
