"""Which parts of a message are read: of alternatives the plain one unless it has no text, every inline text
part of a mixed message in order, never an attachment."""
import email
import email.policy
from email.message import EmailMessage

import pytest

from judge.mail.parts import body_text


def message(raw: str) -> EmailMessage:
    return email.message_from_bytes(raw.replace("\n", "\r\n").encode(), policy=email.policy.default)


def alternative(plain: str, html: str = "<div>A MAR H</div>") -> EmailMessage:
    msg = EmailMessage()
    msg.set_content(plain)
    msg.add_alternative(html, subtype="html")
    return message(msg.as_string())


@pytest.mark.parametrize("plain", ["", "\n \n", "This is an HTML message.", "(This is an HTML message)",
                                   "Your mail client does not support HTML.", "This message is in HTML format.",
                                   "Please view this message in HTML.", "View this e-mail as HTML",
                                   "Please open this email with an HTML capable reader."])
def test_a_plain_part_without_text_gives_way_to_the_html(plain):
    assert body_text(alternative(plain)).strip() == "A MAR H"


def test_a_plain_part_with_text_wins():
    assert body_text(alternative("A PAR H\nThis is an HTML message.")).splitlines()[0] == "A PAR H"


def test_every_inline_text_part_in_order_never_an_attachment():
    msg = EmailMessage()
    msg.set_content("first")
    msg.add_attachment(b"\x89PNG", maintype="image", subtype="png", filename="map.png", disposition="inline")
    second = EmailMessage()
    second.set_content("second")
    msg.attach(second)
    msg.add_attachment("attached file", filename="notes.txt")
    named = EmailMessage()
    named.set_content("inline file")
    named.add_header("Content-Disposition", "inline", filename="inline.txt")
    msg.attach(named)
    assert body_text(message(msg.as_string())).split() == ["first", "second"]


def test_nested_structures():
    # Apple Mail's HTML with a picture: alternative of (plain, related of (html, image)); the plain part is empty.
    raw = ("Content-Type: multipart/alternative; boundary=A\n\n--A\nContent-Type: text/plain\n\n\n--A\n"
           "Content-Type: multipart/related; boundary=R\n\n--R\nContent-Type: text/html\n\n<p>A PAR H</p>\n--R\n"
           "Content-Type: image/png\nContent-Disposition: inline; filename=x.png\n\nxx\n--R--\n--A--\n")
    assert body_text(message(raw)).strip() == "A PAR H"
    # A signed message: the text, not the signature.
    raw = ("Content-Type: multipart/signed; boundary=S\n\n--S\nContent-Type: text/plain\n\nA PAR H\n--S\n"
           "Content-Type: application/pgp-signature\n\nsig\n--S--\n")
    assert body_text(message(raw)).strip() == "A PAR H"
    # A mixed message of HTML parts only (no plain one): each is read.
    raw = ("Content-Type: multipart/mixed; boundary=M\n\n--M\nContent-Type: text/html\n\n<p>A PAR H</p>\n--M\n"
           "Content-Type: text/html\n\n<p>F BRE H</p>\n--M--\n")
    assert body_text(message(raw)).splitlines() == ["A PAR H", "F BRE H"]
