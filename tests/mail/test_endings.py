"""Where the sender's own text ends: clients' footers, quoted messages' headers, attributions (tables)."""
import pytest

from judge.mail.endings import attribution, ends_reading, header_block, verbless_attribution


@pytest.mark.parametrize("line", [
    "Sent from my iPhone", "Sent from my Galaxy", "Sent from Outlook", "Sent from Outlook for iOS",
    "Get Outlook for Android", "Sent from Yahoo Mail for iPhone", "Sent from Yahoo Mail on Android",
    "Sent from Gmail Mobile", "Sent from Samsung Mobile", "Sent from Proton Mail mobile",
    "Sent with Proton Mail secure email.", "Sent using the mail.com mail app", "Sent from Mail for Windows",
    "Envoyé de mon iPhone", "Von meinem iPhone gesendet", "Enviado desde mi iPhone", "Inviato da iPhone",
    "Enviado do meu iPhone", "Verzonden met mijn iPhone", "____________________",
])
def test_footers(line):
    assert ends_reading(line, [], 0) and ends_reading(line.upper(), [], 0)


@pytest.mark.parametrize("line", ["Sent", "A Par - Bur", "Sent the fleet to Spain", "sent: yesterday",
                                  "Inviato", "PRESS TO G", "Von Paris nach Burgund"])
def test_lines_that_are_no_footer(line):
    assert not ends_reading(line, [], 0)


@pytest.mark.parametrize("line", [
    "-----Original Message-----", "--- Original Message ---", "-------- Original-Nachricht --------",
    "-----Ursprüngliche Nachricht-----", "-----Message d'origine-----", "-----Message d’origine-----",
    "-----Messaggio originale-----", "-----Mensaje original-----", "---------- Forwarded message ---------",
    "-------- Message transféré --------", "Begin forwarded message:",
])
def test_quoted_message_markers(line):
    assert ends_reading(line, [], 0) and ends_reading(line.lower(), [], 0)


@pytest.mark.parametrize("block", [
    "From: JUDGE\nSent: Monday\nTo: France\nSubject: RE: orders", "From: judge@localhost\nSent: Monday",
    "From: Judge <judge@localhost>", "Von: JUDGE\nGesendet: Montag\nAn: France\nBetreff: AW: x",
    "De : JUDGE\nEnvoyé : lundi\nÀ : France\nObjet : RE: x", "Da: JUDGE\nInviato: lunedì\nA: Francia",
    "De: JUDGE\nEnviado el: lunes\nPara: Francia\nAsunto: RE: x", "*From:* Judge\n*Sent:* Monday",
    "From: JUDGE\n\nTo: France",
])
def test_header_blocks(block):
    first, *rest = block.split("\n")
    assert header_block(first, rest, 0) and ends_reading(first, rest, 0)


@pytest.mark.parametrize("block", ["From: JUDGE\nA Par - Bur", "From Paris to Burgundy\nSent: x",
                                   "A Par - Bur\nSent: Monday", "Den: x\nTo: y"])
def test_no_header_blocks(block):
    first, *rest = block.split("\n")
    assert not header_block(first, rest, 0) and not ends_reading(first, rest, 0)


@pytest.mark.parametrize("lines, taken", [
    (["On Mon, Jan 5, 2026 at 12:00 PM Judge <judge@localhost> wrote:"], 1),
    (["judge@localhost wrote:"], 1), (["Le lun. 5 janv. 2026 à 12:00, Judge a écrit :"], 1),
    (["Am 05.01.2026 um 12:00 schrieb Judge <judge@localhost>:"], 1), (["El lun, Judge escribió:"], 1),
    (["Il giorno lun Judge ha scritto:"], 1), (["Em seg., Judge escreveu:"], 1),
    (["On Mon, Jan 5, 2026 at 12:00 PM Judge <", "judge@localhost> wrote:"], 2),     # wrapped by the client
    (["A Par - Bur", "judge wrote:"], 0), (["On Monday we attack", "A Par - Bur"], 0), (["A Par - Bur"], 0),
    # Wrapped where the date or the name comes first (Gmail in Polish, Russian, Chinese, Finnish, Turkish)
    (["pt., 24 lis 2026 o 10:00 Alice Example <alice@example.org>", "napisał(a):"], 2),
    (["24 нояб. 2026 г., в 10:00, Alice Example <alice@example.org>", "написал(а):"], 2),
    (["Alice Example <alice@example.org> 于2026年11月24日周二 10:00", "写道："], 2),
    (["ti 24.11.2026 klo 10.00 Alice Example (alice@example.org)", "kirjoitti:"], 2),
    (["Alice Example <alice@example.org>, 24 Kas 2026 Sal, 10:00", "tarihinde şunu yazdı:"], 2),
    # ... but only a first line that names an address or a time, above a second that ends an attribution itself
    (["See you at the deadline", "Alice wrote:"], 0), (["Alice <alice@example.org> says", "these are mine:"], 0),
    (["Meeting at 10:00, as I schrieb", "Befehle:"], 0),
])
def test_attributions(lines, taken):
    assert attribution(lines[0], lines[1] if len(lines) > 1 else None) == taken


# -- other languages (seen by a tester sending real clients' replies) ------------------------------------------------
@pytest.mark.parametrize("line", [
    "Op 27 nov. 2026 om 19:01 heeft judge@localhost het volgende geschreven:",          # Apple Mail, Dutch
    "Den fre 27 nov. 2026 kl 19:01 skrev <judge@localhost>:",                           # Gmail, Swedish
    "pt., 27 lis 2026 o 19:01 Judge <judge@localhost> napisał(a):",                     # Gmail, Polish
    "judge@localhost <judge@localhost>, 27 Kas 2026 Cum, 19:01 tarihinde şunları yazdı:",  # Gmail, Turkish
    "27 нояб. 2026 г., в 19:01, judge@localhost написал(а):",                            # Apple Mail, Russian
    "Judge <judge@localhost> 于2026年11月27日周五 19:01写道：",                             # Gmail, Chinese
])
def test_attributions_in_other_languages(line):
    assert attribution(line, None) == 1


@pytest.mark.parametrize("line, may", [
    ("пт, 27 нояб. 2026 г. в 19:01, <judge@localhost>:", True),         # Gmail, Russian: no verb
    ("2026年11月27日(金) 19:01 Judge <judge@localhost>:", True),          # Gmail, Japanese
    ("Orders for spring:", False), ("A Par - Bur", False), ("A Par - Bur 19:01", False),
])
def test_an_attribution_without_a_verb_names_an_address_or_a_time(line, may):
    assert verbless_attribution(line) is may and attribution(line, None) == 0


@pytest.mark.parametrize("block", [
    "От: Judge <judge@localhost>\nОтправлено: 27 ноября 2026 г. 19:01\nКому: France\nТема: RE: orders",
    "От: JUDGE\nОтправлено: 27 ноября 2026 г. 19:01\nКому: France",
    "Kimden: Judge <judge@localhost>\nGönderildi: 27 Kasım 2026 Cuma 19:01\nKime: France\nKonu: RE: orders",
    "Kimden: JUDGE\nGönderildi: 27 Kasım 2026 Cuma 19:01",
    "差出人: Judge <judge@localhost>\n送信日時: 2026年11月27日 19:01\n宛先: France\n件名: RE: orders",
    "差出人: JUDGE\n送信日時: 2026年11月27日 19:01",
    "Feladó: Judge <judge@localhost>\nElküldve: 2026. november 27. 19:01\nCímzett: France\nTárgy: RE: orders",
    # A language no table knows (Slovenian): a field naming an address, then two more fields.
    "Pošiljatelj: Judge <judge@localhost>\nPoslano: 27. november 2026 19:01\nZa: France\nZadeva: RE: orders",
    "*Pošiljatelj:* judge@localhost\n\n*Poslano:* 27. november 2026 19:01\n*Za:* France",
])
def test_header_blocks_in_other_languages(block):
    first, *rest = block.split("\n")
    assert header_block(first, rest, 0) and ends_reading(first, rest, 0)


@pytest.mark.parametrize("block", ["Pošiljatelj: Judge <judge@localhost>\nA Par - Bur\nF Bre - Mao",
                                   "Contact: me@example.org\nSIGNON Fg1 pw\nA Par - Bur",
                                   "Pošiljatelj: Judge\nPoslano: x\nZa: y",
                                   "Pošiljatelj: Judge <judge@localhost>\nPoslano: x\nA Par - Bur"])
def test_no_header_block_without_its_fields_or_address(block):
    first, *rest = block.split("\n")
    assert not ends_reading(first, rest, 0)


@pytest.mark.parametrize("line", ["-----Ursprungligt meddelande-----", "-----Oprindelig meddelelse-----",
                                  "-------- Исходное сообщение --------", "-------- Пересылаемое сообщение --------",
                                  "-----Oryginalna wiadomość-----", "-----Původní zpráva-----"])
def test_more_quoted_message_markers(line):
    assert ends_reading(line, [], 0)
