"""DPjudge's status-file lines below CREATE (PRIVATE, RULE, TIMING, ZONE, DESC), as its mail guide's example writes
them: each is done by the SET command that does it here, or refused saying why, and nothing is made of a refused
message."""
import pytest

from tests.commands.helpers import GAME, GM

NEW_GM = "newgm@example.org"


def test_the_guides_create_message_with_its_status_lines(forming):
    r = forming.send(NEW_GM, "CREATE mygame masterPassword\nprivate privacyPassword\n"
                             "timing move 2d next 1d at 18:00 days -MTWTF- grace 1d warn 12h\nzone Europe/Paris\n"
                             "Rule no_press !build_any\nform\nSignoff")
    assert r.accepted, r.errors
    game = forming.game("mygame")
    assert game.status == "forming" and game.private and game.privacy
    t = game.timing
    # NEXT 1D for every phase MOVE does not name; DAYS from Sunday (-MTWTF-: weekdays) as SET DAYS has them
    assert (t.movement_hours, t.retreat_hours, t.adjustment_hours) == (48, 24, 24)
    assert (t.time_of_day, t.days, t.grace_hours, t.reminder_hours, t.timezone) == \
        ("18:00", "MTWTF--", 24, 12, "Europe/Paris")
    assert game.rules.press.value == "none" and game.rules.build_anywhere is False
    reply = forming.reply_to(NEW_GM)
    assert "privacyPassword" not in reply and "masterPassword" not in reply
    # the game password is the one the PRIVATE line gave
    assert not forming.send("p@example.org", "JOIN mygame pw-p").accepted
    assert forming.send("p@example.org", "JOIN mygame pw-p privacyPassword").accepted


@pytest.mark.parametrize("line, error", [
    ("desc A standard game.", "THIS JUDGE KEEPS NO GAME DESCRIPTION"),
    ("timing next 1d not 20040831", "TIMING NOT IS NOT DONE HERE"),
    ("timing next", "TIMING TAKES WORDS AND VALUES IN PAIRS"),
    ("timing move 3 days", "TIMING TAKES WORDS AND VALUES IN PAIRS"),
    ("timing move 3x", "TIMING MOVE 3x: A DELAY IS A WHOLE NUMBER AND M, H, D OR W"),
    ("timing warn 1d,12h", "TIMING WARN 1d,12h: THIS JUDGE SENDS ONE REMINDER"),
    ("timing days MTWTF--", "TIMING DAYS MTWTF--: SEVEN LETTERS FROM SUNDAY"),
    ("timing days -MtWTF-", "TIMING DAYS -MtWTF-: A DAY FOR EVERY PHASE BUT MOVEMENT"),
    ("rule zerosum", "UNKNOWN RULE: ZEROSUM"),                   # (a rule of DPjudge's Payola, not played here)
    ("zone Mars/Olympus", "SET ZONE: Mars/Olympus IS NOT VALID"),
])
def test_a_status_line_not_done_here_refuses_the_create_and_makes_nothing(forming, line, error):
    r = forming.send(NEW_GM, f"CREATE other pw-o\n{line}\nSIGNOFF")
    assert not r.accepted and error in r.errors[0][1], r.errors
    assert not forming.folder("other").exists()


def test_status_lines_are_the_masters_alone_and_keep_the_game_password_out_of_every_echo(forming):
    before = forming.status_bytes()
    r = forming.send("x@example.org", f"JOIN {GAME} pw-x\nPRIVATE secret-word\nTIMING NEXT 1D")
    assert not r.accepted and r.errors[0][1].startswith("ONLY THE GAME MASTER MAY DO THAT")
    reply = forming.reply_to("x@example.org")
    assert ">> PRIVATE ********\n" in reply and "secret-word" not in reply
    assert forming.status_bytes() == before
    assert forming.send(GM[0], f"SIGNON M{GAME} {GM[1]}\nTIMING NEXT 2D AT 20:00").accepted
    t = forming.game(GAME).timing
    assert (t.movement_hours, t.retreat_hours, t.adjustment_hours, t.time_of_day) == (48, 48, 48, "20:00")
