"""An HTML part as the lines a browser shows: source line breaks inside a paragraph are spaces, blocks and <br> end
lines, <pre> is kept as written, quoted text (<blockquote>) is marked with '>' as a plain-text quote is, list items
keep a bullet and a link keeps its address; what a browser hides is left out (judge.mail.html_hidden; the rules of
<style> blocks, judge.mail.html_styles)."""
from __future__ import annotations

import re
from html.parser import HTMLParser

from judge.mail.html_hidden import Hider
from judge.mail.html_styles import StyleSheet, style_sheet

# Elements that start and end a line of their own (a browser lays them out as blocks).
_BLOCK = frozenset({"p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote", "table", "ul",
                    "ol", "dl", "dt", "dd", "hr", "address", "article", "section", "header", "footer", "center",
                    "form", "fieldset", "caption", "tbody", "thead", "tfoot", "figure", "figcaption", "main", "nav"})
_CELL = frozenset({"td", "th"})             # cells of a row: a space between them
_HIDDEN = frozenset({"script", "style", "head", "title", "xml", "template"})
_SPACES = re.compile(r"[ \t\n\r\f]+")       # HTML's white space (a no-break space is not collapsed)
_BULLET = "\u2022 "          # a list item's: a bullet the order reader passes over (a typed "- " is refused)
_SHOWN_LINK = re.compile(r"^(?:https?|ftp|mailto):", re.IGNORECASE)


def _bare_link(text: str) -> str:
    """A link or its text as compared: "http://example.org/map/" and "example.org/map" are the same address."""
    text = re.sub(r"^(?:https?://|ftp://|mailto:)", "", text.strip().lower())
    return text.rstrip("/")


class _Text(HTMLParser):
    def __init__(self, sheet: StyleSheet | None = None) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.line: list[str] = []
        self.line_quote = 0                  # the <blockquote> depth where the current line began
        self.hidden = 0
        self.hider = Hider(sheet)            # elements a browser does not show (display:none, hidden...)
        self.quote = 0
        self.pre = 0
        self.links: list[tuple[str, list[str]]] = []     # open <a>: its address, the text shown so far

    # -- lines ------------------------------------------------------------------------------------------------------
    def end_line(self, blank: bool = False) -> None:
        """End the current line; an empty one only when `blank` (a <br> on its own is a blank line)."""
        text = "".join(self.line)
        if not self.pre:
            text = text.rstrip(" ")
        if text or blank:
            self.lines.append(("> " * self.line_quote if text and self.line_quote else "") + text)
        self.line = []

    def add(self, text: str) -> None:
        if not text:
            return
        if not self.line:
            self.line_quote = self.quote
        self.line.append(text)
        for _, shown in self.links:
            shown.append(text)

    def _after_space(self) -> bool:
        """Is the line empty so far, or does it end in a space (where a browser shows no second space)?"""
        return not self.line or self.line[-1].endswith(" ")

    # -- the parser's events ----------------------------------------------------------------------------------------
    def handle_starttag(self, tag: str, attrs) -> None:
        if tag == "body":
            self.hidden = 0                 # (an unclosed <head> hides nothing after the body starts)
        if tag in _HIDDEN:
            self.hidden += 1
            return
        if not self.hider.start(tag, attrs, tag in _BLOCK):
            return                          # (nor does it break a line, quote, or list: it takes no room)
        if tag == "br":
            self.end_line(blank=True)
        elif tag in _BLOCK and self.line != [_BULLET]:     # (<li><p>item</p>: the item on its bullet's line)
            self.end_line()
        elif tag in _CELL and not self._after_space():
            self.add(" ")
        if tag == "blockquote":
            self.quote += 1
        elif tag == "pre":
            self.pre += 1
        elif tag == "li":
            self.add(_BULLET)
        elif tag == "a":
            href = next((v for k, v in attrs if k == "href" and v), "")
            self.links.append((href, []))

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN:
            self.hidden = max(0, self.hidden - 1)
            return
        unseen = not self.hider.shown()
        if self.hider.end(tag) and unseen:
            return
        if tag == "a" and self.links:
            href, shown = self.links.pop()
            if _SHOWN_LINK.match(href) and _bare_link("".join(shown)) != _bare_link(href):
                # (a link's text alone loses where it points: "this map" is read as "this map (http://...)")
                self.add(("" if self._after_space() else " ") + f"({href.strip()})")
        if tag in _BLOCK:
            self.end_line()
        if tag == "blockquote":
            self.quote = max(0, self.quote - 1)
        elif tag == "pre":
            self.pre = max(0, self.pre - 1)

    def handle_data(self, data: str) -> None:
        if self.hidden or not self.hider.shown():
            return
        if self.pre:
            first, *rest = data.replace("\r\n", "\n").replace("\r", "\n").split("\n")
            self.add(first)
            for part in rest:
                self.end_line(blank=True)
                self.add(part)
            return
        data = _SPACES.sub(" ", data)       # the source's line breaks inside a paragraph are spaces
        if self._after_space():
            data = data.lstrip(" ")
        self.add(data)


def html_to_text(html: str) -> str:
    """The text of an HTML document, one line a shown line."""
    p = _Text(style_sheet(html))
    p.feed(html)
    p.close()
    p.end_line()
    return "\n".join(p.lines).replace("\xa0", " ")


__all__ = ["html_to_text"]
