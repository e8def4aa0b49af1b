"""What a message's text holds, over SMTP: invisible characters pasted in front of a command, an HTML press's links,
quotes and lists, text in a charset other than the one it is labelled with, lines after SIGNOFF, read receipts
and Auto-Submitted: no with a comment, a place name written in another language."""
import logging
from email.mime.multipart import MIMEMultipart
from email.mime.nonmultipart import MIMENonMultipart
from email.mime.text import MIMEText
from email.policy import SMTP

from tests.daemon.client_mail import Table, address, alternative, headed, html_only, plain, play, signon, text_of

FRANCE, GERMANY, RUSSIA = address("FRANCE"), address("GERMANY"), address("RUSSIA")
ORDERS = ["A Par - Bur", "F Bre - Mao"]


def press_to_germany(t: Table, before: int) -> str:
    """The text of the one press mail Germany got since `before` mails."""
    got = [m for m in t.j.relay.to(GERMANY)[before:] if not str(m["Subject"]).startswith(("Re:", "Diplomacy orders"))]
    assert len(got) == 1, [str(m["Subject"]) for m in got]
    return text_of(got[0])


async def taken(t: Table, msg, orders: list[str] = ORDERS, why: str = "") -> str:
    reply = text_of(await t.ask(msg))
    assert "NOT accepted" not in reply, (why, reply)
    assert t.game().player("FRANCE").orders == orders, (why, reply)
    return reply


# -- invisible characters -------------------------------------------------------------------------------------------
def test_invisible_characters_do_not_break_commands_and_stay_in_press(tmp_path):
    play(tmp_path, _invisible)


async def _invisible(t: Table):
    for mark in ("\ufeff", "\u200b", "\u200c", "\u200d", "\u2060"):
        body = f"{mark}{signon('FRANCE')}\n{mark}A Par - Bur\nF Bre{mark} - Mao"
        await taken(t, plain(FRANCE, body, subject=f"orders U+{ord(mark):04X}"), why=repr(mark))
    body = f"SIG\u200bNON{signon('FRANCE')[6:]}\n" + "\n".join(ORDERS)        # inside the command word too
    await taken(t, plain(FRANCE, body, subject="orders, zero-width space inside"))
    # A press's text is the sender's as written: a joiner inside an emoji family is part of it.
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
    before = len(t.j.relay.to(GERMANY))
    await t.ask(plain(FRANCE, f"{signon('FRANCE')}\nPRESS TO G\nRegards from {family}\nENDPRESS"))
    assert f"Regards from {family}" in press_to_germany(t, before)


# -- HTML press -----------------------------------------------------------------------------------------------------
def test_an_html_press_keeps_its_links_quotes_and_bullets(tmp_path):
    play(tmp_path, _html_press)


async def _html_press(t: Table):
    html = (f"<div>{signon('FRANCE')}</div><div>PRESS TO G</div>"
            '<div>Look at <a href="http://example.org/map">this map</a> and at '
            '<a href="http://example.org/plan">http://example.org/plan</a>.</div>'
            "<div>You wrote:</div><blockquote>Hold the line in Burgundy.</blockquote>"
            "<ul><li>Munich holds</li><li>Kiel to Holland</li></ul><div>ENDPRESS</div>")
    before = len(t.j.relay.to(GERMANY))
    await t.ask(alternative(FRANCE, "", html))            # (an empty plain part: the HTML is read)
    press = press_to_germany(t, before)
    assert "Look at this map (http://example.org/map) and at http://example.org/plan." in press, press
    assert "> Hold the line in Burgundy." in press and "\u2022 Munich holds\n\u2022 Kiel to Holland" in press, press


def test_an_html_list_of_orders_is_taken(tmp_path):
    # A list's bullets are the mail client's drawing, not typed: an HTML list of orders was taken before list items
    # were written with a marker, and must still be (a typed "- A Par - Bur" stays refused with its reading).
    play(tmp_path, _html_list)


async def _html_list(t: Table):
    for kind in ("ul", "ol"):
        html = f"<div>{signon('FRANCE')}</div><{kind}>" + "".join(f"<li>{o}</li>" for o in ORDERS) + f"</{kind}>"
        reply = text_of(await t.ask(html_only(FRANCE, html)))
        assert "NOT accepted" not in reply, (kind, reply)
        assert [o.lstrip("\u2022 ") for o in t.game().player("FRANCE").orders] == ORDERS, (kind, reply)
        assert "  A PAR - BUR\n" in reply and "  F BRE - MAO\n" in reply, reply


# -- charsets -------------------------------------------------------------------------------------------------------
CAFE = "Café crème, “brûlée” — 5 €"


def mislabelled(charset: str | None) -> bytes:
    """Windows text (windows-1252 bytes) labelled `charset` (None: with no charset at all), as some clients send."""
    msg = headed(FRANCE, subject=f"press {charset}")
    msg.set_content(f"{signon('FRANCE')}\nPRESS TO G\n{CAFE}\nENDPRESS\n", charset="windows-1252", cte="8bit")
    if charset:
        msg.set_param("charset", charset)
    else:
        msg.del_param("charset")
    return msg.as_bytes(policy=SMTP)


def test_text_in_another_charset_than_its_label_is_read_as_written(tmp_path):
    play(tmp_path, _charsets)


async def _charsets(t: Table):
    for label in ("utf-8", "us-ascii", None, "x-unknown-charset"):
        before = len(t.j.relay.to(GERMANY))
        await t.ask(mislabelled(label), FRANCE)
        assert CAFE in press_to_germany(t, before), label
    # HTML that names its charset in a <meta> element, with none in the MIME header.
    html = (f'<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252"></head>'
            f"<body><p>{signon('FRANCE')}</p><p>PRESS TO G</p><p>{CAFE}</p><p>ENDPRESS</p></body></html>")
    msg = html_only(FRANCE, html, charset="windows-1252")
    msg.del_param("charset")
    before = len(t.j.relay.to(GERMANY))
    await t.ask(msg)
    assert CAFE in press_to_germany(t, before)


# -- how much is read -----------------------------------------------------------------------------------------------
def test_lines_after_signoff_do_not_count_against_the_limit(tmp_path):
    play(tmp_path, _after_signoff)


async def _after_signoff(t: Table):
    chat = "\n".join(f"[12:{n // 60:02}:{n % 60:02}] someone: line {n} of a pasted chat" for n in range(1200))
    await taken(t, plain(FRANCE, "\n".join([signon("FRANCE"), *ORDERS, "SIGNOFF", chat])))
    # What is read still counts: 1,200 order lines are too many.
    text = await t.refused(plain(FRANCE, "\n".join([signon("FRANCE"), *ORDERS * 600, "SIGNOFF"])))
    assert "MESSAGE TOO LONG" in text


# -- mail that is not a person's ------------------------------------------------------------------------------------
def read_receipt() -> MIMEMultipart:
    """Thunderbird's read receipt (RFC 8098): a person's address, no Auto-Submitted field."""
    msg = MIMEMultipart("report", report_type="disposition-notification")
    msg["From"], msg["To"] = f"France <{FRANCE}>", "judge@localhost"
    msg["Subject"] = "Return Receipt (displayed) - orders"
    msg["Message-ID"] = "<receipt-1@example.org>"
    msg.attach(MIMEText("This is a Return Receipt for the mail that you sent to judge@localhost.\n\nNote: This Return "
                        "Receipt only acknowledges that the message was displayed on the recipient's computer.\n"))
    report = MIMENonMultipart("message", "disposition-notification")
    report.set_payload("Reporting-UA: example.org; Thunderbird 115\r\nFinal-Recipient: rfc822;france@example.org\r\n"
                       "Original-Message-ID: <reply-1@localhost>\r\nDisposition: manual-action/MDN-sent-manually; "
                       "displayed\r\n")
    msg.attach(report)
    return msg


def test_a_read_receipt_is_not_answered_and_auto_submitted_no_is_read(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    play(tmp_path, _receipts)
    assert any("read receipt" in r.getMessage() and FRANCE in r.getMessage() for r in caplog.records)


async def _receipts(t: Table):
    before, files = len(t.j.relay.to(FRANCE)), t.files()
    await t.send(read_receipt().as_bytes(policy=SMTP), FRANCE)
    assert len(t.j.relay.to(FRANCE)) == before and t.files() == files          # no answer, nothing applied
    for value in ("no; reason=by-hand", "No (typed by a person)", " NO "):
        msg = plain(FRANCE, "\n".join([signon("FRANCE"), *ORDERS]), subject=f"orders {value}")
        msg["Auto-Submitted"] = value
        await taken(t, msg, why=value)


# -- place names ----------------------------------------------------------------------------------------------------
def test_a_place_written_in_french_is_suggested_as_the_province_it_names(tmp_path):
    play(tmp_path, _french)


async def _french(t: Table):
    text = await t.refused(plain(RUSSIA, f"{signon('RUSSIA')}\nF St Pétersbourg/sc - Bot\nA Mos H"))
    folded = " ".join(text.split())
    assert "DID YOU MEAN: F STP/SC - BOT" in folded and "SEV" not in folded, text
