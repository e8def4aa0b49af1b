"""The one likely reading of an order line the judge refused ("Burgondy", "Eng Channel", "1. A Par - Bur"), for the
reply; only on the refusal path, so order reading stays as fast as it was."""
from __future__ import annotations

import re
from collections.abc import Callable

from judge import builds
from judge.maps import Map, kept_per_map
from judge.orders import Order
from judge.orders.errors import NO_HOME_LEFT, NO_UNIT, NOT_HOME_CENTER, NOT_OWNED_CENTER, OCCUPIED, \
    UNKNOWN_PLACENAME, OrderError
from judge.orders.parser import Parsed, parse, tokenize
from judge.orders.validate import Validator
from judge.orders.words import BUILD_WORDS, FILLERS, KEYWORDS, REMOVE_WORDS, UNIT_WORDS, WAIVE_WORDS
from judge.position import Position
from judge.rules import Ruleset
from judge.spelling import one_edit, unaccented
from judge.phrases import listed

# A list marker in front of an order: "1.", "2)", "3:", "-", "*", "•".
_MARKER = re.compile(r"^\s*(?:\d{1,2}\s*[.):]|[-*\u2022]+)\s*")
_UNITS = {"army": "a", "fleet": "f"}
MAX_SPAN = 3           # words a place name may take ("mid atlantic ocean")
_NO_UNIT = NO_UNIT.split("{")[0]
_BAD_SITE = tuple(e.split("{")[0] for e in (OCCUPIED, NOT_HOME_CENTER, NOT_OWNED_CENTER, NO_HOME_LEFT))
MIN_LONG_NAME = 8      # letters of a name of several words matched with a letter wrong ("st petersbourg")
MAX_LINE = 200         # longer lines get no reading (the refusal path stays cheap whatever is sent)


def suggest(text: str, m: Map, phase_kind: str, bind: Callable[[Parsed], Order]) -> str | None:
    """The order `text` most likely means, in the judge's notation ("A PAR - BUR"), when exactly one reading of it
    is a valid order (`bind` checks one against the board); None otherwise."""
    try:
        bind(parse(text, m, phase_kind))
        return None                 # the line is a valid order: what refused it is the set (a duplicate, ...)
    except OrderError:
        pass
    readings = set()
    for variant in _variants(text, m):
        if variant == text:
            continue
        try:
            readings.add(str(bind(parse(variant, m, phase_kind))))
        except OrderError:
            continue
    return readings.pop() if len(readings) == 1 else None


def with_hint(text: str, why: str, m: Map, position: Position, rules: Ruleset, power: str) -> str:
    """A refusal with the one likely reading of the line, when there is one: the order it most likely means, or
    that it is no order at all, or the place names it most likely means."""
    if len(text) > MAX_LINE:
        return why
    v = Validator(position, m, rules)
    several = _several(text, m, position.phase.kind, lambda p: v.bind(p, power))
    if several:
        return f"{why} (ONE ORDER A LINE: PUT {' AND '.join(several)} ON LINES OF THEIR OWN)"
    reading = suggest(text, m, position.phase.kind, lambda p: v.bind(p, power))
    if reading:
        return f"{why} (DID YOU MEAN: {reading})"
    if why.startswith(_NO_UNIT):
        # (a unit that has moved, or a build that was refused: the player's own units, as the board has them now)
        mine = sorted(position.units_of(power), key=lambda u: u.loc)
        if mine:
            return f"{why} (YOUR UNIT{'S' if len(mine) > 1 else ''}: {', '.join(map(str, mine))})"
    if why.startswith(_BAD_SITE) and position.phase.kind == "A":
        return f"{why} ({_build_sites(m, position, rules, power)})"
    if reading is None and looks_like_prose(text, m) and not _only_order_words(text):
        return f"{why} (NOT AN ORDER? END YOUR ORDERS WITH SIGNOFF, OR PUT // BEFORE A REMARK)"
    fixes = corrections(text, m)
    if fixes and why.startswith(UNKNOWN_PLACENAME.split("{")[0]):
        return f"{why} (DID YOU MEAN " + ", ".join(f"{prov} FOR {word}" for word, prov in fixes) + "?)"
    return why


def _build_sites(m: Map, position: Position, rules: Ruleset, power: str) -> str:
    """Where the power may build instead: a refused build site said what was wrong and not what would do."""
    free = builds.sites(m, power, position.units, position.centers, rules, position.house)
    if not free:
        return "NO CENTRE IS FREE TO BUILD IN NOW: WAIVE THE BUILD"
    return "YOU MAY BUILD IN " + listed(free, "OR")


def _several(text: str, m: Map, phase_kind: str, bind: Callable[[Parsed], Order]) -> list[str]:
    """The orders of a line that holds several, parted by commas or semicolons ("A Par-Bur, A Mar-Spa"), when each
    part is a valid order; [] otherwise."""
    parts = [p for p in re.split(r"[,;]", text) if p.strip()]
    if len(parts) < 2:
        return []
    try:
        return [str(bind(parse(p, m, phase_kind))) for p in parts]
    except OrderError:
        return []


def looks_like_prose(text: str, m: Map) -> bool:
    """No word of the line names a unit or a place: a remark ("Thanks, see you next turn!"), not an order."""
    return not any(t in UNIT_WORDS or t in m.names for t in tokenize(_MARKER.sub("", text)) if t[0].isalnum())


# Words that make a line an order (or a try at one) though it names no unit or place: "waive", "build", "h".
_ORDER_WORDS = KEYWORDS | BUILD_WORDS | REMOVE_WORDS | WAIVE_WORDS


def _only_order_words(text: str) -> bool:
    """A line of nothing but order words ("waive", "disband"): a try at an order, never a remark to be told off."""
    words = [t for t in tokenize(_MARKER.sub("", text)) if t[0].isalnum()]
    return bool(words) and all(t in _ORDER_WORDS for t in words)


def is_remark(text: str, m: Map) -> bool:
    """Plainly no order, nor a try at one: no unit, place or word of an order in it (a "Thanks,", a name)."""
    return looks_like_prose(text, m) and not any(t in _ORDER_WORDS for t in tokenize(_MARKER.sub("", text)))


def corrections(text: str, m: Map) -> list[tuple[str, str]]:
    """The unknown words of the line that are close to exactly one province: (as written, the province)."""
    return _repair(_MARKER.sub("", text), m)[1]


def _variants(text: str, m: Map) -> list[str]:
    bare = _MARKER.sub("", text)
    repaired = _repair(bare, m)[0]
    out = [bare, " ".join(repaired)]
    # A word or two of remark after the order ("A Par - Bur please").
    for cut in (1, 2):
        if len(repaired) > cut + 1 and all(w[0].isalnum() and w not in KEYWORDS and w not in m.names
                                           for w in repaired[-cut:]):
            out.append(" ".join(repaired[:-cut]))
    return list(dict.fromkeys(v for v in out if v.strip()))


def _repair(text: str, m: Map) -> tuple[list[str], list[tuple[str, str]]]:
    """The line's words with each unknown word (or run of words, hyphens inside allowed: "mid-atl") that is close to
    exactly one province's name replaced by that province, and abbreviated unit words ("Flt") written out; and the
    replacements made."""
    written = [t for t in tokenize(text) if t not in (",", ";")]
    tokens = [unaccented(t) for t in written]          # "Pétersbourg" is matched as "petersbourg"
    out: list[str] = []
    fixed: list[tuple[str, str]] = []
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if not t[0].isalnum() or t in KEYWORDS or t in UNIT_WORDS or (t in FILLERS and t not in m.names):
            out.append(t)                         # ("the" is no misspelt Tyrrhenian Sea: the reader passes it over)
            i += 1
            continue
        for end in _span_ends(tokens, i):
            words = [w for w in tokens[i:end] if w != "-"]
            prov = _province(words, m, hyphened=len(words) < end - i)
            if prov is not None:
                if "".join(words) not in m.names:
                    fixed.append((" ".join(written[i:end]).replace(" - ", "-").upper(), prov))
                out.append(prov.lower())
                i = end
                break
        else:
            out.append(_unit_word(t) or t)
            i += 1
    return out, fixed


def _span_ends(tokens: list[str], i: int) -> list[int]:
    """Where a place name starting at tokens[i] may end, longest first: up to MAX_SPAN words, a hyphen between two
    of them allowed."""
    ends, j, count = [], i, 0
    while j < len(tokens) and count < MAX_SPAN:
        w = tokens[j]
        if w == "-" and count and j + 1 < len(tokens) and tokens[j + 1][0].isalnum():
            j += 1
            continue
        if not w[0].isalnum() or w in KEYWORDS:
            break
        j += 1
        count += 1
        ends.append(j)
    return ends[::-1]


def _province(words: list[str], m: Map, hyphened: bool = False) -> str | None:
    joined = "".join(words)
    if joined in m.names:
        return m.names[joined]
    if len(words) == 1 and _unit_word(joined):
        return None
    if len(words) == 1 and len(joined) >= 4 or len(words) > 1 and not hyphened and len(joined) >= MIN_LONG_NAME:
        # A letter wrong, missing, added or swapped ("Burgondy", "Holand") before any abbreviation: "holand"
        # also abbreviates "heligoland". Of several words, the whole name ("St Petersbourg"), not its first
        # word alone ("St", which abbreviates Sevastopol); not two places joined by a move's dash.
        found = {prov for key, prov in m.names.items() if len(key) >= (3 if len(words) == 1 else MIN_LONG_NAME)
                 and one_edit(joined, key)}
        if len(found) == 1:
            return found.pop()
    found = {prov for name_words, prov in _word_names(m) if _fits(words, name_words)}
    return found.pop() if len(found) == 1 else None


def _fits(words: list[str], name_words: tuple[str, ...]) -> bool:
    """'eng channel' ~ 'english channel', 'blk sea' ~ 'black sea', 'mid atl' ~ 'mid atlantic ocean': word by word,
    each written word an abbreviation of the name's (its first letter, then letters of it in order)."""
    if len(words) > len(name_words) or (len(words) == 1 and len(name_words) > 1 and len(words[0]) < 3):
        return False
    return all(_abbreviates(w, n) for w, n in zip(words, name_words))


def _abbreviates(word: str, name: str) -> bool:
    if not word or word[0] != name[0] or len(word) > len(name):
        return False
    rest = iter(name[1:])
    return all(c in rest for c in word[1:])


def _unit_word(word: str) -> str | None:
    """'flt', 'fl', 'amy': a unit type written short."""
    hits = {letter for full, letter in _UNITS.items() if len(word) >= 2 and _abbreviates(word, full)}
    return hits.pop() if len(hits) == 1 else None


_WORD_NAMES: dict[int, tuple[Map, tuple[tuple[tuple[str, ...], str], ...]]] = {}


def _word_names(m: Map) -> tuple[tuple[tuple[str, ...], str], ...]:
    """Every province's full name as words ('mid', 'atlantic', 'ocean'), for matching abbreviations word by word
    (kept per map: a map is not changed once loaded)."""
    return kept_per_map(_WORD_NAMES, m, _make_word_names, limit=64)


def _make_word_names(m: Map) -> tuple[tuple[tuple[str, ...], str], ...]:
    return tuple((tuple(w for w in re.split(r"[^a-z0-9]+", p.name.lower()) if w), abbr)
                 for abbr, p in m.provinces.items())


__all__ = ["corrections", "is_remark", "looks_like_prose", "suggest", "with_hint"]
