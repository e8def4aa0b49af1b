"""The adjustment phase: builds, removals, waived builds and civil-disorder removals."""
from __future__ import annotations

from collections import deque

from judge import builds
from judge.adjudicator.results import OrderResult
from judge.maps import Map
from judge.orders import AdjustmentOrder, Build, Remove, Waive
from judge.orders.sets import adjustment_count
from judge.position import Position, Unit
from judge.rules import RemovalDistance, Ruleset


def resolve_adjustments(m: Map, position: Position, orders: dict[str, list[AdjustmentOrder]],
                        rules: Ruleset) -> tuple[list[OrderResult], dict[str, Unit]]:
    """orders: each power's legal adjustments (already limited to what it is due); defaults are added here."""
    units = dict(position.units)
    results: list[OrderResult] = []
    for power in m.powers:
        given = orders.get(power, [])
        due = adjustment_count(position, power, m)
        for order in given:
            if isinstance(order, Build):
                units[order.province] = Unit(power, order.kind, order.loc)
            elif isinstance(order, Remove):
                del units[order.unit.province]
            results.append(OrderResult(order, ()))
        if due > 0:
            used = sum(isinstance(o, (Build, Waive)) for o in given)
            if rules.cd_builds and not given:
                for order in civil_disorder_builds(m, position, power, units, due, rules):
                    units[order.province] = Unit(power, order.kind, order.loc)
                    results.append(OrderResult(order, ()))
                    used += 1
            results.extend(OrderResult(Waive(power), ()) for _ in range(due - used))
        elif due < 0:
            missing = -due - sum(isinstance(o, Remove) for o in given)
            if missing > 0:
                left = [u for u in units.values() if u.power == power]
                for unit in civil_disorder_removals(m, position, power, left, missing, rules):
                    del units[unit.province]
                    results.append(OrderResult(Remove(unit), ()))
    return results, units


def civil_disorder_builds(m: Map, position: Position, power: str, units: dict[str, Unit], due: int,
                          rules: Ruleset) -> list[Build]:
    """cd_builds: a power that ordered nothing builds where it may, a unit of a kind that can stand there, at random
    (DPjudge's CD_BUILDS), the same way every time for the same phase and power."""
    import random           # (only here: a house rule's; the import costs `judge adjudicate` start-up time)
    rng = random.Random(f"{position.phase}-{power}")
    free = builds.sites(m, power, units, position.centers, rules, position.house)
    out: list[Build] = []
    for province in rng.sample(free, min(due, len(free))):
        prov = m.provinces[province]
        options = [("A", province)] if prov.terrain != "sea" else []
        if prov.terrain != "land":
            options += [("F", f"{province}/{c}") for c in prov.coasts] or [("F", province)]
        kind, loc = rng.choice(options)
        out.append(Build(power, kind, loc))
    return out


def civil_disorder_removals(m: Map, position: Position, power: str, candidates: list[Unit], count: int,
                            rules: Ruleset) -> list[Unit]:
    """The units removed for a power that did not order enough removals (DATC 4.D.8, 6.J)."""
    rule = rules.removal_distance
    if rule is RemovalDistance.OWNED_CENTERS:
        # 2023: count provinces to the nearest owned centre over any border, whatever the unit's type.
        dist = _distances(m, set(position.centers_of(power)), _any_border(m))
        distance = {u: dist.get(u.province, _FAR) for u in candidates}
    elif rule is RemovalDistance.HOME_ANY_TERRAIN:
        # The web judges' 2000 rules: to the nearest home centre over any border, fleets counted like armies.
        dist = _distances(m, set(builds.homes(m, position.house, power)), _any_border(m))
        distance = {u: dist.get(u.province, _FAR) for u in candidates}
    else:
        # Older rules: to the nearest home centre; fleets move as fleets, armies over land and sea.
        homes = set(builds.homes(m, position.house, power))
        army = _distances(m, homes, _any_border(m))
        fleet = _distances(m, homes, m.province_fleet_adj)
        distance = {u: (fleet if u.kind == "F" else army).get(u.province, _FAR) for u in candidates}
    if rule is RemovalDistance.HOME_ANY_TERRAIN:
        # Those judges break ties by the abbreviation, not the full name (MAO before MAR, where Marseilles < Mid-).
        ranked = sorted(candidates, key=lambda u: (-distance[u], u.kind != "F", u.province))
    else:
        ranked = sorted(candidates, key=lambda u: (-distance[u], u.kind != "F", m.provinces[u.province].name))
    return ranked[:count]


_FAR = 10_000


def _any_border(m: Map) -> dict[str, set[str]]:
    adj: dict[str, set[str]] = {p: set() for p in m.provinces}
    for src, dsts in m.army_adj.items():
        adj[src].update(dsts)
    for src, dsts in m.province_fleet_adj.items():
        adj[src].update(dsts)
    return adj


def _distances(m: Map, sources: set[str], adj) -> dict[str, int]:
    dist = {s: 0 for s in sources}
    queue = deque(sources)
    while queue:
        cur = queue.popleft()
        for nxt in adj.get(cur, ()):
            if nxt not in dist:
                dist[nxt] = dist[cur] + 1
                queue.append(nxt)
    return dist
