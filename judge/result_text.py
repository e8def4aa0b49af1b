"""The result document written straight to compact JSON text, as `judge adjudicate --batch` prints it.

The text is exactly json.dumps(document, separators=(",", ":")) of the document judge.api builds; it is written from
the adjudication's own rows and position, without building that document first (building it and having the json
module walk it took a quarter of the batch's time per request).
"""
from __future__ import annotations

import json
from json.encoder import encode_basestring_ascii as _quote     # what json.dumps writes for a string

from judge.hints import Any
from judge.state_lists import owners_entry, unit_texts
from judge.maps import Map
from judge.position import Position

_encode = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode     # (our documents have no cycles)


def result_text(phase: str, rows: list[tuple[str, str, tuple[str, ...]]], errors: list[dict],
                position: Position, next_phase: str, m: Map, extra: dict[str, Any]) -> str:
    """The result document: phase, orders (rows of (order text, power, marks), in order), errors, state (the
    position after, its phase written as next_phase), then the extra fields in their order."""
    powers, known_marks = _powers(m), _MARKS
    orders = []
    for text, who, marks in rows:
        # (.get on the dicts, not bound methods kept in locals: compiled, those are generic calls)
        marks_json = known_marks.get(marks)
        if marks_json is None:
            marks_json = _encode(list(marks))
        orders.append(f'{{"power":{powers.get(who) or _quote(who)},"order":{_quote(text)},"result":{marks_json}}}')
    out = (f'{{"phase":{_quote(phase)},"orders":[{",".join(orders)}],"errors":{_encode(errors) if errors else "[]"},'
           f'"state":{state_text(position, m, next_phase)}')
    if extra:
        out += "".join(f",{_quote(k)}:{_encode(v)}" for k, v in extra.items())
    return out + "}"


def state_text(position: Position, m: Map, phase: str) -> str:
    """A state document as compact JSON text: Position.to_json(m) with its phase written as `phase`."""
    power, texts = _powers(m), unit_texts(m)
    units = position.units_by_power(m)         # (each unit's text taken from `texts`: none to check when all plain)
    out = (f'{{"phase":{_quote(phase)},"units":{{{_joined(units, power) if texts.plain else _lists(units, power)}}},'
           f'"centers":{{{_centres(position, m, power)}}}')
    if position.phase.kind == "R":
        out += ',"dislodged":' + _encode(position.dislodged_by_power(m))
    if position.house is not None:
        house = position.house.to_json()
        if house:
            out += "," + _encode(house)[1:-1]
    return out + "}"


def _lists(lists: dict[str, list[str]], power: dict[str, str]) -> str:
    """The members of a {power: [name, ...]} object (no list empty, every power the map's), the names quoted as they
    are when none needs escaping (checked on the whole text at once: ASCII, printable, no backslash, and no quote but
    those put around each name and power)."""
    text = _joined(lists, power)
    if text.isascii() and text.isprintable() and "\\" not in text and \
            text.count('"') == 2 * (len(lists) + sum(map(len, lists.values()))):
        return text
    return _encode(lists)[1:-1]         # (a name JSON must escape: the general way)


def _joined(lists: dict[str, list[str]], power: dict[str, str]) -> str:
    """The members of a {power: [name, ...]} object, each name written as it is."""
    return ",".join([f'{power[p]}:["{_SEP.join(lst)}"]' for p, lst in lists.items()])


def _centres(position: Position, m: Map, power: dict[str, str]) -> str:
    """The members of the state's "centers" object, written once for the same owners (judge.state_lists keeps them)."""
    entry = owners_entry(m, position.centers)
    text = entry[1]
    if text is None:
        text = entry[1] = _lists(entry[0], power)
    return text


_SEP = '","'

# The result words of an order, as JSON (the usual few; others are written the general way).
_MARKS: dict[tuple[str, ...], str] = {
    (): "[]",
    **{(w,): f'["{w}"]' for w in ("bounce", "cut", "void", "dislodged", "no convoy", "disrupted", "destroyed")},
    **{(w, "dislodged"): f'["{w}","dislodged"]' for w in ("bounce", "cut", "void", "no convoy")}}

# Per map: each power's name as JSON.
_POWERS: dict[int, tuple[Map, dict[str, str]]] = {}


def _powers(m: Map) -> dict[str, str]:
    # (judge.maps.kept_per_map written out: this runs twice a request, and the call cost more than the look-up)
    hit = _POWERS.get(id(m))
    if hit is None or hit[0] is not m:
        if len(_POWERS) >= 256:
            _POWERS.clear()
        hit = _POWERS[id(m)] = (m, {p: _quote(p) for p in m.powers})
    return hit[1]

