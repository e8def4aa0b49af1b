"""What DPjudge's maps add to a variant, in our JSON: dummies, leagues, special build sites (claimed, partisan,
factory, alternative and hidden centres) and restricted borders; read from the document and checked against the map
(FORMAT.md says what each means)."""

# Annotations are evaluated here (no `from __future__ import annotations`): a NamedTuple's field types written as
# text are compiled one by one at import, and the process's first compile() readies Python's AST types, about
# 10 M instructions of `judge adjudicate`'s start-up. (judge.position_parts says so for the others.)

from judge.hints import Any, NamedTuple
from judge.maps import Map, MapError
from judge.plain import Frozen

STRENGTHS = ("full", "half", "none")     # an attack across a border: full, half (DPjudge '*'), none (a strait, '~')
LEAGUE_RULES = ("", "strict", "benign")
POWER_KEYS = {"dummy", "league", "claims", "partisans", "factories", "alternatives", "hidden", "shared_homes"}
BORDER_KEYS = {"from", "to", "strength", "powers", "owner_of"}


class Border(NamedTuple):
    """A restricted crossing from a location (a coast for a fleet on one) into a province."""
    strength: str = "full"
    powers: frozenset[str] = frozenset()    # only these powers' units may cross (empty: any power's)
    owner_of: tuple[str, ...] = ()          # only the power owning every one of these centres may cross


class League(NamedTuple):
    """DPjudge's LEAGUE: a power's league, and how its units may help others (Game.checkLeague)."""
    name: str
    rule: str = ""                          # "strict": help only its own league; "benign": never against its leagues
    friends: tuple[str, ...] = ()           # other leagues a benign power will not act against


class PowerBuilds(Frozen):
    """Where a power may build beyond its owned home centres, and its centres that count differently."""
    claims: int                              # home centres it still names by building in owned centres ('&SC')
    partisans: tuple[str, ...]               # non-centre sites, open while it holds some but not all its homes ('*')
    factories: tuple[str, ...]               # non-centre sites, always open to its builds ('+')
    alternatives: dict[str, tuple[str, ...]]  # home centre -> the homes it stands in for ('@'): a build there needs
    # one of those free, and they are never all built in one winter
    hidden: tuple[str, ...]                  # builds there are hidden in blind games ('~'); this judge plays none
    _fields = ("claims", "partisans", "factories", "alternatives", "hidden")

    def __init__(self, claims: int = 0, partisans: tuple[str, ...] = (), factories: tuple[str, ...] = (),
                 alternatives: dict[str, tuple[str, ...]] | None = None, hidden: tuple[str, ...] = ()) -> None:
        object.__setattr__(self, "__dict__", {"claims": claims, "partisans": partisans, "factories": factories,
                                              "alternatives": {} if alternatives is None else alternatives,
                                              "hidden": hidden})


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise MapError(f"{where}: expected a list of names, not {value!r}")
    return tuple(value)


def read_powers(m: Map, powers_doc: dict) -> None:
    """The per-power keys of the document: dummy, league, and the special build sites."""
    dummies = []
    for power, info in powers_doc.items():
        where = f"powers.{power}"
        if info.get("dummy", False) is True:
            dummies.append(power)
        elif "dummy" in info and info["dummy"] is not False:
            raise MapError(f"{where}.dummy: expected true or false, not {info['dummy']!r}")
        if "league" in info:
            m.leagues[power] = _league(info["league"], f"{where}.league")
        builds = _builds(info, where)
        if builds != PowerBuilds():
            m.power_builds[power] = builds
        if info.get("shared_homes"):
            m.shared_homes[power] = _strings(info["shared_homes"], f"{where}.shared_homes")
    m.dummies = tuple(dummies)


def _league(value: Any, where: str) -> League:
    if isinstance(value, str):
        value = {"name": value}
    if not isinstance(value, dict) or set(value) - {"name", "rule", "friends"} or \
            not isinstance(value.get("name"), str) or not value["name"]:
        raise MapError(f"{where}: expected a league name, or {{\"name\": ..., \"rule\": ..., \"friends\": [...]}}")
    rule = value.get("rule", "")
    if rule not in LEAGUE_RULES:
        raise MapError(f"{where}.rule: {rule!r} is not strict or benign")
    friends = _strings(value.get("friends", []), f"{where}.friends")
    if friends and rule != "benign":
        raise MapError(f"{where}.friends: only a benign league names friends")
    return League(value["name"].upper(), rule, tuple(f.upper() for f in friends))


def _builds(info: dict, where: str) -> PowerBuilds:
    claims = info.get("claims", 0)
    if not isinstance(claims, int) or isinstance(claims, bool) or claims < 0:
        raise MapError(f"{where}.claims: expected a number of home centres to claim, not {claims!r}")
    alternatives = info.get("alternatives", {})
    if not isinstance(alternatives, dict):
        raise MapError(f"{where}.alternatives: expected {{\"centre\": [home centres it stands in for]}}")
    alts = {alt: _strings(limits, f"{where}.alternatives.{alt}") for alt, limits in alternatives.items()}
    return PowerBuilds(claims, _strings(info.get("partisans", []), f"{where}.partisans"),
                       _strings(info.get("factories", []), f"{where}.factories"), alts,
                       _strings(info.get("hidden", []), f"{where}.hidden"))


def read_borders(m: Map, value: Any) -> None:
    """The document's "borders": a list of restricted crossings."""
    if not isinstance(value, list):
        raise MapError("borders: expected a list of {\"from\": ..., \"to\": ..., ...}")
    for i, b in enumerate(value):
        where = f"borders[{i}]"
        if not isinstance(b, dict) or set(b) - BORDER_KEYS or not isinstance(b.get("from"), str) or \
                not isinstance(b.get("to"), str):
            raise MapError(f"{where}: expected {{\"from\": location, \"to\": province, \"strength\": ..., "
                           "\"powers\": [...], \"owner_of\": [...]}")
        strength = b.get("strength", "full")
        if strength not in STRENGTHS:
            raise MapError(f"{where}.strength: {strength!r} is not one of {', '.join(STRENGTHS)}")
        border = Border(strength, frozenset(_strings(b.get("powers", []), f"{where}.powers")),
                        _strings(b.get("owner_of", []), f"{where}.owner_of"))
        key = (b["from"], b["to"])
        if key in m.borders:
            raise MapError(f"{where}: {b['from']} -> {b['to']} is given twice")
        m.borders[key] = border
    m.weak_borders = {k: b.strength for k, b in m.borders.items() if b.strength != "full"}
    m.closed_borders = {k: b for k, b in m.borders.items() if b.powers or b.owner_of}


def check(m: Map) -> None:
    """Refuse features that name what is not on the map or contradict each other."""
    for key, b in m.borders.items():
        src, dst = key
        where = f"borders {src} -> {dst}"
        if dst not in m.provinces or not (dst in m.army_adj.get(src, ()) or dst in m.reach.get(("F", src), ())):
            raise MapError(f"{where}: {src} does not border {dst} (a restricted border must be an adjacency)")
        for p in b.powers:
            if p not in m.powers:
                raise MapError(f"{where}: {p!r} is no power of this variant")
        for c in b.owner_of:
            if c not in m.centers:
                raise MapError(f"{where}: {c!r} is no supply centre")
    if m.dummies and len(m.dummies) == len(m.powers):
        raise MapError("powers: every power is a dummy: no one could play")
    leagues = {lg.name for lg in m.leagues.values()}
    for power, lg in m.leagues.items():
        for f in lg.friends:
            if f not in leagues:
                raise MapError(f"powers.{power}.league.friends: no power is in the league {f}")
    _check_builds(m)
    for power, shared in m.shared_homes.items():
        for c in shared:
            p = m.provinces.get(c)
            if p is None or not p.center or p.home in (None, power):
                raise MapError(f"powers.{power}.shared_homes: {c!r} is no other power's home centre (a shared home "
                               "is one power's home, its \"home\", and others' too)")


def _check_builds(m: Map) -> None:
    owner: dict[str, str] = {}
    for power, pb in m.power_builds.items():
        where = f"powers.{power}"
        for kind, sites in (("partisans", pb.partisans), ("factories", pb.factories)):
            for s in sites:
                if s not in m.provinces or m.provinces[s].terrain == "sea":
                    raise MapError(f"{where}.{kind}: {s!r} is no land or coastal province")
                if s in m.centers:
                    raise MapError(f"{where}.{kind}: {s} is a supply centre (these sites are not)")
                if owner.setdefault(s, power) != power or s in pb.partisans and s in pb.factories:
                    raise MapError(f"{where}.{kind}: {s} is another site already")
        homes = m.homes(power)
        for alt, limits in pb.alternatives.items():
            if alt not in homes:
                raise MapError(f"{where}.alternatives: {alt} is not a home centre of {power}")
            for h in limits:
                if h not in homes or h in pb.alternatives:
                    raise MapError(f"{where}.alternatives.{alt}: {h} is not one of {power}'s other home centres")
        for h in pb.hidden:
            if h not in m.provinces:
                raise MapError(f"{where}.hidden: {h!r} is no province")


def crossing_allowed(m: Map, loc: str, province: str, power: str, centers: dict[str, str]) -> bool:
    """May a unit of `power` at `loc` cross into `province` (a border closed to other powers or to those not owning
    some centres)? Ownership is the position's, as the phase starts."""
    b = m.closed_borders.get((loc, province))
    if b is None:
        return True
    if b.powers and power not in b.powers:
        return False
    return all(centers.get(c) == power for c in b.owner_of)


def league_forbids(m: Map, position: Any, power: str, target: Any, dest: str | None) -> str:
    """Why DPjudge's LEAGUE forbids `power`'s unit to support or convoy `target` (to `dest`, or holding), or "".

    A power whose league has a rule: a strict one helps only units of its own league; a benign one helps no move of
    a power outside its leagues (its own and its friends) against a unit of its leagues.
    """
    mine = m.leagues.get(power)
    if mine is None or not mine.rule:
        return ""
    helped = target.power or power          # (a missing unit: DPjudge takes the helper's own power)
    theirs = m.leagues.get(helped)
    his = theirs.name if theirs else ""
    if mine.rule == "strict":
        return "" if his == mine.name else "STRICT"
    ours = (mine.name, *mine.friends)
    if his in ours or dest is None:
        return ""
    victim = position.units.get(dest)
    if victim is not None and victim.power in m.leagues and m.leagues[victim.power].name in ours:
        return "THE"
    return ""


__all__ = ["Border", "League", "PowerBuilds", "STRENGTHS", "POWER_KEYS", "read_powers", "read_borders", "check",
           "crossing_allowed", "league_forbids"]
