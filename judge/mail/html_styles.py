"""The rules of an HTML part's <style> blocks that hide or show elements (`display`, `visibility`, `mso-hide`), read
conservatively: a rule hides an element only when its selector is one the judge matches for sure (a tag, a class, an
id, or one compound of them, as `div.note#x`; comma lists of those) outside any @media or other condition, and no rule
it cannot match for sure might show that element instead. Anything else counts as showing: text is never dropped on
a guess."""
from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass

PROPERTIES = ("display", "visibility", "mso-hide")
UNSURE = "?"                            # a value that rules the judge cannot match for sure might change
_HIDING = {"display": ("none",), "visibility": ("hidden", "collapse"), "mso-hide": ("all",)}
# At-rules whose blocks hold no rules for the document's elements (fonts, printed pages, animation frames).
_NOT_ELEMENTS = ("@font-face", "@page", "@keyframes", "@-webkit-keyframes", "@counter-style", "@property")
_COMPOUND = re.compile(r"(?:(?P<tag>[a-z][a-z0-9-]*)|\*)?(?P<rest>(?:[.#]-?[_a-z][-_a-z0-9]*)*)", re.IGNORECASE)
_PARTS = re.compile(r"[.#][^.#]+")
_COMBINATOR = re.compile(r"\s*[>+~]\s*|\s+")
_PSEUDO = re.compile(r"::?[-a-z0-9]+(?:\([^()]*(?:\([^()]*\)[^()]*)*\))?|\[[^\]]*\]", re.IGNORECASE)
_SPACE = re.compile(r"\s*")
_IMPORTANT = re.compile(r"!\s*important\s*$", re.IGNORECASE)
MAX_SHEET = 200_000                     # characters of style read; a longer sheet hides nothing (too costly to trust)
# Selectors that set one of PROPERTIES: every element is matched against those filed where it could be, so a sheet of
# more (no mail client writes that many) hides nothing, and a crafted one costs no more than a few of them.
MAX_RULES = 32
MAX_BLOCKS = 50                 # style blocks in one document (a client writes one or two); more hide nothing
MAX_NESTING = 3                 # at-rules inside at-rules (@media in @supports): deeper, the sheet hides nothing


@dataclass(frozen=True)
class _Compound:
    """A compound selector: a tag (None: any), an id, classes."""
    tag: str | None
    ident: str | None
    classes: frozenset[str]

    def key(self, fold: bool) -> str:
        """Where it is filed: by its id, else a class, else its tag."""
        name = (f"#{self.ident}" if self.ident else f".{min(self.classes)}" if self.classes else self.tag or "*")
        return name.lower() if fold else name

    def matches(self, tag: str, ident: str, classes: set[str], fold: bool) -> bool:
        """Does it match the element? (`fold`: classes and id in any case, as in a quirks-mode document.)"""
        if fold:
            ident, classes = ident.lower(), {c.lower() for c in classes}
        return ((self.tag is None or self.tag == tag) and (self.ident is None or self.ident == ident)
                and self.classes <= classes)


def _compound(text: str, fold: bool) -> _Compound | None:
    """A compound selector as read, or None when it is anything else."""
    found = _COMPOUND.fullmatch(text)
    if not text or found is None:
        return None
    parts = _PARTS.findall(found.group("rest"))
    ids = {p[1:] for p in parts if p[0] == "#"}
    if len(ids) > 1:
        return None
    classes = frozenset(p[1:] for p in parts if p[0] == ".")
    tag = found.group("tag")
    low = (lambda s: s.lower()) if fold else (lambda s: s)
    return _Compound(tag.lower() if tag else None, low(next(iter(ids))) if ids else None,
                     frozenset(map(low, classes)))


@dataclass
class _Rule:
    compound: _Compound | None          # None: it might match any element
    specificity: tuple[int, int, int]
    order: int
    values: dict[str, tuple[str, bool]]     # property -> (value, !important)


def _unquoted(text: str, start: int = 0) -> Iterator[tuple[int, str]]:
    """Each character of `text` from `start` outside quoted strings, with its place; then (-1, "") if a string is
    left open."""
    quote, i = "", start
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        else:
            yield i, c
        i += 1
    if quote:
        yield -1, ""


def _split(text: str, sep: str) -> list[str] | None:
    """`text` split at `sep` outside strings and brackets; None when a string or bracket is left open."""
    out, start, depth = [], 0, 0
    for i, c in _unquoted(text):
        if i < 0:
            return None
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == sep and depth == 0:
            out.append(text[start:i])
            start = i + 1
    if depth:
        return None
    return out + [text[start:]]


def _declarations(block: str) -> dict[str, tuple[str, bool]] | None:
    """The properties the judge looks at of a declaration block, as (value, important); None if it cannot be read."""
    parts = _split(block, ";")
    if parts is None:
        return None
    out = {}
    for part in parts:
        name, sep, value = part.partition(":")
        name = name.strip().lower()
        if sep and name in PROPERTIES:
            important = _IMPORTANT.search(value) is not None
            out[name] = ("".join(_IMPORTANT.sub("", value).lower().split()), important)
    return out


class StyleSheet:
    """The hiding and showing rules of a document's style blocks."""

    def __init__(self) -> None:
        self.sure: dict[str, list[_Rule]] = {}          # rules matched for sure, filed by _Compound.key
        self.maybe: dict[str, list[_Rule]] = {}         # rules that might match (filed case-folded; "" for any)
        self.order = 0
        self.count = 0                  # selectors filed
        self.trusted = True             # False: something could not be read, so no rule hides anything
        self._seen: dict[tuple[str, str, str], dict[str, str]] = {}     # values() of elements alike

    def __bool__(self) -> bool:
        return self.trusted and bool(self.sure or self.maybe)

    def add(self, css: str, conditional: bool = False) -> None:
        """The rules of one style block (`conditional`: it applies only on some media)."""
        if len(css) > MAX_SHEET:
            self.trusted = False
            return
        css = re.sub(r"/\*.*?\*/", " ", css, flags=re.DOTALL).replace("<!--", " ").replace("-->", " ")
        if "/*" in css:
            self.trusted = False                        # (a comment left open)
            return
        self._rules(css, conditional)

    def _rules(self, css: str, conditional: bool, depth: int = 0) -> None:
        if depth > MAX_NESTING:
            self.trusted = False
            return
        at, brace, semi = 0, css.find("{"), css.find(";")     # (positions, not slices: one sweep of the sheet)
        while at < len(css):
            if 0 <= brace < at:
                brace = css.find("{", at)       # (each looked for again only once passed: none left is none left)
            if 0 <= semi < at:
                semi = css.find(";", at)
            start = _SPACE.match(css, at).end()
            if start == len(css):
                return
            if css.startswith("@", start) and (brace < 0 or 0 <= semi < brace):
                # A statement at-rule: @charset and @namespace change nothing shown; @import brings rules unseen.
                if css[start:start + 7].lower() == "@import":
                    self.trusted = False
                at = semi + 1 if semi >= 0 else len(css)
                continue
            end = _block_end(css, brace) if brace >= 0 else -1
            if end < 0:
                self.trusted = False                    # (a rule without its block, or a block left open)
                return
            prelude, block, at = css[at:brace].strip(), css[brace + 1:end], end + 1
            if prelude.startswith("@"):
                if not prelude.lower().startswith(_NOT_ELEMENTS):
                    self._rules(block, True, depth + 1)    # @media, @supports...: rules that may not apply
            else:
                self._rule(prelude, block, conditional)

    def _rule(self, prelude: str, block: str, conditional: bool) -> None:
        values = _declarations(block)
        selectors = _split(prelude, ",")
        if values is None or selectors is None:
            self.trusted = False
            return
        if not values:
            return
        self.order += 1
        self.count += len(selectors)
        if self.count > MAX_RULES:
            self.trusted = False
            return
        for selector in selectors:
            selector = selector.strip()
            sure = None if conditional else _compound(selector, False)
            if sure is not None:
                spec = (int(sure.ident is not None), len(sure.classes), int(sure.tag is not None))
                self.sure.setdefault(sure.key(False), []).append(_Rule(sure, spec, self.order, values))
                continue
            # Might match: an element that matches its last compound, without what only narrows it (":hover").
            last = _COMBINATOR.split(_PSEUDO.sub("", selector).strip())[-1]
            maybe = _compound(last, True)
            self.maybe.setdefault(maybe.key(True) if maybe else "", []).append(_Rule(maybe, (0, 0, 0), 0, values))

    def values(self, tag: str, attrs: list[tuple[str, str | None]]) -> dict[str, str]:
        """The element's properties as the rules set them: for each one a value set for sure, or UNSURE."""
        if not self:
            return {}
        ident = next((v for k, v in attrs if k == "id" and v), "")
        named = next((v for k, v in attrs if k == "class" and v), "")
        alike = self._seen.get((tag, ident, named))
        if alike is None:
            if len(self._seen) > 1000:
                self._seen.clear()
            alike = self._seen[tag, ident, named] = self._values(tag, ident, set(named.split()))
        return dict(alike)

    def _values(self, tag: str, ident: str, classes: set[str]) -> dict[str, str]:
        out: dict[str, str] = {}
        won: dict[str, tuple] = {}
        for key in {"*", tag, f"#{ident}", *(f".{c}" for c in classes)}:
            for rule in self.sure.get(key, ()):
                if rule.compound.matches(tag, ident, classes, False):
                    for name, (value, important) in rule.values.items():
                        rank = (important, rule.specificity, rule.order)
                        if name not in won or rank > won[name]:
                            won[name], out[name] = rank, value
        folded = {k.lower() for k in ("*", tag, f"#{ident}", *(f".{c}" for c in classes))} | {""}
        for key in folded:
            for rule in self.maybe.get(key, ()):
                if rule.compound is None or rule.compound.matches(tag, ident, classes, True):
                    for name, (value, _) in rule.values.items():
                        if value != out.get(name) and not (name not in out and value in _HIDING[name]):
                            out[name] = UNSURE      # (a rule that might hide, where none hides for sure, is moot)
        return out


def _block_end(css: str, brace: int) -> int:
    """Where the block opened at `brace` closes (-1: never), past strings and nested blocks."""
    depth = 0
    for i, c in _unquoted(css, brace):
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i
    return -1                       # (also when a string is left open: (-1, "") is the last item)


def hides(name: str, value: str | None) -> bool:
    """Does `value` of property `name` hide an element for sure?"""
    return value is not None and value in _HIDING[name]


# A document's style blocks, found as the HTML parser finds them (the judge's main pass reads the text, and a block
# applies to the whole document, so the blocks are looked for first): not in a comment, nor in an element whose
# content is raw text (a script's string that says "<style>" is no block). A regex: a second full parse of the
# document cost as much as reading it.
_BLOCK = re.compile(r"<!--.*?(?:-->|\Z)|<(script|textarea|title|xmp|noembed|noframes|template|iframe|noscript)\b"
                    r"[^>]{0,300}>.*?(?:</\1\s*>|\Z)|<style(?=[\s/>])([^>]{0,300})>(.*?)(?:</style\s*>|\Z)",
                    re.IGNORECASE | re.DOTALL)
_STYLE_TAG = re.compile("<style", re.IGNORECASE)
_ATTRIBUTE = r"(?:^|\s){}\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s\"'>]+))"
_MEDIA = re.compile(_ATTRIBUTE.format("media"), re.IGNORECASE)
_TYPE = re.compile(_ATTRIBUTE.format("type"), re.IGNORECASE)


def _attribute(pattern: re.Pattern[str], attrs: str) -> str:
    found = pattern.search(attrs)
    return "" if found is None else html.unescape(next(v for v in found.groups() if v is not None)).strip().lower()


def style_sheet(document: str) -> StyleSheet:
    """The rules of the document's <style> blocks (they apply to the whole document, wherever a block stands)."""
    sheet = StyleSheet()
    if _STYLE_TAG.search(document) is None:
        return sheet
    blocks = 0
    for found in _BLOCK.finditer(document):
        if found.group(3) is not None:
            blocks += 1
            if blocks > MAX_BLOCKS:
                sheet.trusted = False
                break
            attrs = found.group(2)
            # (a sheet for other media, or in another language than CSS, may not apply: its rules hide nothing)
            conditional = (_attribute(_MEDIA, attrs) not in ("", "all", "screen")
                           or _attribute(_TYPE, attrs) not in ("", "text/css"))
            sheet.add(found.group(3), conditional)
    return sheet


__all__ = ["PROPERTIES", "StyleSheet", "UNSURE", "hides", "style_sheet"]
