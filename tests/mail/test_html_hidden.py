"""What a browser does not show of an HTML part is not read: display:none, visibility:hidden, mso-hide:all in an
element's own style, the hidden attribute; anything else, and anything an element's end or a sibling's start shows
again, is."""
import pytest

from judge.mail.html import html_to_text


def lines(html: str) -> list[str]:
    return [line for line in html_to_text(html).split("\n") if line]


@pytest.mark.parametrize("hidden", [
    '<div style="display:none">A Mar - Pie</div>', '<div style="DISPLAY : None !important">A Mar - Pie</div>',
    "<div style='color:red;display:none;'>A Mar - Pie</div>", '<p style="visibility:hidden">A Mar - Pie</p>',
    '<span style="visibility: collapse">A Mar - Pie</span>', "<div hidden>A Mar - Pie</div>",
    '<div hidden="hidden"><p>A Mar</p><p>- Pie</p></div>', '<p style="mso-hide:all">A Mar - Pie<br></p>',
    '<div style="display:none"><div><span style="visibility:visible">A Mar - Pie</span></div></div>',
    '<table><tr style="display:none"><td>A Mar - Pie</td></tr></table>',
])
def test_hidden_elements_are_not_read(hidden):
    html = f"<div>A Par - Bur</div>{hidden}<div>F Bre - Mao</div>"
    assert lines(html) == ["A Par - Bur", "F Bre - Mao"]


def test_hidden_text_in_a_line_takes_no_room():
    html = '<p>A Par<span style="display:none"> H, A Mar</span> - Bur<br style="display:none"> please</p>'
    assert lines(html) == ["A Par - Bur please"]


@pytest.mark.parametrize("html, shown", [
    # A child that shows itself again under visibility:hidden (which display:none never allows).
    ('<div style="visibility:hidden">x<span style="visibility:visible">A Par - Bur</span>y</div>', ["A Par - Bur"]),
    # An element a browser ends when another starts: what follows it is shown.
    ('<ul><li hidden>A Mar - Pie<li>A Par - Bur</ul>', ["\u2022 A Par - Bur"]),
    ('<p style="display:none">A Mar - Pie<div>A Par - Bur</div>', ["A Par - Bur"]),
    ('<table><tr><td style="display:none">A Mar<td>A Par - Bur<tr><td>F Bre - Mao</table>',
     ["A Par - Bur", "F Bre - Mao"]),
    ('<div><p style="display:none">A Mar - Pie</div>A Par - Bur', ["A Par - Bur"]),     # its parent's end
    # Styles that hide nothing, or a class no style block hides.
    ('<div style="display:block;visibility:visible">A Par - Bur</div>', ["A Par - Bur"]),
    ('<div class="hidden" style="color:white">A Par - Bur</div>', ["A Par - Bur"]),
    ('<div style="display:none-ish">A Par - Bur</div>', ["A Par - Bur"]),
    ('<div aria-hidden="true">A Par - Bur</div>', ["A Par - Bur"]),
    ('<img hidden src="x.png">A Par - Bur', ["A Par - Bur"]),
])
def test_what_a_browser_shows_is_read(html, shown):
    assert lines(html) == shown
