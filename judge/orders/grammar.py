"""The order grammar of each phase type (movement, retreat, adjustment) over a token Reader: tokens -> Parsed."""
from __future__ import annotations

from judge.maps import Map
from judge.orders import errors as E
from judge.orders.errors import OrderError
from judge.orders.nationality import leading
from judge.orders.parsed import Parsed, Place
from judge.orders.token_reader import Reader
from judge.orders.words import (BUILD_WORDS, CONVOY_WORDS, DISBAND_WORDS, HOLD_WORDS, KEYWORDS, MOVE_WORDS,
                                REMOVE_WORDS, RETREAT_WORDS, STAR, SUPPORT_WORDS, UNIT_WORDS, WAIVE_WORDS)


def read(tokens: list[str], m: Map, text: str, phase_kind: str) -> Parsed:
    if not tokens:
        raise OrderError(E.EMPTY_ORDER)
    r = Reader(tokens, m, text)
    # A leading "England:", "French", "(F)" names the power: kept, for the order's power to be held to it (by mail
    # the reader has already taken it off: judge.commands.reader; the JSON interface gives the text as it is).
    named = None
    if tokens[0] not in UNIT_WORDS or (len(tokens) > 1 and tokens[1] == ":"):
        named, r.i = leading(tokens, m)     # (not for "A PAR ...", most orders read here: "F:" is France's letter)
    if phase_kind == "A":
        p = _adjustment(r)
    elif phase_kind == "R":
        p = _retreat(r)
    else:
        p = _movement(r)
    if not r.done():
        raise OrderError(E.UNEXPECTED_TEXT.format(r.rest()))
    if named is not None:
        p.power = named
    return p


def _movement(r: Reader) -> Parsed:
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


def _bare_path(r: Reader) -> list[Place]:
    path = []
    while not r.done() and r.peek()[0].isalnum():
        try:
            path.append(r.place())
        except OrderError:
            return []
        r.accept(MOVE_WORDS)
    return path


def _movement_rest(r: Reader, kind: str | None, place: Place) -> Parsed:
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


def _via(r: Reader) -> bool:
    if r.accept({"via"}):
        r.accept({"convoy", "c", "sea"})
        return True
    if r.peek() == "by" and r.peek(1) in ("convoy", "sea"):
        r.i += 2
        return True
    return False


def _target(r: Reader, p: Parsed, allow_hold: bool) -> None:
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


def _retreat(r: Reader) -> Parsed:
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


def _adjustment(r: Reader) -> Parsed:
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


__all__ = ["read"]
