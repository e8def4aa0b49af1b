"""An HTML part as a browser shows it: source line breaks are spaces, blocks and <br> end lines, <pre> is kept,
quotes are marked '>', list items keep a bullet and links their address."""
import pytest

from judge.mail.html import html_to_text


def lines(html: str) -> list[str]:
    return [line for line in html_to_text(html).split("\n") if line]


def test_source_line_breaks_inside_a_paragraph_are_spaces():
    assert lines("<p>A Ven S A Rom -\nApu</p>") == ["A Ven S A Rom - Apu"]
    assert lines("<p class=MsoNormal>F Bre\r\n   -\r\n Mao<o:p></o:p></p>\r\n<p>A Par H</p>") == ["F Bre - Mao",
                                                                                            "A Par H"]
    assert lines("<div>A <b>Par</b>\n<i> - </i>Bur</div>") == ["A Par - Bur"]     # one space between inline parts


def test_blocks_and_breaks_end_lines_and_a_break_alone_is_a_blank_line():
    assert html_to_text("<div>one</div><div><br></div><div>two<br>three</div>").split("\n") == \
        ["one", "", "two", "three"]
    assert lines("<table><tr><td>A Par</td><td>- Bur</td></tr></table>") == ["A Par - Bur"]


def test_pre_is_kept_as_written():
    assert html_to_text("<pre>A Mar   S A Par - Bur\n  indented\n</pre>").split("\n")[:2] == \
        ["A Mar   S A Par - Bur", "  indented"]


def test_quotes_are_marked_lists_bulleted():
    assert lines("<p>mine</p><blockquote><p>theirs,\nwrapped</p><blockquote>older</blockquote></blockquote>") == \
        ["mine", "> theirs, wrapped", "> > older"]
    assert lines("<ul><li>one</li><li>two\n words</li></ul><ol><li>three</li></ol>") == \
        ["\u2022 one", "\u2022 two words", "\u2022 three"]
    assert lines("<ul><li><p>Thunderbird's item</p></li><li><div>Outlook's</div></li></ul>") == \
        ["\u2022 Thunderbird's item", "\u2022 Outlook's"]


@pytest.mark.parametrize("html, shown", [
    ('see <a href="http://example.org/map">this map</a>.', "see this map (http://example.org/map)."),
    ('<a href="http://example.org/map">http://example.org/map</a>', "http://example.org/map"),
    ('<a href="https://example.org/">example.org</a>', "example.org"),
    ('<a href="mailto:gm@example.org">gm@example.org</a>', "gm@example.org"),
    ('<a href="mailto:gm@example.org">the master</a>', "the master (mailto:gm@example.org)"),
    ('<a href="#top">top</a> <a name="x">anchor</a>', "top anchor"),
])
def test_a_link_keeps_its_address_unless_it_shows_it(html, shown):
    assert lines(html) == [shown]


def test_hidden_parts_and_entities():
    html = ("<html><head><title>T</title><style>p {}</style></head><body><script>x()</script>"
            "<p>A&nbsp;Par &amp; F&#160;Bre</p></body></html>")
    assert lines(html) == ["A Par & F Bre"]
    assert lines("<head><title>never closed<body><p>A Par H</p>") == ["A Par H"]    # an unclosed <head>
