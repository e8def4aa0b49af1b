"""Sign-on, orders and sign-off over real HTTP: the same passwords, limits, commands and commit as a mail; CSRF;
private and anonymous games; bounded sizes. After every step: no address, password or hash on any page."""
from __future__ import annotations

import os
import smtplib
import stat

import pytest

from judge.storage.failures import LIMIT
from judge.storage.secret import SECRET_FILE
from judge.web.session import COOKIE
from tests.daemon.conftest import send
from tests.e2e.conftest import game_files
from tests.web.conftest import GM, Served, address, password


def status_by_mail(served, power: str, game: str = "demo") -> str:
    served.mail(address(power), f"SIGNON {power[0]}{game} {password(power)}\nSTATUS")
    replies = [m for m in served.relay.to(address(power)) if str(m["Subject"]).startswith("Re:")]
    return replies[-1].get_content()


def test_a_player_signs_on_sends_orders_and_status_by_mail_shows_them(served):
    served.start_game("demo")
    v = served.visitor()
    assert v.get("/games/demo/orders").status == 303                   # not signed on: to the sign-on form
    r = v.signon("demo", "F", password("FRANCE"))
    assert r.status == 303 and r.headers["Location"] == "/games/demo/orders"
    cookie = [c for c in r.headers.get_all("Set-Cookie") if c.startswith(COOKIE + "=")][0]
    for attribute in ("HttpOnly", "SameSite=Strict", "Path=/games/demo", "Max-Age="):
        assert attribute in cookie, attribute
    page = v.get("/games/demo/orders")
    assert page.status == 200 and "A PAR: no order (defaults to hold)" in page.text
    assert page.headers["Cache-Control"] == "private, no-store"
    # When the sign-on ends, written as the game's deadline is (it was "Wed Dec 02 2026 ...", another form).
    import re

    from judge.deadlines import show
    game = served.daemon.judge.store.load("demo")
    ends = re.search(r"this sign-on ends by itself at ([^)]*)\)", page.text).group(1)
    assert re.fullmatch(r"[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4} \d\d:\d\d \S+", ends), ends
    assert ends.split()[-1] == show(game.deadline, game.timing).split()[-1]          # the game's time zone too
    served.check_pages()

    before = len(served.relay.to(address("FRANCE")))
    sent = v.send("demo", "A PAR - BUR\nF BRE - MAO\nBROADCAST\nFrance waves.\nENDBROADCAST")
    assert sent.status == 200 and "A PAR - BUR" in sent.text and "(mailed to you as well)" in sent.text
    served.settle()
    mailed = served.relay.to(address("FRANCE"))[before:]
    # The subject a mail's orders get (DPjudge's filters match it), saying where they came from.
    assert any(str(m["Subject"]) == "Diplomacy orders demo S1901M (orders from the web page)" and
               "A PAR - BUR" in m.get_content() for m in mailed), [str(m["Subject"]) for m in mailed]
    assert any("France waves." in m.get_content() for m in served.relay.to(address("ITALY")))   # the others' mail
    assert "A PAR - BUR" in status_by_mail(served, "FRANCE") and "F BRE - MAO" in status_by_mail(served, "FRANCE")
    assert "France waves." in v.get("/games/demo").text                  # public press on the game page
    log = (served.daemon.judge.store.folder("demo") / "access.log").read_text()
    assert "WEB SIGNON FRANCE demo" in log and password("FRANCE") not in log
    served.check_pages()

    # A refused form changes nothing and says why, on the page and by mail.
    files = game_files(served.settings.games_dir)
    bad = v.send("demo", "A PAR - XYZ")
    assert bad.status == 200 and "UNKNOWN PLACENAME" in bad.text
    served.settle()
    assert game_files(served.settings.games_dir) == files
    served.check_pages()

    # Sign-off ends the session: the orders page asks for a sign-on again.
    page = v.get("/games/demo/orders")
    assert v.post("/games/demo/signoff", {"csrf": page.field("csrf")}).status == 303
    assert v.get("/games/demo/orders").status == 303
    served.check_pages()


@pytest.mark.parametrize("between", [0, 4])
def test_a_form_sent_twice_is_applied_once(served, monkeypatch, between):
    """A reload after the POST is applied once, also after more other messages than the game remembers (SEEN_KEPT:
    a mail redelivered after a crash comes soon after, a browser's reload may come much later): the session
    remembers its own forms."""
    from judge.game import model
    monkeypatch.setattr(model, "SEEN_KEPT", 2)
    served.start_game("demo")
    v = served.visitor()
    v.signon("demo", "F", password("FRANCE"))
    page = v.get("/games/demo/orders")
    form = {"csrf": page.field("csrf"), "nonce": page.field("nonce"), "lines": "PRESS TO G\nhello\nENDPRESS"}
    assert v.post("/games/demo/orders", form).status == 200
    for i in range(between):                            # others' messages push the form's key out of the game's record
        served.orders("demo", "ITALY", f"A VEN - {['TYR', 'PIE'][i % 2]}")
    assert len(served.daemon.judge.store.load("demo").seen) <= 2       # (the game keeps 2 here)
    again = v.post("/games/demo/orders", form)                          # the reload
    assert "sent already: nothing was done again" in again.text
    served.settle()
    assert sum("hello" in m.get_content() for m in served.relay.to(address("GERMANY"))) == 1
    served.check_pages()


def test_a_form_corrected_after_going_back_is_applied(served):
    """A player sends orders, goes back a page (the browser shows the form as it was, with its hidden fields), corrects
    an order and sends again: that is a new message with new lines, applied as a mail with them would be. Only the
    very same form again (a reload) is the one applied already. (The corrected form was answered "sent already:
    nothing was done again", and its lines were not even kept in the box.)"""
    served.start_game("demo")
    v = served.visitor()
    v.signon("demo", "F", password("FRANCE"))
    page = v.get("/games/demo/orders")
    form = {"csrf": page.field("csrf"), "nonce": page.field("nonce"), "lines": "A PAR - BUR"}
    assert v.post("/games/demo/orders", form).status == 200
    corrected = v.post("/games/demo/orders", form | {"lines": "A PAR - PIC"})
    assert corrected.status == 200 and "sent already" not in corrected.text
    served.settle()
    held = status_by_mail(served, "FRANCE")
    assert "A PAR - PIC" in held and "A PAR - BUR" not in held, held
    again = v.post("/games/demo/orders", form | {"lines": "A PAR - PIC"})      # and that one reloaded: once
    assert "sent already: nothing was done again" in again.text
    served.check_pages()


def test_a_post_without_a_valid_csrf_token_changes_nothing(served):
    served.start_game("demo")
    v = served.visitor()
    v.signon("demo", "F", password("FRANCE"))
    page = v.get("/games/demo/orders")
    files = game_files(served.settings.games_dir)
    for form in ({"nonce": "n1", "lines": "A PAR - BUR"}, {"csrf": "forged", "nonce": "n2", "lines": "A PAR - BUR"}):
        assert v.post("/games/demo/orders", form).status == 403
    assert v.post("/games/demo/signoff", {"csrf": "forged"}).status == 403
    assert v.get("/games/demo/orders").status == 200                    # still signed on
    # A sign-on without the form's token is refused before the password is looked at: nothing is counted.
    stranger = served.visitor()
    for _ in range(LIMIT + 1):
        assert stranger.post("/games/demo/signon", {"power": "F", "password": "guess"}).status == 403
    served.settle()
    assert game_files(served.settings.games_dir) == files
    assert not (served.daemon.judge.store.folder("demo") / "signon-failures.json").exists()
    assert "A PAR: no order" in v.get("/games/demo/orders").text and page.status == 200
    served.check_pages()


def test_a_form_sent_after_the_sign_on_ended_says_so_and_keeps_the_lines(served):
    """Signed off in another tab (or a new password by mail): the form's POST changes nothing, and the page says the
    sign-on ended, links to the sign-on and shows the lines typed (not a bare "could not be checked")."""
    served.start_game("demo")
    v = served.visitor()
    v.signon("demo", "F", password("FRANCE"))
    page = v.get("/games/demo/orders")
    csrf = page.text.split('name="csrf" value="')[1].split('"')[0]
    files = game_files(served.settings.games_dir)
    assert v.post("/games/demo/signoff", {"csrf": csrf}).status in (200, 303)
    sent = v.post("/games/demo/orders", {"csrf": csrf, "nonce": "n1", "lines": "A PAR - BUR <b>"})
    assert sent.status == 403 and "Your sign-on has ended: nothing was done." in sent.text
    assert 'href="/games/demo/signon"' in sent.text and "A PAR - BUR &lt;b&gt;" in sent.text
    served.settle()
    assert game_files(served.settings.games_dir) == files


def test_wrong_passwords_count_against_the_same_limit_as_mail(served):
    """The same five an hour as a stranger's mail, in the same budget (tests/web/test_signon_shared_budget.py)."""
    served.start_game("demo")
    stranger = served.visitor()
    for _ in range(LIMIT):
        r = stranger.signon("demo", "F", "guess")
        assert r.status == 200 and "WRONG PASSWORD" in r.text and COOKIE not in stranger.cookies
    served.settle()
    told = [m for m in served.relay.to(GM) if "wrong passwords" in str(m["Subject"])]
    assert len(told) == 1 and "the web sign-on form" in told[0].get_content()
    # Now even the right password is refused to this client, for the hour.
    r = stranger.signon("demo", "F", password("FRANCE"))
    assert "TOO MANY WRONG PASSWORDS" in r.text and COOKIE not in stranger.cookies
    # France's own address has its own budget: its player is not locked out by mail.
    assert "A PAR: no order" in status_by_mail(served, "FRANCE")
    served.tick(hours=1, minutes=1)
    assert stranger.signon("demo", "F", password("FRANCE")).status == 303
    served.check_pages()


def test_the_master_signs_on_as_m_and_a_new_password_ends_a_session(served):
    served.start_game("demo")
    gm = served.visitor()
    assert gm.signon("demo", "M", "gm-pass").status == 303
    page = gm.get("/games/demo/orders")
    assert "France (active)" in page.text and "Turkey (active)" in page.text        # STATUS for all powers
    sent = gm.send("demo", "FRANCE: A PAR - PIC")
    assert "A PAR - PIC" in sent.text
    assert "A PAR - PIC" in status_by_mail(served, "FRANCE")
    player = served.visitor()
    player.signon("demo", "F", password("FRANCE"))
    served.mail(address("FRANCE"), f"SIGNON Fdemo {password('FRANCE')}\nSET PASSWORD newer-pw")
    served.secrets.add("newer-pw")
    assert player.get("/games/demo/orders").status == 303               # the old sign-on holds no more
    assert player.signon("demo", "F", "newer-pw").status == 303
    served.check_pages()


def test_a_power_field_with_a_control_character_is_refused_as_no_power(served):
    """The sign-on form's power is one letter; a control character there (a NUL, an escape, a form feed, as a script
    or a broken client sends) is no power's letter. It was taken as one and echoed into the page ("UNKNOWN POWER:"
    and the raw character, which HTML may not hold); now it is told as any other malformed choice, nothing counted."""
    served.start_game("demo")
    v = served.visitor()
    files = game_files(served.settings.games_dir)
    for letter in ("\x00", "\x1b", "\x0c", "\x7f", "\x85"):
        form = v.get("/games/demo/signon")
        r = v.post("/games/demo/signon", {"csrf": form.field("csrf"), "power": letter, "password": "pw-x"})
        assert r.status == 200 and "CHOOSE A POWER (OR M FOR THE MASTER)" in r.text, (letter, r.text[-800:])
        assert letter not in r.text and COOKIE not in v.cookies
    served.settle()
    assert game_files(served.settings.games_dir) == files
    assert not (served.daemon.judge.store.folder("demo") / "signon-failures.json").exists()
    served.check_pages()


def test_a_private_game_is_404_without_its_game_password(served):
    served.start_game("secret", "SET PRIVATE hush-hush", game_password="hush-hush")
    served.secrets.add("hush-hush")
    v = served.visitor()
    assert "secret" not in v.get("/").text
    for path in ("/games/secret", "/games/secret/map.svg", "/games/secret/map.png", "/games/secret/state.json",
                 "/games/secret/results.txt", "/games/secret/orders"):
        assert v.get(path).status == 404, path
    form = v.get("/games/secret/signon")
    unknown = v.get("/games/nosuch/signon")
    assert form.status == unknown.status == 404 and 'name="game_password"' in form.text
    refused = v.post("/games/secret/signon", {"csrf": form.field("csrf"), "game_password": "wrong"})
    assert refused.status == 404
    ok = v.post("/games/secret/signon", {"csrf": form.field("csrf"), "game_password": "hush-hush"})
    assert ok.status == 303 and ok.headers["Location"] == "/games/secret"
    assert v.get("/games/secret").status == 200 and v.get("/games/secret/state.json").status == 200
    assert v.get("/games/secret/orders").status == 303                  # reading is not playing
    player = served.visitor()
    assert player.signon("secret", "E", password("ENGLAND")).status == 303
    assert player.get("/games/secret").status == 200 and player.get("/games/secret/orders").status == 200
    served.check_pages()


def test_a_form_that_ends_its_own_sign_on_in_a_private_game_shows_its_reply(served):
    """In a private game, a player who resigns through the form, or sets a new password, ends their own sign-on (as
    in any game). The answer is the judge's reply, as in a public game ("This sign-on has ended"), not "404 Not
    found": the form was applied, and the page that said so looked the game up again as someone no longer signed
    on, who may not see a private game."""
    served.start_game("secret", "SET PRIVATE hush-hush", game_password="hush-hush")
    served.secrets |= {"hush-hush", "newer-pw"}
    for power, lines, said in (("FRANCE", "SET PASSWORD newer-pw", "Password changed."),
                               ("ENGLAND", "RESIGN", "resigned")):
        player = served.visitor()
        assert player.signon("secret", power[0], password(power)).status == 303
        sent = player.send("secret", lines)
        assert sent.status == 200 and said in sent.text and "This sign-on has ended" in sent.text, sent.text[:600]
        assert player.get("/games/secret/orders").status == 404           # no longer signed on: a private game
    served.settle()
    assert "newer-pw" not in "".join(m.get_content() for m in served.relay.to(address("ITALY")))
    served.check_pages()


def test_an_anonymous_game_names_nobody_and_nothing_shows_an_address(served):
    served.start_game("anon", "SET RULE anonymous=until_end")
    v = served.visitor()
    gm = served.visitor()
    gm.signon("anon", "M", "gm-pass")
    # Whatever is typed into a form, an address never reaches a page: the reply is cut of them.
    sent = gm.send("anon", "SET ADDRESS newgm@example.org")
    served.secrets.add("newgm@example.org")
    assert "[address hidden]" in sent.text or "newgm" not in sent.text
    v.get("/games/anon")
    v.get("/games/anon/results.txt")
    served.mail(GM, "SIGNON Manon gm-pass\nTERMINATE")
    end = v.get("/games/anon")
    assert "The end" in end.text and "first player" in end.text
    served.check_pages()


def test_sizes_are_bounded_and_the_secret_is_private(served):
    served.start_game("demo")
    v = served.visitor()
    v.signon("demo", "F", password("FRANCE"))
    page = v.get("/games/demo/orders")
    big = v.post("/games/demo/orders", {"csrf": page.field("csrf"), "nonce": "x", "lines": "A PAR H\n" * 20000})
    assert big.status == 413
    secret = served.settings.games_dir / SECRET_FILE
    assert stat.S_IMODE(os.stat(secret).st_mode) == 0o600
    served.check_pages()


def test_forms_count_against_the_senders_mail_limit(tmp_path):
    """The orders form is a mail from the player's address: it counts against that address's messages an hour
    ([smtp] rate_per_hour), with its mail, and over the limit it is refused and nothing is done. Other players keep
    their own count."""
    served = Served(tmp_path, smtp_rate_per_hour=4)
    try:
        served.start_game("demo")                                    # each power's JOIN: one message of its four
        france, germany = served.visitor(), served.visitor()
        france.signon("demo", "F", password("FRANCE"))
        for n in range(3):
            assert "(mailed to you as well)" in france.send("demo", f"PRESS TO G\nnote {n}\nENDPRESS").text
        served.settle()
        files, told = game_files(served.settings.games_dir), len(served.relay.to(address("GERMANY")))
        over = france.send("demo", "PRESS TO G\none too many\nENDPRESS")
        assert over.status == 429 and "TOO MANY MESSAGES FROM YOUR ADDRESS WITHIN AN HOUR" in over.text
        assert "4 AN HOUR FROM ONE ADDRESS" in over.text and "one too many" in over.text     # kept to send later
        assert over.headers["Cache-Control"].endswith("no-store")
        with pytest.raises(smtplib.SMTPDataError) as refused:                 # and France's mail too: one count
            served.call(send(served.smtp_port, address("FRANCE"), f"SIGNON Fdemo {password('FRANCE')}\nA PAR H"))
        assert refused.value.smtp_code == 451
        served.settle()
        assert game_files(served.settings.games_dir) == files
        assert len(served.relay.to(address("GERMANY"))) == told
        # Mail counts against the form the same way: Germany mails three times, then its form is refused.
        germany.signon("demo", "G", password("GERMANY"))
        for _ in range(3):
            served.mail(address("GERMANY"), f"SIGNON Gdemo {password('GERMANY')}\nA BER H")
        assert germany.send("demo", "A MUN H").status == 429
        italy = served.visitor()
        italy.signon("demo", "I", password("ITALY"))
        assert "(mailed to you as well)" in italy.send("demo", "A ROM H").text          # its own count
        served.check_pages()
    finally:
        served.stop()


def test_a_form_refused_for_want_of_a_sign_on_shows_no_password_and_is_kept_by_no_cache(served):
    """What was typed is shown back to send again, with its passwords hidden as a mail's reply hides them: whoever
    sees the page may not be who typed it (the sign-on ended because the password changed, a shared computer)."""
    served.start_game("demo")
    served.secrets |= {"secret123", "other-pw", "hush", "typo-pw", "zz6secret"}
    lines = ("SET PASSWORD secret123\nSET PASWORD zz6secret\nSIGNON Fdemo other-pw\nFdemo typo-pw\nA PAR - BUR\n"
             "PRESS TO G\nSET PRIVATE hush\nENDPRESS")
    stranger = served.visitor()
    v = served.visitor()
    v.signon("demo", "F", password("FRANCE"))
    page = v.get("/games/demo/orders")
    v.post("/games/demo/signoff", {"csrf": page.field("csrf")})
    for who, form in ((stranger, {"lines": lines}),
                      (v, {"csrf": page.field("csrf"), "nonce": page.field("nonce"), "lines": lines})):
        r = who.post("/games/demo/orders", form)
        assert r.status == 403 and "Your sign-on has ended" in r.text
        for shown in ("SET PASSWORD ********", "SET PASWORD ********", "SIGNON Fdemo ********", "\nFdemo ********\n",
                      "A PAR - BUR", "PRESS TO G", "SET PRIVATE ********", "ENDPRESS"):
            assert shown in r.text, shown
        assert "no-store" in r.headers["Cache-Control"] and "private" in r.headers["Cache-Control"]
    served.check_pages()
