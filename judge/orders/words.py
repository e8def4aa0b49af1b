"""The words an order is written in, and the plain form of a sentence of them ("The army in Venice is holding" ->
"army venice holding"), as DPjudge reads them (its Map keywords: it drops THE, IN, AT, IS... and reads the -ING
forms of its verbs)."""
from __future__ import annotations

from judge.maps import Map
from judge.spelling import unaccented

MOVE_WORDS = {"-", "->", "=>", ">", "to", "m", "mv", "move", "moves", "moving", "into", "attack", "attacks",
              "attacking"}
HOLD_WORDS = {"h", "hold", "holds", "holding", "stand", "stands", "standing"}
SUPPORT_WORDS = {"s", "sup", "supp", "support", "supports", "supporting"}
CONVOY_WORDS = {"c", "con", "conv", "convoy", "convoys", "convoying", "transport", "transports", "transporting"}
RETREAT_WORDS = {"r", "retreat", "retreats", "retreating"}
DISBAND_WORDS = {"d", "disband", "disbands", "disbanding"}
BUILD_WORDS = {"b", "build", "builds", "building", "+"}
REMOVE_WORDS = {"remove", "removes", "removing", "disband", "disbands", "disbanding", "d", "r"}
WAIVE_WORDS = {"waive", "waives", "waiving", "w", "waived"}
UNIT_WORDS = {"a": "A", "army": "A", "f": "F", "fleet": "F"}
# Words that end a place name (so "A Lon S ..." never reads "Lon S" as one name).
KEYWORDS = MOVE_WORDS | HOLD_WORDS | SUPPORT_WORDS | CONVOY_WORDS | RETREAT_WORDS | DISBAND_WORDS | {"via", "by"}
VERBS = (MOVE_WORDS | HOLD_WORDS | SUPPORT_WORDS | CONVOY_WORDS | RETREAT_WORDS | DISBAND_WORDS | BUILD_WORDS
         | REMOVE_WORDS | WAIVE_WORDS) - {"-", "->", "=>", ">", "+"}
MAX_NAME_WORDS = 4
# Words of a sentence that say nothing an order needs ("the army IN Venice IS holding").
FILLERS = frozenset({"the", "an", "in", "at", "on", "is", "will"})
# "*" in front of a unit, or after it, removes it (disbands it in a retreat phase), as "-" does in front.
STAR = "*"


def plain(tokens: list[str], m: Map) -> list[str]:
    """The tokens without the filler words that are no part of a place name on this map (classical's Thebes is
    "THE": there "the" stays, and reads as Thebes)."""
    if FILLERS.isdisjoint(tokens):
        return tokens
    return [t for i, t in enumerate(tokens) if t not in FILLERS or _in_name(tokens, i, m)]


def _in_name(tokens: list[str], i: int, m: Map) -> bool:
    """Whether tokens[i] is a word of some name of a place that the words around it spell."""
    span = MAX_NAME_WORDS + MAX_NAME_WORDS - 1          # (the hyphens a name may have between its words)
    for start in range(max(0, i - span + 1), i + 1):
        joined = ""
        for end in range(start, min(len(tokens), start + span)):
            if tokens[end] != "-":
                joined += tokens[end]
            if end >= i and (joined in m.names or unaccented(joined) in m.folded_names):
                return True
    return False


def stars(tokens: list[str], phase_kind: str) -> list[str]:
    """A star is a removal (a disband) only in an adjustment or retreat phase, first in the order (not before a verb:
    "* Build A Par" is a bulleted build) or last; any other star is a list's bullet, read past as it always was."""
    if STAR not in tokens:
        return tokens
    keep = set()
    if phase_kind in ("A", "R") and len(tokens) > 1:
        first = 2 if len(tokens) > 3 and tokens[1] == ":" else 0      # (after "England:")
        if tokens[first] == STAR and tokens[first + 1] not in VERBS and tokens[first + 1] != STAR:
            keep.add(first)
        elif tokens[-1] == STAR and tokens[-2] != STAR:
            keep.add(len(tokens) - 1)
    return [t for i, t in enumerate(tokens) if t != STAR or i in keep]
