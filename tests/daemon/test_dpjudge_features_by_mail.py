"""A variant with DPjudge's map features played by mail over real SMTP (judge serve in-process, a recording relay, the
clock injected): our test board tests/data/maps/isles.json, whose North is a dummy from the start. Two players join
and the game starts; an army lands on the island port of Holm by convoy; the dummy's fleet is dislodged and
disbands; the West builds in its factory at Jarl, which it does not own."""
from __future__ import annotations

import shutil
from pathlib import Path

from tests.daemon.test_variants_by_mail import GM, Post, address, check_results, run

DATA = Path(__file__).resolve().parent.parent / "data" / "maps"


def test_a_variant_with_a_dummy_a_port_and_a_factory_by_mail(tmp_path):
    folder = tmp_path / "variants"
    folder.mkdir()
    shutil.copy(DATA / "isles.json", folder / "isles.json")
    run(tmp_path, _isles, "isles1", folder)


async def _isles(post: Post):
    await post.mail(GM, "CREATE isles1 gm-pass isles\nSET EARLY 0")
    reply = post.reply(GM)
    assert "Variant: isles (Isles): 3 powers, 8 supply centres, 5 to win alone." in reply
    assert "North is a dummy from the start (no player joins it): 2 players are needed." in reply
    await post.mail(address("NORTH"), "JOIN isles1 pw-north N")
    assert "NORTH IS A DUMMY OF THIS VARIANT: NOBODY PLAYS IT (USE THE LETTERS EW)" in post.reply(address("NORTH"))
    await post.mail(address("WEST"), "JOIN isles1 pw-west W")
    assert "You have joined game isles1 (1 of 2 players)." in post.reply(address("WEST"))
    await post.mail(address("EAST"), "JOIN isles1 pw-east E")
    game = post.status()
    assert game.status == "active"
    assert [(p.power, p.status, p.address) for p in game.players] == [
        ("WEST", "active", address("WEST")), ("EAST", "active", address("EAST")), ("NORTH", "dummy", "")]

    # Spring 1901: the players order; the dummy's fleet holds.
    await post.mail(address("WEST"), "SIGNON Wisles1 pw-west\nF BRN - SOC\nA CAS - BRN\nF ALB H")
    await post.mail(address("EAST"), "SIGNON Eisles1 pw-east\nF ERA - Northern Ocean\nA GAR - ERA\nF FEL H")
    text = check_results(post, "S1901M", "isles", picture=False)
    assert "West: Fleet Brenn -> Southern Ocean." in text and "North: Fleet Ivory HOLD." in text

    # Fall 1901: an army lands on Holm by convoy; the East dislodges the dummy's fleet, which disbands.
    await post.orders({"WEST": "A BRN - HOL\nF SOC C A BRN - HOL\nF ALB H",
                       "EAST": "F NOC - IVR\nA ERA S F NOC - IVR\nF FEL H"})
    text = check_results(post, "F1901M", "isles", picture=False)
    assert "West: Army Brenn -> Holm." in text and "North: Fleet Ivory HOLD.  (*dislodged*)" in text
    game = post.status()
    assert str(game.position.phase) == "W1901A", game.position.phase
    assert game.position.centers["HOL"] == "WEST" and game.position.centers["IVR"] == "EAST"
    assert not game.position.units_of("NORTH")

    # Winter 1901: the West builds in Jarl, a factory it does not own; the East at home.
    await post.mail(address("WEST"), "SIGNON Wisles1 pw-west\nBUILD F JAR")
    assert "BUILD F JAR" in post.reply(address("WEST"))
    await post.mail(address("EAST"), "SIGNON Eisles1 pw-east\nBUILD A GAR")
    check_results(post, "W1901A", "isles", picture=False)
    game = post.status()
    assert str(game.position.phase) == "S1902M"
    assert game.position.units["JAR"] == ("WEST", "F", "JAR") and game.position.units["GAR"] == ("EAST", "A", "GAR")
