"""Private games and other access refusals: each refusal with its exact reply, and no refused message changes any of
the game's files (compared byte for byte; the access log and the sign-on failure counts are records of the refusals
themselves and may grow)."""
import json

import pytest

from tests.commands.helpers import GAME, GM, PLAYERS

GAME_PW = "letmein"
STRANGER = "stranger@example.org"
PRIVATE = (f"GAME {GAME} IS PRIVATE: ADD ITS GAME PASSWORD AT THE END OF THE LINE (ASK ITS MASTER FOR IT), OR "
           "SIGN ON FIRST")
KEPT_OUT = ("access.log", "signon-failures.json")


def files(desk) -> dict[str, bytes]:
    folder = desk.folder(GAME)
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name not in KEPT_OUT and p.name != ".lock"}


def refused(desk, sender: str, line: str, error: str) -> None:
    """The message is refused with exactly this reply, and nothing of the game changed on disk."""
    before = files(desk)
    desk.new_mail()
    r = desk.send(sender, line)
    assert not r.accepted and r.errors == [(line.split("\n")[-1], error)], (line, r.errors)
    reply = desk.reply_to(sender)
    assert reply.startswith("Your message was NOT accepted: nothing in it has been changed.\n")
    # The reason as written, wrapped to the width of a plain-text mail.
    assert " ".join(error.split()) in " ".join(reply.split()) and max(map(len, reply.split("\n"))) <= 78
    assert files(desk) == before, line


@pytest.fixture
def private(started):
    assert started.master(f"SET PRIVATE {GAME_PW}").accepted
    assert GAME_PW not in started.status_bytes().decode()              # kept as a hash only
    return started


@pytest.fixture
def private_forming(forming):
    assert forming.send(GM[0], f"SIGNON M{GAME} {GM[1]}\nSET PRIVATE {GAME_PW}").accepted
    return forming


def test_set_private_says_how_newcomers_get_in(started):
    started.new_mail()
    assert started.master(f"SET PRIVATE {GAME_PW}").accepted
    assert (f"Game {GAME} is now private; newcomers give the game password at the end of JOIN, OBSERVE, TAKEOVER, "
            "LIST, HISTORY or SUMMARY.") in " ".join(started.reply(GM[0]).split())
    assert started.master("SET PRIVATE a b").errors[0][1] == \
        "USE SET PRIVATE [<game password>] (one word) OR SET PUBLIC"


# -- JOIN -------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("line", [f"JOIN {GAME} my-pw", f"JOIN {GAME} my-pw wrong", f"JOIN {GAME} my-pw F wrong",
                                  f"JOIN {GAME} my-pw {GAME_PW.upper()}"])
def test_join_a_private_game_without_its_password(private_forming, line):
    refused(private_forming, STRANGER, line, PRIVATE)


def test_join_a_private_game_with_its_password(private_forming):
    assert private_forming.send(STRANGER, f"JOIN {GAME} my-pw FG {GAME_PW}").accepted
    [player] = private_forming.game(GAME).players
    assert player.preference == "FG" and GAME_PW not in private_forming.status_bytes().decode()
    # (forming: nobody has a power yet, and the refusal says so)
    assert private_forming.send(STRANGER, f"SIGNON F{GAME} my-pw").errors[0][1].startswith(
        f"NO PLAYER FOR FRANCE IN {GAME} YET: THE GAME IS FORMING")
    refused(private_forming, "other@example.org", f"JOIN {GAME} {GAME_PW}",
            "INCOMPLETE COMMAND: USE JOIN <game> <password> [power letters you prefer] [game password of a private "
            "game]  (or JOIN <power>@<game> <password>)")


# -- OBSERVE, TAKEOVER, HISTORY, SUMMARY, LIST <game>, ARCHIVE <game> -------------------------------------------------
ASKING = ["OBSERVE {g}", "HISTORY {g}", "SUMMARY {g}", "LIST {g}", "ARCHIVE {g}"]


@pytest.mark.parametrize("command", ASKING)
@pytest.mark.parametrize("password", ["", " wrong", " LETMEIN"])
def test_asking_about_a_private_game_without_its_password(private, command, password):
    refused(private, STRANGER, command.format(g=GAME) + password, PRIVATE)


@pytest.mark.parametrize("command", ASKING)
def test_asking_about_a_private_game_with_its_password(private, command):
    assert private.send(STRANGER, command.format(g=GAME) + f" {GAME_PW}").accepted, command


def test_a_player_signed_on_needs_no_game_password(private):
    assert private.signon("FRANCE", f"HISTORY {GAME}").accepted
    assert private.signon("FRANCE", f"LIST {GAME}").accepted


def test_list_of_all_games_leaves_a_private_game_out(private):
    assert private.send(STRANGER, "LIST").accepted
    assert GAME not in private.reply_to(STRANGER)


@pytest.mark.parametrize("password", ["", " wrong"])
def test_takeover_in_a_private_game_without_its_password(private, password):
    assert private.signon("ITALY", "RESIGN").accepted
    refused(private, STRANGER, f"TAKEOVER I{GAME} my-pw{password}", PRIVATE)
    assert private.send(STRANGER, f"TAKEOVER I{GAME} my-pw {GAME_PW}").accepted
    italy = private.game(GAME).player("ITALY")
    assert italy.address == STRANGER
    assert private.send(STRANGER, f"SIGNON I{GAME} my-pw").accepted        # the player's own password, not the game's


def test_a_game_private_without_a_game_password_lets_nobody_new_in(started):
    assert started.master("SET PRIVATE").accepted
    assert "only its players and you can reach it." in started.reply(GM[0])
    closed = f"GAME {GAME} IS PRIVATE: ONLY ITS PLAYERS (SIGNED ON) AND ITS MASTER MAY DO THAT"
    refused(started, STRANGER, f"OBSERVE {GAME} anything", closed)
    refused(started, STRANGER, f"LIST {GAME}", closed)


def test_set_public_opens_the_game_again(private):
    assert private.master("SET PUBLIC").accepted
    assert private.send(STRANGER, f"OBSERVE {GAME}").accepted
    assert json.loads(private.status_bytes())["privacy"] == ""


def test_the_masters_handover_needs_the_masters_password_not_the_games(private):
    refused(private, "newgm@example.org", f"TAKEOVER M{GAME} {GAME_PW}", f"WRONG PASSWORD FOR THE MASTER OF {GAME}")
    assert private.send("newgm@example.org", f"TAKEOVER M{GAME} {GM[1]}").accepted


# -- the other refusals -----------------------------------------------------------------------------------------------
def test_takeover_of_a_dummy_is_refused_and_the_master_told(started):
    assert started.master("DUMMY ITALY").accepted
    refused(started, STRANGER, f"TAKEOVER I{GAME} my-pw",
            "ITALY IS A DUMMY: ONLY THE MASTER CAN OPEN IT FOR TAKEOVER (REVIVE); THE MASTER HAS BEEN TOLD YOU ASKED")
    [told] = [m for m in started.judge.outbox.paths()
              if b"takeover request" in m.read_bytes() and b"To: " + GM[0].encode() in m.read_bytes()]
    assert told


@pytest.mark.parametrize("line, error", [
    (f"TAKEOVER F{GAME} mine", "FRANCE IS NOT OPEN FOR TAKEOVER"),
    (f"OBSERVE {GAME}", f"YOU ALREADY TAKE PART IN GAME {GAME}: NO NEED TO OBSERVE IT"),
])
def test_a_player_cannot_take_or_watch_what_they_already_play(started, line, error):
    refused(started, PLAYERS["GERMANY"][0], line, error)


def test_one_power_per_player_and_no_playing_master(started):
    assert started.signon("ITALY", "RESIGN").accepted
    refused(started, PLAYERS["GERMANY"][0], f"TAKEOVER I{GAME} pw",
            f"YOU ALREADY PLAY GERMANY IN GAME {GAME}: ONE POWER PER PLAYER")
    refused(started, GM[0], f"TAKEOVER I{GAME} pw",
            f"YOU ARE THE MASTER OF GAME {GAME}: A MASTER CANNOT ALSO PLAY IN IT")
    refused(started, PLAYERS["GERMANY"][0], f"TAKEOVER M{GAME} {GM[1]}",
            f"YOU PLAY IN GAME {GAME}: A PLAYER CANNOT ALSO BE ITS MASTER")


def test_wrong_sign_ons_are_refused_and_change_nothing(started):
    refused(started, STRANGER, f"SIGNON F{GAME} guess", f"WRONG PASSWORD OR NO PLAYER FOR FRANCE IN {GAME}")
    refused(started, STRANGER, f"SIGNON M{GAME} guess", f"WRONG PASSWORD FOR THE MASTER OF {GAME}")
    refused(started, PLAYERS["FRANCE"][0], f"SIGNON F{GAME} {PLAYERS['FRANCE'][1]}\nPAUSE",
            "ONLY THE GAME MASTER MAY DO THAT (SIGNON M<game> <password>)")
    refused(started, PLAYERS["FRANCE"][0], f"SIGNON F{GAME} {PLAYERS['FRANCE'][1]}\nEJECT GERMANY",
            "ONLY THE GAME MASTER MAY DO THAT (SIGNON M<game> <password>)")


def test_list_shows_no_order_status_to_a_stranger_or_a_player(started):
    assert started.signon("FRANCE", "A PAR - BUR", "SET WAIT").accepted
    assert started.signon("GERMANY", "A MUN H").accepted
    for sender, line in ((STRANGER, f"LIST {GAME}"),
                         (PLAYERS["ITALY"][0], f"SIGNON I{GAME} {PLAYERS['ITALY'][1]}\nLIST {GAME}")):
        assert started.send(sender, line).accepted
        reply = started.reply_to(sender)
        assert "  France   active\n" in reply and "  Italy    active\n" in reply
        for hidden in ("orders in", "no orders yet", "waiting", "late 0", "Votes"):
            assert hidden not in reply, (sender, hidden)
    assert started.master(f"LIST {GAME}").accepted
    master = started.reply(GM[0])
    assert "  France   active, orders in, waiting, late 0 times\n" in master
    assert "  Italy    active, no orders yet, late 0 times\n" in master


def test_eject(started):
    started.new_mail()
    assert started.master("EJECT GERMANY").accepted
    assert "Germany is now vacant; its player has been told." in started.reply(GM[0])
    germany = started.game(GAME).player("GERMANY")
    assert (germany.status, germany.address, germany.password) == ("vacant", "", "")
    got = started.delivered("", same=False)
    assert (f"The master of game {GAME} has removed you from Germany."
            in got[PLAYERS["GERMANY"][0]].get_content())
    assert f"TAKEOVER G{GAME} <password>" in got[PLAYERS["FRANCE"][0]].get_content()
    refused(started, PLAYERS["GERMANY"][0], f"SIGNON G{GAME} {PLAYERS['GERMANY'][1]}",
            f"YOU NO LONGER PLAY GERMANY IN {GAME} (REMOVED BY THE MASTER IN S1901M); IT IS OPEN FOR TAKEOVER")
    refused(started, GM[0], f"SIGNON M{GAME} {GM[1]}\nEJECT GERMANY", "GERMANY HAS NO PLAYER TO EJECT")
    assert started.send("new@example.org", f"TAKEOVER G{GAME} new-pw").accepted


def test_a_game_password_never_reaches_the_access_log(private):
    r = private.send(PLAYERS["FRANCE"][0], f"OBSERVE {GAME} {GAME_PW}")     # refused: France plays in it
    assert not r.accepted
    assert GAME_PW not in (private.folder(GAME) / "access.log").read_text()


def test_the_news_of_an_open_power_says_the_game_password_is_needed(private):
    # In a private game a newcomer's TAKEOVER needs the game password at the end of the line: the notice that a
    # power is open shows the line a newcomer has to send, and that line then works.
    private.new_mail()
    assert private.signon("ITALY", "RESIGN").accepted
    told = {m["To"]: " ".join(m.get_content().split()) for m in private.mails("a power is open")}
    line = f"TAKEOVER I{GAME} <password> <game password>"
    assert told and all(line in t for t in told.values()), told
    assert private.send(STRANGER, f"TAKEOVER I{GAME} new-pw").errors[0][1] == PRIVATE
    assert private.send(STRANGER, f"TAKEOVER I{GAME} new-pw {GAME_PW}").accepted
    assert private.game(GAME).player("ITALY").address == STRANGER


def test_the_news_of_an_open_power_in_a_public_game_has_no_game_password(started):
    started.new_mail()
    assert started.signon("ITALY", "RESIGN").accepted
    told = [" ".join(m.get_content().split()) for m in started.mails("a power is open")]
    assert told and all(f"TAKEOVER I{GAME} <password>." in t and "game password" not in t for t in told)
