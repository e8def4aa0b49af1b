"""DPjudge's press option QUIET (no copy for the author) and the master's OFFICIAL (a subject of its own, no press
header line), by mail. The copy and the header are judge.commands.press's; the mail is notice/press.txt."""
import email

import pytest

from judge.commands.reader import read
from tests.commands.helpers import GAME, GM, PLAYERS
from tests.commands.test_press import archive
from tests.commands.test_reader import session

FRANCE, GERMANY = PLAYERS["FRANCE"][0], PLAYERS["GERMANY"][0]
COPY = "Your copy, as its readers have it"


def words(text: str) -> str:
    return " ".join(text.split())


def test_the_author_gets_a_copy_in_the_reply_unless_quiet(started):
    """DPjudge's guide: "If the QUIET option was not used, an echo of the press message will be also be e-mailed to
    you". The echo is the reader's copy, word for word, in the reply to the mail that sent it."""
    started.new_mail()
    assert started.signon("FRANCE", "PRESS TO G", "Shall we share Belgium?", "ENDPRESS").accepted
    mails = started.new_mail()
    [read] = [m for m in mails if m["To"] == GERMANY]
    [reply] = [m for m in mails if m["To"] == FRANCE]
    assert reply.get_content() == (f"Signed on as France in game {GAME}.\nPress sent to Germany.\n{COPY}:\n\n"
                                   + read.get_content() + "\nEnd of judge reply.\n")
    assert read.get_content() == (f"Message from France in game '{GAME}' (S1901M) to Germany:\n\nShall we share "
                                  "Belgium?\n\nEnd of message.\n")


@pytest.mark.parametrize("line", ["PRESS TO G QUIET", "PRESS QUIET TO G", "PRESS TO G, QUIET", "press quiet to g"])
def test_quiet_anywhere_among_the_options_sends_no_copy_to_the_author(started, line):
    started.new_mail()
    assert started.signon("FRANCE", line, "Shall we share Belgium?", "ENDPRESS").accepted
    mails = started.new_mail()
    [read] = [m for m in mails if m["To"] == GERMANY]
    [reply] = [m for m in mails if m["To"] == FRANCE]
    assert reply.get_content() == \
        f"Signed on as France in game {GAME}.\nPress sent to Germany.\n\nEnd of judge reply.\n"
    # The readers' copies are as without QUIET.
    assert "Shall we share Belgium?" in read.get_content() and {m["To"] for m in mails} == {FRANCE, GERMANY}
    [entry] = archive(started)
    assert entry["to"] == ["GERMANY"] and entry["body"] == ["Shall we share Belgium?"]


def test_broadcast_quiet_and_a_grey_copy_as_its_readers_have_it(started):
    assert started.master("SET RULE press=white_grey").accepted
    started.new_mail()
    assert started.signon("FRANCE", "BROADCAST QUIET", "To all.", "ENDBROADCAST").accepted
    assert started.reply("FRANCE") == f"Signed on as France in game {GAME}.\nBroadcast sent.\n\nEnd of judge reply.\n"
    assert started.signon("FRANCE", "BROADCAST GREY", "Guess who.", "ENDBROADCAST").accepted
    mails = started.new_mail()
    [read] = [m for m in mails if m["To"] == GERMANY and "Guess who." in m.get_content()]
    [reply] = [m for m in mails if m["To"] == FRANCE]
    # (grey: the copy shows the author what the readers were shown, not who wrote it)
    assert f"Broadcast sent (grey).\n{COPY}:\n\n" + read.get_content() in reply.get_content()
    assert "Message from an anonymous power in game 'g1' (S1901M) to everyone:" in read.get_content()


def test_quiet_given_twice_is_refused_and_sends_nothing(started):
    started.new_mail()
    before = started.status_bytes()
    r = started.signon("FRANCE", "PRESS QUIET TO G QUIET", "x", "ENDPRESS")
    assert r.errors == [("PRESS QUIET TO G QUIET", "QUIET GIVEN TWICE")]
    assert started.status_bytes() == before and archive(started) == []
    assert [m["To"] for m in started.new_mail()] == [FRANCE]


def test_official_press_has_its_subject_and_no_header_until_official_alone(started):
    """DPjudge's guide: PRESS and BROADCAST after OFFICIAL <subject> in the same mail are sent with that subject
    instead of the usual one and without the press header; OFFICIAL alone goes back to normal."""
    started.new_mail()
    r = started.master("OFFICIAL Rule change for g1", "BROADCAST", "Deadlines are now 48 hours.", "ENDBROADCAST",
                       "PRESS TO F QUIET", "France: see me.", "ENDPRESS",
                       "OFFICIAL", "PRESS TO G QUIET", "Germany: as usual.", "ENDPRESS")
    assert r.accepted
    mails = started.new_mail()
    ruled = [m for m in mails if "Deadlines are now 48 hours." in m.get_content() and m["To"] != GM[0]]
    assert sorted(m["To"] for m in ruled) == sorted(a for a, _ in PLAYERS.values())
    for m in ruled:
        # ("g1" is among the subject's words: the game's name is not added again, as DPjudge's openMail does)
        assert str(m["Subject"]) == "Rule change for g1" and m.get_content() == "Deadlines are now 48 hours.\n"
    [to_france] = [m for m in mails if "France: see me." in m.get_content()]
    assert str(to_france["Subject"]) == "Rule change for g1" and to_france.get_content() == "France: see me.\n"
    [to_germany] = [m for m in mails if "Germany: as usual." in m.get_content()]
    assert str(to_germany["Subject"]) == f"Diplomacy press from the Game Master ({GAME})"
    assert to_germany.get_content().startswith(f"Message from the Game Master in game '{GAME}' (S1901M) to Germany:")
    [reply] = [m for m in mails if m["To"] == GM[0]]
    assert words(reply.get_content()) == words(
        f"""Signed on as the master of game {GAME}.
        Press below goes out with the subject 'Rule change for g1' and no press header.
        Broadcast sent.
        {COPY} (subject: Rule change for g1):

        Deadlines are now 48 hours.

        Press sent to France.
        Press below goes out with the usual subject and header.
        Press sent to Germany.

        End of judge reply.""")
    assert [e.get("official") for e in archive(started)] == ["Rule change for g1", "Rule change for g1", None]
    # The next mail starts with the usual subject again.
    assert started.master("BROADCAST", "Hello.", "ENDBROADCAST").accepted
    assert {str(m["Subject"]) for m in started.new_mail() if m["To"] != GM[0]} == {
        f"Diplomacy broadcast from the Game Master ({GAME})"}


def test_an_official_subject_gets_the_games_name_and_non_ascii_is_encoded(started):
    started.new_mail()
    assert started.master("OFFICIAL Déclaration officielle", "PRESS TO F", "Bonjour.", "ENDPRESS").accepted
    [raw] = [p.read_bytes() for p in started.judge.outbox.paths()
             if b"Bonjour." in p.read_bytes() and b"\nTo: france@" in p.read_bytes()]
    head = raw.split(b"\n\n", 1)[0]
    assert head.isascii() and b"\nSubject: =?utf-8?" in head        # (RFC 2047: no raw 8-bit header)
    m = email.message_from_bytes(raw, policy=email.policy.default)
    assert str(m["Subject"]) == f"Déclaration officielle ({GAME})" and m.get_content() == "Bonjour.\n"


def test_a_subject_longer_than_sixty_characters_is_refused_and_nothing_is_sent(started):
    started.new_mail()
    before = started.status_bytes()
    line = "OFFICIAL " + "x" * 61
    r = started.master(line, "BROADCAST", "x", "ENDBROADCAST")
    assert r.errors == [(line, "OFFICIAL SUBJECT TOO LONG: 61 CHARACTERS, AT MOST 60")]
    assert started.status_bytes() == before and archive(started) == []
    assert [m["To"] for m in started.new_mail()] == [GM[0]]
    assert started.master("OFFICIAL " + "x" * 60, "BROADCAST", "x", "ENDBROADCAST").accepted    # 60: the most


def test_control_characters_never_reach_a_subject(started):
    """By mail, the reading of the text already turns an escape into U+FFFD and drops a zero-width space; OFFICIAL
    refuses them itself for any other way in (judge.commands.reader.read of lines as given)."""
    started.new_mail()
    assert started.master("OFFICIAL Hello\x1b[2Jthere\u200b!", "BROADCAST", "x", "ENDBROADCAST").accepted
    subjects = {str(m["Subject"]) for m in started.new_mail() if m["To"] != GM[0]}
    assert subjects == {f"Hello\ufffd[2Jthere! ({GAME})"}
    for odd, code in (("\x1b", "001B"), ("\u200b", "200B"), ("\x00", "0000")):
        s = session(started, GM[0])
        reading = read(s, [f"SIGNON M{GAME} {GM[1]}", f"OFFICIAL Hello{odd}there", "BROADCAST", "x", "ENDBROADCAST"])
        assert reading.errors == [(f"OFFICIAL Hello{odd}there",
                                   f"OFFICIAL SUBJECT WITH A CONTROL CHARACTER (U+{code}): USE PLAIN TEXT")]


def test_a_line_break_in_an_official_line_adds_no_header(started):
    """A CR inside the line (which mail clients do not send) ends the line: what follows is a line of its own,
    never a header of the press mails."""
    started.new_mail()
    started.master("OFFICIAL Evil\rBcc: victim@example.org", "BROADCAST", "x", "ENDBROADCAST")
    for path in started.judge.outbox.paths():
        head = path.read_bytes().split(b"\n\n", 1)[0]
        assert b"victim" not in head and b"\nBcc:" not in head


def test_a_player_may_not_send_official_press(started):
    started.new_mail()
    before = started.status_bytes()
    r = started.signon("FRANCE", "OFFICIAL From the Game Master", "BROADCAST", "Obey.", "ENDBROADCAST")
    assert r.errors == [("OFFICIAL From the Game Master", "ONLY THE GAME MASTER MAY SEND OFFICIAL PRESS (SIGNON "
                         "M<game> <password>, THEN OFFICIAL <subject>)")]
    assert started.status_bytes() == before and archive(started) == []
    assert [m["To"] for m in started.new_mail()] == [FRANCE]
