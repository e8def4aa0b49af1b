"""`judge deliver` given mail as players' clients write it, read as its sender meant it: a numbered list inside a
bulleted one, text a <style> block hides, encrypted mail (said to be unreadable, nothing done), an attribution line
the client wrapped above an unmarked quote."""
import email
import email.policy
from email.message import EmailMessage

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
    reply = email.message_from_string(delivered(tmp_path)[-1], policy=email.policy.default)
    return " ".join(reply.get_content().split())


def test_a_numbered_list_inside_a_bulleted_one_is_read(tmp_path):
    """"* 1. A Par - Bur" (typed) and an HTML list item that starts with its own number read as the orders."""
    game_for(tmp_path)
    text = replied(tmp_path, mail("SIGNON Fpiped pw-F\n* 1. A Par - Bur\n* 2) F Bre - Mao\n", 1))
    assert "NOT accepted" not in text and "A PAR - BUR" in text and "F BRE - MAO" in text, text
    html = "<p>SIGNON Fpiped pw-F</p><ul><li>1. A Mar - Spa</li><li>2. A Par H</li></ul>"
    text = replied(tmp_path, mail(html, 2, "html"))
    assert "NOT accepted" not in text and "A MAR - SPA" in text and "A PAR H " in text, text
