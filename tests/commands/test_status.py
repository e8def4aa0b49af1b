"""STATUS: the orders the judge holds, and the deadline."""
from tests.commands.helpers import GAME, GM, PLAYERS


def test_a_player_sees_only_their_own_orders(started):
    assert started.signon("FRANCE", "A PAR - BUR", "SET WAIT").accepted
    assert started.signon("FRANCE", "STATUS").accepted
    reply = started.reply("FRANCE")
    assert "Game 'g1', Spring 1901 Movement; deadline Thu 8 Jan 2026 12:00 UTC." in reply
    assert ("France (active, WAIT):\n  F BRE: no order (defaults to hold)\n  A MAR: no order (defaults to hold)\n"
            "  A PAR - BUR\n") in reply
    assert "Germany" not in reply


def test_a_player_without_orders(started):
    assert started.signon("GERMANY", "STATUS").accepted
    assert ("Germany (active): no orders sent yet\n  A BER: no order (defaults to hold)\n"
            "  F KIE: no order (defaults to hold)\n  A MUN: no order (defaults to hold)\n") in started.reply("GERMANY")


def test_orders_in_the_same_message_are_shown(started):
    assert started.signon("FRANCE", "A MAR - SPA", "STATUS").accepted
    assert "France (active):\n  F BRE: no order (defaults to hold)\n  A MAR - SPA\n" in started.reply("FRANCE")


def test_the_master_sees_every_power(started):
    assert started.signon("FRANCE", "A PAR - BUR").accepted
    assert started.master("DUMMY ITALY", "STATUS").accepted
    reply = started.reply(GM[0])
    for power in ("Austria", "England", "Germany", "Russia", "Turkey"):
        assert f"{power} (active): no orders sent yet\n" in reply
    assert "France (active):\n" in reply and "  A PAR - BUR\n" in reply and "Italy (dummy): no orders sent yet" in reply


def test_status_in_a_retreat_and_an_adjustment_phase(started):
    from tests.commands.helpers import HOLDS
    game = started.game(GAME)
    from judge.position import Position
    # (Germany's army took the Ruhr from Kiel)
    game.position = Position.from_json({"phase": "F1901R",
                                        "units": {"FRANCE": ["A BUR"], "GERMANY": ["A MUN", "A RUH"]},
                                        "centers": {"FRANCE": ["PAR", "MAR", "BRE"]},
                                        "dislodged": {"FRANCE": {"A RUH": ["HOL", "KIE"]}}}, game.map)
    started.judge.store.save(game)
    assert started.signon("FRANCE", "STATUS").accepted
    assert "A RUH: no order (disbands); may retreat to HOL, KIE" in started.reply("FRANCE")
    game.position = Position.from_json({"phase": "W1901A", "units": {"FRANCE": ["A BUR"]},
                                        "centers": {"FRANCE": ["PAR", "MAR", "BRE"]}}, game.map)
    started.judge.store.save(game)
    assert started.signon("FRANCE", "BUILD A PAR", "STATUS").accepted
    reply = started.reply("FRANCE")
    assert "France (active, builds 2):" in reply and "BUILD A PAR" in reply.upper()
    assert "1 build not ordered (waived if none comes)" in reply
    assert HOLDS


def test_status_errors(started, forming):
    assert started.send("x@example.org", "STATUS").errors[0][1] == \
        "NO GAME: SIGN ON (SIGNON, CREATE, JOIN, OBSERVE) FIRST"
    assert started.send("x@example.org", f"LIST {GAME}\nSTATUS").errors[0][1] == "YOU MUST SIGN ON FIRST"
    assert forming.send(GM[0], f"SIGNON M{GAME} {GM[1]}\nSTATUS").errors[0][1] == f"GAME {GAME} HAS NOT STARTED"


def test_status_changes_nothing(started):
    before = started.status_bytes()
    assert started.signon("FRANCE", "STATUS").accepted
    assert started.status_bytes() == before


def test_replies_of_several_lines_are_set_apart_by_a_blank_line(started):
    assert started.signon("FRANCE", "A MAR - SPA", "LIST g1", "POSITION", "STATUS").accepted
    lines = started.reply("FRANCE").split("\n")
    for first in ("Game:", "The board of game 'g1'", "Game 'g1', Spring 1901 Movement"):
        at = next(i for i, line in enumerate(lines) if line.startswith(first))
        assert lines[at - 1] == "", (first, lines[at - 2:at + 1])


def test_a_power_that_loses_its_last_centre_is_told_and_shown_so(started):
    """Italy walks out of Venice, its last centre, as France walks in (issue 18)."""
    from judge import maps
    from judge.position import Position
    store = started.judge.store
    with store.lock(GAME):
        game = store.load(GAME)
        game.position = Position.from_json({"phase": "F1901M", "units": {"ITALY": ["A VEN"], "FRANCE": ["A PIE"]},
                                            "centers": {"ITALY": ["VEN"], "FRANCE": ["PAR", "MAR", "BRE"]}},
                                           maps.load())
        store.save(game)
    assert started.signon("ITALY", "A VEN - TUS").accepted
    assert started.signon("FRANCE", "A PIE - VEN").accepted
    started.new_mail()
    assert started.master("PROCESS!").accepted
    assert str(started.game(GAME).position.phase) == "W1901A"
    [told] = [m for m in started.new_mail() if "last supply centre" in str(m["Subject"])]
    assert told["To"] == PLAYERS["ITALY"][0]
    assert (f"Italy has lost its last supply centre in game {GAME} (F1901M).\nIts 1 unit is removed at the next "
            "adjustment; then Italy is out of the game.") in told.get_content()
    assert started.signon("ITALY", "STATUS").accepted
    assert "Italy (active, no centres left, removes 1):" in started.reply("ITALY")
    assert started.signon("ITALY", "REMOVE A TUS").accepted
    assert started.master("PROCESS!").accepted
    assert started.signon("ITALY", "STATUS").accepted
    assert "Italy (eliminated):" in started.reply("ITALY")
    assert started.send("someone@example.org", f"LIST {GAME}").accepted
    assert "  Italy    eliminated" in started.reply("someone@example.org")
