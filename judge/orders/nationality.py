"""The power an order line names in front of its order, in the forms DPjudge reads: "FRANCE: A PAR - BUR", "F: A PAR
- BUR" (its letter, with a colon), "(FRANCE) A PAR H", "FRANCE A PAR H", "French A Par H", "England's F Lon H",
"Française A Par H" (a translated map's adjective). One rule, on the order's tokens, for the order reader (which
passes over the name) and the mail reader (which holds the sender to it)."""
from __future__ import annotations

from judge.maps import Map
from judge.orders.token_reader import tokenize
from judge.orders.words import (BUILD_WORDS, DISBAND_WORDS, REMOVE_WORDS, RETREAT_WORDS, UNIT_WORDS,
                                WAIVE_WORDS)
from judge.spelling import unaccented

# What may follow a name given without a colon, for it to be a nationality: a unit type, a place, or a verb that
# comes first in an order ("Russia waives"); "England will attack" is a remark, not an order of England's.
_NEXT_WORDS = frozenset(UNIT_WORDS) | BUILD_WORDS | REMOVE_WORDS | WAIVE_WORDS | RETREAT_WORDS | DISBAND_WORDS


def nationality(line: str, m: Map) -> tuple[str | None, str]:
    """(power, the order as written after its name) when the line begins with a power's name; else (None, line)."""
    power, count = leading(tokenize(line), m)
    if power is None:
        return None, line
    text = line.strip()
    if count == 1:                              # ("French A Par H": the name is the first word)
        return power, text.split(None, 1)[1].strip()
    return power, text.partition(":" if not text.startswith("(") else ")")[2].strip()


def skipped(tokens: list[str], m: Map) -> int:
    """How many of an order's first tokens name its power (0: none)."""
    return leading(tokens, m)[1]


def leading(tokens: list[str], m: Map) -> tuple[str | None, int]:
    """(power, tokens) of the power named by an order's first tokens (judge.orders.token_reader.tokenize's); (None,
    0) when they name none."""
    n = len(tokens)
    if n < 2:
        return None, 0
    first = tokens[0]
    if first in UNIT_WORDS and tokens[1] != ":":
        return None, 0                          # (most orders: no power named)
    if first == "(":
        power = _named(tokens[1], m, letter=True) if n > 3 and tokens[2] == ")" else None
        return (power, 3) if power else (None, 0)
    if not first[0].isalnum():
        return None, 0
    if ":" in tokens[1:4]:
        colon = tokens.index(":")               # ("New York:" is two words)
        power = _named("".join(tokens[:colon]), m, letter=True)
        return (power, colon + 1) if power else (None, 0)
    power = _named(first, m, letter=False)
    nxt = tokens[1]
    if not power or nxt not in _NEXT_WORDS and nxt not in m.name_prefixes and unaccented(nxt) not in \
            m.folded_prefixes:
        return None, 0
    # A power's adjective may name a place too (DPjudge's "English" Channel): it is the nationality when a unit type
    # follows it ("English F Lon H"), a place otherwise ("English - Bre" is no order of England's).
    if nxt not in UNIT_WORDS and m.lookup(first):
        return None, 0
    return power, 1


def _named(word: str, m: Map, letter: bool) -> str | None:
    """The power a token names: its name or adjective, possessive or not ("englands": the tokenizer drops the
    apostrophe); a letter only if `letter` (DPjudge reads "F:" as France, but "F" alone is a fleet). A token is
    already a name's key (lower case, no dots or apostrophes): looked up as it is, not through Map.power, whose
    making of the key would cost each lenient reading more than the rest of this."""
    if len(word) < 2:
        if not letter:
            return None
        return next((p for p, c in m.power_letters.items() if c.lower() == word), None)
    names, folded = m.power_names, m.folded_power_names
    power = names.get(word) or folded.get(unaccented(word))
    if not power and word[-1] == "s":
        power = names.get(word[:-1]) or folded.get(unaccented(word[:-1]))
    return power or None


__all__ = ["leading", "nationality", "skipped"]
