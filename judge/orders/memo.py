"""Movement orders already checked, per map and rule set: the same texts for the same units bind the same way.

Players write the same few thousand orders for the same units again and again ("A PAR - BUR" for France's army
in Paris). Whether such an order is legal, and the Order it becomes, depends on the map, the rules, the text, the
ordering power's unit and (for a support or convoy) the unit it names - and, for some orders only, on more of the
board: the fleets at sea (convoy routes), the centres (closed borders), dummies, leagues. The Validator remembers an
order only when its check read nothing but the first list (it says so by not marking the check `tainted`), so a
hit is exactly what checking again would give; a check that read the fleets at sea too (a convoy, a move by convoy,
a support of one) is kept under those fleets as well, and given again only for the same fleets at sea. Refusals are
never remembered. Orders are values, never changed, so handing out the same one is safe.

Games write the same texts for other powers' units too ("A BUL - SER", Turkey's in one game, Austria's in another):
such a check reads the same as the one made before, so its order is made again for the new units (`again`) rather
than the text read and checked afresh.
"""
from __future__ import annotations

from judge.hints import Any

from judge.orders import Convoy, Hold, Move, Support, _Written

# (id(map), id(rules)) -> (map, rules, {text: (unit's province, named unit's province or None, {key: Order},
#                                              {(key, fleets at sea): Order})}).
# The map and rules are held so that their ids cannot be reused while their table lives.
_TABLES: dict[tuple[int, int], tuple[Any, Any, dict]] = {}
_TABLES_LIMIT = 64            # rule sets are few (the JSON interface keeps one per set of words)
_TEXTS_LIMIT = 100_000        # texts per table; then it starts afresh
_FLEETS_LIMIT = 64            # boards of fleets at sea per text; then that text's start afresh


def table(m: Any, rules: Any) -> dict[str, tuple[str, str | None, dict, dict]]:
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


def recall(texts: dict, text: str, units: dict, power: str, v: Any) -> Any:
    """The order `text` bound to before for the very units it names now (and the fleets at sea `v.fleet_seas`, if
    that check read them), or None."""
    hit = texts.get(text)
    if hit is None:
        return None
    unit = units.get(hit[0])
    if unit is None or unit[0] != power:
        return None
    key = unit if hit[1] is None else (unit, units.get(hit[1]))
    order = hit[2].get(key)
    if order is None and hit[3]:
        order = hit[3].get((key, v.fleet_seas))
    return order


def again(texts: dict | None, text: str, units: dict, power: str, v: Any) -> Any:
    """The order `text` bound to for units like the ones it names now - each of the same type in the same place, or
    missing as it was - made afresh for these; None if it has bound for none such (then it is checked).

    Such a check reads the same as the one made before: only which power owns the units differs, and a check that
    could depend on that (a league's, a closed border's) is never remembered; one that read the fleets at sea is
    used only where the same fleets are at sea (`v.fleet_seas`). The order's text names no power: it is kept."""
    hit = texts.get(text) if texts is not None else None
    if hit is None or texts is None:
        return None
    src, named_at = hit[0], hit[1]
    unit = units.get(src)
    if unit is None or unit[0] != power:
        return None                 # (the check says what is wrong)
    named = units.get(named_at) if named_at is not None else None
    fleets = None
    for key, order in hit[2].items():
        if _like(key, unit, named, named_at):
            break
    else:
        if not hit[3]:
            return None
        fleets = v.fleet_seas
        for (key, seas), order in hit[3].items():
            if seas == fleets and _like(key, unit, named, named_at):
                break
        else:
            return None
    # (the order read through a local of its class: compiled, a native read of each field, not a generic one)
    cls = order.__class__
    new: _Written
    if cls is Move:
        mv: Move = order
        new = Move(unit, mv.dest, mv.path, mv.via_convoy)
    elif cls is Support:
        sp: Support = order
        new = Support(unit, sp.target if named is None else named, sp.dest, sp.missing)
    elif cls is Convoy:
        cv: Convoy = order
        new = Convoy(unit, cv.army if named is None else named, cv.dest, cv.missing)
    else:
        new = Hold(unit)
    was: _Written = order
    new._text = was._text
    remember(texts, text, src, named_at, unit if named_at is None else (unit, named), new, fleets)
    return new


def _like(key: Any, unit: Any, named: Any, named_at: str | None) -> bool:
    """Does a key of the memo name units like these: of the same type in the same places (or missing alike)?"""
    if named_at is None:
        return key[1] == unit[1] and key[2] == unit[2]
    was, other = key
    return was[1] == unit[1] and was[2] == unit[2] and (
        named is None if other is None else named is not None and other[1] == named[1] and other[2] == named[2])
