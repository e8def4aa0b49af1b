"""The power an order line names in front of its order, in the forms DPjudge reads: "FRANCE: A PAR - BUR", "F: A PAR
- BUR" (its letter, with a colon), "(FRANCE) A PAR H", "FRANCE A PAR H", "French A Par H", "England's F Lon H",
"Française A Par H" (a translated map's adjective)."""
from __future__ import annotations

from judge.maps import Map
from judge.orders.words import UNIT_WORDS
from judge.spelling import unaccented


def nationality(line: str, m: Map) -> tuple[str | None, str]:
    """(power, the order after its name) when the line begins with a power's name, adjective or (with a colon or in
    brackets) letter; else (None, line)."""
    text = line.strip()
    head, colon, rest = text.partition(":")
    if colon:
        power = _named(head.strip(), m, letter=True)
        if power is not None:
            return power, rest.strip()
    if text[:1] == "(":
        inner, close, rest = text[1:].partition(")")
        power = _named(inner.strip(), m, letter=True) if close else None
        if power is not None and rest.strip():
            return power, rest.strip()
    words = text.split(None, 1)
    if len(words) < 2:
        return None, line
    first, rest = words
    power = _named(first, m, letter=False)
    # A power's adjective may name a place too (DPjudge's "English" Channel): it is the nationality when a unit type
    # follows it ("English F Lon H"), a place otherwise ("English - Bre" is no order of England's).
    if power is None or (m.lookup(first) and rest.split()[0].lower() not in UNIT_WORDS):
        return None, line
    return power, rest


def skipped(tokens: list[str], m: Map) -> int:
    """How many of an order's first tokens (judge.orders.token_reader.tokenize's) name its power, as nationality()
    reads them: 0 when they name none."""
    n = len(tokens)
    if n < 2:
        return 0
    first = tokens[0]
    if first in UNIT_WORDS and tokens[1] != ":":
        return 0                                # (most orders: no power named)
    if first == "(":
        return 3 if n > 3 and tokens[2] == ")" and _named(tokens[1], m, letter=True) else 0
    if not first[0].isalnum():
        return 0
    if ":" in tokens[1:4]:
        colon = tokens.index(":")               # ("New York:" is two words)
        return colon + 1 if _named("".join(tokens[:colon]), m, letter=True) else 0
    # A token is already a name's key (lower case, no dots or apostrophes): looked up as it is, not through
    # Map.power, whose making of the key would cost each lenient reading more than the rest of this.
    names, folded = m.power_names, m.folded_power_names
    power = names.get(first) or folded.get(unaccented(first))
    if not power and first[-1] == "s":          # ("englands": England's)
        power = names.get(first[:-1]) or folded.get(unaccented(first[:-1]))
    if not power or (tokens[1] not in UNIT_WORDS and m.lookup(first)):
        return 0
    return 1


def _named(word: str, m: Map, letter: bool) -> str | None:
    """The power `word` names: its name or adjective, possessive or not ("England's", or "englands" as tokens have
    it); a letter only if `letter` (DPjudge reads "F:" as France, but "F" alone is a fleet)."""
    if len(word) < 2:
        if not letter or not word:
            return None
        upper = word.upper()
        return next((p for p, c in m.power_letters.items() if c.upper() == upper), None)
    power = m.power(word)
    if power is None and word[-1] in "sS":
        power = m.power(word[:-1].rstrip("'\u2019"))
    return power


__all__ = ["nationality", "skipped"]
