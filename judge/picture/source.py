"""What a processed phase's picture is drawn from (the position before, each order with its marks, the position after),
as a small JSON document: processing keeps it for a phase whose results mail carries no picture, and the web pages
draw the SVG and PNG from it when first asked, the same bytes as processing would have drawn."""
from __future__ import annotations

import json
from typing import Sequence

from judge import orders as order_types
from judge.adjudicator.results import OrderResult
from judge.maps import Map
from judge.position import Dislodged, Position, Unit

FORMAT = 1
SUFFIX = "picture.json"             # beside the phase's results: 0003-F1901M.picture.json
_TYPES = {cls.__name__: cls for cls in (order_types.Hold, order_types.Move, order_types.Support, order_types.Convoy,
                                        order_types.Retreat, order_types.Disband, order_types.Build,
                                        order_types.Remove, order_types.Waive)}


# The order fields that hold a unit or a tuple (judge.orders declares them so: a unit, a supported unit, a convoyed
# army; a move's convoy path); every other field holds a str, a bool or None. Named here rather than read from the
# classes' annotations, which the compiled build's order classes do not keep.
_UNIT_FIELDS = frozenset({"unit", "target", "army"})
_TUPLE_FIELDS = frozenset({"path"})


def _order(o) -> list:
    """[type, field values in order]: a unit as [power, kind, location], a tuple as a list."""
    return [type(o).__name__, *(list(v) if isinstance(v, tuple) else v
                                for v in (getattr(o, name) for name in o._fields))]


def _read_order(doc: list):
    cls = _TYPES[doc[0]]
    return cls(*(Unit(*v) if name in _UNIT_FIELDS else tuple(v) if name in _TUPLE_FIELDS else v
                 for name, v in zip(cls._fields, doc[1:])))


def dump(m: Map, before: Position, results: Sequence[OrderResult], after: Position, game: str,
         destroyed: Sequence[Dislodged] = (), subtitle: str = "") -> bytes:
    doc = {"format": FORMAT, "game": game, "before": before.to_json(m), "after": after.to_json(m),
           "results": [[_order(r.order), list(r.marks)] for r in results]}
    if destroyed:        # (a skipped retreat phase's units, judge.picture.results_svg_of; older documents have none)
        doc["destroyed"] = [[*d.unit, d.attacker_from] for d in destroyed]
    if subtitle:         # (the phase that ended the game: no next phase to name; older documents have none)
        doc["subtitle"] = subtitle
    return json.dumps(doc, separators=(",", ":")).encode("utf-8")


def svg(m: Map, data: bytes) -> str:
    """The results picture (judge.picture.results_svg_of) of a kept document; ValueError if it cannot be read."""
    from judge.picture import results_svg_of
    try:
        doc = json.loads(data)
        if doc.get("format") != FORMAT:
            raise ValueError(f"unknown picture source format {doc.get('format')!r}")
        before, after = Position.from_json(doc["before"], m), Position.from_json(doc["after"], m)
        results = [OrderResult(_read_order(o), tuple(marks)) for o, marks in doc["results"]]
        destroyed = [Dislodged(Unit(power, kind, loc), (), came) for power, kind, loc, came in doc.get("destroyed", ())]
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise ValueError(f"a damaged picture source: {exc!r}") from exc
    return results_svg_of(m, before, results, after, doc["game"], destroyed, str(doc.get("subtitle") or ""))
