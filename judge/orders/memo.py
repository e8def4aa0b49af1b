"""Movement orders already checked, per map and rule set: the same texts for the same units bind the same way.

Players write the same few thousand orders for the same units again and again ("A PAR - BUR" for France's army
in Paris). Whether such an order is legal, and the Order it becomes, depends on the map, the rules, the text, the
ordering power's unit and (for a support or convoy) the unit it names - and, for some orders only, on more of the
board: the fleets at sea (convoy routes), the centres (closed borders), dummies, leagues. The Validator remembers an
order only when its check read nothing but the first list (it says so by not marking the check `tainted`), so a
hit is exactly what checking again would give; a check that read the fleets at sea too (a convoy, a move by convoy,
a support of one) is kept under those fleets as well, and given again only for the same fleets at sea. Refusals are
never remembered. Orders are values, never changed, so handing out the same one is safe.
"""
from __future__ import annotations

from judge.hints import Any

# (id(map), id(rules)) -> (map, rules, {text: (unit's province, named unit's province or None, {key: Order},
#                                              {(key, fleets at sea): Order})}).
# The map and rules are held so that their ids cannot be reused while their table lives.
_TABLES: dict[tuple[int, int], tuple[Any, Any, dict]] = {}
_TABLES_LIMIT = 64            # rule sets are few (the JSON interface keeps one per set of words)
_TEXTS_LIMIT = 100_000        # texts per table; then it starts afresh
_FLEETS_LIMIT = 64            # boards of fleets at sea per text; then that text's start afresh


def table(m: Any, rules: Any) -> dict:
    """The movement orders remembered for this map and rule set."""
    entry = _TABLES.get((id(m), id(rules)))
    if entry is None or entry[0] is not m or entry[1] is not rules:
        if len(_TABLES) >= _TABLES_LIMIT:
            _TABLES.clear()
        entry = _TABLES[id(m), id(rules)] = (m, rules, {})
    return entry[2]


def remember(texts: dict, text: str, src: str, named: str | None, key: Any, order: Any,
             fleets: frozenset[str] | None = None) -> None:
    """Keep `order` as what `text` binds to for `key`: the unit in `src`, with the unit in `named` if it names one;
    and, if the check read them, with the fleets at sea `fleets`."""
    hit = texts.get(text)
    if hit is None or hit[0] != src or hit[1] != named:
        if len(texts) >= _TEXTS_LIMIT:
            texts.clear()
        hit = texts[text] = (src, named, {}, {})
    if fleets is None:
        hit[2][key] = order
        return
    if len(hit[3]) >= _FLEETS_LIMIT:
        hit[3].clear()
    hit[3][key, fleets] = order
