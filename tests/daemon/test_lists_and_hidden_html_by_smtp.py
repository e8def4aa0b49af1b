"""Orders as mail clients lay them out, over SMTP to `judge serve`: numbered and dashed lists typed by hand,
Outlook's auto-numbered list, and text an HTML mail hides (a browser does not show it, so the judge does not read
it). Each test reads the judge's whole reply."""
from tests.daemon.client_mail import Table, address, html_only, plain, play, signon, text_of

FRANCE = address("FRANCE")
# The whole reply to a message that signs on and gives A Par - Bur, F Bre - Mao and A Mar H, each read once.
TAKEN = ("Signed on as France in game mailt.\n\n:: Judge: JUDGE  Game: mailt  Variant: standard\n"
         ":: Deadline: S1901M Thu 8 Jan 2026 12:00 UTC\n\nOrders for France (Spring 1901 Movement):\n"
         "  F BRE - MAO\n  A MAR H\n  A PAR - BUR\n\nEnd of judge reply.\n")


async def accepted(t: Table, msg) -> None:
    text = text_of(await t.ask(msg))
    assert text == TAKEN, text
    assert len(t.game().player("FRANCE").orders) == 3


def test_hidden_html_text_is_not_read_as_orders(tmp_path):
    play(tmp_path, _hidden)


async def _hidden(t: Table):
    html = (f"<html><body><div>{signon('FRANCE')}</div><div>A Par - Bur</div>"
            '<div style="display:none">A Mar - Pie</div><div>F Bre - Mao</div>'
            '<p style="mso-hide:all">A Mar - Bur</p><div hidden>F Bre - Gas</div>'
            '<span style="visibility:hidden">A Par - Pic</span><div>A Mar H</div></body></html>')
    await accepted(t, html_only(FRANCE, html))


def test_numbered_and_dashed_lists_are_read_as_orders(tmp_path):
    play(tmp_path, _lists)


async def _lists(t: Table):
    for items in (["1. ", "2. ", "3. "], ["1) ", "2) ", "3) "], ["a. ", "b. ", "c. "], ["- ", "- ", "- "],
                               ["\u2013 ", "\u2013 ", "\u2013 "], ["* ", "\u2022 ", "\u00b7 "]):
        orders = [f"{items[0]}A Par - Bur", f"{items[1]}F Brest - Mid-Atlantic Ocean", f"{items[2]}A Mar H"]
        await accepted(t, plain(FRANCE, "\n".join([signon("FRANCE"), *orders]), subject="orders"))


def test_outlooks_numbered_list_is_read_as_orders(tmp_path):
    play(tmp_path, _outlook)


async def _outlook(t: Table):
    """Outlook writes a list item's number as text of its own, for clients without lists to show."""
    def item(n: int, order: str) -> str:
        return ("<p class=MsoListParagraph style='margin-left:36.0pt;text-indent:-18.0pt;mso-list:l0 level1 lfo1'>"
                f"<![if !supportLists]><span style='mso-list:Ignore'>{n}.<span style='font:7.0pt \"Times New "
                "Roman\"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span><![endif]>"
                f"{order}<o:p></o:p></p>")
    html = ("<html xmlns:o=\"urn:schemas-microsoft-com:office:office\"><head><style>p.MsoListParagraph "
            "{margin:0cm}</style></head><body lang=EN-GB><div class=WordSection1>"
            f"<p class=MsoNormal>{signon('FRANCE')}<o:p></o:p></p>"
            + item(1, "A Par - Bur") + item(2, "F Bre - Mao") + item(3, "A Mar Holds")
            + "</div></body></html>")
    await accepted(t, html_only(FRANCE, html))
