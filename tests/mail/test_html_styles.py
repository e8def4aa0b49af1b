"""What a <style> block's simple rules hide is not read (class, id and tag selectors, a compound of them, comma
lists; display:none, visibility:hidden, mso-hide:all), wherever the block stands; a rule the judge cannot match for
sure (a condition, a combinator, a pseudo-class, a sheet it cannot read whole) never hides anything, and one that
might show an element again keeps it shown."""
import pytest

from judge.mail.html import html_to_text


def lines(html: str) -> list[str]:
    return [line for line in html_to_text(html).split("\n") if line]


def around(sheet: str, hidden: str) -> str:
    return f"<html><head>{sheet}</head><body><div>A Par - Bur</div>{hidden}<div>F Bre - Mao</div></body></html>"


@pytest.mark.parametrize("sheet, hidden", [
    ("<style>.x{display:none}</style>", '<div class="x">A Mar - Pie</div>'),
    ("<style>#y { DISPLAY : None !important }</style>", '<p id="y">A Mar - Pie</p>'),
    ("<style>.a, .x {display:none;}</style>", '<div class="big x">A Mar - Pie</div>'),
    ("<style>span{visibility:hidden}</style>", "<span>A Mar - Pie</span>"),
    ("<style>.x{visibility:collapse}</style>", '<table><tr class="x"><td>A Mar - Pie</td></tr></table>'),
    ('<style type="text/css"><!--\n.x {mso-hide: all}\n--></style>', '<p class="x">A Mar - Pie</p>'),
    ("<style>div.x#y{display:none}</style>", '<div id="y" class="x">A Mar - Pie</div>'),
    ('<style media="screen">/* {display:block} */ .x{color:red; display:none}</style>', '<div class="x">A Mar</div>'),
    ("<style>.x{display:none} div{display:block}</style>", '<div class="x">A Mar - Pie</div>'),   # (.x is surer)
    ("<style>.x{display:none} .x{display:none}</style>", '<div class="x"><p>A Mar</p><p>- Pie</p></div>'),
    ('<style>.x{font-family:"a;}b",serif} .x{display:none}</style>', '<div class="x">A Mar - Pie</div>'),
    ("<style>.x{display:none}</style>", '<ul><li class="x">A Mar - Pie</li></ul>'),
])
def test_what_a_style_rule_hides_is_not_read(sheet, hidden):
    assert lines(around(sheet, hidden)) == ["A Par - Bur", "F Bre - Mao"]


def test_a_style_block_below_the_text_it_hides_still_hides_it():
    html = '<div>A Par - Bur</div><div class="x">A Mar - Pie</div><style>.x{display:none}</style>'
    assert lines(html) == ["A Par - Bur"]


@pytest.mark.parametrize("sheet, element", [
    # A rule shown again: later, or by the element's own style, or by a child's visibility.
    ("<style>.x{display:none} .x{display:block}</style>", '<div class="x">A Mar - Pie</div>'),
    ("<style>.x{display:none}</style>", '<div class="x" style="display:block">A Mar - Pie</div>'),
    ("<style>.x{visibility:hidden} .v{visibility:visible}</style>",
     '<div class="x">x<span class="v">A Mar - Pie</span></div>'),
    # Rules that might show it, which the judge does not match for sure: it stays shown.
    ("<style>.x{display:none} @media (max-width:600px){.x{display:block!important}}</style>",
     '<div class="x">A Mar - Pie</div>'),
    ("<style>.x{display:none} div:hover .x{display:block}</style>", '<div class="x">A Mar - Pie</div>'),
    # ... even over the element's own style (such a rule may be !important): a template's text for phones.
    ("<style>@media only screen and (max-width:480px){.phone{display:block!important}}</style>",
     '<div class="phone" style="display:none;mso-hide:all">A Mar - Pie</div>'),
    # Selectors the judge does not match for sure hide nothing.
    ("<style>.p .x{display:none}</style>", '<div class="p"><div class="x">A Mar - Pie</div></div>'),
    ("<style>div > .x, [title] {display:none}</style>", '<div><p class="x" title="t">A Mar - Pie</p></div>'),
    ("<style>.x:first-child{display:none}</style>", '<div><p class="x">A Mar - Pie</p></div>'),
    ("<style>@media screen{.x{display:none}}</style>", '<div class="x">A Mar - Pie</div>'),
    ('<style media="print">.x{display:none}</style>', '<div class="x">A Mar - Pie</div>'),
    # Rules of another element, or a property that hides nothing.
    ("<style>.X{display:none} #z{display:none} p.x{display:none}</style>", '<div class="x">A Mar - Pie</div>'),
    ("<style>.x{display:inline; visibility:visible; mso-hide:none}</style>", '<div class="x">A Mar - Pie</div>'),
    # A sheet the judge cannot read whole (rules brought from elsewhere, a block or comment left open) hides nothing.
    ("<style>@import url(https://example.org/s.css); .x{display:none}</style>", '<div class="x">A Mar - Pie</div>'),
    ("<style>.x{display:none} .y{color:red</style>", '<div class="x">A Mar - Pie</div>'),
    ("<style>.x{display:none} /* .y{color:red}</style>", '<div class="x">A Mar - Pie</div>'),
    # A style block in a comment, or in a script's string, is no style block.
    ("<!-- <style>.x{display:none}</style> -->", '<div class="x">A Mar - Pie</div>'),
    ('<script>var s = "<style>.x{display:none}</style>";</script>', '<div class="x">A Mar - Pie</div>'),
    # More hiding rules, blocks or nested at-rules than any mail client writes: the sheet is not trusted (and costs
    # little to read).
    ("<style>" + "".join(f".n{i}{{display:none}}" for i in range(40)) + ".x{display:none}</style>",
     '<div class="x">A Mar - Pie</div>'),
    ("<style>.n{color:red}</style>" * 60 + "<style>.x{display:none}</style>", '<div class="x">A Mar - Pie</div>'),
    ("<style>@media a{@media b{@media c{@media d{.n{color:red}}}}} .x{display:none}</style>",
     '<div class="x">A Mar - Pie</div>'),
])
def test_what_a_style_rule_does_not_hide_for_sure_is_read(sheet, element):
    assert lines(around(sheet, element)) == ["A Par - Bur", "A Mar - Pie", "F Bre - Mao"]


def test_a_hidden_rule_hides_only_its_own_element():
    html = ("<style>.x{display:none}</style><p>A Par<span class=\"x\"> H, A Mar</span> - Bur</p>"
            '<div class="x">A Mar - Pie</div><div class="y">F Bre - Mao</div>')
    assert lines(html) == ["A Par - Bur", "F Bre - Mao"]
