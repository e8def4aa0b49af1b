"""A line that is plainly no order nor command (a sign-off, a name) under a master's commands, or in a game that
takes no orders, is told to be a remark, with how to end a message; a remark as the last line gets one hint, not
two. Over SMTP, each reply read whole."""
from tests.daemon.client_mail import GAME, GM, GM_PW, Table, address, plain, play, signon, text_of

FRANCE = address("FRANCE")
REFUSED = "Your message was NOT accepted: nothing in it has been changed.\n"
REMARK = ("   NEITHER A COMMAND NOR AN ORDER (A REMARK? END YOUR COMMANDS WITH SIGNOFF,\n"
          "   OR PUT // BEFORE IT)\n")
SIGN_OFF = "   {} (IF THIS IS YOUR SIGN-OFF: END YOUR ORDERS WITH A LINE SIGNOFF, OR A SIGNATURE LINE '-- ')\n"


def flat(text: str) -> str:
    """The text's words, one space apart (where the reply wraps a line is not what is tested here)."""
    return " ".join(text.split())
END = "\nEnd of judge reply.\n"
UNREAD = "\nThe rest of your message was not read:\n\n   Gary\n\nEnd of judge reply.\n"


def test_a_masters_sign_off_is_told_to_be_a_remark(tmp_path):
    play(tmp_path, _master)


async def _master(t: Table):
    # Under CREATE's settings (the game takes no orders yet): not "GAME ... IS NOT ACTIVE: NO ORDERS NOW".
    text = text_of(await t.ask(plain("new-gm@example.org", "CREATE mailc gm-pw-c\nSET MOVEMENT 48\n\nThanks,\nGary")))
    assert text == (REFUSED + "   GAME mailc WAS NOT CREATED: CORRECT THE LINE BELOW AND SEND THE WHOLE\n"
                    "   MESSAGE AGAIN (CREATE WITH ITS SETTINGS)\n>> Thanks,\n" + REMARK + UNREAD), text
    assert not t.j.daemon.judge.store.exists("mailc")
    # In a game that is playing: not "THE MASTER'S ORDERS MUST NAME THE POWER".
    deadline = t.game().deadline
    text = text_of(await t.ask(plain(GM, f"SIGNON M{GAME} {GM_PW}\nSET DEADLINE +2d\nThanks,\nGary")))
    assert text == REFUSED + ">> Thanks,\n" + REMARK + UNREAD, text
    assert t.game().deadline == deadline
    # As the last line, one hint: the sign-off's.
    text = text_of(await t.ask(plain(GM, f"SIGNON M{GAME} {GM_PW}\nSET DEADLINE +2d\nThanks")))
    assert flat(text) == flat(REFUSED + ">> Thanks\n" + SIGN_OFF.format("NEITHER A COMMAND NOR AN ORDER") + END), text
    # What may be an order keeps its diagnostic.
    for line in ("A Par - Bur", "waive", "Build A Par"):
        text = text_of(await t.ask(plain(GM, f"SIGNON M{GAME} {GM_PW}\n{line}")))
        assert "THE MASTER'S ORDERS MUST NAME THE POWER, E.G. FRANCE: A PAR - BUR" in text, text


def test_a_players_last_line_thanks_gets_one_hint(tmp_path):
    play(tmp_path, _player)


async def _player(t: Table):
    text = await t.refused(plain(FRANCE, f"{signon('FRANCE')}\nA Par - Bur\nThanks"))
    assert flat(text) == flat(REFUSED + ">> Thanks\n" + SIGN_OFF.format("UNKNOWN PLACENAME: THANKS") + END), text
