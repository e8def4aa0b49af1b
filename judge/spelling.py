"""How far apart two words are in typing mistakes (a letter changed, added, left out, or two neighbours swapped):
for the password masking of mistyped commands (judge.redact) and the place-name suggestions (judge.orders.suggest);
and a name without its accents, as a player types it on a keyboard without them ("cote est" for "côte est")."""
from __future__ import annotations

import unicodedata


def unaccented(text: str) -> str:
    """text with its accents dropped ("Côte" -> "Cote", "Ö" -> "O"): its compatibility decomposition (NFKD) without
    the combining marks. Letters that are not a letter plus a mark (ß, ø, æ) stay as they are."""
    if text.isascii():                      # (nearly every word: no decomposition to pay for)
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def edits(a: str, b: str) -> int:
    """Edits (a letter changed, added, left out, or two neighbours swapped) from a to b."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], prev2[j - 2] + 1)
        prev2, prev = prev, row
    return prev[-1]


def one_edit(a: str, b: str) -> bool:
    """Are a and b one letter apart (one changed, added, left out, or two neighbours swapped)?"""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
                                  and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    i = next((i for i in range(len(short)) if short[i] != long_[i]), len(short))
    return short[i:] == long_[i + 1:]
