"""Mail as players' clients write it in other languages and set-ups, over SMTP to `judge serve`: footers with links
and in other languages, replies quoting the judge under an attribution or header block in other languages, orders
below a signature, a PGP clear-signed message, UTF-8 labelled ISO-8859-1. Each carries orders the judge must take,
and quoted orders that must not be applied."""
from email.policy import SMTP

from tests.daemon.client_mail import Table, address, headed, html_only, plain, play, signon, text_of

FRANCE, GERMANY = address("FRANCE"), address("GERMANY")
ORDERS = ["A Par - Bur", "F Bre - Mao"]
# The judge's earlier reply as a client quotes it: read as orders, Pic would be France's order (or refuse the set).
REPLY = ("Signed on as France in game mailt.\n\nOrders for France (Spring 1901 Movement):\n  A PAR - PIC\n\n"
         "Your message was NOT accepted: nothing in it has been changed.\n>> A Par - Pic\n   UNKNOWN PLACENAME: PIC\n\n"
         "End of judge reply.")


async def taken(t: Table, msg, orders: list[str] = ORDERS, why: str = "") -> str:
    """The message is accepted, France's orders are exactly `orders`: the reply's whole text."""
    reply = text_of(await t.ask(msg))
    assert "NOT accepted" not in reply and "UNKNOWN" not in reply and "PIC" not in reply, (why, reply)
    assert t.game().player("FRANCE").orders == orders, (why, reply)
    for order in orders:
        assert f"  {order.upper()}\n" in reply, (why, reply)
    return reply


# -- footers --------------------------------------------------------------------------------------------------------
FOOTERS = [
    "Sent from Outlook<https://aka.ms/weboutlook>",
    "Sent from Mail<https://go.microsoft.com/fwlink/?LinkId=550986> for Windows 10",
    "Sent from Yahoo Mail for iPhone<https://overview.mail.yahoo.com/?.src=iOS>",
    ("Sent from Yahoo Mail on Android<https://go.onelink.me/107872968?pid=InProduct&c=Global_Internal_YGrowth"
     "_AndroidEmailSig__AndroidUsers&af_wl=ym&af_sub1=Internal&af_sub2=Global_YGrowth&af_sub3=EmailSignature>"),
    "Sent via the Samsung Galaxy S23 Ultra, an AT&T 5G smartphone", "Von meinem Samsung Galaxy Smartphone gesendet.",
    "Verstuurd vanaf mijn iPhone", "Sendt fra min iPhone", "Отправлено с iPhone", "iPhoneから送信", "发自我的iPhone",
    "iPhone'umdan gönderildi", "Wysłane z iPhone'a", "Odesláno z iPhonu", "Lähetetty iPhonesta",
]


def test_footers_with_links_and_in_other_languages_are_not_read(tmp_path):
    play(tmp_path, _footers)


async def _footers(t: Table):
    for n, footer in enumerate(FOOTERS):
        body = "\n".join([signon("FRANCE"), *ORDERS, "", footer, ""])
        await taken(t, plain(FRANCE, body, subject=f"orders {n}"), why=footer)
    # Outlook on the web's HTML-only mail: its footer a link.
    html = (f"<div>{signon('FRANCE')}</div><div>{ORDERS[0]}</div><div>{ORDERS[1]}</div><div><br></div>"
            '<div id="appendonsend"></div><div>Sent from <a href="https://aka.ms/weboutlook">Outlook</a></div>')
    await taken(t, html_only(FRANCE, html, subject="orders html"))
    # An order typed under a footer is not read, and the reply says where the reading stopped.
    body = "\n".join([signon("FRANCE"), ORDERS[0], "Verstuurd vanaf mijn iPhone", ORDERS[1]])
    reply = await taken(t, plain(FRANCE, body, subject="orders under"), ORDERS[:1])
    assert '(The reading stopped at the line "Verstuurd vanaf mijn iPhone": it is a mail program\'s footer' in \
        " ".join(reply.split()), reply


# -- replies --------------------------------------------------------------------------------------------------------
ATTRIBUTIONS = [
    "Op 27 nov. 2026 om 19:01 heeft judge@localhost het volgende geschreven:",
    "Den fre 27 nov. 2026 kl 19:01 skrev <judge@localhost>:",
    "пт, 27 нояб. 2026 г. в 19:01, <judge@localhost>:",
    "pt., 27 lis 2026 o 19:01 <judge@localhost> napisał(a):",
    "judge@localhost <judge@localhost>, 27 Kas 2026 Cum, 19:01 tarihinde şunları yazdı:",
]
HEADERS = [
    "От: judge@localhost <judge@localhost>\nОтправлено: 27 ноября 2026 г. 19:01\nКому: France\nТема: RE: orders",
    "Kimden: judge@localhost <judge@localhost>\nGönderildi: 27 Kasım 2026 Cuma 19:01\nKime: France\nKonu: RE: orders",
    "差出人: judge@localhost <judge@localhost>\n送信日時: 2026年11月27日 19:01\n宛先: France\n件名: RE: orders",
    "-----Ursprungligt meddelande-----\nFrån: judge@localhost\nSkickat: den 27 november 2026 19:01\nTill: France",
]


def test_a_reply_quoting_the_judge_in_another_language_is_read_without_the_quote(tmp_path):
    play(tmp_path, _replies)


async def _replies(t: Table):
    quoted = "\n".join(f"> {line}" if line else ">" for line in REPLY.split("\n"))
    for n, line in enumerate(ATTRIBUTIONS):
        body = "\n".join([signon("FRANCE"), *ORDERS, "", line, "", quoted, ""])
        await taken(t, plain(FRANCE, body, subject=f"Re: orders {n}"), why=line)
    # Outlook quotes without '>', under its header block in its user's language: nothing under it is read.
    for n, header in enumerate(HEADERS):
        body = "\n".join([signon("FRANCE"), *ORDERS, "", "________________________________", header, "", REPLY])
        await taken(t, plain(FRANCE, body, subject=f"RE: orders {n}"), why=header)
        await taken(t, plain(FRANCE, body.replace("________________________________\n", ""),
                             subject=f"RE: orders bare {n}"), why=header)


# -- a signature ----------------------------------------------------------------------------------------------------
def test_orders_below_a_signature_are_not_read_and_the_reply_says_so(tmp_path):
    play(tmp_path, _signature)


async def _signature(t: Table):
    body = "\n".join([signon("FRANCE"), ORDERS[0], "-- ", "Pierre Dupont, Paris", ORDERS[1], ""])
    reply = await taken(t, plain(FRANCE, body), ORDERS[:1])
    flat = " ".join(reply.split())
    assert ('(The reading stopped at the line "--": it starts a signature, so nothing below it was read. To have lines '
            'read, put them above it.)') in flat, reply
    assert "F BRE - MAO" not in reply and "F BRE: no order (defaults to hold)" in reply, reply
    # A signature alone under the orders is no news.
    reply = await taken(t, plain(FRANCE, "\n".join([signon("FRANCE"), *ORDERS, "-- ", "Pierre Dupont, Paris"])))
    assert "reading stopped" not in reply, reply


# -- PGP ------------------------------------------------------------------------------------------------------------
def test_a_pgp_clear_signed_message_is_read_as_its_signed_text(tmp_path):
    play(tmp_path, _pgp)


async def _pgp(t: Table):
    body = "\n".join(["-----BEGIN PGP SIGNED MESSAGE-----", "Hash: SHA256", "", signon("FRANCE"), *ORDERS, "",
                      "On Fri, 27 Nov 2026 19:01, judge@localhost wrote:", "> A Par - Pic", "", "- -- ",
                      "Pierre", "-----BEGIN PGP SIGNATURE-----", "",
                      "iQEzBAEBCAAdFiEEexampleexampleexampleexampleexampleFAmdnZXR",
                      "AAoJEExampleExampleExampleExampleExampleExampleExampleExample", "=Wx3y",
                      "-----END PGP SIGNATURE-----", ""])
    reply = await taken(t, plain(FRANCE, body))
    assert "PGP" not in reply and "SIGNATURE" not in reply.upper(), reply       # (nothing said of the signature)


# -- charsets -------------------------------------------------------------------------------------------------------
def test_utf8_labelled_iso_8859_1_is_read_as_utf8(tmp_path):
    play(tmp_path, _utf8_as_latin1)


async def _utf8_as_latin1(t: Table):
    for n, (text, label) in enumerate([("Déjà vu – no.", "iso-8859-1"), ("Déjà vu, «non».", None)]):
        msg = headed(FRANCE, subject=f"press {n}")
        body = f"{signon('FRANCE')}\nPRESS TO G\n{text}\nENDPRESS\n"
        if label:                                   # UTF-8 bytes, labelled Latin-1
            msg.set_content(body, charset="utf-8", cte="8bit")
            msg.set_param("charset", label)
        else:                                       # real Latin-1, labelled so
            msg.set_content(body, charset="iso-8859-1", cte="8bit")
        raw = msg.as_bytes(policy=SMTP)
        assert text.encode("utf-8" if label else "latin-1") in raw
        before = len(t.j.relay.to(GERMANY))
        await t.ask(raw, FRANCE)
        got = [m for m in t.j.relay.to(GERMANY)[before:] if not str(m["Subject"]).startswith("Re:")]
        assert len(got) == 1 and text in text_of(got[0]), [text_of(m) for m in got]
