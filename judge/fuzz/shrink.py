"""Shrinking a finding: delta debugging over units, then lines, then simpler orders, fewer powers, default rules."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable

from judge.fuzz.generate import Trial
from judge.fuzz.verdict import legal_orders
from judge.maps import Map
from judge.orders.errors import OrderError
from judge.orders.parser import parse
from judge.position import Unit
from judge.rules import Ruleset


def _subject(text: str, m: Map) -> str | None:
    """The province of the unit an order line is for (None for lines that do not parse)."""
    try:
        p = parse(text, m, "M")
    except OrderError:
        return None
    return p.place.province if p.place else None


def ddmin(items: list, test: Callable[[list], bool]) -> list:
    """Delta debugging (complements only): the smallest sublist found for which test() still holds."""
    n = 2
    while items:
        chunk = max(1, -(-len(items) // n))
        for start in range(0, len(items), chunk):
            candidate = items[:start] + items[start + chunk:]
            if test(candidate):
                items = candidate
                n = max(n - 1, 2)
                break
        else:
            if chunk == 1:
                break
            n = min(n * 2, len(items))
    return items


def shrink(trial: Trial, keeps: Callable[[Trial], bool], m: Map) -> Trial:
    """Drop units (with their orders), then order lines, then simplify what is left (canonical text or a plain
    hold for each line, fewer powers, default rule options), for as long as `keeps` holds; repeat until nothing
    more goes. The result is 1-minimal: no single unit or line can go, though a smaller case may exist elsewhere."""
    subject = {text: _subject(text, m) for _, text in trial.orders}

    def with_units(t: Trial, provs: list[str]) -> Trial:
        keep = set(provs)
        return dataclasses.replace(t, units=tuple(u for u in t.units if u.province in keep),
                                   orders=tuple(o for o in t.orders if subject.get(o[1]) in keep or
                                                subject.get(o[1]) is None))

    for _ in range(4):
        before = trial
        provs = ddmin([u.province for u in trial.units], lambda ps, t=trial: keeps(with_units(t, ps)))
        trial = with_units(trial, provs)
        lines = ddmin(list(trial.orders), lambda ls, t=trial: keeps(dataclasses.replace(t, orders=tuple(ls))))
        trial = dataclasses.replace(trial, orders=tuple(lines))
        trial = _simplify_orders(trial, keeps, m, subject)
        trial = _merge_powers(trial, keeps)
        trial = _simplify_rules(trial, keeps)
        if trial == before:
            break
    return trial


def _simplify_orders(trial: Trial, keeps: Callable[[Trial], bool], m: Map, subject: dict) -> Trial:
    """Each line in turn: its canonical form, then a plain hold; kept when the finding survives."""
    units = {u.province: u for u in trial.units}
    _, legal, _ = legal_orders(trial, m)
    for i in range(len(trial.orders)):
        power, text = trial.orders[i]
        p = subject.get(text)
        candidates = []
        if p in legal and str(legal[p]) != text and legal[p].unit.power == power:
            candidates.append(str(legal[p]))
        if p in units and units[p].power == power:
            candidates.append(f"{units[p]} H")
        for c in candidates:
            if c == text:
                continue
            lines = list(trial.orders)
            lines[i] = (power, c)
            t = dataclasses.replace(trial, orders=tuple(lines))
            if keeps(t):
                subject[c] = p
                trial = t
                break
    return trial


def _merge_powers(trial: Trial, keeps: Callable[[Trial], bool]) -> Trial:
    """Fewer powers where the finding allows: hand all of one power's units and order lines to another."""
    powers = list(dict.fromkeys(u.power for u in trial.units))
    for b in powers[1:]:
        for a in powers[:powers.index(b)]:
            if not any(u.power == a for u in trial.units):
                continue
            t = dataclasses.replace(
                trial, units=tuple(Unit(a, u.kind, u.loc) if u.power == b else u for u in trial.units),
                orders=tuple((a if p == b else p, text) for p, text in trial.orders))
            if keeps(t):
                trial = t
                break
    return trial


def _simplify_rules(trial: Trial, keeps: Callable[[Trial], bool]) -> Trial:
    """Every rule option back to its default where the finding does not need it."""
    for name in trial.rules.differences():
        t = dataclasses.replace(trial, rules=trial.rules.replace(**{name: getattr(Ruleset(), name)}))
        if keeps(t):
            trial = t
    return trial
