"""`judge deliver` given orders below a line where the reading stops (a forward's marker, an unmarked quote's "On ...
wrote:", a phone's footer): the reply names the line, so orders left under it are not lost without a word."""
import email
import email.policy
from email.message import EmailMessage

from tests.test_pipe import deliver, delivered, game_for

FORWARD = "---------- Forwarded message ---------"
WROTE = "On Mon, 5 Jan 2026 at 12:00, Ally <ally@example.org> wrote:"


def mail(body: str, n: int) -> bytes:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "France <f@example.org>", "judge@localhost", "orders"
    msg["Message-ID"] = f"<stop{n}@example.org>"
    msg.set_content(body)
    return msg.as_bytes(policy=email.policy.SMTP)


def replied(tmp_path, body: str, n: int) -> str:
    p = deliver(tmp_path / "config.ini", mail(body, n))
    assert p.returncode == 0, p.stderr
    reply = email.message_from_string(delivered(tmp_path)[-1], policy=email.policy.default)
    return " ".join(reply.get_content().split())          # (the reply's lines are wrapped)


def test_a_forward_marker_on_the_first_line_is_named_not_called_empty(tmp_path):
    game_for(tmp_path)
    text = replied(tmp_path, f"{FORWARD}\nSIGNON Fpiped pw-F\nA PAR - BUR\n", 1)
    assert "EMPTY MESSAGE" not in text and "NOT accepted" in text, text
    assert f'NOTHING WAS READ: THE READING STOPPED AT THE FIRST LINE, "{FORWARD}"' in text, text


def test_orders_below_an_unmarked_quote_or_a_footer_are_told_of(tmp_path):
    """Signed on, then an unquoted "On ... wrote:" with orders under it: the sign-on is done, and the line named."""
    game_for(tmp_path)
    text = replied(tmp_path, f"SIGNON Fpiped pw-F\n\n{WROTE}\nA PAR - BUR\nF BRE - MAO\n", 2)
    assert "Signed on as France" in text and f'(The reading stopped at the line "{WROTE}": it starts a quoted' in text
    assert "A PAR - BUR" not in text, text                                # (the orders were not read)
    text = replied(tmp_path, "SIGNON Fpiped pw-F\nA PAR - BUR\nSent from my iPhone\nF BRE - MAO\n", 3)
    assert '(The reading stopped at the line "Sent from my iPhone": it is a mail program\'s footer' in text, text
    assert "A PAR - BUR" in text and "F BRE - MAO" not in text, text


def test_a_quoted_judge_reply_below_the_orders_is_no_news(tmp_path):
    """Outlook quotes the judge's reply without '>' under a header block: its text is the judge's, not orders."""
    game_for(tmp_path)
    quoted = ("From: judge@localhost\nSent: Monday, January 5, 2026 12:00\nTo: France\nSubject: Re: orders\n\n"
              "Signed on as France in game piped.\n\nOrders for France (Spring 1901 Movement):\n  F BRE - MAO\n"
              "  A PAR - BUR\n\nYour message was NOT accepted: nothing in it has been changed.\n>> A PAR - XYZ\n"
              "   UNKNOWN PLACENAME\n\nEnd of judge reply.\n")
    text = replied(tmp_path, f"SIGNON Fpiped pw-F\nA PAR - BUR\n\n{quoted}", 4)
    assert "Signed on as France" in text and "A PAR - BUR" in text and "reading stopped" not in text, text
    text = replied(tmp_path, f"{WROTE}\nHello there, see you at the deadline.\n", 5)
    assert "NOTHING WAS READ" in text and f'"{WROTE}"' in text, text     # (not empty: there was text below it)
