"""Where the sender's own text ends: clients' footers, quoted messages' headers, attributions (tables)."""
import pytest

from judge.mail.endings import attribution, ends_reading, header_block


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
])
def test_attributions(lines, taken):
    assert attribution(lines[0], lines[1] if len(lines) > 1 else None) == taken
