"""The phase sequence: which phase comes next, empty phases skipped, centre ownership after the Fall, solo wins."""
from __future__ import annotations

from collections import Counter

from judge.maps import Map
from judge.position import Dislodged, Phase, Position, Unit


def victory_centers(m: Map) -> int:
    """Centres a power needs to win alone: more than half of them (18 on the standard map)."""
    return len(m.centers) // 2 + 1


def update_ownership(m: Map, units: dict[str, Unit], centers: dict[str, str]) -> dict[str, str]:
    """A supply centre belongs to the power whose unit stands on it at the end of a Fall; others keep owners."""
    out = dict(centers)
    for prov, unit in units.items():
        if m.provinces[prov].center:
            out[prov] = unit.power
    return out


def needs_adjustment(m: Map, units: dict[str, Unit], centers: dict[str, str]) -> bool:
    """Does any power have a removal to make, or a build it can actually place?"""
    owned = Counter(centers.values())
    have = Counter(u.power for u in units.values())
    for power in owned.keys() | have.keys():
        if have[power] > owned[power]:
            return True
    provinces = m.provinces
    for prov, power in centers.items():
        # A build needs a free home centre of the power's own, and fewer units than centres.
        if have[power] < owned[power] and prov not in units and provinces[prov].home == power:
            return True
    return False


def winner(m: Map, centers: dict[str, str]) -> str | None:
    if not centers:
        return None
    power, count = Counter(centers.values()).most_common(1)[0]
    return power if count >= victory_centers(m) else None


def after_movement(m: Map, position: Position, units: dict[str, Unit], dislodged: dict[str, Dislodged]) -> Position:
    """The position after a movement phase: its retreat phase if anything was dislodged, else onwards."""
    if dislodged:
        phase = position.phase.following()
        return Position(phase, units, position.centers, dislodged)
    return _after_season(m, position.phase, units, position.centers)


def after_retreats(m: Map, position: Position, units: dict[str, Unit]) -> Position:
    return _after_season(m, position.phase, units, position.centers)


def after_adjustments(m: Map, position: Position, units: dict[str, Unit]) -> Position:
    return Position(Phase(position.phase.year + 1, 0, 0), units, dict(position.centers), {})


def _after_season(m: Map, phase: Phase, units: dict[str, Unit], centers: dict[str, str]) -> Position:
    if phase.season == "S":
        return Position(Phase(phase.year, 1, 0), units, centers, {})   # unchanged, so shared (never mutated)
    centers = update_ownership(m, units, centers)
    if needs_adjustment(m, units, centers):
        return Position(Phase(phase.year, 2, 2), units, centers, {})
    return Position(Phase(phase.year + 1, 0, 0), units, centers, {})
