"""Orders as mail clients send them, over SMTP: quoted earlier messages however a client marks them (or does not),
clients' footers, HTML that wraps its source lines, an empty plain part beside the HTML, text parts around an
image. Each message carries orders the judge must take, and text that would refuse the whole set if it were read."""
from tests.daemon.client_mail import PNG, Table, address, alternative, headed, html_only, plain, play, signon, text_part
from tests.daemon.test_games_by_mail import text_of

FRANCE = address("FRANCE")
ORDERS = ["A Par - Bur", "F Bre - Mao"]
# The judge's earlier reply, quoted: read as orders, any of these lines refuses the set.
QUOTED = ("Your message was NOT accepted: nothing in it has been changed.\n>> A Par - Pic\n"
          "   UNKNOWN PLACENAME: PIC\n\nEnd of judge reply.")


async def taken(t: Table, msg, orders: list[str] = ORDERS, why: str = "") -> None:
    """The message is accepted and France's orders are exactly `orders`."""
    reply = text_of(await t.ask(msg))
    assert "NOT accepted" not in reply, (why, reply)
    assert t.game().player("FRANCE").orders == orders, (why, reply)


# -- quoted earlier messages ----------------------------------------------------------------------------------------
ATTRIBUTIONS = [
    "On Mon, Jan 5, 2026 at 12:00 PM Judge <judge@localhost> wrote:",
    "On Mon, 5 Jan 2026 12:00:00 +0000, judge@localhost wrote:",
    "Le lun. 5 janv. 2026 à 12:00, Judge <judge@localhost> a écrit :",
    "Am 05.01.2026 um 12:00 schrieb Judge <judge@localhost>:",
    "El lun, 5 ene 2026 a las 12:00, Judge (<judge@localhost>) escribió:",
    "Il giorno lun 5 gen 2026 alle ore 12:00 Judge <judge@localhost> ha scritto:",
]
HEADERS = [
    "-----Original Message-----\nFrom: Judge [mailto:judge@localhost]\nSent: Monday, January 5, 2026 12:00 PM",
    "-----Ursprüngliche Nachricht-----\nVon: Judge <judge@localhost>\nGesendet: Montag, 5. Januar 2026 12:00",
    "-----Message d'origine-----\nDe : Judge <judge@localhost>\nEnvoyé : lundi 5 janvier 2026 12:00",
    "-----Messaggio originale-----\nDa: Judge <judge@localhost>\nInviato: lunedì 5 gennaio 2026 12:00",
    "-----Mensaje original-----\nDe: Judge <judge@localhost>\nEnviado el: lunes, 5 de enero de 2026 12:00",
    "---------- Forwarded message ---------\nFrom: Judge <judge@localhost>\nDate: Mon, Jan 5, 2026 at 12:00 PM",
    # Outlook's header block alone, in its user's language, its From line without an address in brackets.
    "From: JUDGE\nSent: Monday, January 5, 2026 12:00 PM\nTo: France\nSubject: RE: orders",
    "From: judge@localhost\nSent: Monday, January 5, 2026 12:00 PM\nTo: France\nSubject: RE: orders",
    "Von: JUDGE\nGesendet: Montag, 5. Januar 2026 12:00\nAn: France\nBetreff: AW: orders",
    "De : JUDGE\nEnvoyé : lundi 5 janvier 2026 12:00\nÀ : France\nObjet : RE: orders",
]


def test_an_unmarked_quote_under_an_attribution_is_not_read(tmp_path):
    play(tmp_path, _unmarked)


async def _unmarked(t: Table):
    for n, line in enumerate(ATTRIBUTIONS):
        body = "\n".join([signon("FRANCE"), *ORDERS, "", line, "", QUOTED])
        await taken(t, plain(FRANCE, body, subject=f"Re: orders {n}"), why=line)
    # Quoted with '>', the sender's own text may follow the quote (an answer written below it): it is read.
    body = "\n".join([signon("FRANCE"), ORDERS[0], "", ATTRIBUTIONS[0], "> A Par - Pic", "> UNKNOWN PLACENAME: PIC",
                      "", ORDERS[1]])
    await taken(t, plain(FRANCE, body, subject="Re: orders, below"))


def test_nothing_after_a_quoted_messages_header_is_read(tmp_path):
    play(tmp_path, _headers)


async def _headers(t: Table):
    for n, header in enumerate(HEADERS):
        body = "\n".join([signon("FRANCE"), *ORDERS, "", header, "", QUOTED])
        await taken(t, plain(FRANCE, body, subject=f"RE: orders {n}"), why=header)
        # Outlook's HTML mail: the same block in the HTML part, and its plain part.
        html = "".join(f"<p class=MsoNormal>{line}<o:p></o:p></p>\r\n" for line in body.split("\n"))
        await taken(t, alternative(FRANCE, body, html, subject=f"RE: orders html {n}"), why=header)


# -- footers --------------------------------------------------------------------------------------------------------
FOOTERS = ["Sent from my iPhone", "Sent from Outlook", "Sent from Yahoo Mail for iPhone",
           "Sent from Yahoo Mail on Android", "Sent from Gmail Mobile", "Sent from Samsung Mobile",
           "Sent from Proton Mail mobile", "Sent with Proton Mail secure email.", "Sent using the mail.com mail app",
           "Envoyé de mon iPhone", "Von meinem iPhone gesendet", "Enviado desde mi iPhone", "Inviato da iPhone",
           "Get Outlook for Android"]


def test_nothing_after_a_clients_footer_is_read(tmp_path):
    play(tmp_path, _footers)


async def _footers(t: Table):
    for n, footer in enumerate(FOOTERS):
        # (what some apps add under their line: a link, a promise; read as orders, they refuse the set)
        body = "\n".join([signon("FRANCE"), *ORDERS, "", footer, "Download the app: https://example.org/app"])
        await taken(t, plain(FRANCE, body, subject=f"orders {n}"), why=footer)


# -- HTML -----------------------------------------------------------------------------------------------------------
def test_html_source_lines_wrapped_inside_a_paragraph_are_one_line(tmp_path):
    play(tmp_path, _wrapped)


async def _wrapped(t: Table):
    # Outlook and Word wrap their HTML source; Thunderbird wraps at 72 columns. A browser shows one line each.
    outlook = (f"<html><body><div class=WordSection1><p class=MsoNormal>{signon('FRANCE')}<o:p></o:p></p>\r\n"
               "<p class=MsoNormal>A Par -\r\nBur<o:p></o:p></p>\r\n<p class=MsoNormal>F Bre\r\n  - \r\n"
               "Mao<o:p></o:p></p>\r\n<p class=MsoNormal>A Mar S A Par\r\n- Bur<o:p></o:p></p></div></body></html>")
    await taken(t, html_only(FRANCE, outlook), ORDERS + ["A Mar S A Par - Bur"])
    thunderbird = (f"<html><body><p>{signon('FRANCE')}<br>\nA Par - Bur<br>\nF Bre -\n Mao<br>\n</p>"
                   "<pre>A Mar   S A Par - Bur</pre></body></html>")
    await taken(t, html_only(FRANCE, thunderbird), ORDERS + ["A Mar   S A Par - Bur"])      # <pre> kept as is


def test_an_empty_plain_part_gives_way_to_the_html(tmp_path):
    play(tmp_path, _empty_plain)


async def _empty_plain(t: Table):
    html = f"<div>{signon('FRANCE')}</div><div>{ORDERS[0]}</div><div>{ORDERS[1]}</div>"
    for plain_text in ("", " \n\n \n", "This is an HTML message.", "Your mail client does not support HTML."):
        await taken(t, alternative(FRANCE, plain_text, html, subject=f"orders {plain_text!r}"), why=plain_text)


# -- several text parts ---------------------------------------------------------------------------------------------
def test_every_inline_text_part_is_read_in_order(tmp_path):
    play(tmp_path, _parts)


async def _parts(t: Table):
    # Apple Mail, a picture pasted between two paragraphs: text/plain, image/png, text/plain in multipart/mixed.
    msg = headed(FRANCE)
    msg.set_content(f"{signon('FRANCE')}\n{ORDERS[0]}\n")
    msg.add_attachment(PNG, maintype="image", subtype="png", filename="map.png", disposition="inline")
    msg.attach(text_part(f"\n{ORDERS[1]}\nA Mar - Spa\n"))
    await taken(t, msg, ORDERS + ["A Mar - Spa"])
    # A text file attached (a name, or "attachment") is not read: its lines would refuse the set.
    msg = headed(FRANCE, subject="orders, with notes")
    msg.set_content(f"{signon('FRANCE')}\n{ORDERS[0]}\n{ORDERS[1]}\n")
    msg.add_attachment("My notes: attack Pic next year", filename="notes.txt")
    notes = text_part("Inline notes with a name")
    notes.add_header("Content-Disposition", "inline", filename="inline-notes.txt")
    msg.attach(notes)
    await taken(t, msg)
