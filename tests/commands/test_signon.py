"""SIGNON (letter+game, power@game, master) and SIGNOFF, through real mail on a real games/ folder."""
import pytest

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
    assert r.errors == [("SIGNON Fnosuch fra-pw", "NO SUCH GAME: nosuch (LIST SHOWS THE GAMES OF THIS JUDGE)")]


def test_signon_unknown_power_letter(started):
    r = started.send("france@example.org", f"SIGNON X{GAME} fra-pw")
    assert r.errors[0][1] == "UNKNOWN POWER: X"


def test_signon_without_password(started):
    r = started.send("france@example.org", f"SIGNON F{GAME}")
    assert r.errors[0][1] == "INCOMPLETE COMMAND: USE SIGNON <power letter><game> <password>"


@pytest.mark.parametrize("word", [f"F{GAME}fra-pw", f"france@{GAME}fra-pw", f"f{GAME.upper()}FRA-PW"])
def test_a_password_typed_onto_the_game_is_not_echoed(started, word):
    # The space forgotten: the line is one word, the game's name with the password after it.
    before = started.status_bytes()
    started.send("france@example.org", f"SIGNON {word}\nA PAR - BUR")
    reply = started.reply("FRANCE")
    assert "fra-pw" not in reply.lower()
    assert f">> SIGNON {word[:-6]}********" in reply and "INCOMPLETE COMMAND" in reply
    assert started.status_bytes() == before


def test_a_word_that_begins_with_no_game_is_shown_whole(started):
    started.send("france@example.org", "SIGNON Fnosuch")
    assert ">> SIGNON Fnosuch\n" in started.reply("FRANCE")


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
    assert not r.accepted and "YOU NO LONGER PLAY ITALY" in r.errors[0][1]


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


def test_password_guessing_is_limited_per_power_whatever_the_envelope(started):
    """Five wrong guesses an hour for a power from strangers (each from a new address, as changing MAIL FROM
    allowed unlimited guesses); then even the right password from a stranger is refused, the player and the master
    are told once, and the player's own address still signs on."""
    before = started.status_bytes()
    started.new_mail()
    for n in range(5):
        r = started.send(f"guesser{n}@evil.example", f"SIGNON F{GAME} guess{n}")
        assert r.errors[0][1] == f"WRONG PASSWORD OR NO PLAYER FOR FRANCE IN {GAME}"
    notices = started.delivered("wrong passwords", same=False)
    assert set(notices) == {"france@example.org", GM[0]}
    assert "5 wrong passwords for France" in notices["france@example.org"].get_content()
    # The player reads which sign-ons stop (the web form's with the strangers'), and that their own mail still works.
    assert "(mail from its own address still signs on)" in " ".join(notices["france@example.org"].get_content().split())
    assert "evil.example" not in notices["france@example.org"].get_content()      # a stranger's address is not
    assert "guesser4@evil.example" in notices[GM[0]].get_content()                # shown to the player
    r = started.send("guesser9@evil.example", f"SIGNON F{GAME} fra-pw")            # the right one, too late
    assert r.errors[0][1].startswith(f"TOO MANY WRONG PASSWORDS FOR FRANCE IN {GAME}: SIGN-ONS ARE REFUSED UNTIL")
    assert r.errors[0][1].endswith("(EXCEPT BY MAIL FROM THE PLAYER'S OWN ADDRESS)")
    assert started.send("france@example.org", f"SIGNON F{GAME} fra-pw\nA PAR - BUR").accepted
    assert started.send("germany@example.org", f"SIGNON G{GAME} ger-pw").accepted   # other powers unaffected
    started.clock.advance(hours=1, minutes=1)
    assert started.send("someone@example.org", f"SIGNON F{GAME} fra-pw").accepted   # an hour later
    assert started.game(GAME).player("FRANCE").orders == ["A PAR - BUR"]
    assert before != started.status_bytes()
    assert started.mails("wrong passwords") == []                                   # told once


def test_the_masters_password_is_limited_too(started):
    for n in range(5):
        assert not started.send(f"x{n}@evil.example", f"SIGNON M{GAME} guess").accepted
    r = started.send("x9@evil.example", f"SIGNON M{GAME} {GM[1]}")
    assert r.errors[0][1].startswith(f"TOO MANY WRONG PASSWORDS FOR MASTER IN {GAME}")
    assert started.send(GM[0], f"SIGNON M{GAME} {GM[1]}").accepted


def test_passwords_are_never_echoed_however_the_sign_on_is_mistyped(started):
    from tests.e2e.conftest import compose
    for line in (f"SIGNON: F{GAME} fra-pw", f"SIGN ON F{GAME} fra-pw", f"SIGNON F{GAME},fra-pw", f"signon F{GAME}"):
        raw = compose("france@example.org", f"{line}\nA PAR - BUR\nSIGNON F{GAME} fra-pw", subject=f"Re: {line} fra-pw")
        started.deliver(raw)
        mails = [m for m in started.new_mail() if m["To"] == "france@example.org"]
        assert mails, line
        for m in mails:
            assert "fra-pw" not in str(m["Subject"]) and "fra-pw" not in m.get_content(), (line, m.get_content())
    log = (started.folder(GAME) / "access.log").read_text()
    assert "fra-pw" not in log


def test_words_after_the_password_are_an_error(started):
    """DPjudge drops them: an order on the sign-on line was lost without a word. Refused before the password is
    checked (nothing counted), and the line is echoed without the password."""
    before = started.status_bytes()
    r = started.send("france@example.org", f"SIGNON F{GAME} fra-pw A PAR - BUR\nF BRE - MAO")
    assert not r.accepted and started.status_bytes() == before
    assert r.errors[0][1].startswith("SIGNON TAKES TWO WORDS") and "ON A LINE OF ITS OWN" in r.errors[0][1]
    reply = started.reply("france@example.org")
    assert "fra-pw" not in reply and f">> SIGNON F{GAME} ********" in reply


def test_the_masters_password_signs_on_as_any_power(started):
    """As DPjudge allows: the master orders a power with the master's password."""
    r = started.send(GM[0], f"SIGNON F{GAME} {GM[1]}\nA PAR - BUR")
    assert r.accepted and "Signed on as France in game g1, with the master's password." in started.reply(GM[0])
    assert started.game(GAME).player("FRANCE").orders == ["A PAR - BUR"]
    assert started.master("DUMMY ITALY").accepted
    assert started.send(GM[0], f"SIGNON I{GAME} {GM[1]}\nA VEN H").accepted         # a dummy too
    assert not started.send("x@example.org", f"SIGNON I{GAME} guess").accepted


def test_a_sign_off_read_as_an_order_gets_a_hint(started):
    r = started.send("france@example.org", f"SIGNON F{GAME} fra-pw\nA PAR - BUR\nCheers, Dave", fmt="html")
    assert not r.accepted
    assert r.errors[0][0] == "Cheers, Dave"
    assert "END YOUR ORDERS WITH A LINE SIGNOFF, OR A SIGNATURE LINE '-- '" in r.errors[0][1]
    r = started.send("france@example.org", f"SIGNON F{GAME} fra-pw\nA PAR - XYZ", fmt="html")
    assert "SIGNOFF" not in r.errors[0][1]                                          # an order, no hint


@pytest.mark.parametrize("line", [f"SIGN ON F{GAME} fra-pw", f"SIGNON: F{GAME} fra-pw",
                                  f"LOGIN F{GAME} fra-pw", f"sign in F{GAME} fra-pw"])
def test_a_mistyped_sign_on_is_told_how_to_write_it(started, line):
    before = started.status_bytes()
    r = started.send("france@example.org", f"{line}\nA PAR - BUR")
    assert not r.accepted
    assert r.errors[0] == (line, "UNRECOGNIZED COMMAND: SIGN ON WITH ONE WORD AND NO COLON, "
                                 "E.G. SIGNON Fgame <password>")
    reply = started.reply("france@example.org")
    assert "SIGN ON WITH ONE WORD" in reply and "fra-pw" not in reply and started.status_bytes() == before


def test_an_order_before_any_sign_on_keeps_its_plain_refusal(started):
    r = started.send("france@example.org", "A PAR - BUR")
    assert r.errors == [("A PAR - BUR", "UNRECOGNIZED COMMAND (SIGN ON BEFORE SENDING ORDERS)")]


@pytest.mark.parametrize("line, order", [("Hello judge, I am away.", False), ("Thanks!", False),
                                         ("Paris to Burgundy", True), ("A PAR H.", True), ("par - bur.", True)])
def test_a_short_sentence_before_any_sign_on_is_pointed_to_help_not_only_to_sign_on(started, line, order):
    (said,) = [e for _, e in started.send("france@example.org", line).errors]
    assert ("SIGN ON BEFORE SENDING ORDERS" in said) is order and ("SEND HELP" in said) is not order, said


MASK = "********"      # what the judge's replies and the orders form show in place of a password


def test_the_mask_pasted_back_is_never_made_a_password(started):
    # A refusal's unread rest and the orders form give back "SET PASSWORD ********"; sent again, it made the mask
    # the player's password, and the password he knew no longer signed him on.
    r = started.send("france@example.org", f"SIGNON F{GAME} fra-pw\nSET PASSWORD {MASK}")
    assert not r.accepted
    assert "HOW THE JUDGE HIDES A PASSWORD" in r.errors[0][1] and "TYPE THE PASSWORD ITSELF" in r.errors[0][1]
    assert started.send("france@example.org", f"SIGNON F{GAME} fra-pw").accepted           # the old one still works
    assert not started.send("france@example.org", f"SIGNON F{GAME} {MASK}").accepted
    # The master's, a game password, a newcomer's: the same.
    assert not started.send(GM[0], f"SIGNON M{GAME} {GM[1]}\nSET PASSWORD ***").accepted
    assert not started.send(GM[0], f"SIGNON M{GAME} {GM[1]}\nSET PRIVATE {MASK}").accepted
    assert started.send(GM[0], f"SIGNON M{GAME} {GM[1]}").accepted
    assert not started.send("new@example.org", f"CREATE g9 {MASK}").accepted
    assert "HOW THE JUDGE HIDES A PASSWORD" in started.reply_to("new@example.org")


def test_a_sign_on_with_the_mask_says_so_and_is_not_counted_a_wrong_password(started):
    for _ in range(6):          # more than the wrong passwords that lock a player out
        r = started.send("france@example.org", f"SIGNON F{GAME} {MASK}\nA PAR - BUR")
        assert not r.accepted and "TYPE THE PASSWORD ITSELF" in r.errors[0][1]
    assert not (started.folder(GAME) / "signon-failures.json").exists()
    assert started.send("france@example.org", f"SIGNON F{GAME} fra-pw\nA PAR - BUR").accepted


def test_a_sign_on_before_the_start_is_told_the_game_is_forming_and_not_counted(forming):
    # Before the start no power has a player: the joined player's SIGNON is told why, not "wrong password", and
    # however often it is tried nobody is locked out or sent a wrong-passwords notice.
    assert forming.send("france@example.org", f"JOIN {GAME} fra-pw F").accepted
    forming.new_mail()
    for _ in range(6):
        r = forming.send("france@example.org", f"SIGNON F{GAME} fra-pw")
        assert r.errors[0][1] == (f"NO PLAYER FOR FRANCE IN {GAME} YET: THE GAME IS FORMING, AND ITS POWERS ARE "
                                  "GIVEN OUT WHEN IT STARTS (YOUR JOIN IS ALL IT NEEDS FROM YOU TILL THEN)")
    assert forming.mails("wrong passwords") == []
    assert not (forming.folder(GAME) / "signon-failures.json").exists() or \
        "FRANCE" not in (forming.folder(GAME) / "signon-failures.json").read_text()
