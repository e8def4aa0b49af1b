"""The phase sequence: which phase comes next in the variant's calendar, empty phases skipped, centre ownership
after the year's last movement season (the Fall) or, in a calendar of the map's own, whenever an adjustment phase
comes; solo wins. What some house rules add happens there too: home centres reassigned (DPjudge's NEWHOMES), vassals
(vassal_dummies), builds owed without centres (mobilize) settled."""
from __future__ import annotations

from collections import Counter, _count_elements  # type: ignore[attr-defined]
from operator import itemgetter

from judge import builds
from judge.last_call import LastCall
from judge.maps import Map
from judge.position import Dislodged, HouseState, Phase, Position, Unit
from judge.rules import Ruleset

_DEFAULT = Ruleset()
_POWER = itemgetter(0)         # a Unit's power


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
    # collections' own counting loop, in C (what Counter.update runs, without Counter's checks around it): a Python
    # loop over the names was half of the bookkeeping after a Fall.
    counts: dict[str, int] = {}
    _count_elements(counts, powers)
    return counts


# Centres per power, counted once for the last centres asked about (the end of a year asks twice: for adjustments
# due, and for a winner). Read only: a caller that changes the counts copies them first.
_centre_counts = LastCall(lambda centers: _count(centers.values()))


def needs_adjustment(m: Map, units: dict[str, Unit], centers: dict[str, str], anywhere: bool = False,
                     rules: Ruleset | None = None, house: HouseState | None = None) -> bool:
    """Does any power have a removal to make, or a build it can actually place? (`anywhere`: the house rule
    build_anywhere is on; `rules` and `house` say more about where powers build, judge.builds.)"""
    if m.power_builds:
        # DPjudge's special build sites (claims, partisans, factories, alternatives): judge.builds counts them.
        rules = rules if rules is not None else _DEFAULT.with_(build_anywhere=anywhere)
        position = Position(Phase(0, 2, 2), units, centers, {}, house)
        return any(d < 0 or (d > 0 and builds.sites(m, power, units, centers, rules, house))
                   for power in m.powers for d in (builds.count(m, position, power),))
    owned = _centre_counts(centers)
    if house is not None and house.mobilizing:
        owned = dict(owned)
        for power, n in house.mobilizing.items():
            owned[power] = owned.get(power, 0) + n
    have = _count(map(_POWER, units.values()))
    for power, n in have.items():
        if n > owned.get(power, 0):
            return True
    if rules is not None or house is not None:
        rules = rules if rules is not None else _DEFAULT
        return any(have.get(power, 0) < n and builds.sites(m, power, units, centers, rules, house)
                   for power, n in owned.items())
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


def winner(m: Map, centers: dict[str, str], house: HouseState | None = None) -> str | None:
    """The power with enough centres to win alone; with vassals, a power counts its vassals' centres too (DPjudge's
    VASSAL_DUMMIES plays TEAM_VICTORY)."""
    need = victory_centers(m)
    counts = _centre_counts(centers)
    if house is not None and house.vassals:
        counts = dict(counts)
        for vassal, lord in house.vassals.items():
            counts[lord] = counts.get(lord, 0) + counts.pop(vassal, 0)
    elif len(centers) < need:
        return None
    for power, count in counts.items():
        if count >= need:
            return power            # (only one power can hold more than half of the centres)
    return None


def after_movement(m: Map, position: Position, units: dict[str, Unit], dislodged: dict[str, Dislodged],
                   rules: Ruleset | None = None) -> Position:
    """The position after a movement phase: its retreat phase if anything was dislodged, else onwards."""
    if dislodged:
        now = position.phase
        return Position(Phase(now.year, now.season_index, 1, now.calendar), units, position.centers, dislodged,
                        position.house)
    return _after_season(m, position, units, rules)


def after_retreats(m: Map, position: Position, units: dict[str, Unit], rules: Ruleset | None = None) -> Position:
    return _after_season(m, position, units, rules)


_SEASON_INDEX = {"S": 0, "F": 1, "W": 2}


def _next_year(m: Map, year: int) -> Phase:
    """The first movement phase of the year after `year` in the variant's calendar."""
    return Phase(year + 1, _SEASON_INDEX[m.calendar[0]], 0)


def after_adjustments(m: Map, position: Position, units: dict[str, Unit], rules: Ruleset | None = None) -> Position:
    house = position.house
    centers = dict(position.centers)
    if house is not None and house.mobilizing:
        # Builds owed without centres are made, or stay owed for the next winter (DPjudge keeps its 'SC!' among the
        # power's centres until a BUILD uses it: a power that missed its first build is not out of the game).
        centers.update(builds.mobilized(m, position, units))
        made = Counter(u.power for prov, u in units.items() if prov not in position.units)
        house = house.replace(mobilizing={p: n - made[p] for p, n in house.mobilizing.items() if n > made[p]})
    if m.power_builds:
        house = builds.claimed(m, position, units, house)   # home centres claimed by building there (DPjudge &SC)
    if position.phase.calendar is not None:
        return _after_in_calendar(m, position.phase, units, centers, house, rules)
    return Position(_next_year(m, position.phase.year), units, centers, {}, house)


def ends_year(m: Map, phase: Phase) -> bool:
    """Is this phase in the year's last movement season (the Fall, in the standard calendar), whose end changes
    centre ownership? (In a calendar of the variant's own: is an adjustment phase next, retreats aside?)"""
    if phase.calendar is not None:
        if phase.kind == "A":
            return False
        nxt = phase.following()
        while nxt.kind == "R":
            nxt = nxt.following()
        return nxt.kind == "A"
    return phase.season == m.calendar[-1]


def _after_in_calendar(m: Map, phase: Phase, units: dict[str, Unit], centers: dict[str, str],
                       house: HouseState | None, rules: Ruleset | None) -> Position:
    """The next phase that needs orders in a calendar of the variant's own: retreat phases with nothing dislodged
    are skipped; centres change hands whenever an adjustment phase comes (as DPjudge captures them on entering
    it), and one in which nobody builds or removes is skipped."""
    nxt = phase.following()
    for _ in range(4 * len(phase.calendar.steps)):
        if nxt.kind == "M":
            return Position(nxt, units, centers, {}, house)
        if nxt.kind == "A":
            centers, house = capture(m, nxt, units, centers, house, rules)
            if needs_adjustment(m, units, centers, False, rules, house):
                return Position(nxt, units, centers, {}, house)
        nxt = nxt.following()
    raise ValueError(f"the calendar of {m.name} never comes to a movement phase after {phase}")


def _after_season(m: Map, position: Position, units: dict[str, Unit], rules: Ruleset | None) -> Position:
    phase, centers = position.phase, position.centers
    house: HouseState | None = position.house
    if phase.calendar is not None:
        return _after_in_calendar(m, phase, units, centers, house, rules)
    following = m.next_season(phase.season)
    if following != "W":
        # unchanged, so shared (never mutated)
        return Position(Phase(phase.year, _SEASON_INDEX[following], 0), units, centers, {}, house)
    winter = Phase(phase.year, 2, 2)
    if house is None and (rules is None or not rules.vassal_dummies) and not m.new_homes:
        centers = update_ownership(m, units, centers)
        anywhere = rules is not None and rules.build_anywhere
        special = rules is not None and (rules.home_builds or rules.remote_builds)
        if needs_adjustment(m, units, centers, anywhere, rules if special else None):
            return Position(winter, units, centers, {}, house)
        return Position(_next_year(m, phase.year), units, centers, {}, house)
    centers, house = capture(m, winter, units, centers, house, rules)
    if needs_adjustment(m, units, centers, False, rules, house):
        return Position(winter, units, centers, {}, house)
    return Position(_next_year(m, phase.year), units, centers, {}, house)


def capture(m: Map, phase: Phase, units: dict[str, Unit], centers: dict[str, str], house: HouseState | None,
            rules: Ruleset | None) -> tuple[dict[str, str], HouseState | None]:
    """Centres change hands as an adjustment phase comes: to the power whose unit stands on each, except between a
    power and its vassals (vassal_dummies); a dummy then gets its home centres back and becomes the vassal of a power
    that holds them all; in a map's NEWHOMES year every power's home centres become the centres it owns."""
    vassals = rules is not None and rules.vassal_dummies and house is not None and bool(house.dummies)
    if not vassals or house is None:     # (vassals implies a house: said again for the type checker)
        centers = update_ownership(m, units, centers)
    else:
        centers, house = _vassal_capture(m, units, centers, house)
    if phase.year in m.new_homes:
        owned: dict[str, list[str]] = {}
        for c, owner in sorted(centers.items()):
            owned.setdefault(owner, []).append(c)
        base = house or HouseState()
        house = base.replace(homes={p: tuple(owned.get(p, ())) for p in m.powers})
    return centers, house


def _vassal_capture(m: Map, units: dict[str, Unit], centers: dict[str, str],
                    house: HouseState) -> tuple[dict[str, str], HouseState]:
    """DPjudge's VASSAL_DUMMIES, as its Game.captureCenters and vassalship do it."""
    lord = dict(house.vassals)

    def team(power: str) -> str:
        return lord.get(power, power)

    out = dict(centers)
    for prov, unit in units.items():
        if prov in m.centers:
            owner = out.get(prov)
            if owner is None or team(owner) != team(unit[0]):
                out[prov] = unit[0]
    for dummy in sorted(house.dummies):
        runners = [team(out[h]) for h in builds.homes(m, house, dummy) if h in out]
        if runners and runners[0] != dummy and runners == runners[:1] * len(runners):
            lord.pop(dummy, None)
            if runners[0] not in house.dummies:
                lord[dummy] = runners[0]
    # A dummy is nobody's lord (no player orders for it): a lord made a dummy since frees its vassals, as DPjudge frees
    # them when their homes agree, and its vassals are never a vassal's vassals if it becomes one itself.
    lord = {vassal: master for vassal, master in lord.items() if master not in house.dummies}
    for dummy in sorted(house.dummies):
        for h in builds.homes(m, house, dummy):
            if h in out:
                out[h] = dummy                     # a dummy never loses its home centres...
        master = lord.get(dummy)
        if master is not None:                     # ...nor a great power its own to its vassals
            for c, owner in list(out.items()):
                if owner == dummy and c in builds.homes(m, house, master):
                    out[c] = master
    return out, house.replace(vassals=lord)
