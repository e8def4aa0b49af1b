"""SIGNON (letter+game, power@game, master) and SIGNOFF, through real mail on a real games/ folder."""
from tests.commands.helpers import GAME, GM, PLAYERS


def test_signon_with_power_letter(started):
    before = started.status_bytes()
    r = started.send("france@example.org", f"SIGNON F{GAME} fra-pw")
    assert r.accepted and r.errors == []
    assert f"Signed on as France in game {GAME}." in started.reply("FRANCE")
    assert started.status_bytes() == before                     # signing on alone changes nothing...
    assert f"SIGNON FRANCE {GAME}" in (started.folder(GAME) / "access.log").read_text()   # ...but is logged


def test_signon_is_case_insensitive(started):
    assert started.send("france@example.org", f"signon f{GAME.upper()} fra-pw\na par - bur").accepted
    assert started.game(GAME).player("FRANCE").orders == ["a par - bur"]


def test_signon_power_at_game(started):
    assert started.send("germany@example.org", f"SIGNON germany@{GAME} ger-pw\nA MUN - RUH").accepted
    assert started.game(GAME).player("GERMANY").orders == ["A MUN - RUH"]
    assert started.send("germany@example.org", f"SIGNON German@{GAME} ger-pw").accepted   # adjective too


def test_signon_master_both_spellings(started):
    assert started.send(GM[0], f"SIGNON M{GAME} {GM[1]}").accepted
    assert f"Signed on as the master of game {GAME}." in started.reply(GM[0])
    assert started.send(GM[0], f"SIGNON master@{GAME} {GM[1]}").accepted


def test_wrong_password_is_refused_and_changes_nothing(started):
    before = started.status_bytes()
    r = started.send("france@example.org", f"SIGNON F{GAME} guess\nA PAR - BUR")
    assert not r.accepted
    assert r.errors == [(f"SIGNON F{GAME} guess", f"WRONG PASSWORD OR NO PLAYER FOR FRANCE IN {GAME}")]
    reply = started.reply("FRANCE")
    assert "NOT accepted" in reply and "   A PAR - BUR" in reply            # the unread rest is echoed
    assert started.status_bytes() == before


def test_another_powers_password_is_refused(started):
    r = started.send("france@example.org", f"SIGNON G{GAME} fra-pw")
    assert not r.accepted and "WRONG PASSWORD OR NO PLAYER FOR GERMANY" in r.errors[0][1]


def test_wrong_master_password(started):
    r = started.send(GM[0], f"SIGNON M{GAME} fra-pw")
    assert r.errors == [(f"SIGNON M{GAME} fra-pw", f"WRONG PASSWORD FOR THE MASTER OF {GAME}")]


def test_signon_unknown_game(started):
    r = started.send("france@example.org", "SIGNON Fnosuch fra-pw")
    assert r.errors == [("SIGNON Fnosuch fra-pw", "NO SUCH GAME: nosuch")]


def test_signon_unknown_power_letter(started):
    r = started.send("france@example.org", f"SIGNON X{GAME} fra-pw")
    assert r.errors[0][1] == "UNKNOWN POWER: X"


def test_signon_without_password(started):
    r = started.send("france@example.org", f"SIGNON F{GAME}")
    assert r.errors[0][1] == "INCOMPLETE COMMAND: USE SIGNON <power letter><game> <password>"


def test_signon_word_too_short(started):
    r = started.send("france@example.org", "SIGNON F fra-pw")
    assert r.errors[0][1] == "EXPECTED <power letter><game>, NOT F"


def test_signon_while_forming_has_no_powers_yet(forming):
    assert forming.send("france@example.org", f"JOIN {GAME} fra-pw F").accepted
    r = forming.send("france@example.org", f"SIGNON F{GAME} fra-pw")
    assert not r.accepted and "NO PLAYER FOR FRANCE" in r.errors[0][1]


def test_resigned_power_cannot_sign_on_with_its_old_password(started):
    assert started.signon("ITALY", "RESIGN").accepted
    r = started.signon("ITALY", "A VEN H")
    assert not r.accepted and "WRONG PASSWORD OR NO PLAYER FOR ITALY" in r.errors[0][1]


def test_one_message_is_one_games_business(started):
    assert started.send("other@example.org", "CREATE g2 other-pw").accepted
    r = started.send("france@example.org", f"SIGNON F{GAME} fra-pw\nSIGNON Mg2 other-pw")
    assert r.errors == [("SIGNON Mg2 other-pw", f"ONE MESSAGE IS ONE GAME'S BUSINESS: ALREADY WORKING ON {GAME}")]


def test_signoff_stops_reading(started):
    r = started.signon("FRANCE", "A PAR - BUR", "SIGNOFF", "this is not a command", "A MAR - SPA")
    assert r.accepted
    assert started.game(GAME).player("FRANCE").orders == ["A PAR - BUR"]


def test_signoff_aliases(started):
    for word in ("SIGN-OFF", "QUIT", "END"):
        assert started.signon("FRANCE", "A PAR H", word, "garbage line").accepted, word


def test_second_signon_switches_power_in_one_message(started):
    """Each SIGNON in one message (same game) starts orders for its power; both sets are stored."""
    address, _ = PLAYERS["FRANCE"]
    r = started.send(address, f"SIGNON F{GAME} fra-pw\nA PAR H\nSIGNON G{GAME} ger-pw\nA MUN H")
    assert r.accepted
    game = started.game(GAME)
    assert game.player("FRANCE").orders == ["A PAR H"] and game.player("GERMANY").orders == ["A MUN H"]
