"""Results mails written as DPjudge writes them (judge.reports), by mail, on our test board
tests/data/maps/isles.json (the East has a partisan site at Dunmoor; the North is a dummy): the table of centres
and units counts as the adjustment phase counts, and a dummy's unit destroyed when dislodged (immobile_dummies) is
reported as DPjudge reports it, which results readers such as jDip's parser read."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge import maps
from tests.commands.helpers import GM, Desk

DATA = Path(__file__).resolve().parent.parent / "data" / "maps"
WEST, EAST = ("west@example.org", "west-pw"), ("east@example.org", "east-pw")


@pytest.fixture
def isles(tmp_path):
    """Game 'is' on the isles board, both players joined (the North is the variant's dummy)."""
    variants = tmp_path / "variants"
    variants.mkdir()
    shutil.copy(DATA / "isles.json", variants / "isles.json")
    desk = Desk(tmp_path)
    desk.use_variants(variants)
    assert desk.send(GM[0], f"CREATE is {GM[1]} isles").accepted
    assert desk.send(WEST[0], f"JOIN is {WEST[1]} W").accepted
    assert desk.send(EAST[0], f"JOIN is {EAST[1]} E").accepted
    assert desk.game("is").status == "active"
    desk.new_mail()
    yield desk
    maps.use_folder(None)


def orders(desk: Desk, who: tuple[str, str], letter: str, *lines: str):
    return desk.send(who[0], "\n".join([f"SIGNON {letter}is {who[1]}", *lines]))


def results(desk: Desk, phase: str) -> str:
    assert desk.send(GM[0], f"SIGNON Mis {GM[1]}\nPROCESS").accepted
    return desk.delivered(f"Diplomacy results is {phase}")[GM[0]].get_content()


def test_the_table_counts_an_open_partisan_site_as_the_adjustment_does(isles):
    # The West's fleet goes by Jarl to Fell: at the end of the Fall the East keeps two of its three home centres,
    # so Dunmoor's partisans count as a centre, and with three units it has nothing to remove (DPjudge's table:
    # "Builds 0 units").
    assert orders(isles, WEST, "W", "F BRN - JAR", "F ALB H", "A CAS H").accepted
    assert orders(isles, EAST, "E", "F FEL - EBY", "F ERA H", "A GAR H").accepted
    results(isles, "S1901M")
    assert orders(isles, WEST, "W", "F JAR - FEL", "F ALB H", "A CAS H").accepted
    assert orders(isles, EAST, "E", "F EBY H", "F ERA H", "A GAR H").accepted
    text = results(isles, "F1901M")
    assert "East:        2 Supply centers,  3 Units:  Builds   0 units.\n" in text, text
    assert "West:        4 Supply centers,  3 Units:  Builds   1 unit.\n" in text
    assert "Removes" not in text
    # The adjustment phase agrees: the East has no removal to make.
    assert not orders(isles, EAST, "E", "REMOVE F EBY").accepted
    assert "NO REMOVALS REQUIRED" in isles.reply_to(EAST[0])


def test_a_dummys_unit_destroyed_when_dislodged_is_listed_as_destroyed(isles):
    assert isles.send(GM[0], f"SIGNON Mis {GM[1]}\nSET RULE immobile_dummies").accepted
    assert orders(isles, WEST, "W", "F BRN H", "F ALB H", "A CAS H").accepted
    assert orders(isles, EAST, "E", "F ERA - NOC", "A GAR - ERA", "F FEL H").accepted
    results(isles, "S1901M")
    # The West's fleet leaves Albor, so the North's fleet in Ivory could retreat there: the rule destroys it.
    assert orders(isles, WEST, "W", "F BRN H", "F ALB - WBY", "A CAS H").accepted
    assert orders(isles, EAST, "E", "F NOC - IVR", "A ERA S F NOC - IVR", "F FEL H").accepted
    text = results(isles, "F1901M")
    assert "North: Fleet Ivory HOLD.  (*dislodged*)\n" in text, text
    assert "destroyed*)" not in text
    assert "The following units were dislodged:\n\nThe Northern fleet in Ivory was destroyed.\n\n" in text
    game = isles.game("is")
    assert str(game.position.phase) == "W1901A" and not game.position.units_of("NORTH")
