"""Which elements of an HTML part a browser does not show: `display:none`, `visibility:hidden`, `mso-hide:all` in an
element's own style or set by the simple rules of the document's <style> blocks (judge.mail.html_styles), and the
`hidden` attribute. Text is never dropped on a guess: what is not plainly hidden is shown."""
from __future__ import annotations

from dataclasses import dataclass

from judge.mail.html_styles import UNSURE, StyleSheet, hides

# Elements without content or an end tag: hiding one hides no text, and no end tag would end its region.
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
                  "track", "wbr"})
# Elements a browser ends when another starts ("<li hidden>a<li>b": b is shown): what starts -> (the open elements
# it ends, the containers they are looked for in). A <p> ends when any block starts.
_ENDS = {"li": ({"li"}, {"ul", "ol"}), "dt": ({"dt", "dd"}, {"dl"}), "dd": ({"dt", "dd"}, {"dl"}),
         "tr": ({"tr", "td", "th"}, {"table"}), "td": ({"td", "th"}, {"table", "tr"}),
         "th": ({"td", "th"}, {"table", "tr"}), "option": ({"option"}, {"select"})}


@dataclass
class _Open:
    tag: str
    gone: bool                  # display:none (or hidden, mso-hide:all): nothing inside is shown, whatever it says
    visible: bool | None        # its visibility when it sets one (a child's visibility:visible shows again)


def _style(attrs: list[tuple[str, str | None]]) -> dict[str, str]:
    """An element's inline style as {property: value}, in lower case and without spaces or !important."""
    text = next((v for k, v in attrs if k == "style" and v), "")
    out = {}
    for part in text.split(";"):
        name, sep, value = part.partition(":")
        if sep:
            value = "".join(value.lower().replace("!important", "").split())
            out["".join(name.lower().split())] = value
    return out


_INHERITED = ("inherit", "unset", "revert", "revert-layer")     # a rule's visibility that is its parent's


def _judged(tag: str, attrs: list[tuple[str, str | None]], sheet: StyleSheet | None = None) -> _Open:
    style = _style(attrs)
    if sheet:
        # The style sheet's values where the element's own style sets none (its own style wins over a rule the judge
        # is sure of), and UNSURE where a rule it cannot be sure of might set one: that rule may be !important (a
        # phone's @media rule showing what the element's own style hides), so the element counts as shown.
        ruled = sheet.values(tag, attrs)
        if ruled.get("visibility") in _INHERITED:
            del ruled["visibility"]
        style = {**ruled, **style, **{k: v for k, v in ruled.items() if v == UNSURE}}
        if style.get("display") == UNSURE:
            style.pop("mso-hide", None)     # (shown on some screen, then: only Outlook would hide it)
    gone = (any(k == "hidden" for k, _ in attrs) or hides("display", style.get("display"))
            or hides("mso-hide", style.get("mso-hide")))
    seen = style.get("visibility")
    return _Open(tag, gone, None if seen is None else not hides("visibility", seen))


class Hider:
    """Follows the elements open inside a hidden one (only there: nesting is tracked nowhere else) and says whether
    text at this point is shown."""

    def __init__(self, sheet: StyleSheet | None = None) -> None:
        self.open: list[_Open] = []
        self.sheet = sheet                  # the document's <style> rules (judge.mail.html_styles), if any

    def shown(self) -> bool:
        """Is text here shown?"""
        if not self.open:
            return True
        if any(o.gone for o in self.open):
            return False
        return next((o.visible for o in reversed(self.open) if o.visible is not None), True)

    def start(self, tag: str, attrs: list[tuple[str, str | None]], block: bool) -> bool:
        """An element starts (`block`: a browser lays it out as a block, which ends an open <p>): is it shown?"""
        if tag in VOID:
            # (a <br> with display:none breaks nothing)
            return self.shown() and not _judged(tag, attrs, self.sheet).gone
        ends, within = _ENDS.get(tag, (set(), set()))
        if block:
            ends = ends | {"p"}
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i].tag in within:
                break
            if self.open[i].tag in ends:
                del self.open[i:]
                break
        opened = _judged(tag, attrs, self.sheet)
        if self.open or opened.gone or opened.visible is False:
            self.open.append(opened)
        return self.shown()

    def end(self, tag: str) -> bool:
        """An element ends: the open ones down to it are closed; True if it was one of them. The end of an element
        opened before the hidden one (a <div> around an unclosed hidden <p>) ends the hidden region too."""
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i].tag == tag:
                del self.open[i:]
                return True
        self.open.clear()
        return False


__all__ = ["Hider"]
