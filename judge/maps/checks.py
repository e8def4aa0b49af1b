"""The checks a variant passes once it is built: adjacency that is symmetric and stands where units can, and powers,
centres, start and rules that fit the map (each refusal a MapError naming the field)."""
from __future__ import annotations

import re

from judge.maps import BUILDS, Map, MapError
from judge.maps import features

_BEGIN = re.compile(r"^(?:[SF]\d{4}M|W\d{4}A)$")   # a game starts with a movement phase, or with builds


def check(m: Map) -> None:
    """Refuse a map whose adjacency is asymmetric or names places that do not exist, or a variant whose powers,
    centres, start or rules do not fit its map."""
    _check_adjacency(m)
    _check_variant(m)
    features.check(m)


def _check_adjacency(m: Map) -> None:
    for src, dsts in m.army_adj.items():
        if not m.can_hold("A", src):
            raise MapError(f"army.{src}: adjacency from {src}, where no army can stand")
        _check_table(m, "army", "A", src, dsts, m.army_adj)
    locs = set(m.locations())
    for src, dsts in m.fleet_adj.items():
        if src not in locs or not m.can_hold("F", src):
            raise MapError(f"fleet.{src}: adjacency from {src}, where no fleet can stand")
        _check_table(m, "fleet", "F", src, dsts, m.fleet_adj)


def _check_table(m: Map, table: str, kind: str, src: str, dsts: frozenset[str], adj: dict) -> None:
    for d in dsts:
        if not m.can_hold(kind, d):
            raise MapError(f"{table}.{src}: {src} -> {d}: no {table} can stand at {d}")
        if src not in adj.get(d, ()):
            raise MapError(f"{table}.{src}: {src} -> {d} is not symmetric ({table}.{d} lacks {src})")


def _check_begin(m: Map) -> None:
    if m.flow is not None:
        try:
            _, _, kind = m.flow.read(m.begin)
        except ValueError as exc:
            raise MapError(f"begin: {exc}") from None
        if kind == 1:
            raise MapError(f"begin: {m.begin}: a game begins with a movement or an adjustment phase")
        return
    if not _BEGIN.match(m.begin):
        raise MapError(f"begin: {m.begin!r} is not a spring or fall movement or a winter adjustment phase "
                       "(e.g. S1901M, W1900A)")
    if m.begin[0] != "W" and m.begin[0] not in m.calendar:
        raise MapError(f"begin: {m.begin} is in a season with no movement phase in this variant's calendar")
    if m.begin[1:5] == "0000":          # (the house rule mobilize begins with the winter before: year -1, no phase)
        raise MapError(f"begin: {m.begin}: a game begins in year 0001 or later")


def _check_variant(m: Map) -> None:
    if m.builds not in BUILDS:
        raise MapError(f"builds: {m.builds!r} is not one of {', '.join(BUILDS)}")
    _check_begin(m)
    if m.build_limit < 0:
        raise MapError(f"build_limit: {m.build_limit} (the most builds in one winter: 1 or more, or 0 for no limit)")
    if not 0 <= m.victory <= len(m.centers):
        raise MapError(f"victory: {m.victory} is more than the {len(m.centers)} supply centres")
    for power in m.powers:
        if not m.homes(power) and m.builds == "homes" and not m.power_builds.get(power):
            raise MapError(f"powers.{power}: no home centre, so it could never build")
    _check_start(m)


def _check_start(m: Map) -> None:
    seen: dict[str, str] = {}
    for power, units in m.start.items():
        if power not in m.powers:
            raise MapError(f"start.{power}: no such power")
        for u in units:
            kind, _, loc = u.partition(" ")
            if kind not in ("A", "F") or not m.can_hold(kind, loc):
                raise MapError(f"start.{power}: {u!r} cannot stand there")
            if loc[:3] in seen:
                raise MapError(f"start.{power}: {u} stands where {seen[loc[:3]]} does")
            seen[loc[:3]] = u
    _check_start_centers(m)


def _check_start_centers(m: Map) -> None:
    owners: dict[str, str] = {}
    for power, centres in (m.start_centers or {}).items():
        if power not in m.powers:
            raise MapError(f"centers.{power}: no such power")
        for c in centres:
            if c not in m.centers:
                raise MapError(f"centers.{power}: {c!r} is no supply centre")
            if c in owners:
                raise MapError(f"centers.{power}: {c} is {owners[c]}'s already")
            owners[c] = power
