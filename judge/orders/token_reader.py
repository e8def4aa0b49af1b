"""An order's text as tokens, and a cursor over them that reads what every order is made of: a unit type, a place
and its coast (judge.orders.grammar puts them together)."""
from __future__ import annotations

import re

from judge.maps import Map
from judge.maps.coasts import COAST_WORDS
from judge.orders import errors as E
from judge.orders.errors import OrderError
from judge.orders.parsed import Place
from judge.orders.words import KEYWORDS, MAX_NAME_WORDS, UNIT_WORDS
from judge.spelling import unaccented

# Words of any script ("grè"), with their dots and apostrophes; an underscore parts words (the text's are spaces by
# then). One character class repeated, not a group: a group's repeat keeps a backtracking mark per character (a
# 10-million-letter word took 1.2 GB).
_TOKEN = re.compile(r"->|=>|-+>|[-=>/(),:;+*]|[^\W_][\w.']*")
_LONG_ARROW = re.compile(r"[-=]{2,}>")
_DASHES = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2192": ">", "\u21d2": ">", "_": " ",
                          "\u2019": "'"})     # (a curly apostrophe: "England’s", as the mail reader takes it)


def tokenize(text: str) -> list[str]:
    text = _LONG_ARROW.sub("->", text.translate(_DASHES).lower())       # "A Par --> Pic", "A Par ==> Pic"
    return [t.replace(".", "").replace("'", "") or "." for t in _TOKEN.findall(text)]


_SEA_WORDS = ("sea", "ocean")
_DIRECTIONS = ("north", "south", "east", "west")


class Reader:
    def __init__(self, tokens: list[str], m: Map, text: str):
        self.t, self.i, self.m, self.text = tokens, 0, m, text

    def peek(self, k: int = 0) -> str | None:
        j = self.i + k
        return self.t[j] if j < len(self.t) else None

    def take(self) -> str:
        tok = self.t[self.i]
        self.i += 1
        return tok

    def accept(self, words: set[str]) -> str | None:
        tok = self.peek()
        if tok is not None and tok in words:
            self.i += 1
            return tok
        return None

    def done(self) -> bool:
        return self.i >= len(self.t)

    def rest(self) -> str:
        return " ".join(self.t[self.i:]).upper()

    def skip_power(self) -> None:
        """Nationality in front of a unit ("Russian A War", "England's F Lon") is ignored (DATC 4.C.5, 4.C.6)."""
        tok = self.peek()
        if tok is None or tok in UNIT_WORDS:
            return
        key = tok[:-1] if tok.endswith("s") and self.m.power(tok[:-1]) else tok
        # "English" is also a name of the Channel: it is a nationality when a unit type follows it.
        if self.m.power(key) and (not self.m.lookup(tok) or self.peek(1) in UNIT_WORDS):
            self.i += 1
            self.accept({":"})

    def unit_type(self) -> str | None:
        tok = self.peek()
        nxt = self.peek(1)
        # A type word is always followed by a place name, which may look like a keyword ("A CON H": Constantinople).
        if tok in UNIT_WORDS and nxt is not None and nxt[0].isalnum():
            self.i += 1
            return UNIT_WORDS[tok]
        return None

    def place(self, what: str = "place") -> Place:
        """The longest run of words (hyphens allowed inside) that names a province, then an optional coast; a name
        is read as written, else without its accents ("Grece": Grèce)."""
        t, n, names, prefixes = self.t, len(self.t), self.m.names, self.m.name_prefixes
        bare_names, bare_prefixes = self.m.folded_names, self.m.folded_prefixes
        if self.i >= n:
            raise OrderError(E.INCOMPLETE_ORDER.format(self.text.strip().upper() or what))
        joined, bare, j, count, best = "", "", self.i, 0, None
        while j < n and count < MAX_NAME_WORDS:
            tok = t[j]
            if tok == "-" and count and j + 1 < n and t[j + 1][0].isalnum():
                # A hyphen inside a name ("Mid-Atlantic", "St-Petersburg") - unless it stands between two
                # names, when it is the move operator ("SWE-DEN" is not "Sweden").
                nxt = t[j + 1]
                if (joined in names or bare in bare_names) and (nxt in names or unaccented(nxt) in bare_names):
                    break
                j += 1
                continue
            if not tok[0].isalnum() or (count and tok in KEYWORDS):
                break
            key, bare_key = joined + tok, bare + unaccented(tok)
            if key not in prefixes and bare_key not in bare_prefixes:
                break
            joined, bare, count, j = key, bare_key, count + 1, j + 1
            if joined in names:
                best = (j, names[joined], count)
            elif bare in bare_names:
                best = (j, bare_names[bare], count)
        if best is not None:
            end, prov, words = best
            text = " ".join(x for x in t[self.i:end] if x != "-")
            if not prov:
                raise self._ambiguous(text, names)
            self.i = end
            if self.peek() in _SEA_WORDS and self.m.provinces[prov].terrain == "sea" and self.peek() not in names:
                self.i += 1         # "nwg sea": the sea's abbreviation, then what it is (DPjudge's Format page)
            return Place(prov, self.coast(prov), text)
        bad = []
        j = self.i
        while j < n and t[j][0].isalnum() and (not bad or t[j] not in KEYWORDS):
            bad.append(t[j])
            j += 1
        if not bad:
            raise OrderError(E.INCOMPLETE_ORDER.format(self.text.strip().upper()))
        raise OrderError(E.UNKNOWN_PLACENAME.format(" ".join(bad).upper()))

    def _ambiguous(self, typed: str, table: dict[str, str], coast: bool = False) -> OrderError:
        """A name typed without its accents (or with others) that two places (or coasts) fold to: each is named."""
        bare = unaccented(typed.replace(" ", ""))
        meant = {f"{k.upper()} ({v})" if coast else self.m.provinces[v].name.upper() for k, v in table.items()
                 if unaccented(k) == bare}
        what = "COAST" if coast else "PLACENAME"
        return OrderError(E.AMBIGUOUS.format(what, typed.upper(), " OR ".join(sorted(meant))))

    def coast(self, province: str) -> str | None:
        """An optional coast after a place (the province's): /nc, (nc), (north coast), nc, north coast, n.c."""
        tok = self.peek()
        words = self.m.coast_words
        if tok == "/" and self.peek(1) in words:
            self.i += 2
            self.accept({"coast"})
            return words[self.t[self.i - 1 - (self.t[self.i - 1] == "coast")]]
        if tok == "(":
            j = self.i + 1
            inner = []
            while j < len(self.t) and self.t[j] != ")":
                inner.append(self.t[j])
                j += 1
            if j < len(self.t) and inner and inner[0] in words and inner[1:] in ([], ["coast"]):
                self.i = j + 1
                return words[inner[0]]
            if j < len(self.t) and "".join(inner) in words:         # a map's own name ("(Suedkueste)", "(costa sud)")
                self.i = j + 1
                return words["".join(inner)]
            # ... typed without its accents ("(cote est)"); "": it fits two coasts
            code = self.m.folded_coast_words.get(unaccented("".join(inner))) if j < len(self.t) and inner else None
            if code == "":
                raise self._ambiguous(" ".join(inner), words, coast=True)
            self.i = j + 1 if code else self.i
            return code
        if tok not in self.m.coast_starts or tok in KEYWORDS:
            return None             # (nearly every order: no coast written bare after the place)
        return self._bare_coast(tok, province)

    def _bare_coast(self, tok: str, province: str) -> str | None:
        """A coast written after its place without a slash or brackets: a code ("Bul ec"), "south coast", or the
        map's own name of it ("Bulgarie cote est"). Words that also name a place (DPjudge's Empire map has a province
        East Coast) could as well be a move there with its dash left out: refused as ambiguous, never guessed."""
        if tok in self.m.coast_codes:
            code, count = self.m.coast_words[tok], 1
        elif tok in _DIRECTIONS and self.peek(1) == "coast":
            code, count = COAST_WORDS[tok], 2
        else:
            found = self._named_coast()
            if found is None:
                return None
            code, count = found
        other = self._place_over(count)
        if other is not None:
            typed, loc = " ".join(self.t[self.i:self.i + count]).upper(), f"{province}/{code}"
            raise OrderError(E.COAST_OR_PLACE.format(typed, loc, self.m.provinces[province].name.upper(), other.upper(),
                                                     loc))
        self.i += count
        return code

    def _named_coast(self) -> tuple[str, int] | None:
        """(code, words) of the longest run of words from here that is a map's own coast name, with or without its
        accents ("cote est": CE); None if there is none."""
        t, words, folded = self.t, self.m.coast_words, self.m.folded_coast_words
        joined, best = "", None
        for j in range(self.i, min(len(t), self.i + MAX_NAME_WORDS)):
            tok = t[j]
            if not tok[0].isalnum() or tok in KEYWORDS:
                break
            joined += tok
            if joined in COAST_WORDS:
                continue            # "north" or "s" alone is no coast: a place (North Sea), a verb
            code = words.get(joined)
            if code is None:
                code = folded.get(unaccented(joined))
            if code is not None:
                best = (code, j + 1 - self.i)
        if best is not None and best[0] == "":
            raise self._ambiguous(" ".join(t[self.i:self.i + best[1]]), words, coast=True)
        return best

    def _place_over(self, count: int) -> str | None:
        """The name of a place that the next `count` words (or more) spell, or None."""
        t, m = self.t, self.m
        joined, bare = "", ""
        for j in range(self.i, min(len(t), self.i + MAX_NAME_WORDS)):
            tok = t[j]
            if not tok[0].isalnum():
                break
            joined, bare = joined + tok, bare + unaccented(tok)
            if joined not in m.name_prefixes and bare not in m.folded_prefixes:
                break
            if j + 1 - self.i >= count:
                prov = m.names.get(joined) or m.folded_names.get(bare)
                if prov is not None:
                    return m.provinces[prov].name if prov else " ".join(t[self.i:j + 1])
        return None


__all__ = ["Reader", "tokenize"]
