"""Where and how many units a power may build, as the variant and the house rules say (pure): its home centres; any
owned centre (build_anywhere, a variant's "builds": "any"); any owned home centre of any power (home_builds); only
while it owns one of its own (remote_builds); home centres reassigned in the game (DPjudge's NEWHOMES); a first build
without centres (mobilize), as DPjudge's Game.buildSites reads them."""
from __future__ import annotations

from judge.maps import Map
from judge.orders import errors as E
from judge.position import HouseState, Position, Unit
from judge.rules import Ruleset


def homes(m: Map, house: HouseState | None, power: str) -> tuple[str, ...]:
    """A power's home centres now: the map's, or those reassigned in the game."""
    if house is None or house.homes is None:
        return m.homes(power)
    return house.homes.get(power, ())


def _homeless(m: Map, house: HouseState | None) -> bool:
    """Before a map's NEWHOMES year nobody has home centres, and powers build in any centre they own."""
    return house is not None and house.homes is not None and not any(house.homes.values())


def count(m: Map, position: Position, power: str) -> int:
    """Builds (positive) or removals (negative) due in an adjustment phase: centres (and builds owed without
    centres, mobilize) less units, builds no more than the variant's limit."""
    owed = position.house.mobilizing.get(power, 0) if position.house is not None else 0
    return m.builds_allowed(len(position.centers_of(power)) + owed - len(position.units_of(power)))


def sites(m: Map, power: str, units: dict[str, Unit], centers: dict[str, str], rules: Ruleset,
          house: HouseState | None = None) -> list[str]:
    """The free provinces where the power may build now."""
    return [c for c in _candidates(m, power, centers, rules, house) if c not in units]


def _anywhere(m: Map, rules: Ruleset, house: HouseState | None) -> bool:
    """Does the power build in any centre it owns? (DPjudge: BUILD_ANY or REMOTE_BUILDS, or nobody has homes yet.)"""
    return rules.build_anywhere or m.builds == "any" or rules.remote_builds or _homeless(m, house)


def _candidates(m: Map, power: str, centers: dict[str, str], rules: Ruleset, house: HouseState | None) -> list[str]:
    own = homes(m, house, power)
    if house is not None and house.mobilizing.get(power):
        return list(own if own or not _homeless(m, house) else m.homes(power))
    if rules.remote_builds and not any(centers.get(h) == power for h in own):
        return []
    owned = [c for c, owner in centers.items() if owner == power]
    reverted = _mobilizing_homes(m, house, power)
    if _anywhere(m, rules, house):
        return [c for c in owned if c not in reverted]
    if rules.home_builds:
        every = {h for p in m.powers for h in homes(m, house, p)}
        return [c for c in owned if c in every and c not in reverted]
    return [c for c in owned if c in own and c not in reverted]


def _mobilizing_homes(m: Map, house: HouseState | None, power: str) -> set[str]:
    """Home centres of other powers still mobilizing: theirs to build in."""
    if house is None or not house.mobilizing:
        return set()
    return {h for p, n in house.mobilizing.items() if n and p != power for h in homes(m, house, p)}


def site_error(m: Map, position: Position, power: str, province: str, rules: Ruleset) -> str | None:
    """Why the power may not build in this province now (an order diagnostic, in the order the checks were always
    made: the kind of centre, its owner, whether it is free), or None."""
    house = position.house
    allowed = _candidates(m, power, position.centers, rules, house)
    if house is not None and house.mobilizing.get(power):
        if province not in allowed:
            return E.NOT_HOME_CENTER.format(province)
    else:
        if _anywhere(m, rules, house):
            if province not in m.centers:
                return E.NOT_SUPPLY_CENTER.format(province)
        elif rules.home_builds:
            if province not in {h for p in m.powers for h in homes(m, house, p)}:
                return E.NOT_HOME_CENTER.format(province)
        elif province not in homes(m, house, power):
            return E.NOT_HOME_CENTER.format(province)
        if position.centers.get(province) != power:
            return E.NOT_OWNED_CENTER.format(province)
        if province not in allowed:
            return (E.NO_HOME_LEFT if rules.remote_builds else E.NOT_HOME_CENTER).format(province)
    if province in position.units:
        return E.OCCUPIED.format(province)
    return None
