"""One message, one bounded reply: a picture at most once a message, the whole reply (its attachments included) at
most MAX_REPLY_BYTES as mailed, and one game per message for every command that names a game."""
from tests.commands.helpers import GAME, GM, LETTER, PLAYERS, Desk
from tests.e2e.conftest import READ  # noqa: F401  (the Desk reads mail with it)

ASKER = "someone@example.org"


def attachments(mail) -> list:
    return [(p.get_filename(), p.get_content_type(), p.get_content()) for p in mail.iter_attachments()]


def text_part(mail) -> str:
    return mail.get_body(("plain",)).get_content() if mail.is_multipart() else mail.get_content()


def raw_replies(desk: Desk, address: str) -> list[bytes]:
    """The replies to `address` as they stand in the outbox (the bytes that are mailed), oldest first."""
    out = []
    for path in desk.judge.outbox.paths():
        if path in desk.seen:
            continue
        raw = path.read_bytes()
        head = raw.split(b"\n\n", 1)[0]
        if f"\nTo: {address}\n".encode() in head and b"\nSubject: Re:" in head:
            out.append(raw)
    desk.new_mail()
    return out


def test_map_is_asked_for_once_per_message_and_nothing_is_drawn_for_a_second(started):
    """60 MAP lines in a mail of 480 bytes made one reply of 5.5 MB, 60 pictures each drawn again."""
    before = started.status_bytes()
    for body in (f"MAP {GAME}\n" * 60, f"MAP {GAME}\nPOSITION {GAME}\nMAP"):
        r = started.send(ASKER, body)
        assert r.errors == [("", "MAP MAY BE ASKED FOR ONCE PER MESSAGE")] and not r.accepted
        [raw] = raw_replies(started, ASKER)
        assert len(raw) < 2000 and b"Content-Disposition: attachment" not in raw
    assert started.status_bytes() == before
    r = started.send(ASKER, f"MAP {GAME}\nPOSITION {GAME}")                 # once is answered as before
    [reply] = [m for m in started.new_mail() if m["To"] == ASKER]
    assert r.accepted and [kind for _, kind, _ in attachments(reply)] == ["image/png"]


def test_preview_and_archive_are_asked_for_once_per_message(started):
    assert started.signon("FRANCE", "PRESS TO G", "hello", "ENDPRESS").accepted
    r = started.master("PREVIEW", "PREVIEW")
    assert r.errors == [("", "PREVIEW MAY BE ASKED FOR ONCE PER MESSAGE")]
    assert not [m for m in started.new_mail() if "PREVIEW" in str(m["Subject"])]       # no preview mailed
    r = started.signon("FRANCE", "ARCHIVE", "ARCHIVE")
    assert r.errors == [("", "ARCHIVE MAY BE ASKED FOR ONCE PER MESSAGE")]


def test_a_reply_with_its_picture_is_bounded_as_mailed_and_says_what_it_left_out(started):
    """Long lines of Cyrillic press go out quoted-printable (three bytes a byte): ARCHIVE's text, cut at 512 KB
    of characters, was mailed as 3 MB, with MAP's picture on top. The whole reply is at most 1 MB as mailed: the
    picture is left out first (named in the text), then the text is cut shorter."""
    from judge.reply_text import MAX_REPLY_BYTES
    line = "ж" * 600
    for n in range(2):
        assert started.signon("FRANCE", "PRESS TO G", *[line] * 400, "ENDPRESS").accepted, n
    started.new_mail()
    r = started.signon("FRANCE", "ARCHIVE", "MAP")
    assert r.accepted
    [raw] = raw_replies(started, PLAYERS["FRANCE"][0])
    assert len(raw) <= MAX_REPLY_BYTES
    import email
    mail = email.message_from_bytes(raw, policy=READ)
    assert attachments(mail) == []
    text = text_part(mail)
    words = " ".join(text.split())
    assert f"[Left out of this reply: {GAME}-S1901M.png (" in words and "ask for it in a message of its own" in words
    assert all(len(line) <= 78 for line in text[text.index("[Left out"):].split("\n"))
    assert "[The rest of this reply was left out: it was too long for one mail.]" in text
    assert text.endswith("End of judge reply.\n") and line in text
    # Alone, MAP's picture comes whole, with nothing said about leaving anything out.
    assert started.signon("FRANCE", "MAP").accepted
    [mine] = [m for m in started.new_mail() if m["To"] == PLAYERS["FRANCE"][0]]
    [(name, kind, data)] = attachments(mine)
    assert name == f"{GAME}-S1901M.png" and data[:8] == b"\x89PNG\r\n\x1a\n" and "Left out" not in text_part(mine)


def second_game(desk: Desk, name: str = "g2") -> None:
    """Game `name`, started: the master and players of g1 (other passwords) play it too."""
    assert desk.send(GM[0], f"CREATE {name} other-gm").accepted
    for power, (address, _) in PLAYERS.items():
        assert desk.send(address, f"JOIN {name} other-{power} {LETTER[power]}").accepted
    desk.new_mail()


def test_a_second_game_named_in_one_message_is_refused_not_answered_about_the_first(started):
    """'MAP g1' then 'MAP g2' gave g1's board twice; 'MAP g1' then 'POSITION g2' gave g1's position. Every command
    that names a game refuses a second one, as SIGNON and LIST did."""
    second_game(started)
    before = started.status_bytes(), started.status_bytes("g2")
    cases = [(ASKER, f"MAP {GAME}\nPOSITION g2", "POSITION g2"),
             (ASKER, f"POSITION {GAME}\nMAP g2", "MAP g2"),
             (ASKER, f"ARCHIVE {GAME}\nMAP g2", "MAP g2"),
             (ASKER, f"MAP {GAME}\nARCHIVE g2", "ARCHIVE g2"),
             (PLAYERS["FRANCE"][0], f"SIGNON F{GAME} fra-pw\nPOSITION g2", "POSITION g2"),
             (PLAYERS["FRANCE"][0], f"SIGNON F{GAME} fra-pw\nMAP g2", "MAP g2"),
             (PLAYERS["FRANCE"][0], f"SIGNON F{GAME} fra-pw\nARCHIVE g2", "ARCHIVE g2")]
    for sender, body, line in cases:
        r = started.send(sender, body)
        assert r.errors == [(line, f"ONE MESSAGE IS ONE GAME'S BUSINESS: ALREADY WORKING ON {GAME}")], body
        [raw] = raw_replies(started, sender)
        assert b"Content-Disposition: attachment" not in raw and b"Units:" not in raw, body
    assert (started.status_bytes(), started.status_bytes("g2")) == before


def test_the_same_game_named_again_is_answered(started):
    """Naming the message's own game again is fine, and a private game's password is asked for once."""
    assert started.master("SET PRIVATE sesame").accepted
    r = started.send(ASKER, f"LIST {GAME} sesame\nPOSITION {GAME}\nMAP {GAME}")
    assert r.accepted, r.errors
    [reply] = [m for m in started.new_mail() if m["To"] == ASKER]
    assert len(attachments(reply)) == 1 and "France:\n  Units:" in text_part(reply)
    r = started.signon("FRANCE", f"POSITION {GAME}", f"ARCHIVE {GAME}")
    assert r.accepted, r.errors


def test_every_command_that_names_a_game_refuses_a_second_one(started):
    second_game(started)
    for line in ("JOIN g2 pw", "OBSERVE g2", "UNOBSERVE g2", "TAKEOVER Fg2 pw", "LIST g2", "SUMMARY g2", "HISTORY g2",
                 "ARCHIVE g2", "POSITION g2", "MAP g2", "SIGNON Fg2 other-FRANCE", "UNLOCK Fg2 ABCDEFGHJK",
                 "CREATE g3 pw"):
        r = started.send(ASKER, f"POSITION {GAME}\n{line}")
        assert r.errors == [(line, f"ONE MESSAGE IS ONE GAME'S BUSINESS: ALREADY WORKING ON {GAME}")], line
