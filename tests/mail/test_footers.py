"""Mail programs' footers, as their users' mail carries them: with the link Outlook writes into its plain text (or
the judge's reading of an HTML link), a closing full stop, in the languages phones are set to."""
import pytest

from judge.mail.body import read_text
from judge.mail.footers import bare, footer

# Each as a client writes it, under its user's text (seen by a tester sending real clients' mail).
FOOTERS = [
    "Sent from Outlook<https://aka.ms/weboutlook>",
    "Sent from Outlook (https://aka.ms/weboutlook)",                   # the HTML part's <a>, as the judge reads it
    "Sent from Mail<https://go.microsoft.com/fwlink/?LinkId=550986> for Windows 10",
    "Sent from Yahoo Mail for iPhone<https://overview.mail.yahoo.com/?.src=iOS>",
    ("Sent from Yahoo Mail on Android<https://go.onelink.me/107872968?pid=InProduct&c=Global_Internal_YGrowth"
     "_AndroidEmailSig__AndroidUsers&af_wl=ym&af_sub1=Internal&af_sub2=Global_YGrowth&af_sub3=EmailSignature>"),
    "Sent from Yahoo Mail on Android (https://go.onelink.me/107872968?pid=InProduct)",
    "Sent via the Samsung Galaxy S23 Ultra, an AT&T 5G smartphone",
    "Von meinem Samsung Galaxy Smartphone gesendet.",
    "Verstuurd vanaf mijn iPhone", "Sendt fra min iPhone", "Отправлено с iPhone", "iPhoneから送信", "发自我的iPhone",
    "iPhone'umdan gönderildi", "Wysłane z iPhone'a", "Odesláno z iPhonu", "Lähetetty iPhonesta",
    "Get Outlook for iOS<https://aka.ms/o0ukef>",
]


@pytest.mark.parametrize("line", FOOTERS)
def test_footers_as_clients_write_them(line):
    assert footer(line)


@pytest.mark.parametrize("line", FOOTERS)
def test_a_footer_under_the_orders_ends_the_reading_and_a_line_below_it_is_told(line):
    lines, stop = read_text(f"SIGNON Fg1 pw\r\nA PAR - BUR\r\n\r\n{line}\r\n")
    assert lines == ["SIGNON Fg1 pw", "A PAR - BUR"] and stop is None
    lines, stop = read_text(f"SIGNON Fg1 pw\nA PAR - BUR\n{line}\nF BRE - MAO\n")
    assert lines == ["SIGNON Fg1 pw", "A PAR - BUR"]
    assert stop is not None and stop.line == line[:100] and "footer" in stop.why


def test_a_footers_link_and_full_stop_are_taken_out_to_compare():
    assert bare("Sent from Mail<https://go.microsoft.com/fwlink/?LinkId=550986> for Windows 10") == \
        "Sent from Mail for Windows 10"
    assert bare("Sent from Outlook (https://aka.ms/weboutlook).") == "Sent from Outlook"
    assert bare("A PAR - BUR") == "A PAR - BUR"


@pytest.mark.parametrize("line", [
    "A Par - Bur", "F Bre - Mao", "A Mun S A Par - Bur", "F Lon C A Wal - Bre", "BUILD A PAR", "REMOVE F TRI",
    "A Sev - Rum", "F Gre - Aeg", "A Ven - Tri", "A Mos - Stp", "SIGNON Fg1 pw", "PRESS TO G", "SET WAIT",
    "A Par - Bur (https://example.org/map)", "Sent", "Sending A Par to Bur", "Verstuurd", "Von Paris nach Burgund",
    "A Tri - Ven // sent via Trieste", "iPhone", "Lähetetty",
])
def test_no_order_or_command_is_a_footer(line):
    assert not footer(line)
    assert read_text(f"{line}\nA PAR H")[0][-1] == "A PAR H"
