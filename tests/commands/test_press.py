"""PRESS ... ENDPRESS and BROADCAST ... ENDBROADCAST: the press kinds, who may write to whom, the archive."""
import json
import re

import pytest

from tests.commands.helpers import GAME, GM, LETTER, PLAYERS

OTHERS = {a for p, (a, _) in PLAYERS.items() if p != "FRANCE"}


def archive(desk):
    folder = desk.folder(GAME) / "press"
    return [json.loads(p.read_text()) for p in sorted(folder.glob("*.json"))] if folder.exists() else []


def test_press_to_one_power_is_private(started):
    started.new_mail()
    r = started.signon("FRANCE", "PRESS TO G", "Shall we share Belgium?", "ENDPRESS")
    assert r.accepted and "Press sent to Germany." in started.reply("FRANCE")
    got = started.delivered("press from France")
    assert set(got) == {"germany@example.org"}          # the master gets no copy unless the house rule says so
    text = got["germany@example.org"].get_content()
    assert "Message from France in game 'g1' (S1901M) to Germany:" in text and "Shall we share Belgium?" in text
    [entry] = archive(started)
    assert entry["from"] == "FRANCE" and entry["to"] == ["GERMANY"] and entry["body"] == ["Shall we share Belgium?"]


def test_the_master_gets_copies_only_when_the_house_rule_says(started):
    assert started.master("SET RULE master_press_copies").accepted
    started.new_mail()
    assert started.signon("FRANCE", "PRESS TO G", "psst", "ENDPRESS").accepted
    assert set(started.delivered("press from France")) == {"germany@example.org", GM[0]}
    assert started.master(f"LIST {GAME}").accepted and "master_press_copies = on" in started.reply(GM[0])


def test_press_to_the_master_is_always_allowed(started):
    assert started.master("SET RULE press=none").accepted
    started.new_mail()
    assert started.signon("FRANCE", "PRESS TO M", "I need an extension.", "ENDPRESS").accepted
    assert set(started.delivered("press from France")) == {GM[0]}
    r = started.signon("FRANCE", "PRESS TO G", "psst", "ENDPRESS")
    assert r.errors == [("PRESS TO G", f"NO PRESS IS ALLOWED IN GAME {GAME} (BUT TO THE MASTER: PRESS TO M)")]


def test_press_to_names_to_letters_run_together_and_with_commas(started):
    started.new_mail()
    assert started.signon("FRANCE", "PRESS TO England Germany", "hello", "ENDPRESS").accepted
    assert started.signon("FRANCE", "PRESS TO EG", "again", "ENDPRESS").accepted
    assert started.signon("FRANCE", "PRESS TO England, Germany", "thrice", "ENDPRESS").accepted
    mails = started.mails("press from France")
    assert sorted(str(m["To"]) for m in mails) == sorted(3 * ["england@example.org", "germany@example.org"])


def test_press_without_to_goes_to_everyone(started):
    started.new_mail()
    assert started.signon("FRANCE", "PRESS", "To all: peace.", "ENDPRESS").accepted
    assert set(started.delivered("from France")) == OTHERS | {GM[0]}


def test_press_is_not_sent_to_a_resigned_power(started):
    assert started.signon("ITALY", "RESIGN").accepted
    r = started.signon("FRANCE", "PRESS TO I", "anyone there?", "ENDPRESS")
    assert r.errors[0][1] == "NOBODY TO SEND THIS PRESS TO (NO ACTIVE PLAYER AMONG THE RECIPIENTS)"


def test_press_to_nobody_active_is_refused_even_when_the_master_gets_copies(started):
    # With master_press_copies, press to a resigned power only made the master's copy: the judge failed on the reply
    # ("Press sent to ..." with nobody to name) and the message was lost.
    assert started.master("SET RULE master_press_copies").accepted
    assert started.signon("ITALY", "RESIGN").accepted
    before = started.status_bytes()
    started.new_mail()
    r = started.signon("FRANCE", "PRESS TO I", "anyone there?", "ENDPRESS")
    assert r.errors[0][1] == "NOBODY TO SEND THIS PRESS TO (NO ACTIVE PLAYER AMONG THE RECIPIENTS)"
    assert started.status_bytes() == before and not archive(started)
    assert not [m for m in started.new_mail() if "press" in str(m["Subject"]).lower()]
    assert started.signon("FRANCE", "PRESS TO IG", "anyone?", "ENDPRESS").accepted       # Germany reads it
    assert "Press sent to Germany" in started.reply("FRANCE")


def test_grey_press_never_reveals_the_sender(started):
    assert started.master("SET RULE press=grey").accepted
    started.new_mail()
    assert started.signon("FRANCE", "PRESS TO G", "Beware of England.", "ENDPRESS").accepted
    [mail] = started.delivered("press from").values()
    assert mail["To"] == "germany@example.org" and "an anonymous power" in str(mail["Subject"])
    assert "France" not in mail.get_content() and "france@" not in mail.as_string()
    r = started.signon("FRANCE", "PRESS TO G WHITE", "signed", "ENDPRESS")
    assert r.errors[0][1] == f"GAME {GAME} HAS GREY PRESS ONLY: WHITE IS NOT AVAILABLE"


def test_white_grey_lets_the_sender_choose(started):
    assert started.master("SET RULE press=white_grey").accepted
    started.new_mail()
    assert started.signon("FRANCE", "PRESS TO G GREY", "guess who", "ENDPRESS").accepted
    assert started.signon("FRANCE", "PRESS TO G", "it was me", "ENDPRESS").accepted
    subjects = sorted(str(m["Subject"]) for m in started.mails("press from"))
    assert subjects == [f"Diplomacy press from France ({GAME})", f"Diplomacy press from an anonymous power ({GAME})"]


def test_grey_press_sent_with_signed_press_shares_no_moment_or_process_in_its_message_id(started):
    # The email package's Message-IDs held the sending moment to a hundredth of a second and the process id: a grey
    # and a signed press from one message came out with the same prefix, which named the grey press's sender.
    assert started.master("SET RULE press=white_grey").accepted
    started.new_mail()
    assert started.signon("FRANCE", "PRESS TO G GREY", "guess who", "ENDPRESS", "PRESS TO G", "me", "ENDPRESS").accepted
    ids = [str(m["Message-ID"]) for m in started.mails("press from")]
    assert len(ids) == 2
    local = [i.strip("<>").split("@")[0] for i in ids]
    assert all(re.fullmatch(r"[0-9a-f]{32}", part) for part in local), ids
    assert local[0][:6] != local[1][:6]


def test_grey_is_refused_in_a_white_game(started):
    r = started.signon("FRANCE", "PRESS GREY TO G", "x", "ENDPRESS")
    assert r.errors[0][1] == f"GAME {GAME} DOES NOT ALLOW GREY PRESS"


def test_yellow_press_sends_every_broadcast_unsigned(started):
    """DPjudge's YELLOW_PRESS: "All broadcast press is sent anonymously"; press to some powers stays signed. No
    header or line of a reader's copy, nor a reader's ARCHIVE, names the sender; the master sees through it."""
    assert started.master("SET RULE YELLOW_PRESS").accepted
    started.new_mail()
    assert started.signon("FRANCE", "BROADCAST", "Beware of England.", "ENDBROADCAST").accepted
    assert started.reply("FRANCE").startswith(f"Signed on as France in game {GAME}.\nBroadcast sent (grey).\n")
    got = started.delivered("broadcast from", same=False)
    assert set(got) == OTHERS | {GM[0]}
    for address, mail in got.items():
        if address != GM[0]:
            assert str(mail["Subject"]) == f"Diplomacy broadcast from an anonymous power ({GAME})"
            assert "france" not in mail.as_string().lower() and "Beware of England." in mail.get_content()
    assert "Message from France (shown as: an anonymous power)" in got[GM[0]].get_content()
    assert started.signon("GERMANY", "ARCHIVE").accepted
    archived = started.reply("GERMANY")
    assert "Beware of England." in archived and "France" not in archived
    assert started.signon("FRANCE", "PRESS TO G", "Signed, as ever.", "ENDPRESS").accepted
    assert "press from France" in str(started.delivered("press from")[PLAYERS["GERMANY"][0]]["Subject"])
    before, filed = started.status_bytes(), archive(started)
    r = started.signon("FRANCE", "BROADCAST WHITE", "It was me.", "ENDBROADCAST")
    assert r.errors == [("BROADCAST WHITE", f"GAME {GAME} SENDS EVERY BROADCAST UNSIGNED (HOUSE RULE YELLOW_PRESS): "
                         "NO WHITE ON A BROADCAST (PRESS TO <powers> GOES TO SOME POWERS AS THE PRESS RULE SAYS)")]
    assert started.status_bytes() == before and archive(started) == filed
    assert [m["To"] for m in started.new_mail()] == [PLAYERS["FRANCE"][0]]


def test_yellow_press_conflicts_with_grey_press_and_no_press(started):
    """DPjudge's rule list: YELLOW_PRESS and GREY_PRESS deny each other, and NO_PRESS denies YELLOW_PRESS."""
    for words, other in (("GREY_PRESS YELLOW_PRESS", "PRESS=grey"), ("NO_PRESS YELLOW_PRESS", "PRESS=none")):
        r = started.master(f"SET RULE {words}")
        assert r.errors == [(f"SET RULE {words}", f"RULE YELLOW_PRESS CONFLICTS WITH {other}")]
    assert not started.game(GAME).rules.yellow_press


def test_press_master_sends_the_master_no_copy_of_broadcasts(started):
    """DPjudge's PRESS_MASTER: "The Master is not sent a copy of all public (broadcast) press messages. To send a
    message to the Master, the message must specifically include the Master in its addressing." """
    assert started.master("SET RULE PRESS_MASTER observer_press").accepted
    assert started.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    started.new_mail()
    assert started.signon("FRANCE", "BROADCAST", "To all.", "ENDBROADCAST").accepted
    assert set(started.delivered("broadcast from France")) == OTHERS | {"watcher@example.org"}
    assert started.send("watcher@example.org", f"OBSERVE {GAME}\nBROADCAST\nA kibitz.\nENDBROADCAST").accepted
    assert set(started.delivered("broadcast from")) == {a for a, _ in PLAYERS.values()}
    assert started.signon("FRANCE", "PRESS TO G M", "To both.", "ENDPRESS").accepted
    assert set(started.delivered("press from France")) == {PLAYERS["GERMANY"][0], GM[0]}
    assert started.master("ARCHIVE").accepted
    archived = started.reply(GM[0])
    assert "To both." in archived and "To all." not in archived


def test_press_master_conflicts_with_the_masters_copies(started):
    """DPjudge's rule list: PRESS_MASTER and EAVESDROP (or EAVESDROP!) deny each other."""
    r = started.master("SET RULE EAVESDROP PRESS_MASTER")
    assert r.errors[0][1] == "RULE PRESS_MASTER CONFLICTS WITH MASTER_PRESS_COPIES=hidden"
    assert not started.game(GAME).rules.press_master


def test_fake_press(started):
    r = started.signon("FRANCE", "PRESS TO G FAKE FROM E", "x", "ENDPRESS")
    assert r.errors[0][1] == f"GAME {GAME} DOES NOT ALLOW FAKE PRESS"
    assert started.master("SET RULE fake_press master_press_copies").accepted
    started.new_mail()
    assert started.signon("FRANCE", "PRESS TO G FAKE FROM E FAKE TO GR", "England here.", "ENDPRESS").accepted
    got = started.delivered("press from", same=False)
    germany = got["germany@example.org"]
    assert "press from England" in str(germany["Subject"]) and "to Germany, Russia:" in germany.get_content()
    assert "France (shown as: England)" in got[GM[0]].get_content()      # the master sees through it


def test_a_fake_broadcast_reads_as_a_broadcast(started):
    """FAKE BROADCAST: sent to Germany alone, but nothing tells it from a broadcast, its subject neither."""
    assert started.master("SET RULE fake_press").accepted
    assert started.signon("FRANCE", "BROADCAST", "Real one.", "ENDBROADCAST").accepted
    real = started.delivered("broadcast from")["germany@example.org"]
    assert started.signon("FRANCE", "PRESS TO G FAKE BROADCAST", "Fake one.", "ENDPRESS").accepted
    fake = started.delivered("from France")
    assert list(fake) == ["germany@example.org"] or set(fake) == {"germany@example.org", GM[0]}
    assert str(fake["germany@example.org"]["Subject"]) == str(real["Subject"])
    assert fake["germany@example.org"].get_content().replace("Fake", "Real") == real.get_content()


def test_a_press_arrives_as_written(started):
    """Quotes, '//', a 'wrote:' line, underscores and indentation are the sender's text: the recipient reads them
    (they were dropped, and a '____' line cut the press short: PRESS WITHOUT ENDPRESS)."""
    body = ["I agree. // really, trust me", "> you said: attack Vienna", "My ambassador wrote:",
            "    We stand with you.", "__________", "Sent from my winter palace"]
    assert started.signon("RUSSIA", "PRESS TO G", *body, "ENDPRESS").accepted
    text = started.delivered("press from Russia")["germany@example.org"].get_content()
    assert "\n".join(body) in text, text


def test_broadcast_only_games_refuse_private_press(started):
    assert started.master("SET RULE press=broadcast").accepted
    r = started.signon("FRANCE", "PRESS TO G", "psst", "ENDPRESS")
    assert r.errors[0][1] == f"GAME {GAME} ALLOWS BROADCASTS ONLY, NO PRIVATE PRESS"
    assert started.signon("FRANCE", "BROADCAST", "Hello all.", "ENDBROADCAST").accepted


def test_a_press_ends_at_either_end_word_or_at_signoff_as_in_dpjudge(started):
    """DPjudge players end a BROADCAST with ENDPRESS (either word ends either block) or let SIGNOFF end it."""
    started.new_mail()
    assert started.signon("FRANCE", "BROADCAST", "Peace to all.", "ENDPRESS").accepted
    assert set(started.delivered("from France")) == OTHERS | {GM[0]}
    assert started.signon("FRANCE", "PRESS TO G", "Belgium?", "ENDBROADCAST", "A PAR - BUR").accepted
    assert set(started.delivered("press from France")) == {"germany@example.org"}
    assert started.game(GAME).player("FRANCE").orders == ["A PAR - BUR"]     # read after the press, as before
    # SIGNOFF ends the press, which is sent, and the message: what follows it is not read.
    r = started.signon("FRANCE", "PRESS TO E", "End of story:", "signoff please", "Brest is safe.", "SIGNOFF",
                       "A PAR - PIC")
    assert r.accepted and not r.errors
    [mail] = started.mails("press from France")
    assert mail["To"] == "england@example.org"
    assert "End of story:\nsignoff please\nBrest is safe.\n" in mail.get_content()   # only a bare SIGNOFF ends it
    assert started.game(GAME).player("FRANCE").orders == ["A PAR - BUR"]     # A PAR - PIC was never read
    assert [e["body"] for e in archive(started)][-1] == ["End of story:", "signoff please", "Brest is safe."]


def test_press_errors(started):
    cases = [
        (["PRESS FRANCE", "x", "ENDPRESS"], "UNKNOWN PRESS OPTION: FRANCE (TO, GREY, WHITE, FAKE FROM, FAKE TO, "
                                                  "QUIET)"),
        (["PRESS TO NARNIA", "x", "ENDPRESS"], "UNKNOWN POWER: NARNIA"),
        (["PRESS TO G", "ENDPRESS"], "EMPTY PRESS"),
        (["PRESS TO G", "x"], "PRESS WITHOUT ENDPRESS"),
        (["BROADCAST", "ENDBROADCAST"], "EMPTY BROADCAST"),
        (["BROADCAST", "x"], "BROADCAST WITHOUT ENDBROADCAST"),
        (["BROADCAST TO G", "x", "ENDBROADCAST"], "A BROADCAST GOES TO EVERYONE: NO TO (USE PRESS TO <powers>)"),
        (["PRESS GREY WHITE TO G", "x", "ENDPRESS"], "GREY OR WHITE: ONLY ONE OF THEM"),
    ]
    before = started.status_bytes()
    for lines, error in cases:
        r = started.signon("FRANCE", *lines)
        assert not r.accepted and r.errors == [(lines[0], error)], lines
    assert archive(started) == [] and started.status_bytes() == before
    assert started.mails("press") == [] and started.mails("broadcast") == []


def test_a_refused_press_echoes_its_body_as_unread(started):
    started.signon("FRANCE", "PRESS TO G", "secret plan", "line two")
    assert "The rest of your message was not read:\n\n   secret plan\n   line two" in started.reply("FRANCE")


def test_press_needs_a_signed_on_sender(started):
    r = started.send("someone@example.org", f"LIST {GAME}\nPRESS\nhi\nENDPRESS")
    assert r.errors == [("PRESS", "YOU MUST SIGN ON BEFORE SENDING PRESS")]
    r = started.send("someone@example.org", "PRESS\nhi\nENDPRESS")
    assert r.errors[0][1] == "NO GAME: SIGN ON (SIGNON, CREATE, JOIN, OBSERVE) FIRST"


def test_before_the_start_the_master_broadcasts_to_everyone_who_has_joined(forming):
    # As DPjudge: a forming game has public press. Nobody has a power yet, so the master writes to whoever has
    # joined (and observers), each in a mail of their own; players read it in ARCHIVE once the game has begun.
    joined = [PLAYERS[p] for p in ("FRANCE", "GERMANY")]
    for address, password in joined:
        assert forming.send(address, f"JOIN {GAME} {password}").accepted
    assert forming.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    forming.new_mail()
    r = forming.master("BROADCAST", "Welcome! We start on Monday.", "ENDBROADCAST")
    assert r.accepted and "Broadcast sent." in forming.reply(GM[0])
    got = forming.delivered("broadcast from the Game Master")
    assert set(got) == {a for a, _ in joined} | {"watcher@example.org"}
    text = got["france@example.org"].get_content()
    assert "Message from the Game Master in game 'g1' (FORMING) to everyone:" in text
    assert "Welcome! We start on Monday." in text and "germany@example.org" not in text
    [entry] = archive(forming)
    assert entry["broadcast"] and entry["phase"] == "FORMING" and entry["from"] == "MASTER" and entry["to"] == []
    assert forming.master("PRESS", "A second word to all.", "ENDPRESS").accepted     # (PRESS with no TO: the same)
    assert set(forming.delivered("broadcast from the Game Master")) == set(got)


def test_before_the_start_press_to_powers_or_from_anyone_but_the_master_is_refused(forming):
    assert forming.send(PLAYERS["FRANCE"][0], f"JOIN {GAME} {PLAYERS['FRANCE'][1]}").accepted
    assert forming.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    before = archive(forming)
    r = forming.master("PRESS TO F", "psst", "ENDPRESS")
    assert r.errors[0][1].startswith(f"GAME {GAME} HAS NOT STARTED: ITS POWERS ARE GIVEN OUT WHEN IT STARTS")
    assert forming.master("SET RULE fake_press").accepted
    r = forming.master("BROADCAST FAKE FROM F", "psst", "ENDBROADCAST")
    assert r.errors[0][1].startswith(f"GAME {GAME} HAS NOT STARTED: ITS POWERS ARE GIVEN OUT WHEN IT STARTS")
    assert forming.master("SET RULE observer_press").accepted
    r = forming.send("watcher@example.org", f"OBSERVE {GAME}\nBROADCAST\nhello\nENDBROADCAST")
    assert r.errors[-1][1] == f"GAME {GAME} HAS NOT STARTED: NO PRESS YET (ONLY THE MASTER'S BROADCASTS)"
    assert archive(forming) == before == []


def test_before_anyone_has_joined_a_broadcast_has_nobody_to_go_to(forming):
    r = forming.master("BROADCAST", "anyone?", "ENDBROADCAST")
    assert r.errors[0][1] == f"NOBODY HAS JOINED OR OBSERVES GAME {GAME} YET: NOBODY TO SEND THIS PRESS TO"
    assert archive(forming) == []


def test_a_forming_broadcast_is_in_the_players_archive_after_the_start(forming):
    first, *rest = PLAYERS.items()
    assert forming.send(first[1][0], f"JOIN {GAME} {first[1][1]} {LETTER[first[0]]}").accepted
    assert forming.master("BROADCAST", "Welcome aboard.", "ENDBROADCAST").accepted
    for power, (address, password) in rest:
        assert forming.send(address, f"JOIN {GAME} {password} {LETTER[power]}").accepted
    assert forming.game(GAME).status == "active"
    forming.new_mail()
    assert forming.signon("FRANCE", "ARCHIVE").accepted
    text = forming.reply("FRANCE")
    assert "-- FORMING: from the Game Master to everyone" in text and "Welcome aboard." in text


def test_press_none_refuses_players_but_not_the_master(started):
    assert started.master("SET RULE press=none").accepted
    r = started.signon("FRANCE", "BROADCAST", "hello all", "ENDBROADCAST")
    assert r.errors == [("BROADCAST", f"NO PRESS IS ALLOWED IN GAME {GAME} (BUT TO THE MASTER: PRESS TO M)")]
    started.new_mail()
    assert started.master("BROADCAST", "The master speaks.", "ENDBROADCAST").accepted
    got = started.delivered("broadcast from the Game Master")
    assert set(got) == {a for a, _ in PLAYERS.values()}
    assert "The master speaks." in got["france@example.org"].get_content()


def test_broadcast_reaches_players_observers_and_the_master_but_not_the_sender(started):
    assert started.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    started.new_mail()
    assert started.signon("FRANCE", "BROADCAST", "Hello everyone.", "ENDBROADCAST").accepted
    assert "Broadcast sent." in started.reply("FRANCE")
    assert set(started.delivered("broadcast from France")) == OTHERS | {GM[0], "watcher@example.org"}
    assert archive(started)[0]["body"] == ["Hello everyone."]


@pytest.mark.parametrize("allowed", [False, True])
def test_observers_press(started, allowed):
    assert started.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    if allowed:
        assert started.master("SET RULE observer_press").accepted
    started.new_mail()
    r = started.send("watcher@example.org", f"OBSERVE {GAME}\nBROADCAST\nA kibitz.\nENDBROADCAST")
    if allowed:
        got = started.delivered("broadcast from", same=False)
        assert r.accepted and set(got) == {a for a, _ in PLAYERS.values()} | {GM[0]}
        assert "watcher@example.org (shown as: an observer)" in got[GM[0]].get_content()
    else:
        assert r.errors[0][1] == (f"OBSERVERS MAY NOT SEND PRESS IN GAME {GAME}: ONLY TO THE MASTER (PRESS TO M; "
                                  "HOUSE RULE OBSERVER_PRESS IS OFF)")
    assert started.send("watcher@example.org", f"OBSERVE {GAME}\nPRESS TO M\nA question.\nENDPRESS").accepted


def test_unobserve(started):
    assert started.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    assert started.send("watcher@example.org", f"UNOBSERVE {GAME}").accepted
    assert started.game(GAME).observers == []
    assert started.send("watcher@example.org", f"UNOBSERVE {GAME}").errors[0][1] == \
        f"YOU ARE NOT OBSERVING OR MONITORING GAME {GAME}"


def test_the_archive_shows_each_reader_what_was_theirs(started):
    assert started.signon("FRANCE", "PRESS TO G", "for Germany only", "ENDPRESS").accepted
    assert started.signon("ENGLAND", "BROADCAST", "for everyone", "ENDBROADCAST").accepted
    assert started.signon("RUSSIA", "PRESS TO M", "for the master", "ENDPRESS").accepted
    started.new_mail()

    def read(power):
        assert started.signon(power, "ARCHIVE").accepted
        return started.reply(power)
    germany, italy = read("GERMANY"), read("ITALY")
    assert "for Germany only" in germany and "for everyone" in germany and "for the master" not in germany
    assert "for Germany only" not in italy and "for everyone" in italy
    assert "for Germany only" in read("FRANCE")                         # what one sent oneself
    assert started.master("ARCHIVE").accepted
    master = started.reply(GM[0])
    assert "for the master" in master and "for everyone" in master and "for Germany only" not in master
    assert started.send("someone@example.org", f"ARCHIVE {GAME}").accepted
    public = started.reply("someone@example.org")
    assert "for everyone" in public and "for Germany only" not in public and "for the master" not in public


def test_ones_own_grey_press_is_shown_in_the_archive_as_ones_own(started):
    assert started.master("SET RULE press=white_grey").accepted
    assert started.signon("FRANCE", "PRESS TO G GREY", "guess who", "ENDPRESS").accepted
    assert started.signon("FRANCE", "BROADCAST GREY", "guess again", "ENDBROADCAST").accepted
    started.new_mail()
    assert started.signon("FRANCE", "ARCHIVE").accepted
    own = started.reply("FRANCE")
    assert own.count("from France (shown as: an anonymous power)") == 2, own
    assert "from an anonymous power" not in own
    assert started.signon("GERMANY", "ARCHIVE").accepted
    other = started.reply("GERMANY")                          # (to the others it stays anonymous)
    assert other.count("from an anonymous power") == 2 and "France" not in other, other


def test_press_archive_is_numbered(started):
    for n in range(3):
        assert started.signon("FRANCE", "PRESS TO G", f"message {n}", "ENDPRESS").accepted
    files = sorted((started.folder(GAME) / "press").glob("*.json"))
    assert [f.name for f in files] == ["0001-press.json", "0002-press.json", "0003-press.json"]
    assert archive(started)[2]["body"] == ["message 2"]


def test_fake_press_is_confirmed_as_it_really_went(started):
    """PRESS TO A FAKE TO AT: only Austria gets it; the confirmation says so, and how it is shown (issue 18)."""
    assert started.master("SET RULE fake_press").accepted
    started.new_mail()
    assert started.signon("FRANCE", "PRESS TO A FAKE TO AT", "Between us.", "ENDPRESS").accepted
    assert "Press sent to Austria (shown as sent to Austria, Turkey)." in started.reply("FRANCE")
    got = started.delivered("press from", same=False)
    assert set(got) == {"austria@example.org"}
    assert started.signon("FRANCE", "PRESS TO G FAKE FROM E", "England here.", "ENDPRESS").accepted
    assert "Press sent to Germany (signed England)." in started.reply("FRANCE")
    assert started.signon("FRANCE", "PRESS TO G M", "And the master.", "ENDPRESS").accepted
    assert "Press sent to Germany and the master." in started.reply("FRANCE")
    assert started.signon("FRANCE", "BROADCAST FAKE FROM I", "Italy speaks.", "ENDBROADCAST").accepted
    assert "Broadcast sent (signed Italy)." in started.reply("FRANCE")


def test_the_observer_press_rule_says_what_it_governs(started):
    # With observer_press off an observer's PRESS TO M still goes (as the refusal of its BROADCAST says): the rule's
    # words, shown on the game page, must not make press to the master depend on it.
    from judge.rules import RULES
    meaning = next(r.meaning for r in RULES if r.name == "observer_press")
    assert started.send("watcher@example.org", f"OBSERVE {GAME}\nPRESS TO M\nA question.\nENDPRESS").accepted
    assert "(and press to the master)" not in meaning
    assert "press to the master they may always send" in meaning


def test_the_press_header_fits_a_mail_line(started):
    # Press to six powers names them all on the header line: it is wrapped to a plain-text mail's 78 columns, as
    # every other line the judge writes, and says the same words.
    started.new_mail()
    assert started.signon("FRANCE", "PRESS TO A E G I R T", "To all but nobody.", "ENDPRESS").accepted
    got = started.delivered("press from France")
    assert len(got) == 6
    text = next(iter(got.values())).get_content()
    head = text.split("\n\n")[0]
    assert all(len(line) <= 78 for line in text.split("\n")), head
    assert " ".join(head.split()) == (f"Message from France in game '{GAME}' (S1901M) to Austria, England, Germany, "
                                      "Italy, Russia, Turkey:")


def test_a_broadcast_reaches_an_observer_who_also_plays_once(started):
    """A game saved while an observer who then took over a power (or the game) stayed on the observers' list: each
    broadcast still goes to them once (it went twice: as a player, and as an observer)."""
    status = started.folder(GAME) / "status.json"
    doc = json.loads(status.read_text(encoding="utf-8"))
    doc["observers"] = [PLAYERS["GERMANY"][0], GM[0], PLAYERS["FRANCE"][0], "watcher@example.org"]
    status.write_text(json.dumps(doc), encoding="utf-8")
    started.new_mail()
    assert started.signon("FRANCE", "BROADCAST", "Once each.", "ENDBROADCAST").accepted
    # (delivered() refuses a recipient with two copies; the sender gets none, as a player or as an observer)
    assert set(started.delivered("broadcast from France")) == OTHERS | {GM[0], "watcher@example.org"}


def test_press_on_a_calendar_of_the_maps_own_names_its_phase_by_its_code(tmp_path):
    """On a map with a calendar of its own, the press mail and ARCHIVE name the phase by the code the subjects and
    results give it (B273M; DPjudge's press file keys each message by Game.phaseAbbr), as on the standard calendar
    (S1901M). They wrote the long form the game keeps, "B.C. 273 MOVEMENT"."""
    from judge import maps
    from tests.commands.helpers import bc_game
    desks = bc_game(tmp_path)
    desk = next(desks)
    try:
        desk.new_mail()
        north = "SIGNON Nbc npw"
        assert desk.send("north@example.org", f"{north}\nBROADCAST\nHail, Southerners.\nENDBROADCAST").accepted
        [notice] = [m for m in desk.new_mail() if m["To"] == "south@example.org"]
        assert "Message from North in game 'bc' (B273M) to everyone:" in notice.get_content()
        assert desk.send(GM[0], f"SIGNON Mbc {GM[1]}\nPROCESS!").accepted
        assert desk.send("north@example.org", f"{north}\nPRESS TO S\nA word in B.C. 272.\nENDPRESS").accepted
        assert desk.send("south@example.org", "SIGNON Sbc spw\nARCHIVE").accepted
        heads = [line for line in desk.reply_to("south@example.org").split("\n") if line.startswith("-- ")]
        assert heads == ["-- B273M: from North to everyone", "-- B272M: from North to South"]
    finally:
        desks.close()
        maps.use_folder(None)
