"""What some house rules and DPjudge maps add to a position about the powers (dummies, reassigned home centres, builds
owed, vassals), read from and written to the state document."""
from __future__ import annotations

from judge.hints import Any
from judge.maps import Map
from judge.plain import Frozen
from judge.shown import shown


class HouseState(Frozen):
    """What some house rules and DPjudge maps add to a position about the powers (never changed: a change makes a new
    one). A standard game has none (Position.house is None)."""
    dummies: frozenset[str]                      # powers no player plays (immobile_dummies, dummy_fire, vassals)
    homes: dict[str, tuple[str, ...]] | None     # home centres reassigned in the game (NEWHOMES); None: the map's
    mobilizing: dict[str, int]                   # builds a power makes without centres (mobilize)
    vassals: dict[str, str]                      # a dummy -> the power it is the vassal of
    _fields = ("dummies", "homes", "mobilizing", "vassals")

    def __init__(self, dummies: frozenset[str] = frozenset(), homes: dict[str, tuple[str, ...]] | None = None,
                 mobilizing: dict[str, int] | None = None, vassals: dict[str, str] | None = None) -> None:
        object.__setattr__(self, "__dict__", {"dummies": dummies, "homes": homes,
                                              "mobilizing": {} if mobilizing is None else mobilizing,
                                              "vassals": {} if vassals is None else vassals})

    def owing(self) -> set[str]:
        """The powers with a build still owed without centres (mobilize): on the board, though they hold nothing."""
        return {p for p, n in self.mobilizing.items() if n}

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {}
        if self.dummies:
            doc["dummies"] = sorted(self.dummies)
        if self.homes is not None:
            doc["homes"] = {p: list(h) for p, h in self.homes.items()}
        if self.mobilizing:
            doc["mobilizing"] = dict(self.mobilizing)
        if self.vassals:
            doc["vassals"] = dict(self.vassals)
        return doc

    @classmethod
    def from_json(cls, doc: dict, m: Map) -> "HouseState | None":
        if _POWER_KEYS.isdisjoint(doc):
            return None
        given = {k: doc[k] for k in POWER_KEYS if doc.get(k) is not None}    # (null: left out, as judge.api reads)
        if not given:
            return None
        dummies = given.get("dummies", [])
        if not isinstance(dummies, list) or not all(type(d) is str and d in m.powers for d in dummies):
            raise ValueError(f"DUMMIES MUST BE A LIST OF POWERS: {shown(dummies)}")
        homes = given.get("homes")
        if homes is not None:
            homes = power_map(homes, m, "homes")
            if not all(type(cs) is list and all(type(c) is str and c in m.centers for c in cs)
                       for cs in homes.values()):
                raise ValueError("HOMES MUST BE SUPPLY CENTERS (A LIST FOR EACH POWER)")
            for power, cs in homes.items():
                if len(set(cs)) != len(cs):
                    raise ValueError(f"HOMES OF {power} NAME {next(c for c in cs if cs.count(c) > 1)} TWICE")
            homes = {p: tuple(cs) for p, cs in homes.items()}
        mobilizing = power_map(given.get("mobilizing", {}), m, "mobilizing")
        if any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in mobilizing.values()):
            raise ValueError("MOBILIZING MUST GIVE EACH POWER A NUMBER OF BUILDS")
        # Each build owed is made on a supply centre, so no power can be owed more than the map has: a larger count
        # would have the adjustment phase write a WAIVE per build, without end.
        most = len(m.centers)
        for power, n in mobilizing.items():
            if n > most:
                raise ValueError(f"MOBILIZING OF {power}: {shown(n)} IS MORE BUILDS THAN THE MAP'S {most} SUPPLY "
                                 "CENTERS")
        vassals = power_map(given.get("vassals", {}), m, "vassals")
        if any(type(v) is not str or v not in m.powers for v in vassals.values()):
            raise ValueError("VASSALS MUST NAME THEIR CONTROLLING POWER")
        for vassal in vassals:
            chain = [vassal]
            while chain[-1] in vassals and len(chain) <= len(vassals):
                chain.append(vassals[chain[-1]])
                if chain[-1] == vassal:
                    # (a ring of vassals: each ordered by the next, none by a player)
                    raise ValueError("VASSALS GO ROUND IN A RING: " + ", VASSAL OF ".join(chain))
        for vassal, lord in vassals.items():
            # DPjudge's vassals have one level: a vassal is a dummy whose lord is a great power, never a dummy, so
            # never a vassal (Game.vassalship). A chain would be read one way or another by the order of its keys.
            if lord in vassals:
                raise ValueError(f"VASSAL OF A VASSAL: {vassal}, VASSAL OF {lord}, VASSAL OF {vassals[lord]} "
                                 "(A VASSAL'S CONTROLLING POWER IS NO VASSAL)")
        return cls(frozenset(dummies), homes, dict(mobilizing), dict(vassals))


POWER_KEYS = ("dummies", "homes", "mobilizing", "vassals")
_POWER_KEYS = frozenset(POWER_KEYS)


def power_map(obj: Any, m: Map, what: str) -> dict:
    """A state document's {power: ...} object, checked: ValueError names what is not an object, or not a power."""
    if not isinstance(obj, dict):
        raise ValueError(f"{what.upper()} MUST BE AN OBJECT KEYED BY POWER")
    for power in obj:
        if power not in m.powers:
            raise ValueError(f"UNKNOWN POWER: {shown(power)}")
    return obj
