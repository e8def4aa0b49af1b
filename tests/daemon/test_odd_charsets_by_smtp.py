"""A text part labelled with a charset Python knows but cannot read these bytes in, over SMTP to `judge serve`:
`punycode` and `undefined` are codecs whose failures are not UnicodeDecodeError. As the README says of any text
whose bytes are not its declared charset, it is read as UTF-8 (or windows-1252), and the message is carried out;
before, it was refused whole as "THE MESSAGE'S STRUCTURE CANNOT BE TAKEN APART (UnicodeError)"."""
from tests.daemon.client_mail import GAME, Table, address, play, signon
from tests.daemon.test_games_by_mail import text_of

FRANCE = address("FRANCE")


def labelled(sender: str, charset: str, body: str, n: int) -> bytes:
    return (f"From: {sender}\r\nTo: judge@localhost\r\nSubject: orders {n}\r\nMessage-ID: <cs{n}@example.org>\r\n"
            f"MIME-Version: 1.0\r\nContent-Type: text/plain; charset={charset}\r\n"
            f"Content-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n").encode("utf-8")


async def _scenario(t: Table) -> None:
    for n, charset in enumerate(("punycode", "undefined")):
        reply = text_of(await t.ask(labelled("stranger@example.org", charset, "LIST", n), "stranger@example.org"))
        assert "COULD NOT BE READ" not in reply and GAME in reply, (charset, reply)
    # A player's orders so labelled, with a letter outside ASCII in a remark: carried out.
    reply = await t.ask(labelled(FRANCE, "undefined", f"{signon('FRANCE')}\nA Par - Bur // à Bourgogne", 9), FRANCE)
    assert "NOT accepted" not in text_of(reply), text_of(reply)
    assert t.game().player("FRANCE").orders == ["A Par - Bur"]


def test_a_charset_whose_codec_fails_otherwise_is_read_as_utf8(tmp_path):
    play(tmp_path, _scenario)
