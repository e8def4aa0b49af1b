"""The phase sequence: which phase comes next in the variant's calendar, empty phases skipped, centre ownership
after the year's last movement season (the Fall), solo wins."""
from __future__ import annotations

from judge.maps import Map
from judge.position import Dislodged, Phase, Position, Unit


def victory_centers(m: Map) -> int:
    """Centres a power needs to win alone: the variant's count, else more than half of them (18 of 34)."""
    return m.victory_count


def update_ownership(m: Map, units: dict[str, Unit], centers: dict[str, str]) -> dict[str, str]:
    """A supply centre belongs to the power whose unit stands on it at the end of a Fall; others keep owners."""
    out = dict(centers)
    sc = m.centers
    for prov, unit in units.items():
        if prov in sc:
            out[prov] = unit[0]
    return out


def _count(powers) -> dict[str, int]:
    counts: dict[str, int] = {}
    for p in powers:
        counts[p] = counts.get(p, 0) + 1
    return counts


def needs_adjustment(m: Map, units: dict[str, Unit], centers: dict[str, str], anywhere: bool = False,
                     claimed: dict[str, tuple[str, ...]] | None = None) -> bool:
    """Does any power have a removal to make, or a build it can actually place? (`anywhere`: the house rule
    build_anywhere is on.)"""
    if m.power_builds:
        # DPjudge's special build sites (claims, partisans, factories, alternatives): judge.builds says.
        from judge import builds
        return builds.needs_adjustment(m, Position(Phase(0, 2, 2), units, centers, {}, claimed or {}), anywhere)
    owned = _count(centers.values())
    have = _count([u[0] for u in units.values()])
    for power, n in have.items():
        if n > owned.get(power, 0):
            return True
    homes = m.home_centers
    everywhere = anywhere or m.builds == "any"
    for power, n in owned.items():
        # A build needs fewer units than centres, and a free centre the power owns where it may build: one of its
        # home centres, or (build anywhere) any.
        if have.get(power, 0) < n:
            sites = [c for c, owner in centers.items() if owner == power] if everywhere else homes.get(power, ())
            for prov in sites:
                if prov not in units and centers.get(prov) == power:
                    return True
    return False


def winner(m: Map, centers: dict[str, str]) -> str | None:
    need = victory_centers(m)
    if len(centers) < need:
        return None
    for power, count in _count(centers.values()).items():
        if count >= need:
            return power            # (only one power can hold more than half of the centres)
    return None


def after_movement(m: Map, position: Position, units: dict[str, Unit], dislodged: dict[str, Dislodged],
                   anywhere: bool = False) -> Position:
    """The position after a movement phase: its retreat phase if anything was dislodged, else onwards."""
    if dislodged:
        phase = position.phase.following()
        return Position(phase, units, position.centers, dislodged, position.claimed)
    return _after_season(m, position.phase, units, position.centers, anywhere, position.claimed)


def after_retreats(m: Map, position: Position, units: dict[str, Unit], anywhere: bool = False) -> Position:
    return _after_season(m, position.phase, units, position.centers, anywhere, position.claimed)


_SEASON_INDEX = {"S": 0, "F": 1, "W": 2}


def _next_year(m: Map, year: int) -> Phase:
    """The first movement phase of the year after `year` in the variant's calendar."""
    return Phase(year + 1, _SEASON_INDEX[m.calendar[0]], 0)


def after_adjustments(m: Map, position: Position, units: dict[str, Unit]) -> Position:
    claimed = position.claimed
    if m.power_builds:
        from judge import builds
        claimed = builds.claimed_after(m, position, units)
    return Position(_next_year(m, position.phase.year), units, dict(position.centers), {}, claimed)


def ends_year(m: Map, phase: Phase) -> bool:
    """Is this phase in the year's last movement season (the Fall, in the standard calendar), whose end changes
    centre ownership?"""
    return phase.season == m.calendar[-1]


def _after_season(m: Map, phase: Phase, units: dict[str, Unit], centers: dict[str, str],
                  anywhere: bool = False, claimed: dict[str, tuple[str, ...]] | None = None) -> Position:
    claimed = claimed if claimed is not None else {}
    following = m.next_season(phase.season)
    if following != "W":
        # unchanged, so shared (never mutated)
        return Position(Phase(phase.year, _SEASON_INDEX[following], 0), units, centers, {}, claimed)
    centers = update_ownership(m, units, centers)
    if needs_adjustment(m, units, centers, anywhere, claimed):
        return Position(Phase(phase.year, 2, 2), units, centers, {}, claimed)
    return Position(_next_year(m, phase.year), units, centers, {}, claimed)
