"""A lenient order reader in the DPjudge tradition: order text -> Parsed (names resolved, nothing checked yet).

This module takes a line as a player writes it (list markers, stars, an order of another phase) and remembers
readings; judge.orders.token_reader splits the text into tokens and reads names and coasts from them,
judge.orders.grammar puts those together as an order of the phase, judge.orders.canonical reads the judge's own
notation fast."""
from __future__ import annotations

import re

from judge.maps import Map
from judge.orders import errors as E
from judge.orders.canonical import canonical as _canonical
from judge.orders.errors import OrderError
from judge.orders.grammar import read as _read
from judge.orders.parsed import Parsed, Place
from judge.orders.token_reader import tokenize
from judge.orders.words import RETREAT_WORDS, STAR, plain, stars
from judge.patterns import lazy

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


__all__ = ["Parsed", "Place", "parse", "tokenize"]
