"""Address fields the email package will not read, over SMTP to `judge serve`: a display name whose encoded words
hide a line break (`=?utf-8?q?Ann=0D=0A?=`, RFC 2047 text a buggy or hostile client writes). The address beside it
is plain, and so is the text: the message is read and answered at that address, like any other, and no reply
carries the broken name as a header of its own."""
from email.policy import SMTP

from tests.daemon.client_mail import Table, address, alternative, plain, play, signon
from tests.daemon.test_games_by_mail import text_of

FRANCE = address("FRANCE")
BROKEN_NAME = "=?utf-8?q?France=0D=0ABcc=3A_victim=40example=2Eorg?="


def with_field(msg, name: str, value: str) -> bytes:
    """The message as sent, its `name` field replaced (or added) with `value`, written as the client wrote it."""
    head, body = msg.as_bytes(policy=SMTP).split(b"\r\n\r\n", 1)
    lines = [line for line in head.split(b"\r\n") if not line.lower().startswith(name.lower().encode() + b":")]
    lines.insert(0, f"{name}: {value}".encode())
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


async def _scenario(t: Table) -> None:
    orders = f"{signon('FRANCE')}\nA Par - Bur"
    # An HTML mail (multipart/alternative, what most clients send) with such a name in From: France's orders.
    msg = with_field(alternative(FRANCE, orders, "<p>" + orders.replace("\n", "<br>") + "</p>"), "From",
                     f"{BROKEN_NAME} <{FRANCE}>")
    reply = await t.ask(msg, FRANCE)
    assert "NOT accepted" not in text_of(reply) and "COULD NOT BE READ" not in text_of(reply), text_of(reply)
    assert str(reply["Subject"]).startswith("Diplomacy orders"), reply["Subject"]
    assert t.game().player("FRANCE").orders == ["A Par - Bur"]
    assert "victim" not in str(reply).split("\n\n", 1)[0]

    # The same in a Cc (a friend copied), beside a plain From: read as well.
    orders = f"{signon('FRANCE')}\nF Bre - Mao"
    msg = with_field(alternative(FRANCE, orders, "<p>" + orders.replace("\n", "<br>") + "</p>"), "Cc",
                     f"{BROKEN_NAME} <friend@example.org>")
    reply = await t.ask(msg, FRANCE)
    assert "NOT accepted" not in text_of(reply), text_of(reply)
    assert t.game().player("FRANCE").orders == ["F Bre - Mao"]

    # And in a Reply-To: the reply goes to its address, as for any Reply-To.
    msg = with_field(plain("someone@example.org", "LIST"), "Reply-To", f"{BROKEN_NAME} <elsewhere@example.org>")
    reply = await t.ask(msg, "elsewhere@example.org")
    assert "NOT accepted" not in text_of(reply) and "mailt" in text_of(reply), text_of(reply)


def test_a_display_name_hiding_a_line_break_does_not_make_the_message_unreadable(tmp_path):
    play(tmp_path, _scenario)


async def _several(t: Table) -> None:
    first, second = "first@example.org", "second@example.org"
    for field in ("From", "Reply-To"):
        msg = with_field(plain("someone@example.org", "LIST"), field, f"{first}, {second}")
        reply = await t.ask(msg, first)
        assert "mailt" in text_of(reply) and str(reply["To"]) == first, text_of(reply)
        assert t.j.relay.to(second) == []


def test_of_several_addresses_in_from_or_reply_to_the_first_alone_is_answered(tmp_path):
    play(tmp_path, _several)
