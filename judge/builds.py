"""Where and how many units a power may build, as the variant and the house rules say (pure): its home centres; any
owned centre (build_anywhere, a variant's "builds": "any"); any owned home centre of any power (home_builds); only
while it owns one of its own (remote_builds); home centres reassigned in the game (DPjudge's NEWHOMES); a first build
without centres (mobilize); and a variant's special sites (judge.maps.features.PowerBuilds: home centres claimed by
building, partisans, factories, alternative home centres), as DPjudge's Game.buildSites reads them."""
from __future__ import annotations

from collections import Counter, _count_elements  # type: ignore[attr-defined]
from operator import itemgetter

from judge.last_call import LastCall
from judge.maps import Map
from judge.maps.features import PowerBuilds
from judge.orders import errors as E
from judge.position import HouseState, Position, Unit
from judge.rules import Ruleset

_NONE = PowerBuilds()
_POWER = itemgetter(0)         # a Unit's power


def homes(m: Map, house: HouseState | None, power: str) -> tuple[str, ...]:
    """A power's home centres now: the map's, or those reassigned in the game."""
    if house is None or house.homes is None:
        return m.homes(power)
    return house.homes.get(power, ())


def _homeless(m: Map, house: HouseState | None) -> bool:
    """Before a map's NEWHOMES year nobody has home centres, and powers build in any centre they own."""
    return house is not None and house.homes is not None and not any(house.homes.values())


def count(m: Map, position: Position, power: str) -> int:
    """Builds (positive) or removals (negative) due in an adjustment phase, builds no more than the variant's limit.
    The adjustment phase and the results' table of centres and units both ask here, so they cannot disagree."""
    return m.builds_allowed(balance(m, position, power))


def balance(m: Map, position: Position, power: str) -> int:
    """Centres (and builds owed without centres, mobilize; and open partisan sites, which count as centres in an
    adjustment, as DPjudge's 'SC*') less units."""
    owed = position.house.mobilizing.get(power, 0) if position.house is not None else 0
    if m.power_builds:
        owed += len(partisans(m, position.house, power, position.centers))
    tallies: tuple[dict[str, int], dict[str, int]] = _tallies(position)    # (typed: read by direct dict calls)
    return tallies[0].get(power, 0) + owed - tallies[1].get(power, 0)


def _count_tallies(position: Position) -> tuple[dict[str, int], dict[str, int]]:
    # (collections' counting loop called directly, into plain dicts: Counter's constructor checks its argument in
    # Python first, which cost more than the counting)
    centres: dict[str, int] = {}
    units: dict[str, int] = {}
    _count_elements(centres, position.centers.values())
    _count_elements(units, map(_POWER, position.units.values()))
    return centres, units


# Centres and units per power, counted in C once for the last position asked about (an adjustment phase asks for
# every power in turn, in order entry and again in adjudication).
_tallies = LastCall(_count_tallies)


def claims_left(m: Map, house: HouseState | None, power: str) -> int:
    """Home centres the power may still claim by building outside its home centres (a variant's DPjudge '&SC')."""
    pb = m.power_builds.get(power)
    if pb is None or not pb.claims:
        return 0
    return pb.claims - sum(1 for h in homes(m, house, power) if h not in m.homes(power))


def partisans(m: Map, house: HouseState | None, power: str, centers: dict[str, str]) -> tuple[str, ...]:
    """The partisan sites open to the power: it holds some, but not all, of its home centres (DPjudge '*'). Each
    also counts as a centre in its adjustment (and is not one for victory)."""
    pb = m.power_builds.get(power)
    if pb is None or not pb.partisans:
        return ()
    own = homes(m, house, power)
    lost = sum(1 for h in own if centers.get(h) != power)
    return pb.partisans if 0 < lost < len(own) else ()


def sites(m: Map, power: str, units: dict[str, Unit], centers: dict[str, str], rules: Ruleset,
          house: HouseState | None = None) -> list[str]:
    """The free provinces where the power may build now."""
    out = [c for c in _candidates(m, power, centers, rules, house) if c not in units]
    pb = m.power_builds.get(power, _NONE) if m.power_builds else _NONE
    if pb is _NONE:
        return out
    for alt, limits in pb.alternatives.items():
        # An alternative home centre is open only while one of the home centres it stands in for is.
        if alt in out and limits and not any(h in out for h in limits):
            out.remove(alt)
    return out + [s for s in (*pb.factories, *partisans(m, house, power, centers)) if s not in units]


def alternative_groups(m: Map, house: HouseState | None, power: str, open_sites: list[str]) -> list[tuple[str, ...]]:
    """Sites of which one must stay unbuilt this winter: each alternative home centre with the open home centres it
    stands in for (all the power's other ones, where it names none)."""
    pb = m.power_builds.get(power)
    if pb is None or not pb.alternatives:
        return []
    out = []
    for alt, limits in pb.alternatives.items():
        if alt not in open_sites:
            continue
        others = limits or [h for h in homes(m, house, power) if h not in pb.alternatives]
        group = (alt, *(h for h in others if h in open_sites and h != alt))
        if len(group) > 1:
            out.append(group)
    return out


def claimed(m: Map, position: Position, units: dict[str, Unit], house: HouseState | None) -> HouseState | None:
    """The house after an adjustment phase: a build outside its home centres, by a power with claims left, makes
    that centre one of its home centres for good (kept with the home centres of the game, house.homes)."""
    house0 = position.house
    new: dict[str, list[str]] = {}
    for prov, unit in units.items():
        power = unit.power
        if prov in position.units or prov not in m.centers or claims_left(m, house0, power) <= len(new.get(power, [])):
            continue
        if prov not in homes(m, house0, power):
            new.setdefault(power, []).append(prov)
    if not new:
        return house
    base = house or HouseState()
    now = {p: tuple(homes(m, house0, p)) + tuple(sorted(new.get(p, ()))) for p in m.powers}
    return base.replace(homes=now)


def mobilized(m: Map, position: Position, units: dict[str, Unit]) -> dict[str, str]:
    """The centres a mobilizing power now owns: each of its builds owed without centres is made on a centre, and
    that centre becomes its own (as DPjudge swaps its 'SC!' for the centre built on); a power with none would
    otherwise lose its new units at the next Fall's adjustments."""
    owed = position.house.mobilizing if position.house is not None else {}
    out: dict[str, str] = {}
    made: Counter = Counter()
    for prov, unit in units.items():
        power = unit.power
        if prov in position.units or prov not in m.centers or made[power] >= owed.get(power, 0):
            continue
        if position.centers.get(prov) is None:
            out[prov] = power
            made[power] += 1
    return out


def variant_notes(m: Map) -> dict[str, str]:
    """What the variant decides whatever the house rules say, by rule (LIST, CREATE and the game page say it beside
    the rule: a GM reading "build_anywhere = off" on DPjudge's hundred map would think builds go home only)."""
    if m.builds == "any":
        return {"build_anywhere": "the variant itself lets every power build in any supply centre it owns"}
    return {}


def _anywhere(m: Map, rules: Ruleset, house: HouseState | None) -> bool:
    """Does the power build in any centre it owns? (DPjudge: BUILD_ANY or REMOTE_BUILDS, or nobody has homes yet.)"""
    return rules.build_anywhere or m.builds == "any" or rules.remote_builds or _homeless(m, house)


def _candidates(m: Map, power: str, centers: dict[str, str], rules: Ruleset, house: HouseState | None) -> list[str]:
    own = homes(m, house, power)
    if m.power_builds and claims_left(m, house, power) > 0:
        return [c for c, owner in centers.items() if owner == power]     # a claim may go in any centre it owns
    if house is not None and house.mobilizing.get(power):
        return list(own if own or not _homeless(m, house) else m.homes(power))
    if rules.remote_builds and not any(centers.get(h) == power for h in own):
        return []
    owned = _owned(centers).get(power, ())
    reverted = _mobilizing_homes(m, house, power)
    if _anywhere(m, rules, house):
        return [c for c in owned if c not in reverted]
    if rules.home_builds:
        every = {h for p in m.powers for h in homes(m, house, p)}
        return [c for c in owned if c in every and c not in reverted]
    return [c for c in owned if c in own and c not in reverted]


def _group_owned(centers: dict[str, str]) -> dict[str, list[str]]:
    lists: dict[str, list[str]] = {}
    for c, owner in centers.items():
        lst = lists.get(owner)
        if lst is None:
            lists[owner] = [c]
        else:
            lst.append(c)
    return lists


# Each power's centres, in the dict's order: made once for the last centres asked about (every build order and
# build site asks).
_owned = LastCall(_group_owned)


def _mobilizing_homes(m: Map, house: HouseState | None, power: str) -> set[str]:
    """Home centres of other powers still mobilizing: theirs to build in."""
    if house is None or not house.mobilizing:
        return set()
    return {h for p in house.owing() if p != power for h in homes(m, house, p)}


def site_error(m: Map, position: Position, power: str, province: str, rules: Ruleset) -> str | None:
    """Why the power may not build in this province now (an order diagnostic, in the order the checks were always
    made: the kind of centre, its owner, whether it is free), or None."""
    house = position.house
    if m.power_builds:
        special = _special_error(m, position, power, province, rules)
        if special is not None:
            return special or None
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


def _special_error(m: Map, position: Position, power: str, province: str, rules: Ruleset) -> str | None:
    """For a variant's special sites: "" (the site is fine), a diagnostic, or None (not a special case)."""
    pb = m.power_builds.get(power, _NONE)
    house = position.house
    if province in pb.factories or province in partisans(m, house, power, position.centers):
        return E.OCCUPIED.format(province) if province in position.units else ""
    if claims_left(m, house, power) > 0:
        if province not in m.centers:
            return E.NOT_SUPPLY_CENTER.format(province)
        if position.centers.get(province) != power:
            return E.NOT_OWNED_CENTER.format(province)
        return E.OCCUPIED.format(province) if province in position.units else ""
    limits = pb.alternatives.get(province)
    if limits and position.centers.get(province) == power and province not in position.units and \
            province not in sites(m, power, position.units, position.centers, rules, house):
        return E.ALTERNATIVE_CLOSED.format(province)
    return None
