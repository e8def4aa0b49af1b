"""`judge deliver` given mail as players' clients write it, read as its sender meant it: a numbered list inside a
bulleted one, text a <style> block hides, encrypted mail (said to be unreadable, nothing done), an attribution line
the client wrapped above an unmarked quote."""
import email
import email.policy
from email.message import EmailMessage

from tests.e2e.conftest import game_files
from tests.test_pipe import deliver, delivered, game_for


def mail(body: str, n: int, subtype: str = "plain") -> bytes:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "France <f@example.org>", "judge@localhost", "orders"
    msg["Message-ID"] = f"<reading{n}@example.org>"
    msg.set_content(body, subtype=subtype)
    return msg.as_bytes(policy=email.policy.SMTP)


def replied(tmp_path, raw: bytes) -> str:
    """The judge's answer to `raw`, its lines joined as they read."""
    p = deliver(tmp_path / "config.ini", raw)
    assert p.returncode == 0, p.stderr
    return replied_text(delivered(tmp_path)[-1])


def replied_text(mail_file: str) -> str:
    # (read as the bytes a mail client gets: parsed from a str, an 8-bit UTF-8 body comes back as \u escapes)
    reply = email.message_from_bytes(mail_file.encode("utf-8"), policy=email.policy.default)
    return " ".join(reply.get_content().split())


def test_a_numbered_list_inside_a_bulleted_one_is_read(tmp_path):
    """"* 1. A Par - Bur" (typed) and an HTML list item that starts with its own number read as the orders."""
    game_for(tmp_path)
    text = replied(tmp_path, mail("SIGNON Fpiped pw-F\n* 1. A Par - Bur\n* 2) F Bre - Mao\n", 1))
    assert "NOT accepted" not in text and "A PAR - BUR" in text and "F BRE - MAO" in text, text
    html = "<p>SIGNON Fpiped pw-F</p><ul><li>1. A Mar - Spa</li><li>2. A Par H</li></ul>"
    text = replied(tmp_path, mail(html, 2, "html"))
    assert "NOT accepted" not in text and "A MAR - SPA" in text and "A PAR H " in text, text


# -- encrypted mail -------------------------------------------------------------------------------------------------
# An encrypted message as RFC 4880 (6.2) armours it; its contents are made up (no key could open them, nor the judge).
ARMOURED = ("-----BEGIN PGP MESSAGE-----\n\nhQEMA8mqxexampleAQf/example0example1example2example3example4example5\n"
            "0ukBexample6example7example8example9exampleAexampleBexampleCexampleD\n=Xy7z\n-----END PGP MESSAGE-----\n")
ENCRYPTED = "YOUR MESSAGE IS ENCRYPTED, AND THE JUDGE CANNOT READ ENCRYPTED MAIL"


def pgp_mime(n: int) -> bytes:
    """A PGP/MIME message (RFC 3156, section 4) as Thunderbird or Mutt send one."""
    return (f"From: France <f@example.org>\r\nTo: judge@localhost\r\nSubject: orders\r\n"
            f"Message-ID: <reading{n}@example.org>\r\nMIME-Version: 1.0\r\n"
            'Content-Type: multipart/encrypted; protocol="application/pgp-encrypted"; boundary="sealed"\r\n\r\n'
            "This is an OpenPGP/MIME encrypted message (RFC 4880 and 3156)\r\n"
            "--sealed\r\nContent-Type: application/pgp-encrypted\r\nContent-Description: PGP/MIME version "
            "identification\r\n\r\nVersion: 1\r\n\r\n--sealed\r\nContent-Type: application/octet-stream; "
            'name="encrypted.asc"\r\nContent-Disposition: inline; filename="encrypted.asc"\r\n\r\n'
            + ARMOURED.replace("\n", "\r\n") + "\r\n--sealed--\r\n").encode()


def smime(n: int) -> bytes:
    """An S/MIME encrypted message (RFC 8551, 3.3) as Outlook sends one."""
    return (f"From: France <f@example.org>\r\nTo: judge@localhost\r\nSubject: orders\r\n"
            f"Message-ID: <reading{n}@example.org>\r\nMIME-Version: 1.0\r\n"
            'Content-Type: application/pkcs7-mime; smime-type=enveloped-data; name="smime.p7m"\r\n'
            'Content-Disposition: attachment; filename="smime.p7m"\r\nContent-Transfer-Encoding: base64\r\n\r\n'
            "MIAGCSqGSIb3DQEHA6CAMIACAQAxggFAMIIBPAIBADCBozCBljELMAkGA1UEBhMCVVMx\r\n").encode()


def test_encrypted_mail_is_answered_as_unreadable_and_changes_nothing(tmp_path):
    """Inline armour (with a sign-on written above it in clear), PGP/MIME and S/MIME: the reply says the judge cannot
    read encrypted mail and how to send instead; no order is taken, nothing of the encrypted text is echoed."""
    game_for(tmp_path)
    before = game_files(tmp_path / "games")
    assert "piped/status.json" in before
    for n, raw in enumerate([mail(f"SIGNON Fpiped pw-F\nA Par - Bur\n\n{ARMOURED}", 10),
                             mail(ARMOURED, 11), pgp_mime(12), smime(13)]):
        text = replied(tmp_path, raw)
        assert ENCRYPTED in text and "AS PLAIN TEXT" in text and "CLEAR-SIGNED MESSAGE IS FINE" in text, (n, text)
        assert "NOT accepted" in text and "example" not in text and "pw-F" not in text, (n, text)
        assert "Signed on" not in text and "ATTACHMENTS" not in text, (n, text)
    assert game_files(tmp_path / "games") == before


def test_a_quoted_encrypted_message_is_no_reason_to_refuse(tmp_path):
    """Armour in a quote of an earlier message ('>') is not the sender's text: the orders above it are read."""
    game_for(tmp_path)
    quoted = "".join(f"> {line}\n" for line in ARMOURED.splitlines())
    text = replied(tmp_path, mail(f"SIGNON Fpiped pw-F\nA Par - Bur\n\nOn Mon, Ally wrote:\n{quoted}", 14))
    assert "Signed on as France" in text and "A PAR - BUR" in text and "ENCRYPTED" not in text, text


# -- HTML: what a <style> block hides --------------------------------------------------------------------------------
def test_text_a_style_block_hides_is_not_read(tmp_path):
    """An HTML mail whose <style> hides an element (a client's hidden preview text, a template's unused lines): the
    hidden order is not read, the shown ones are; a rule the judge cannot be sure of hides nothing."""
    game_for(tmp_path)
    html = ("<html><head><style>.x{display:none} #old, .gone {visibility:hidden}</style></head><body>"
            "<div>SIGNON Fpiped pw-F</div><div class=\"x\">A Par - Pic</div><p id=\"old\">A Mar - Pie</p>"
            "<div>A Par - Bur</div><div class=\"gone\">F Bre - Pic</div><div>F Bre - Mao</div></body></html>")
    text = replied(tmp_path, mail(html, 20, "html"))
    assert "NOT accepted" not in text and "A PAR - BUR" in text and "F BRE - MAO" in text, text
    assert "A MAR: no order" in text and "PIC" not in text, text
    html = ("<style>.x{display:none} @media (max-width:600px){.x{display:block}}</style>"
            "<div>SIGNON Fpiped pw-F</div><div class=\"x\">A Par - Pic</div>")
    text = replied(tmp_path, mail(html, 21, "html"))
    assert "A PAR - PIC" in text, text                      # (shown on a narrow screen: read)


# -- a reply's attribution line wrapped by the client -----------------------------------------------------------------
WRAPPED = [
    ("On Tue, 24 Nov 2026 at 10:00, Alice Example <alice@example.org>", "wrote:"),          # Gmail, English
    ("pt., 24 lis 2026 o 10:00 Alice Example <alice@example.org>", "napisał(a):"),         # Gmail, Polish
    ("24 нояб. 2026 г., в 10:00, Alice Example <alice@example.org>", "написал(а):"),        # Apple Mail, Russian
    ("Alice Example <alice@example.org> 于2026年11月24日周二 10:00", "写道："),                 # Gmail, Chinese
]


def test_a_wrapped_attribution_above_an_unmarked_quote_ends_the_reading(tmp_path):
    """The orders above it are read; the quoted message under it (no '>') is not, and neither half of the
    attribution is taken for an order: the reply names its first line as where the reading stopped."""
    game_for(tmp_path)
    for n, (first, second) in enumerate(WRAPPED):
        body = f"SIGNON Fpiped pw-F\nF Bre - Mao\n\n{first}\n{second}\n\nA Par - Bur\nA Mar - Spa\n"
        text = replied(tmp_path, mail(body, 30 + n))
        assert "Signed on as France" in text and "NOT accepted" not in text, (first, text)
        assert "F BRE - MAO" in text and "A PAR: no order" in text and "A MAR: no order" in text, (first, text)
        # (the line named is the first half, as the sender wrote it, whatever its script)
        assert f'"{" ".join(first.split())}": it starts a quoted or forwarded message' in text, (first, text)


def test_a_wrapped_attribution_above_a_marked_quote_is_passed_over(tmp_path):
    """Above a '>' quote the attribution's two lines are no orders: the message is read, the answer below too."""
    game_for(tmp_path)
    for n, (first, second) in enumerate(WRAPPED):
        body = f"SIGNON Fpiped pw-F\n\n{first}\n{second}\n> A Par - Pic\n> A Mar - Pie\n\nF Bre - Mao\n"
        text = replied(tmp_path, mail(body, 40 + n))
        assert "NOT accepted" not in text and "F BRE - MAO" in text and "A PAR: no order" in text, (first, text)
        assert "reading stopped" not in text, (first, text)


def test_control_characters_come_back_shown_not_raw(tmp_path):
    """An order line holding a NUL and an ESC sequence is refused, and the reply shows them as U+FFFD, never raw."""
    game_for(tmp_path)
    p = deliver(tmp_path / "config.ini", mail("SIGNON Fpiped pw-F\nA Par - Bur\x00\x1b[31m\n", 60))
    assert p.returncode == 0, p.stderr
    raw = delivered(tmp_path)[-1]
    assert "\x00" not in raw and "\x1b" not in raw
    text = replied_text(raw)
    assert "\x00" not in text and "\x1b" not in text
    assert "A Par - Bur\ufffd\ufffd[31m" in text or "A PAR - BUR\ufffd\ufffd[31M" in text, text
