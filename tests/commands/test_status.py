"""STATUS: the orders the judge holds, and the deadline."""
from tests.commands.helpers import GAME, GM


def test_a_player_sees_only_their_own_orders(started):
    assert started.signon("FRANCE", "A PAR - BUR", "SET WAIT").accepted
    assert started.signon("FRANCE", "STATUS").accepted
    reply = started.reply("FRANCE")
    assert "Game 'g1', Spring 1901 Movement; deadline Thu Jan 08 2026 12:00 UTC." in reply
    assert "France (active, WAIT):\n  A PAR - BUR\n" in reply
    assert "Germany" not in reply


def test_a_player_without_orders(started):
    assert started.signon("GERMANY", "STATUS").accepted
    assert "Germany (active):\n  (no orders)\n" in started.reply("GERMANY")


def test_orders_in_the_same_message_are_shown(started):
    assert started.signon("FRANCE", "A MAR - SPA", "STATUS").accepted
    assert "France (active):\n  A MAR - SPA\n" in started.reply("FRANCE")


def test_the_master_sees_every_power(started):
    assert started.signon("FRANCE", "A PAR - BUR").accepted
    assert started.master("DUMMY ITALY", "STATUS").accepted
    reply = started.reply(GM[0])
    for power in ("Austria", "England", "Germany", "Russia", "Turkey"):
        assert f"{power} (active):\n  (no orders)\n" in reply
    assert "France (active):\n  A PAR - BUR\n" in reply and "Italy (dummy):" in reply


def test_status_errors(started, forming):
    assert started.send("x@example.org", "STATUS").errors[0][1] == \
        "NO GAME: SIGN ON (SIGNON, CREATE, JOIN, OBSERVE) FIRST"
    assert started.send("x@example.org", f"LIST {GAME}\nSTATUS").errors[0][1] == "YOU MUST SIGN ON FIRST"
    assert forming.send(GM[0], f"SIGNON M{GAME} {GM[1]}\nSTATUS").errors[0][1] == f"GAME {GAME} HAS NOT STARTED"


def test_status_changes_nothing(started):
    before = started.status_bytes()
    assert started.signon("FRANCE", "STATUS").accepted
    assert started.status_bytes() == before
