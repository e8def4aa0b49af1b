"""A password is never echoed, however the line that gives it is mistyped: not in a reply's body or Subject, not in
what the judge says of the line, not in its log or any file it writes. Over SMTP, with the game's real passwords."""
import logging

from tests.daemon.client_mail import GAME, PASSWORDS, Table, address, plain, play, signon, text_of

RUSSIA, FRANCE = address("RUSSIA"), address("FRANCE")
PW_R, PW_F = PASSWORDS["RUSSIA"], PASSWORDS["FRANCE"]

# A sign-on (or a take-over, a join) mistyped as the tester typed them, and what of it may be shown.
MISTYPED = [
    (f"SINGON R{GAME} {PW_R}", f"SINGON R{GAME}"), (f"SIGNO R{GAME} {PW_R}", f"SIGNO R{GAME}"),
    (f"SIGNUP R{GAME} {PW_R}", f"SIGNUP R{GAME}"), (f"SIGNOM R{GAME} {PW_R}", f"SIGNOM R{GAME}"),
    (f"SIGHON R{GAME} {PW_R}", f"SIGHON R{GAME}"), (f"SIGNOON R{GAME} {PW_R}", f"SIGNOON R{GAME}"),
    (f"SIGN0N R{GAME} {PW_R}", f"SIGN0N R{GAME}"), (f"SING ON R{GAME} {PW_R}", f"SING ON R{GAME}"),
    (f"TAKEOVR R{GAME} {PW_R}", f"TAKEOVR R{GAME}"), (f"JION {GAME} {PW_R} R", f"JION {GAME}"),
    (f"R{GAME} {PW_R}", f"R{GAME}"), (f"signon  r{GAME}   {PW_R}  extra", f"signon r{GAME}"),
]


def leaks(reply, password: str) -> bool:
    """Does the reply carry the password anywhere a reader could see it (any case, decoded or not)?"""
    seen = (str(reply["Subject"]) + "\n" + text_of(reply) + "\n" + reply.as_string()).lower()
    return password.lower() in seen


def test_a_mistyped_sign_on_never_shows_its_password(tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    play(tmp_path, lambda t: _mistyped(t, tmp_path))
    assert PW_R.lower() not in caplog.text.lower() and PW_F.lower() not in caplog.text.lower()


async def _mistyped(t: Table, tmp_path):
    for n, (line, shown) in enumerate(MISTYPED):
        text = await t.refused(plain(RUSSIA, f"{line}\nA Mos - Ukr", subject=f"try {n}"))
        reply = t.j.relay.to(RUSSIA)[-1]
        assert not leaks(reply, PW_R), (line, text)
        assert f">> {shown} ********" in " ".join(text.split()), (line, text)     # the line is told, masked
    # In the Subject, the same (the Subject is not read, but it is echoed in the reply's).
    text = await t.refused(plain(FRANCE, "A Par - Bur", subject=f"SINGON F{GAME} {PW_F}"))
    reply = t.j.relay.to(FRANCE)[-1]
    assert str(reply["Subject"]) == f"Re: SINGON F{GAME} ********" and not leaks(reply, PW_F), text
    # Read as an order once signed on: the error quotes the line's words, and the access log records the refusal.
    text = await t.refused(plain(FRANCE, f"{signon('FRANCE')}\nTAKEOVR R{GAME} {PW_R}"))
    assert not leaks(t.j.relay.to(FRANCE)[-1], PW_R) and f">> TAKEOVR R{GAME} ********" in text, text
    log = (tmp_path / "games" / GAME / "access.log").read_text()
    assert f"REFUSED 'TAKEOVR R{GAME} ********'" in log
    for path in tmp_path.rglob("*"):                # nothing the judge wrote holds them, in any case
        if path.is_file():
            data = path.read_bytes().lower()
            assert PW_R.encode() not in data and PW_F.encode() not in data, path


def test_words_after_the_password_refuse_the_sign_on(tmp_path):
    """DPjudge drops them unread: an order written on the sign-on line was lost without a word (the units held)."""
    play(tmp_path, _after_the_password)


async def _after_the_password(t: Table):
    text = await t.refused(plain(FRANCE, f"{signon('FRANCE')} A Par - Bur\nF Bre - Mao"))
    assert "THE REST OF THE LINE WAS NOT READ (PUT EACH ORDER ON A LINE OF ITS OWN)" in " ".join(text.split())
    assert not leaks(t.j.relay.to(FRANCE)[-1], PW_F) and t.game().player("FRANCE").orders == []
    # On lines of their own, both orders are taken.
    await t.ask(plain(FRANCE, f"{signon('FRANCE')}\nA Par - Bur\nF Bre - Mao"))
    assert t.game().player("FRANCE").orders == ["A Par - Bur", "F Bre - Mao"]


def test_a_wrong_password_that_is_a_word_of_the_refusal_leaves_the_refusal_whole(tmp_path):
    """The sign-on's password is masked where the line is quoted; the judge's own words are not (they were:
    "WRONG ******** OR NO PLAYER FOR ITALY" for the password "password")."""
    play(tmp_path, _own_words)


async def _own_words(t: Table):
    italy = address("ITALY")
    for word in ("password", "Italy", "player", "no"):        # (four: a fifth wrong one locks sign-ons out)
        text = await t.refused(plain(italy, f"SIGNON I{GAME} {word}", subject="sign on"))
        assert text == ("Your message was NOT accepted: nothing in it has been changed.\n"
                        f">> SIGNON I{GAME} ********\n   WRONG PASSWORD OR NO PLAYER FOR ITALY IN {GAME}\n\n"
                        "End of judge reply.\n"), (word, text)
    # Quoted by an error, once signed on, the words after the game are masked and the judge's hint is not.
    text = await t.refused(plain(FRANCE, f"{signon('FRANCE')}\nTAKEOVR R{GAME} orders"))
    assert f">> TAKEOVR R{GAME} ********\n   UNKNOWN PLACENAME: TAKEOVR R{GAME.upper()} ********" in text, text
    assert "END YOUR ORDERS WITH SIGNOFF" in " ".join(text.split()), text


def test_a_password_signs_on_in_either_unicode_form_and_a_wrong_one_counts_once(tmp_path, caplog):
    """Some clients send "pässwörd" with its letters decomposed (NFD): it is the password set precomposed."""
    caplog.set_level(logging.DEBUG)
    play(tmp_path, _normal_forms)
    for form in ("p\u00e4ssw\u00f6rd", "pa\u0308sswo\u0308rd"):              # never logged, never written
        assert form not in caplog.text
        assert not [p for p in tmp_path.rglob("*") if p.is_file() and form.encode() in p.read_bytes()]


async def _normal_forms(t: Table):
    import json
    nfc, nfd = "p\u00e4ssw\u00f6rd", "pa\u0308sswo\u0308rd"
    failures = t.j.tmp_path / "games" / GAME / "signon-failures.json"

    def counted() -> list:
        return json.loads(failures.read_text()).get("FRANCE:own", []) if failures.exists() else []
    reply = await t.ask(plain(FRANCE, f"{signon('FRANCE')}\nSET PASSWORD {nfc}"))
    assert "NOT accepted" not in text_of(reply) and not leaks(reply, nfc), text_of(reply)
    for n, (form, order) in enumerate(((nfd, "A Par - Bur"), (nfc, "A Par - Pic"))):
        text = text_of(await t.ask(plain(FRANCE, f"SIGNON F{GAME} {form}\n{order}", subject=f"orders {n}")))
        assert text.startswith(f"Signed on as France in game {GAME}.\n") and "NOT accepted" not in text, text
        assert t.game().player("FRANCE").orders == [order]
    assert counted() == []
    text = await t.refused(plain(FRANCE, f"SIGNON F{GAME} pa\u0308sswo\u0308rt\nA Par - Gas"))
    assert "WRONG PASSWORD OR NO PLAYER FOR FRANCE" in text and len(counted()) == 1, (text, counted())
    assert nfc not in failures.read_text() and nfd not in failures.read_text()
