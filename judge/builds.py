"""Where and how much a power builds in an adjustment phase: its home centres (and those it has claimed), any owned
centre where the variant or the house rule says so, and DPjudge's special sites (judge.maps.features.PowerBuilds):
claims, partisans, factories and alternative home centres."""
from __future__ import annotations

from judge.maps import Map
from judge.maps.features import PowerBuilds
from judge.position import Position, Unit

_NONE = PowerBuilds()


def home_centres(m: Map, position: Position, power: str) -> tuple[str, ...]:
    """The power's home centres: the variant's, and those it has claimed by building (DPjudge '&SC')."""
    claimed = position.claimed.get(power)
    return m.homes(power) + claimed if claimed else m.homes(power)


def claims_left(m: Map, position: Position, power: str) -> int:
    pb = m.power_builds.get(power)
    return pb.claims - len(position.claimed.get(power, ())) if pb and pb.claims else 0


def partisans(m: Map, position: Position, power: str) -> tuple[str, ...]:
    """The partisan sites open to the power: it holds some, but not all, of its home centres (DPjudge '*'), and
    the game is past its first phase. Each also counts as a centre for its adjustment."""
    pb = m.power_builds.get(power)
    if pb is None or not pb.partisans or str(position.phase) == m.begin:
        return ()
    homes = home_centres(m, position, power)
    lost = sum(1 for h in homes if position.centers.get(h) != power)
    return pb.partisans if 0 < lost < len(homes) else ()


def due(m: Map, position: Position, power: str) -> int:
    """Builds (positive) or removals (negative): centres (and open partisan sites) less units, builds no more than
    the variant's limit per winter."""
    have = len(position.centers_of(power)) + (len(partisans(m, position, power)) if m.power_builds else 0)
    return m.builds_allowed(have - len(position.units_of(power)))


def _everywhere(m: Map, position: Position, power: str, anywhere: bool) -> bool:
    return anywhere or m.builds == "any" or claims_left(m, position, power) > 0


def sites(m: Map, position: Position, power: str, anywhere: bool = False) -> list[str]:
    """The provinces where the power may build now (free ones only)."""
    units = position.units
    owned = position.centers_of(power)
    if _everywhere(m, position, power, anywhere):
        out = [c for c in owned if c not in units]
    else:
        homes = set(home_centres(m, position, power))
        out = [c for c in owned if c in homes and c not in units]
    pb = m.power_builds.get(power, _NONE)
    if pb is _NONE:
        return out
    for alt, limits in pb.alternatives.items():
        # An alternative home centre is open only while one of the home centres it stands in for is.
        if alt in out and limits and not any(h in out for h in limits):
            out.remove(alt)
    out += [s for s in pb.factories if s not in units]
    out += [s for s in partisans(m, position, power) if s not in units]
    return out


def alternative_groups(m: Map, position: Position, power: str, open_sites: list[str]) -> list[tuple[str, ...]]:
    """Sites of which one must stay unbuilt this winter: each alternative home centre with the open home centres it
    stands in for (all the power's other ones, where it names none)."""
    pb = m.power_builds.get(power)
    if pb is None or not pb.alternatives:
        return []
    out = []
    for alt, limits in pb.alternatives.items():
        if alt not in open_sites:
            continue
        others = limits or [h for h in home_centres(m, position, power) if h not in pb.alternatives]
        group = (alt, *(h for h in others if h in open_sites and h != alt))
        if len(group) > 1:
            out.append(group)
    return out


def why_not(m: Map, position: Position, power: str, province: str, anywhere: bool) -> str | None:
    """Why the power may not build in the province, as the key of the diagnostic (None: it may).

    "home", "centre": not a place to build; "owned": a centre it does not own; "occupied"; "alternative": an
    alternative home centre none of whose home centres is free.
    """
    pb = m.power_builds.get(power, _NONE)
    if province in pb.factories or province in partisans(m, position, power):
        return "occupied" if province in position.units else None
    p = m.provinces.get(province)
    if p is None or not p.center:
        return "centre"
    if not _everywhere(m, position, power, anywhere) and province not in home_centres(m, position, power):
        return "home"
    if position.centers.get(province) != power:
        return "owned"
    if province in position.units:
        return "occupied"
    limits = pb.alternatives.get(province)
    if limits and province not in sites(m, position, power, anywhere):
        return "alternative"
    return None


def needs_adjustment(m: Map, position: Position, anywhere: bool = False) -> bool:
    """Does any power have a removal to make, or a build it can actually place?"""
    for power in m.powers:
        d = due(m, position, power)
        if d < 0 or (d > 0 and sites(m, position, power, anywhere)):
            return True
    return False


def claimed_after(m: Map, position: Position, units: dict[str, Unit]) -> dict[str, tuple[str, ...]]:
    """The claimed home centres after an adjustment phase: a build outside its home centres, by a power with
    claims left, makes that centre one of its home centres for good."""
    out = dict(position.claimed)
    for prov, unit in units.items():
        power = unit.power
        if prov in position.units or prov not in m.centers or claims_left(m, position, power) <= 0:
            continue
        if prov not in home_centres(m, position, power):
            out[power] = out.get(power, ()) + (prov,)
    return out
