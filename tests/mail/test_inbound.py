"""Incoming mail -> sender, subject and the lines the judge reads; which mail must never be answered."""
from pathlib import Path

import pytest

from judge.mail.body import body_text, clean_lines, html_to_text
from judge.mail.inbound import BadMessage, read
from tests.e2e.conftest import compose

MAIL = Path(__file__).resolve().parents[1] / "data" / "mail"
JUDGE = "judge@localhost"
BODY = "SIGNON Fg1 pw\nA Paris - Burgundy\nF Brest - Mid-Atlantic Ocean"
LINES = ["SIGNON Fg1 pw", "A Paris - Burgundy", "F Brest - Mid-Atlantic Ocean"]


def raw(headers: str, body: str = "SIGNON Fg1 pw\n", content_type: str = "text/plain; charset=utf-8") -> bytes:
    return (headers + f"Content-Type: {content_type}\r\n\r\n" + body).encode("utf-8")


# -- what the judge reads ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["plain", "qp", "base64", "html", "alternative"])
def test_every_format_gives_the_same_lines(fmt):
    msg = read(compose("france@example.org", BODY, fmt), judge_address=JUDGE)
    # HTML blocks may leave blank lines between them; the reader skips blank lines.
    assert [line for line in msg.lines if line] == LINES and msg.sender == "france@example.org" and msg.automatic == ""


def test_the_plain_part_wins_over_the_html_part():
    mail = (b"From: a@example.org\r\nSubject: x\r\nMIME-Version: 1.0\r\n"
            b'Content-Type: multipart/alternative; boundary="B"\r\n\r\n'
            b"--B\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nA PAR H\r\n"
            b"--B\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>A MAR H</p>\r\n--B--\r\n")
    assert read(mail).lines == ["A PAR H"]


def test_text_beside_an_attachment():
    mail = (b"From: a@example.org\r\nSubject: x\r\nMIME-Version: 1.0\r\n"
            b'Content-Type: multipart/mixed; boundary="B"\r\n\r\n'
            b"--B\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nA PAR H\r\n"
            b"--B\r\nContent-Type: application/pdf\r\nContent-Transfer-Encoding: base64\r\n"
            b"Content-Disposition: attachment; filename=map.pdf\r\n\r\nJVBERi0xLjQK\r\n--B--\r\n")
    assert read(mail).lines == ["A PAR H"]


def test_latin1_and_an_unknown_charset():
    latin = b"From: a@example.org\r\nContent-Type: text/plain; charset=iso-8859-1\r\n\r\nA M\xfcnchen H\r\n"
    assert read(latin).lines == ["A M\u00fcnchen H"]
    odd = b"From: a@example.org\r\nContent-Type: text/plain; charset=x-no-such\r\n\r\nA PAR H\r\n"
    assert read(odd).lines == ["A PAR H"]


def test_no_text_at_all():
    mail = (b"From: a@example.org\r\nMIME-Version: 1.0\r\nContent-Type: application/octet-stream\r\n\r\nxx\r\n")
    assert read(mail).lines == []


@pytest.mark.parametrize("name, first, last", [
    ("austria-plain-signature.eml", "signon Ae2e aus-pass", "F Trieste -> Albania"),
    ("italy-reply-quoted.eml", "SIGNON Ie2e ita-pass", "A Venice Hold"),
    ("france-html-only.eml", None, None),
])
def test_real_messages(name, first, last):
    msg = read((MAIL / name).read_bytes(), judge_address=JUDGE)
    assert msg.automatic == ""
    if first:
        assert msg.lines[0] == first and msg.lines[-1] == last
    joined = "\n".join(msg.lines)
    assert "wrong-password" not in joined and "somebody-elses-password" not in joined and "TERMINATE" not in joined


def test_signature_quotes_and_comments():
    text = ("\r\n\r\nSIGNON Fg1 pw\r\n"
            "> SIGNON Fg1 old-password\r\n"
            "   > indented quote\r\n"
            "A PAR - BUR   // to Burgundy\r\n"
            "// a whole-line comment\r\n"
            "see http://example.org/rules//x\r\n"
            "\r\n"
            "On Mon, Jan 5, 2026 at 12:00 PM, Judge <judge@localhost> wrote:\r\n> quoted\r\n"
            "Le 5 janv. 2026, le juge a \u00e9crit :\r\n\r\n> quoted\r\n"
            "Am 05.01.2026 um 12:00 schrieb Judge <judge@localhost>:\r\n> quoted\r\n"
            "Judge schrieb:\r\n> quoted\r\n"
            "A MAR H\r\n"
            "-- \r\n"
            "My Name\r\nSIGNON Mg1 master-password\r\n")
    assert clean_lines(text) == ["SIGNON Fg1 pw", "A PAR - BUR", "", "see http://example.org/rules//x", "",
                                 "", "A MAR H"]


@pytest.mark.parametrize("separator", ["--", "-- ", "--  "])
def test_signature_separators(separator):
    assert clean_lines(f"A PAR H\n{separator}\nA MAR H") == ["A PAR H"]


def test_a_line_of_dashes_or_a_move_is_no_signature():
    assert clean_lines("A PAR -- BUR\n---\nA MAR H") == ["A PAR -- BUR", "---", "A MAR H"]


@pytest.mark.parametrize("marker", ["-----Original Message-----", "--- Original Message ---",
                                    "-----original message-----"])
def test_everything_after_an_original_message_marker_is_quoted(marker):
    assert clean_lines(f"A PAR H\n{marker}\nFrom: judge\nSIGNON Mg1 x") == ["A PAR H"]


def test_line_endings():
    assert clean_lines("A\r\nB\rC\nD") == ["A", "B", "C", "D"]


def test_html_to_text():
    html = ("<html><head><title>T</title><style>p {color: red}</style></head><body>"
            "<p>SIGNON&nbsp;Fg1 pw</p><div>A PAR &amp; more</div>A MAR H<br>F BRE H"
            "<script>alert('x')</script>"
            "<blockquote>SIGNON Mg1 quoted-password</blockquote><ul><li>one</li><li>two</li></ul></body></html>")
    lines = [line for line in clean_lines(html_to_text(html)) if line]
    assert lines == ["SIGNON Fg1 pw", "A PAR & more", "A MAR H", "F BRE H", "\u2022 one", "\u2022 two"]


# -- headers ----------------------------------------------------------------------------------------------------------
def test_sender_subject_and_message_id():
    msg = read(raw("From: France <france@example.org>\r\nSubject: my orders\r\nMessage-ID: <m1@example.org>\r\n"))
    assert (msg.sender, msg.subject, msg.message_id) == ("france@example.org", "my orders", "<m1@example.org>")
    assert msg.headers["subject"] == "my orders"


def test_reply_to_wins_over_from():
    msg = read(raw("From: a@example.org\r\nReply-To: Me <me@example.org>\r\n"))
    assert msg.sender == "me@example.org"


def test_envelope_sender_when_there_is_no_from():
    assert read(raw("Subject: x\r\n"), envelope_sender="env@example.org").sender == "env@example.org"


@pytest.mark.parametrize("headers", ["Subject: x\r\n", "From: not-an-address\r\n", "From: \r\n"])
def test_no_sender_is_a_bad_message(headers):
    with pytest.raises(BadMessage, match="NO SENDER"):
        read(raw(headers))


# -- mail that is never answered --------------------------------------------------------------------------------------
@pytest.mark.parametrize("headers, envelope, why", [
    ("From: a@example.org\r\n", "", "null sender (a bounce)"),
    ("From: a@example.org\r\n", "<>", "null sender (a bounce)"),
    ("From: a@example.org\r\nAuto-Submitted: auto-replied\r\n", None, "Auto-Submitted: auto-replied"),
    ("From: a@example.org\r\nAuto-Submitted: Auto-Generated\r\n", None, "Auto-Submitted: auto-generated"),
    ("From: a@example.org\r\nPrecedence: bulk\r\n", None, "Precedence: bulk"),
    ("From: a@example.org\r\nPrecedence: List\r\n", None, "Precedence: list"),
    ("From: a@example.org\r\nPrecedence: junk\r\n", None, "Precedence: junk"),
    ("From: a@example.org\r\nX-Loop: Judge@Localhost\r\n", None, "X-Loop: our own mail"),
    ("From: MAILER-DAEMON@mail.example.org\r\n", None, "from a mail system"),
    ("From: postmaster@example.org\r\n", None, "from a mail system"),
    # Its reply would go to the judge itself (a forged From, a Reply-To): never the judge as a player or observer.
    ("From: Judge@Localhost\r\n", None, "its reply address is the judge's own"),
    ("From: a@example.org\r\nReply-To: judge@localhost\r\n", None, "its reply address is the judge's own"),
    ("From: =?utf-8?q?J=C3=BCdge?= <judge@localhost>\r\n", None, "its reply address is the judge's own"),
])
def test_automatic_mail(headers, envelope, why):
    assert read(raw(headers), envelope, JUDGE).automatic == why


@pytest.mark.parametrize("headers", [
    "From: a@example.org\r\nAuto-Submitted: no\r\n",
    "From: a@example.org\r\nPrecedence: first-class\r\n",
    "From: a@example.org\r\nX-Loop: other-robot@example.org\r\n",
])
def test_ordinary_mail_is_answered(headers):
    assert read(raw(headers), "a@example.org", JUDGE).automatic == ""


def test_automatic_mail_without_a_sender_is_no_error():
    msg = read(raw("Subject: x\r\n"), "", JUDGE)
    assert msg.automatic and msg.sender == "unknown"


@pytest.mark.parametrize("name", ["bounce.eml", "vacation.eml"])
def test_real_robots(name):
    assert read((MAIL / name).read_bytes(), judge_address=JUDGE).automatic


def test_body_text_of_a_single_part():
    import email
    import email.policy
    msg = email.message_from_bytes(b"From: a@b.c\r\n\r\nA PAR H\r\n", policy=email.policy.default)
    assert body_text(msg).strip() == "A PAR H"


def test_the_quick_readings_of_charset_and_sender_give_what_the_email_package_gives():
    """_read_plain reads a plain message's charset and sender address without the email package's parsers; for
    every Content-Type it accepts and every From value, the package must give the same."""
    import email
    import email.policy
    import random

    from judge.addresses import parseaddr  # (the package's own, read alike on every Python)
    from judge.mail.inbound import _PLAIN_TYPE, _charset, address_in
    from tests.test_addresses import generated

    rng = random.Random(11)
    params = ["charset=utf-8", 'charset="ISO-8859-1"', "CHARSET=us-ascii", 'charset="utf-8', "format=flowed",
              "delsp=yes", "charset=", "charset = x", "charset\t=\t'q'", ";", "charset=a;charset=b"]
    checked = 0
    for _ in range(3000):
        ctype = rng.choice(["text/plain", "TEXT/PLAIN", "text/plain "]) + "".join(
            rng.choice(["; ", ";", " ;\t", ";  "]) + rng.choice(params) for _ in range(rng.randint(0, 3)))
        if not _PLAIN_TYPE.fullmatch(ctype):
            continue
        checked += 1
        msg = email.message_from_bytes(f"Content-Type: {ctype}\n\nx\n".encode(), policy=email.policy.compat32)
        quick = _charset(ctype)
        if quick is not None:
            assert quick == msg.get_param("charset", "ASCII"), ctype
    assert _charset(None) == "ASCII" and checked > 500
    for address in generated(3000):
        for value in (address, f" {address}\t", f"Name <{address}>", f"{address} (c)", f'"x" <{address}>'):
            assert address_in(value) == parseaddr(value)[1], value


def test_a_from_of_two_addresses_is_answered_at_its_first_on_every_python():
    """The mail reader answers the first address of such a From, not the envelope sender, whatever the Python."""
    raw = b"From: a@x.example, b@y.example\r\nTo: judge@localhost\r\nSubject: s\r\n\r\nHELP\r\n"
    assert read(raw, envelope_sender="env@z.example").sender == "a@x.example"
