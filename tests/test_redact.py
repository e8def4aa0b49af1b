"""Passwords never echoed: every spelling of a sign-on, and subjects."""
import pytest

from judge.redact import MASK, hide_codes, hide_in_error, hide_in_subject, hide_password


@pytest.mark.parametrize("line, shown", [
    ("SIGNON Fdemo secret", "SIGNON Fdemo"), ("SIGNON: Fdemo secret", "SIGNON: Fdemo"),
    ("SIGN ON Fdemo secret", "SIGN ON Fdemo"), ("sign-on Fdemo secret", "sign-on Fdemo"),
    ("SIGNON Fdemo,secret", "SIGNON Fdemo,"), ("SIGNONFdemo secret", "SIGNONFdemo"),
    ("signon Fdemo secret extra words", "signon Fdemo"), ("LOGIN Fdemo secret", "LOGIN Fdemo"),
    ("TAKEOVER Fdemo secret", "TAKEOVER Fdemo"), ("TAKE OVER Fdemo secret", "TAKE OVER Fdemo"),
    ("JOIN demo secret FGE", "JOIN demo"), ("CREATE demo secret", "CREATE demo"),
    ("PURGE demo secret", "PURGE demo"), ("RENAME demo secret", "RENAME demo"),
    ("SET PASSWORD secret", "SET PASSWORD"), ("PASSWORD: secret", "PASSWORD:"), ("pw secret", "pw"),
    ("SET PRIVATE secret", "SET PRIVATE"), ("set private: secret", "set private:"),
    ("PRIVATE secret", "PRIVATE"), ("private: secret ", "private:"),          # DPjudge's status line
])
def test_the_password_is_masked(line, shown):
    out = hide_password(line)
    assert "secret" not in out and out.startswith(shown) and out.endswith(MASK)


@pytest.mark.parametrize("line", ["A PAR - BUR", "SIGNON Fdemo", "HELP", "LIST demo", "F BRE - MAO", "JOINED",
                                  "private under broadcast", "Private talk, please"])   # (press lines: no password)
def test_lines_without_a_password_are_left_alone(line):
    assert hide_password(line) == line


def test_subjects():
    assert "secret" not in hide_in_subject("Re: my orders SIGNON Fdemo secret")
    assert hide_in_subject("Re: my orders SIGNON Fdemo secret").startswith("Re: my orders SIGNON Fdemo")
    assert "hunter2" not in hide_in_subject("my password: hunter2")
    assert hide_in_subject("Spring orders") == "Spring orders"
    # A password word in prose hides what it gives, not the rest of the subject (issue 18).
    assert hide_in_subject("Re: my pw question") == "Re: my pw question"
    assert hide_in_subject("Re: lost my password, help") == "Re: lost my password, help"
    assert hide_in_subject("my pw is hunter2 ok") == f"my pw is {MASK} ok"
    assert hide_in_subject("pw=hunter2") == f"pw={MASK}" and "x1" not in hide_in_subject("SET PASSWORD x1")


GAMES = {"demo", "mailt"}.__contains__        # the games a judge has (as GameStore.exists tells)


@pytest.mark.parametrize("line, shown", [
    ("SINGON Fdemo secret", "SINGON Fdemo "), ("SIGNO Fdemo secret", "SIGNO Fdemo "),
    ("SIGNUP Fdemo secret", "SIGNUP Fdemo "), ("SIGNOM Fdemo secret", "SIGNOM Fdemo "),
    ("SIGHON Fdemo secret", "SIGHON Fdemo "), ("SIGNOON Fdemo secret", "SIGNOON Fdemo "),
    ("SIGN0N Fdemo secret", "SIGN0N Fdemo "), ("SING ON Fdemo secret", "SING ON Fdemo "),
    ("SIG\u200bNON Fdemo secret", "SIGNON Fdemo "), ("TAKEOVR Fdemo secret", "TAKEOVR Fdemo "),
    ("TAKOVER Fdemo secret", "TAKOVER Fdemo "), ("JION demo secret F", "JION demo "),
    ("LOGN Fdemo secret", "LOGN Fdemo "), ("CRAETE newgame secret", "CRAETE newgame "),
    ("\ufeffSINGON Fnewgame secret", "SINGON Fnewgame "),         # a mistyped command: any game, known or not
    ("Fdemo secret", "Fdemo "), ("france@demo secret", "france@demo "),   # no command word, a known game
    ("XYZZY Fdemo secret", "XYZZY Fdemo "), ("WHATEVER demo secret", "WHATEVER demo "),
])
def test_a_password_is_masked_however_its_command_is_mistyped(line, shown):
    assert hide_password(line, GAMES) == shown + MASK
    if not line.startswith("WHATEVER"):       # (in a subject, a game's name alone is no sign: see below)
        assert "secret" not in hide_in_subject(f"Re: {line}", GAMES)


@pytest.mark.parametrize("line", [
    "A Par - Bur", "F Kie - Den", "Paris holds", "A Mun S A Par - Bur", "BUILD A Par", "Fnewgame secret",
    "John and Mary talk", "Simon says hi there", "Joined the alliance", "Created a new front", "Login problems",
    "demo is a fine game", "Play tonight", "A demo - Bur",
])
def test_order_lines_and_prose_keep_their_words(line):
    """Order lines' errors and press echoed back stay readable: no command of that shape, no known game's power."""
    assert hide_password(line, GAMES) == line


def test_a_subject_mentioning_a_game_is_left_alone():
    for subject in ("Re: demo - Spring 1901 results", "Re: Diplomacy orders demo S1901M", "orders for demo tonight"):
        assert hide_in_subject(subject, GAMES) == subject
    assert hide_in_subject("Re: SINGON Fdemo secret") == f"Re: SINGON Fdemo {MASK}"      # (no games needed)


def test_what_the_judge_says_of_a_masked_line_is_masked_too():
    # An order error quotes the line's words: once signed on, a mistyped TAKEOVER is read as an order.
    line, error = hide_in_error("TAKEOVR Fdemo Secret", "UNKNOWN PLACENAME: TAKEOVR FDEMO SECRET (NOT AN ORDER?)",
                                GAMES)
    assert line == f"TAKEOVR Fdemo {MASK}" and error == f"UNKNOWN PLACENAME: TAKEOVR FDEMO {MASK} (NOT AN ORDER?)"
    assert hide_in_error("sign on Fdemo pw-x A", "UNKNOWN PLACENAME: SIGN ON FDEMO PW - X A")[1] == \
        f"UNKNOWN PLACENAME: SIGN ON FDEMO {MASK}"
    assert "PW" not in hide_in_error("JION demo R pw", "UNKNOWN PLACENAME: JION DEMO R PW", GAMES)[1]


@pytest.mark.parametrize("line, error", [
    ("CREATE x secret atlantis", "UNKNOWN VARIANT: 'ATLANTIS' (THIS JUDGE OFFERS: STANDARD)"),
    ("JOIN isles secret-north N", "NORTH IS A DUMMY OF THIS VARIANT: NOBODY PLAYS IT (USE THE LETTERS EW)"),
    ("SIGNON Fdemo secret A Par - Bur", "PUT EACH ORDER ON A LINE OF ITS OWN"),
    ("A Par - Burr", "UNKNOWN PLACENAME: BURR"),
])
def test_an_error_that_does_not_quote_the_password_keeps_its_words(line, error):
    assert hide_in_error(line, error, GAMES)[1] == error


# (the hint judge.orders.suggest adds to a line that may be a remark)
HINT = "(NOT AN ORDER? END YOUR ORDERS WITH SIGNOFF, OR PUT // BEFORE A REMARK)"


@pytest.mark.parametrize("line, error, said", [
    ("SIGNON Idemo password", "WRONG PASSWORD OR NO PLAYER FOR ITALY IN demo", None),
    ("SIGNON Idemo italy", "WRONG PASSWORD OR NO PLAYER FOR ITALY IN demo", None),
    ("SIGNON Mdemo master", "WRONG PASSWORD FOR THE MASTER OF demo", None),
    ("TAKEOVR Fdemo orders", f"UNKNOWN PLACENAME: TAKEOVR FDEMO ORDERS {HINT}",
     f"UNKNOWN PLACENAME: TAKEOVR FDEMO {MASK} {HINT}"),
])
def test_only_the_echo_of_the_line_is_masked_never_the_judges_own_words(line, error, said):
    """The password given may be a word the judge uses itself: its own words are not what the sender wrote."""
    assert hide_in_error(line, error, GAMES)[1] == (said or error)


@pytest.mark.parametrize("line, error, said", [
    # A hint that quotes words of the password alone, without the game before them: masked all the same.
    ("Fdemo order s", "UNKNOWN PLACENAME: FDEMO ORDER S (ORDER S)", f"UNKNOWN PLACENAME: FDEMO {MASK} ({MASK})"),
    ("SINGON Fdemo venise", "UNKNOWN PLACENAME: VENISE (DID YOU MEAN VEN FOR VENISE?)",
     f"UNKNOWN PLACENAME: {MASK} (DID YOU MEAN VEN FOR {MASK}?)"),
    ("PASSWORD: hunter2", "BAD WORD: HUNTER2", f"BAD WORD: {MASK}"),
    # The judge's own sentence keeps its words only where it is written as the judge writes it.
    ("TAKEOVR Fdemo orders", "UNKNOWN PLACENAME: TAKEOVR FDEMO ORDERS (NOT AN ORDER? END YOUR ORDERS)",
     f"UNKNOWN PLACENAME: TAKEOVR FDEMO {MASK} (NOT AN ORDER? END YOUR {MASK})"),
])
def test_a_password_word_quoted_anywhere_else_is_masked(line, error, said):
    assert hide_in_error(line, error, GAMES)[1] == said


@pytest.mark.parametrize("line, shown", [
    ("SET PASWORD secret", "SET PASWORD "), ("set pasword secret", "set pasword "),
    ("SET PASSWROD secret", "SET PASSWROD "), ("SET PASWRD secret", "SET PASWRD "),
    ("SET: PASSOWRD secret", "SET: PASSOWRD "), ("SET PRIVTE secret", "SET PRIVTE "),
    ("SET PIRVATE secret", "SET PIRVATE "),
])
def test_a_mistyped_secret_setting_is_masked_in_lines_errors_and_subjects(line, shown):
    """SET with a word a letter or two off PASSWORD (or PRIVATE, the game password) is refused as an unknown setting,
    and the refusal echoes it."""
    assert hide_password(line) == shown + MASK
    word = line.split()[1].upper()
    assert hide_in_error(line, f"UNKNOWN SETTING: {word}") == (shown + MASK, f"UNKNOWN SETTING: {word}")
    assert hide_in_subject(f"Re: {line}") == f"Re: {shown}{MASK}"


@pytest.mark.parametrize("line", ["SET WAIT", "SET DEADLINE Mon 12:00", "SET ADDRESS me@example.org",
                                  "SET ABSENCE Friday", "SET PUBLIC", "SET VICTORY 18", "Settle the border"])
def test_other_settings_keep_their_values(line):
    assert hide_password(line) == line


@pytest.mark.parametrize("subject, shown", [
    ("SIGNONFmail1 secretQ1", f"SIGNONFmail1 {MASK}"), ("Re: SIGNONFmail1 secretQ1", f"Re: SIGNONFmail1 {MASK}"),
    ("OBSERVE mail1 secretQ1", f"OBSERVE mail1 {MASK}"),
    ("Fwd: Re: LIST mail1 secretQ1", f"Fwd: Re: LIST mail1 {MASK}"),
])
def test_a_subject_is_masked_as_the_same_line_in_a_body(subject, shown):
    assert hide_in_subject(subject) == shown
    line = subject.split(": ")[-1]
    assert hide_password(line) == shown.split(": ")[-1]


@pytest.mark.parametrize("line, shown", [
    ("SET ADDRESS me@example.org ABCDEFGHJK", "SET ADDRESS me@example.org "),
    ("set address: me@example.org, ABCDE-FGHJK", "set address: me@example.org, "),
    ("SET ADDRESS me@example.org,ABCDEFGHJK", "SET ADDRESS me@example.org,"),
    ("SET ADDRESS ABCDEFGHJK", "SET ADDRESS "),                     # the code alone, the address forgotten
    ("SET ADRESS me@example.org ABCDEFGHJK", "SET ADRESS me@example.org "),      # mistyped: UNKNOWN SETTING
    ("UNLOCK Fdemo ABCDEFGHJK", "UNLOCK Fdemo "), ("unlock: Fdemo abcde fghjk", "unlock: Fdemo "),
    ("UN LOCK Fdemo ABCDEFGHJK", "UN LOCK Fdemo "), ("UNLOK Fdemo ABCDEFGHJK", "UNLOK Fdemo "),
])
def test_a_code_is_masked_as_a_password_is(line, shown):
    """The codes the judge mails (SET ADDRESS's, UNLOCK's) prove that their sender reads a mailbox: a refused line
    with one is echoed without it, in a body and in a Subject."""
    assert hide_password(line, GAMES) == shown + MASK
    assert hide_in_error(line, "THAT IS NOT THE CODE", GAMES) == (shown + MASK, "THAT IS NOT THE CODE")
    assert hide_in_subject(f"Re: {line}", GAMES) == f"Re: {shown}{MASK}"
    assert "FGHJK" not in hide_in_subject(f"my code, {line}", GAMES).upper()


@pytest.mark.parametrize("line", ["SET ADDRESS me@example.org", "UNLOCK Fdemo", "Unlocked the door for you",
                                  "Unblock the channel please", "Please set addresses aside"])
def test_lines_without_a_code_keep_their_words(line):
    assert hide_password(line, GAMES) == line


def test_the_codes_in_the_judges_own_words_are_masked_for_its_log():
    said = ("TOO MANY WRONG PASSWORDS ... TO SIGN ON BEFORE THEN, PUT THE LINE UNLOCK Tdemo BHRVX7RWHN BEFORE YOUR "
            "SIGNON LINE")
    assert hide_codes(said) == said.replace("BHRVX7RWHN", MASK)
    other = "THAT IS NOT THE CODE FOR a@x.org: SEND SET ADDRESS a@x.org FOR A CODE (A CODE IS GOOD FOR 3 DAYS)"
    assert hide_codes(other) == other


def test_the_judges_own_sentence_is_found_again_after_each_word_is_masked():
    """Masking a long word shortens the error: the judge's own sentence after it is still told apart."""
    line = "SIGNO Idemo verylongsecretword italy"
    error = "UNKNOWN PLACENAME: VERYLONGSECRETWORD ITALY; WRONG PASSWORD OR NO PLAYER FOR ITALY IN demo"
    assert hide_in_error(line, error, GAMES)[1] == \
        f"UNKNOWN PLACENAME: {MASK}; WRONG PASSWORD OR NO PLAYER FOR ITALY IN demo"


def test_a_password_typed_onto_a_known_game_is_masked():
    def is_game(name):
        return name == "demo"
    assert hide_password("SIGNON Fdemosecret", is_game) == "SIGNON Fdemo" + MASK
    assert hide_password("signon france@demosecret", is_game) == "signon france@demo" + MASK
    assert hide_in_subject("Re: TAKEOVER Fdemosecret", is_game) == "Re: TAKEOVER Fdemo" + MASK
    # the game itself, a game the judge lacks, or a command without a power: nothing to mask
    for line in ("SIGNON Fdemo", "SIGNON Fother", "LIST demosecond", "SIGNON Fdemosecret"):
        assert hide_password(line, is_game if line != "SIGNON Fdemosecret" else None) == line
