"""PRESS ... ENDPRESS and BROADCAST ... ENDBROADCAST."""
from tests.commands.helpers import GAME, GM, PLAYERS


def press_files(desk):
    return sorted((desk.folder(GAME) / "press").glob("*.txt")) if (desk.folder(GAME) / "press").exists() else []


def test_press_to_one_power(started):
    started.new_mail()
    r = started.signon("FRANCE", "PRESS TO G", "Shall we share Belgium?", "ENDPRESS")
    assert r.accepted and "Press sent to Germany." in started.reply("FRANCE")
    got = started.delivered("press from France")
    assert set(got) == {"germany@example.org", GM[0]}      # the master sees all press
    text = got["germany@example.org"].get_content()
    assert "Message from France in game 'g1' (S1901M) to Germany:" in text and "Shall we share Belgium?" in text
    [archived] = press_files(started)
    assert "Shall we share Belgium?" in archived.read_text()


def test_press_to_names_and_to_letters_run_together(started):
    started.new_mail()
    assert started.signon("FRANCE", "PRESS TO England Germany", "hello", "ENDPRESS").accepted
    assert started.signon("FRANCE", "PRESS TO EG", "again", "ENDPRESS").accepted
    mails = started.mails("press from France")
    assert sorted(str(m["To"]) for m in mails) == sorted(2 * ["england@example.org", "germany@example.org", GM[0]])


def test_press_to_everyone(started):
    started.new_mail()
    assert started.signon("FRANCE", "PRESS", "To all: peace.", "ENDPRESS").accepted
    expected = {a for p, (a, _) in PLAYERS.items() if p != "FRANCE"} | {GM[0]}
    assert set(started.delivered("press from France")) == expected


def test_press_is_not_sent_to_a_resigned_power(started):
    assert started.signon("ITALY", "RESIGN").accepted
    started.new_mail()
    assert started.signon("FRANCE", "PRESS TO I", "anyone there?", "ENDPRESS").accepted
    assert set(started.delivered("press from France")) == {GM[0]}


def test_endpress_is_case_insensitive_and_lines_after_are_read(started):
    assert started.signon("FRANCE", "PRESS TO G", "hi", "endpress", "A PAR - BUR").accepted
    assert started.game(GAME).player("FRANCE").orders == ["A PAR - BUR"]


def test_press_errors(started):
    cases = [
        (["PRESS FRANCE", "x", "ENDPRESS"], "USE PRESS TO <powers>, OR PRESS ALONE FOR EVERYONE"),
        (["PRESS TO NARNIA", "x", "ENDPRESS"], "UNKNOWN POWER: NARNIA"),
        (["PRESS TO G", "ENDPRESS"], "EMPTY PRESS"),
        (["PRESS TO G", "x"], "PRESS WITHOUT ENDPRESS"),
        (["BROADCAST", "ENDBROADCAST"], "EMPTY BROADCAST"),
        (["BROADCAST", "x"], "BROADCAST WITHOUT ENDBROADCAST"),
    ]
    before = started.status_bytes()
    for lines, error in cases:
        r = started.signon("FRANCE", *lines)
        assert not r.accepted and r.errors == [(lines[0], error)], lines
    assert press_files(started) == [] and started.status_bytes() == before
    assert started.mails("press") == [] and started.mails("broadcast") == []


def test_a_refused_press_echoes_its_body_as_unread(started):
    started.signon("FRANCE", "PRESS TO G", "secret plan", "line two")
    assert "The rest of your message was not read:\n\n   secret plan\n   line two" in started.reply("FRANCE")


def test_press_needs_a_signed_on_sender(started):
    r = started.send("someone@example.org", f"LIST {GAME}\nPRESS\nhi\nENDPRESS")
    assert r.errors == [("PRESS", "YOU MUST SIGN ON BEFORE SENDING PRESS")]
    r = started.send("someone@example.org", "PRESS\nhi\nENDPRESS")
    assert r.errors[0][1] == "NO GAME: SIGN ON (SIGNON, CREATE, JOIN, OBSERVE) FIRST"


def test_no_press_before_the_game_starts(forming):
    r = forming.send(GM[0], f"SIGNON M{GAME} {GM[1]}\nBROADCAST\nwelcome\nENDBROADCAST")
    assert r.errors[0][1] == f"GAME {GAME} HAS NOT STARTED: NO PRESS YET"


def test_press_none_refuses_players_but_not_the_master(started):
    assert started.master("SET RULE press=none").accepted
    r = started.signon("FRANCE", "PRESS TO G", "psst", "ENDPRESS")
    assert r.errors == [("PRESS TO G", f"NO PRESS IS ALLOWED IN GAME {GAME}")]
    r = started.signon("FRANCE", "BROADCAST", "hello all", "ENDBROADCAST")
    assert r.errors == [("BROADCAST", f"NO PRESS IS ALLOWED IN GAME {GAME}")]
    started.new_mail()
    assert started.master("BROADCAST", "The master speaks.", "ENDBROADCAST").accepted
    got = started.delivered("broadcast from the Game Master")
    assert set(got) == {a for a, _ in PLAYERS.values()}
    assert "The master speaks." in got["france@example.org"].get_content()


def test_broadcast_reaches_players_and_observers_but_not_the_sender(started):
    assert started.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    started.new_mail()
    assert started.signon("FRANCE", "BROADCAST", "Hello everyone.", "ENDBROADCAST").accepted
    assert "Broadcast sent." in started.reply("FRANCE")
    expected = {a for p, (a, _) in PLAYERS.items() if p != "FRANCE"} | {GM[0], "watcher@example.org"}
    assert set(started.delivered("broadcast from France")) == expected
    assert "Hello everyone." in press_files(started)[0].read_text()


def test_press_archive_is_numbered(started):
    for n in range(3):
        assert started.signon("FRANCE", "PRESS TO G", f"message {n}", "ENDPRESS").accepted
    files = press_files(started)
    assert [f.name for f in files] == ["0001-press.txt", "0002-press.txt", "0003-press.txt"]
    assert "message 2" in files[2].read_text()
