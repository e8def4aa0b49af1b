"""A lenient order reader in the DPjudge tradition: order text -> Parsed (names resolved, nothing checked yet)."""
from __future__ import annotations

import re

from judge.maps import Map
from judge.maps.coasts import COAST_WORDS
from judge.orders import errors as E
from judge.orders.canonical import canonical as _canonical
from judge.orders.errors import OrderError
from judge.orders.parsed import Parsed, Place
from judge.orders.words import (BUILD_WORDS, CONVOY_WORDS, DISBAND_WORDS, HOLD_WORDS, KEYWORDS, MAX_NAME_WORDS,
                                MOVE_WORDS, REMOVE_WORDS, RETREAT_WORDS, STAR, SUPPORT_WORDS, UNIT_WORDS, WAIVE_WORDS,
                                plain, stars)
from judge.patterns import lazy
from judge.spelling import unaccented

# Words of any script ("grè"), with their dots and apostrophes; an underscore parts words (the text's are spaces by
# then). One character class repeated, not a group: a group's repeat keeps a backtracking mark per character (a
# 10-million-letter word took 1.2 GB).
_TOKEN = re.compile(r"->|=>|-+>|[-=>/(),:;+*]|[^\W_][\w.']*")
_LONG_ARROW = re.compile(r"[-=]{2,}>")
_SEA_WORDS = ("sea", "ocean")
_DASHES = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2192": ">", "\u21d2": ">", "_": " "})


def tokenize(text: str) -> list[str]:
    text = _LONG_ARROW.sub("->", text.translate(_DASHES).lower())       # "A Par --> Pic", "A Par ==> Pic"
    return [t.replace(".", "").replace("'", "") or "." for t in _TOKEN.findall(text)]


class _Reader:
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
            return Place(prov, self.coast(), text)
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

    def coast(self) -> str | None:
        """An optional coast after a place: /nc, (nc), (north coast), nc, north coast, n.c."""
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
        if tok in self.m.coast_codes:
            self.i += 1
            return words[tok]
        if tok in ("north", "south", "east", "west") and self.peek(1) == "coast":
            self.i += 2
            return COAST_WORDS[tok]
        return None


_CACHE: dict[tuple[int, str, str], "Parsed | str"] = {}
_CACHE_LIMIT = 50_000


def parse(text: str, m: Map, phase_kind: str = "M") -> Parsed:
    """Read one order; phase_kind is M, R or A. Raises OrderError with the player's diagnostic.

    Players send the same order texts again and again, so readings are remembered (per map, bounded). A Parsed
    is never changed after it is made, so handing out the same one is safe.
    """
    key = (id(m), phase_kind, text)
    hit = _CACHE.get(key)
    if hit is None:
        try:
            hit = _parse(text, m, phase_kind)
        except OrderError as err:
            hit = err.message
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        _CACHE[key] = hit
    if isinstance(hit, str):
        raise OrderError(hit)
    return hit


# A list marker a client or a hand puts in front of an order: "1.", "12)", "a.", "b)", "-", "–" (bullets such as
# "*", "•" and "·" are no words of an order: the tokenizer passes over them already).
_LIST_MARKER = lazy(r"^\s*(?:\d{1,3}[.)]|[a-z][.)](?=\s)|[-\u2013\u2014](?![->]))\s*(?=\S)", re.IGNORECASE)
# A bullet with a numbered (or lettered) marker after it, "* 1. A Par - Bur" (a numbered list pasted into a bulleted
# one): the number is passed over, the bullet kept, so the line means what "* A Par - Bur" means.
_BULLET_THEN_NUMBER = lazy(r"^(\s*[-*\u2022\u00b7\u2013\u2014])\s*(?:\d{1,3}[.)]|[a-z][.)](?=\s))\s*(?=\S)",
                                 re.IGNORECASE)


def _parse(text: str, m: Map, phase_kind: str) -> Parsed:
    """`text` as an order; or, when it is none, what follows a list marker in front of it. The line as written is
    read first, so a marker never changes what an order means ("- A TUS" removes a unit in an adjustment phase). A
    line that reads only as an order of another phase keeps saying so, unless a dash in front is what makes it one:
    "- A TUS" in a movement phase holds, as DPjudge reads it (its reader takes a dash for a space: "A TUS")."""
    try:
        return _parse_line(text, m, phase_kind)
    except OrderError as err:
        wrong_phase = err.message.startswith(_WRONG_PHASE)
        both = None if wrong_phase else _BULLET_THEN_NUMBER.match(text)
        if both is not None:
            return _parse(both.group(1) + " " + text[both.end():], m, phase_kind)
        marker = _LIST_MARKER.match(text)
        if marker is None:
            raise
        if not wrong_phase:
            return _parse_line(text[marker.end():], m, phase_kind)
        if text.lstrip()[0] not in _DASH_MARKS:
            raise
        try:
            return _parse_line(text[marker.end():], m, phase_kind)
        except OrderError:
            raise err from None                 # no order of this phase without the dash either: say what it is


_DASH_MARKS = "-\u2013\u2014"


_WRONG_PHASE = E.WRONG_PHASE.split("{")[0]


def _parse_line(text: str, m: Map, phase_kind: str) -> Parsed:
    fast = _canonical(text, m, phase_kind)
    if fast is not None:
        return fast
    tokens = plain([t for t in tokenize(text) if t not in (",", ";")], m)
    if tokens and tokens[-1] == ".":
        tokens.pop()
    if not tokens:
        raise OrderError(E.EMPTY_ORDER)
    try:
        return _parse_as(tokens, m, text, phase_kind)
    except OrderError as err:
        # An order of another phase type gets the diagnostic that says so, not a puzzling one.
        for other, name in (("M", "MOVEMENT"), ("R", "RETREAT"), ("A", "ADJUSTMENT")):
            if other == phase_kind or ((other, phase_kind) == ("R", "M") and tokens[0] not in RETREAT_WORDS):
                continue    # a movement-phase order reads as a retreat too ("A SEV - UKR"): no hint there
            try:
                _parse_as(tokens, m, text, other)
            except OrderError:
                continue
            raise OrderError(E.WRONG_PHASE.format(E.IN_PHASE[phase_kind], text.strip().upper())) from err
        raise


def _parse_as(tokens: list[str], m: Map, text: str, phase_kind: str) -> Parsed:
    starred = stars(tokens, phase_kind)
    try:
        return _read(starred, m, text, phase_kind)
    except OrderError:
        if STAR not in starred:
            raise
    # No removal reads: the star is a list's bullet ("* A Bud - Vie" in a retreat phase).
    return _read([t for t in tokens if t != STAR], m, text, phase_kind)


def _read(tokens: list[str], m: Map, text: str, phase_kind: str) -> Parsed:
    if not tokens:
        raise OrderError(E.EMPTY_ORDER)
    r = _Reader(tokens, m, text)
    # A leading "England:" names the power, which the order set already knows.
    if len(tokens) > 1 and tokens[1] == ":" and m.power(tokens[0]):
        r.i = 2
    if phase_kind == "A":
        p = _adjustment(r)
    elif phase_kind == "R":
        p = _retreat(r)
    else:
        p = _movement(r)
    if not r.done():
        raise OrderError(E.UNEXPECTED_TEXT.format(r.rest()))
    return p


def _movement(r: _Reader) -> Parsed:
    kind = r.unit_type()
    place = r.place()
    start = r.i
    try:
        return _movement_rest(r, kind, place)
    except OrderError:
        # DPjudge puts a dash between two place names written without one ("fleet brest mao", "marseilles
        # burgundy"): read it so when nothing else reads ("A BUL CON" is a move, not a convoy missing its army).
        r.i = start
        path = _bare_path(r)
        if path and r.done():
            return Parsed("move", r.text, kind, place, path)
        raise


def _bare_path(r: _Reader) -> list[Place]:
    path = []
    while not r.done() and r.peek()[0].isalnum():
        try:
            path.append(r.place())
        except OrderError:
            return []
        r.accept(MOVE_WORDS)
    return path


def _movement_rest(r: _Reader, kind: str | None, place: Place) -> Parsed:
    p = Parsed("hold", r.text, kind, place)
    if r.done() or r.accept(HOLD_WORDS):
        return p
    if r.accept(SUPPORT_WORDS):
        p.action = "support"
        _target(r, p, allow_hold=True)
        return p
    if r.accept(CONVOY_WORDS):
        p.action = "convoy"
        _target(r, p, allow_hold=False)
        return p
    if r.peek() in MOVE_WORDS:
        p.action = "move"
        while r.accept(MOVE_WORDS):
            while r.accept(MOVE_WORDS):     # "moves to"
                pass
            p.path.append(r.place())
        p.via = _via(r)
        return p
    raise OrderError(E.UNRECOGNIZED_ORDER.format(r.rest()))


def _via(r: _Reader) -> bool:
    if r.accept({"via"}):
        r.accept({"convoy", "c", "sea"})
        return True
    if r.peek() == "by" and r.peek(1) in ("convoy", "sea"):
        r.i += 2
        return True
    return False


def _target(r: _Reader, p: Parsed, allow_hold: bool) -> None:
    r.skip_power()
    p.target_kind = r.unit_type()
    p.target = r.place()
    if r.accept(MOVE_WORDS) or (r.peek() is not None and r.peek()[0].isalnum() and r.peek() not in KEYWORDS):
        while r.accept(MOVE_WORDS):         # "supports A Paris moves to Burgundy"
            pass
        p.target_dest = r.place()
        # A path in a convoy or support order ("F NTH C A LON - NTH - BEL") only names the route: keep the end.
        while r.accept(MOVE_WORDS):
            p.target_dest = r.place()
        _via(r)
    elif allow_hold:
        r.accept(HOLD_WORDS)
    else:
        raise OrderError(E.INCOMPLETE_ORDER.format(p.text.strip().upper()))


def _retreat(r: _Reader) -> Parsed:
    if r.accept(DISBAND_WORDS | {STAR}):
        kind = r.unit_type()
        return Parsed("disband", r.text, kind, r.place())
    # "Retreat A Bud - Vie", "retreat army budapest to vienna": the verb first, as "Build A Ber" is written.
    verb_first = r.peek(1) is not None and r.accept(RETREAT_WORDS) is not None
    kind = r.unit_type()
    place = r.place()
    if not verb_first and r.accept(DISBAND_WORDS | {STAR}):
        return Parsed("disband", r.text, kind, place)
    if verb_first and (r.accept(MOVE_WORDS) or (not r.done() and r.peek()[0].isalnum())):
        return Parsed("retreat", r.text, kind, place, [r.place()])
    if r.accept(RETREAT_WORDS | MOVE_WORDS):
        r.accept(MOVE_WORDS)        # "R - UKR", "retreat to UKR"
        return Parsed("retreat", r.text, kind, place, [r.place()])
    if r.done():
        raise OrderError(E.INCOMPLETE_ORDER.format(r.text.strip().upper()))
    raise OrderError(E.UNRECOGNIZED_ORDER.format(r.rest()))


def _adjustment(r: _Reader) -> Parsed:
    if r.accept(WAIVE_WORDS):
        r.accept({"build", "builds"})
        return Parsed("waive", r.text)
    if r.accept(BUILD_WORDS):
        # DPjudge lists a waived build as "BUILD WAIVED" and reads that back (and "B WAIVE"): so do we.
        if r.peek() in WAIVE_WORDS and r.peek(1) is None:
            r.take()
            return Parsed("waive", r.text)
        kind = r.unit_type()
        return Parsed("build", r.text, kind, r.place())
    if r.accept(REMOVE_WORDS | {"-", STAR}):
        kind = r.unit_type()
        return Parsed("remove", r.text, kind, r.place())
    kind = r.unit_type()
    place = r.place()
    if r.accept(BUILD_WORDS):
        return Parsed("build", r.text, kind, place)
    if r.accept(REMOVE_WORDS | {STAR}):
        return Parsed("remove", r.text, kind, place)
    if r.done():
        raise OrderError(E.INCOMPLETE_ORDER.format(r.text.strip().upper()))
    raise OrderError(E.UNRECOGNIZED_ORDER.format(r.rest()))
