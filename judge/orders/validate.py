"""Order legality: bind a parsed order to the board and refuse what could never be valid (DATC 4.E.1).

A *legal* order is one that could succeed whatever the others order; whether it matches other orders
(a support of a move that was not ordered, say) is for the adjudicator to find out.
"""
from __future__ import annotations

from judge import builds
from judge.maps import Map
from judge.maps.changes import shut_now
from judge.maps.features import crossing_allowed, league_forbids
from judge.orders import (Build, Convoy, Disband, Hold, Move, Order, Remove, Retreat, Support, Waive)
from judge.orders import errors as E
from judge.orders import memo
from judge.orders.errors import OrderError
from judge.orders.parser import Parsed, Place, parse
from judge.position import Position, Unit
from judge.rules import MissingUnit, Ruleset, ViaWithoutConvoy
from judge.phrases import listed


class Validator:
    """Checks orders for one position; keeps what is worth computing once (the fleets at sea)."""

    def __init__(self, position: Position, m: Map, rules: Ruleset):
        self.pos, self.m, self.rules = position, m, rules
        self.kind = position.phase.kind            # M, R or A (read once: every order needs it)
        self._special = rules.hibernate or rules.immobile_dummies     # (house rules on units: checked only then)
        # Movement orders checked before on the same map under the same rules (judge.orders.memo); a check that
        # reads more of the board than the units the order names and the fleets at sea marks itself tainted and is
        # not remembered; one that read the fleets at sea (`_fleets`) is remembered with them.
        # (typed: compiled, each hit's fields and its dicts are then read directly, not by generic item access)
        self._memo: dict[str, tuple[str, str | None, dict, dict]] | None = \
            memo.table(m, rules) if self.kind == "M" and not self._special else None
        self._tainted = self._fleets = False
        self._fleet_seas: frozenset[str] | None = None

    @property
    def fleet_seas(self) -> frozenset[str]:
        """Where fleets stand that may convoy (seas and ports): read only by the orders that need a route, and found
        once. (A plain attribute, not functools.cached_property, which takes a lock on every first read.)"""
        self._fleets = True
        seas = self._fleet_seas
        if seas is None:
            # (the units in those places found by a set operation, in C; then only they are looked at, not all)
            units = self.pos.units
            seas = self._fleet_seas = frozenset([p for p in self.m.convoy_areas.intersection(units)
                                                 if units[p][1] == "F"])
        return seas

    # -- entry points ----------------------------------------------------------------------------------------------
    def order(self, text: str, power: str) -> Order:
        """Parse and check one order of `power`; raises OrderError."""
        if self._memo is None:
            return self.bind(parse(text, self.m, self.kind), power)
        order = memo.recall(self._memo, text, self.pos.units, power, self)
        return order if order is not None else self._check(text, power)

    def all_legal(self, texts: list[str], power: str) -> list[Order] | None:
        """Every text's order, in turn, when all are legal and no unit is ordered twice (the usual set); None as soon
        as one is not legal, or at the end if a unit has two orders.

        (The memo's recall is written out here, not called per order: this loop is most of a phase's order entry.
        A unit is known by its province: the memo gives it with each text, a string whose hash is kept, where a set
        of the orders' units would hash each unit afresh.)
        """
        texts_memo = self._memo
        try:
            if texts_memo is None:
                out = [self.bind(parse(text, self.m, self.kind), power) for text in texts]
                return out if len({o.unit for o in out}) == len(out) else None
            units, out, provinces = self.pos.units, [], []
            for text in texts:
                hit = texts_memo.get(text)
                if hit is not None:
                    unit = units.get(hit[0])
                    if unit is not None and unit[0] == power:
                        key = unit if hit[1] is None else (unit, units.get(hit[1]))
                        order = hit[2].get(key)
                        if order is None and hit[3]:
                            order = hit[3].get((key, self.fleet_seas))
                        if order is not None:
                            out.append(order)
                            provinces.append(hit[0])
                            continue
                order = self._check(text, power)
                out.append(order)
                provinces.append(order.unit[2][:3])
            return out if len(set(provinces)) == len(out) else None
        except OrderError:
            return None

    def _check(self, text: str, power: str) -> Order:
        """A movement order read and checked afresh; remembered when the check read only the units it names (and
        perhaps the fleets at sea: then with them)."""
        texts, units = self._memo, self.pos.units
        order = memo.again(texts, text, units, power, self)      # (the same text for units like these)
        if order is not None:
            return order
        p = parse(text, self.m, "M")
        self._tainted = self._fleets = False
        order = self.bind(p, power)
        if texts is not None and not self._tainted:      # (there is a memo whenever this runs)
            src = p.place.province
            named = p.target.province if p.target is not None else None
            key = units[src] if named is None else (units[src], units.get(named))
            memo.remember(texts, text, src, named, key, order, self._fleet_seas if self._fleets else None)
        return order

    def bind(self, p: Parsed, power: str) -> Order:
        phase = self.kind
        check = _CHECKS[phase].get(p.action)
        if check is None:
            raise OrderError(E.WRONG_PHASE.format(E.IN_PHASE[phase], p.text.strip().upper()))
        if p.power is not None and p.power != power:
            raise OrderError(E.OTHER_POWERS_ORDER.format(p.power, power, p.text.strip().upper()))
        return check(self, p, power)

    # -- movement ----------------------------------------------------------------------------------------------------
    def _own_unit(self, place: Place | None, power: str) -> Unit:
        unit = self.pos.units.get(place.province)
        if unit is None:
            raise OrderError(E.NO_UNIT.format(place.province))
        if unit.power != power:
            raise OrderError(E.NOT_YOUR_UNIT.format(power, unit))
        return unit

    def _hold(self, p: Parsed, power: str) -> Order:
        return Hold(self._own_unit(p.place, power))

    def _active_unit(self, place: Place | None, power: str, moving: bool) -> Unit:
        """The power's unit, if it may do more than hold: not a unit trapped by a change of the map (hibernate),
        nor, for a move, a dummy's (immobile_dummies)."""
        unit = self._own_unit(place, power)
        if self.rules.hibernate and not self.m.can_hold(unit.kind, unit.loc):
            raise OrderError(E.TRAPPED_UNIT.format(unit))
        house = self.pos.house
        if moving and self.rules.immobile_dummies and house is not None and unit.power in house.dummies:
            raise OrderError(E.IMMOBILE_UNIT.format(unit))
        return unit

    def _move(self, p: Parsed, power: str) -> Order:
        unit = self._active_unit(p.place, power, True) if self._special else self._own_unit(p.place, power)
        dest, path = p.path[-1], [pl.province for pl in p.path[:-1]]
        src, to = unit.loc[:3], dest.province      # (provinces, read once: this runs for every move)
        def text() -> str:          # only an error needs the order written out
            return f"{unit} - {' - '.join(str(x) for x in p.path)}"

        if to == src:
            raise OrderError(E.MOVE_TO_OWN_PROVINCE.format(to))
        terrain = self.m.provinces[to].terrain
        if unit.kind == "F":
            if path or p.via:
                raise OrderError(E.ONLY_ARMIES_CONVOYED.format(text()))
            if terrain == "land":
                raise OrderError(E.FLEET_TO_LAND.format(to))
            move = Move(unit, self._fleet_dest(unit.loc, dest, text))
            if self.m.closed_borders:
                self._may_cross(unit, to, text)
            return move
        if terrain == "sea":
            raise OrderError(E.ARMY_TO_WATER.format(to))
        if path:
            self._check_path(src, path, to, text)
            empty = [sea for sea in path if sea not in self.fleet_seas]
            if empty and self.rules.missing_unit is MissingUnit.REJECT:
                raise OrderError(E.PATH_WITHOUT_FLEET.format(empty[0], text()))   # can never be valid (4.E.1)
            return Move(unit, to, tuple(path), True)
        if p.via:
            if not self.m.convoy_route(src, to, self.fleet_seas) and not (
                    self.rules.via_without_convoy is ViaWithoutConvoy.LAND and to in self.m.army_adj[src] and
                    self._crossing(unit, to) is None):
                raise OrderError(E.CANNOT_REACH.format(text() + " (NO CONVOY ROUTE)"))
            return Move(unit, to, (), True)
        if to not in self.m.army_adj[src]:
            if not self.m.convoy_route(src, to, self.fleet_seas):
                raise OrderError(E.CANNOT_REACH.format(text() + (self._closed(to) or self._closed(src))))
        if self.m.closed_borders and to in self.m.army_adj[src]:
            self._may_cross(unit, to, text, "; IT MAY GO VIA CONVOY"
                            if self.m.convoy_route(src, to, self.fleet_seas) else "")
        return Move(unit, to)

    def _closed(self, province: str, brackets: bool = True) -> str:
        """' (ARC IS CLOSED IN FALL 1901; IT IS OPEN IN SPRING)' for a place shut in this phase (none may enter or
        leave it), else ''."""
        opens = shut_now(self.m, province)          # (only a refusal asks: it need not be quick)
        if opens is None:
            return ""
        phase = self.pos.phase
        why = E.CLOSED_PLACE.format(province, f"{phase.season_title()} {phase.shown_year}".upper()) + (
            E.OPEN_WHEN.format(" AND ".join(opens)) if opens else "")
        return f" ({why})" if brackets else f"{why}; "

    def _crossing(self, unit: Unit, province: str) -> str | None:
        """Why this unit may not cross into the province (a border closed to its power), or None."""
        self._tainted = True                # (the centres' owners)
        b = self.m.closed_borders.get((unit.loc, province))
        if b is None or not unit.power or crossing_allowed(self.m, unit.loc, province, unit.power, self.pos.centers):
            return None
        who = " OR ".join(sorted(b.powers)) if b.powers else ""
        owner = f"THE OWNER OF {' AND '.join(b.owner_of)}" if b.owner_of else ""
        return f"ONLY {who}{' AS ' if who and owner else ''}{owner} MAY CROSS FROM {unit.loc} TO {province}"

    def _may_cross(self, unit: Unit, province: str, text, hint: str = "") -> None:
        why = self._crossing(unit, province)
        if why is not None:
            raise OrderError(E.CANNOT_REACH.format(f"{text()} ({why}{hint})"))

    def _fleet_dest(self, src: str, dest: Place, text) -> str:
        """The location a fleet at src moves to, coast rules of DATC 4.B.1-4.B.3 and 4.B.6 applied."""
        prov = self.m.provinces[dest.province]
        reachable = self.m.fleet_coasts_towards(src, dest.province)
        if not reachable:
            raise OrderError(E.CANNOT_REACH.format(text() + (self._closed(dest.province) or self._closed(src[:3]))))
        if not prov.coasts:
            return dest.province            # a coast on a one-coast province is ignored (4.B.6)
        if dest.coast in prov.coasts:
            loc = f"{dest.province}/{dest.coast}"
            if loc not in reachable:
                raise OrderError(E.COAST_UNREACHABLE.format(loc))   # 4.B.3: the order is illegal
            return loc
        if len(reachable) == 1:
            return reachable[0]             # 4.B.2: the only coast it can reach
        raise OrderError(E.coast_needed(dest.province, reachable))     # 4.B.1

    def _check_path(self, src: str, path: list[str], dest: str, text) -> None:
        """A written convoy path must be a chain of adjacent seas (or ports) from src to dest."""
        chain = [src, *path, dest]
        for a, b in zip(chain, chain[1:]):
            if b not in self.m.province_fleet_adj.get(a, ()):
                raise OrderError(E.BAD_CONVOY_PATH.format(text()))
        if src not in self.m.shores or dest not in self.m.shores or any(s not in self.m.convoy_areas for s in path):
            raise OrderError(E.BAD_CONVOY_PATH.format(text()))

    def _target_unit(self, p: Parsed, missing_message: str) -> tuple[Unit, bool]:
        """The supported or convoyed unit; a placeholder when it is missing and the rules keep such orders."""
        unit = self.pos.units.get(p.target.province)
        if unit is not None:
            return unit, False
        if self.rules.missing_unit is MissingUnit.REJECT:
            raise OrderError(missing_message.format(p.target.province))
        kind = p.target_kind or "A"
        loc = str(p.target) if kind == "F" and self.m.can_hold("F", str(p.target)) else p.target.province
        return Unit("", kind, loc), True

    def _support(self, p: Parsed, power: str) -> Order:
        unit = self._active_unit(p.place, power, False) if self._special else self._own_unit(p.place, power)
        target, missing = self._target_unit(p, E.SUPPORT_NO_UNIT)
        src, supported = unit.loc[:3], target.loc[:3]      # (provinces, read once: supports are many)
        def text() -> str:
            return f"{unit} S {target.kind} {target.loc}" + (f" - {p.target_dest}" if p.target_dest else "")

        if supported == src:
            raise OrderError(E.SUPPORT_SELF.format(text()))
        reach = self.m.reach
        if p.target_dest is None:
            if supported not in reach.get((unit.kind, unit.loc), ()) or not self._supports_into(unit, supported):
                raise OrderError(E.SUPPORT_UNREACHABLE.format(text()))
            self._league(unit, target, None, "SUPPORT", text)
            return Support(unit, target, None, missing)
        dp = p.target_dest.province
        if dp == supported or not self._could_reach(target, dp, src):
            raise OrderError(E.SUPPORTED_CANNOT_REACH.format(text() + self._closed(dp)))
        if dp not in reach.get((unit.kind, unit.loc), ()) or not self._supports_into(unit, dp):
            raise OrderError(E.SUPPORT_UNREACHABLE.format(text()))
        self._league(unit, target, dp, "SUPPORT", text)
        coast = p.target_dest.coast if p.target_dest.coast in self.m.provinces[dp].coasts and target.kind == "F" \
            else None
        if coast is None:
            return Support(unit, target, dp, missing)
        if f"{dp}/{coast}" not in self.m.fleet_adj.get(target.loc, ()):
            # The supported fleet could never get to that coast: illegal, as the move itself would be (DATC 4.B.3),
            # never re-read as support to the coast it can reach.
            raise OrderError(E.SUPPORTED_CANNOT_REACH.format(text()))
        return Support(unit, target, f"{dp}/{coast}", missing)

    def _supports_into(self, unit: Unit, province: str) -> bool:
        """DPjudge's restricted borders: no support across a half-strength border or a strait, nor across one
        closed to the supporter's power."""
        m = self.m
        if not m.borders:
            return True
        return (unit.loc, province) not in m.weak_borders and self._crossing(unit, province) is None

    def _league(self, unit: Unit, target: Unit, dest: str | None, what: str, text) -> None:
        """DPjudge's LEAGUE: a strict league's units help only its league's; a benign one's never help a move
        against a unit of its leagues."""
        if not self.m.leagues:
            return
        self._tainted = True
        why = league_forbids(self.m, self.pos, unit.power, target, dest)
        if why:
            raise OrderError(E.LEAGUE_FORBIDS.format(why, what, text()))

    def _could_reach(self, unit: Unit, province: str, supporter: str) -> bool:
        """Could the unit get there, by land or by a convoy that does not need the supporter (DATC 6.D.31)?"""
        if province in self.m.reach.get((unit.kind, unit.loc), ()) and (
                not self.m.closed_borders or self._crossing(unit, province) is None):
            return True
        return unit.kind == "A" and province in self.m.shores and \
            self.m.convoy_route(unit.loc[:3], province, self.fleet_seas - {supporter})

    def _convoy(self, p: Parsed, power: str) -> Order:
        unit = self._active_unit(p.place, power, False) if self._special else self._own_unit(p.place, power)
        if unit.kind != "F":
            raise OrderError(E.CONVOY_NOT_FLEET.format(unit))
        if unit.province not in self.m.convoy_areas:
            raise OrderError(E.CONVOY_NOT_AT_SEA.format(unit))
        army, missing = self._target_unit(p, E.CONVOY_NO_UNIT)
        dp = p.target_dest.province
        if army.kind != "A":
            raise OrderError(E.ONLY_ARMIES_CONVOYED.format(f"{unit} C {army.kind} {army.loc} - {dp}"))
        # DATC 4.E.1 / 6.G.19: the fleet must lie on some chain of fleets from the army to its destination.
        if not self.m.convoy_route(army.province, dp, self.fleet_seas, through=unit.province):
            raise OrderError(E.IMPOSSIBLE_CONVOY.format(f"{unit} C {army.kind} {army.loc} - {dp}{self._closed(dp)}"))
        self._league(unit, army, dp, "CONVOY", lambda: f"{unit} C {army.kind} {army.loc} - {dp}")
        return Convoy(unit, army, dp, missing)

    # -- retreats ----------------------------------------------------------------------------------------------------
    def _dislodged(self, place: Place | None, power: str):
        d = self.pos.dislodged.get(place.province)
        standing = self.pos.units.get(place.province)
        if d is None or (d.unit.power != power and standing is not None and standing.power == power):
            # (also where the power's own unit stands, having dislodged another's: the unit it means has no retreat)
            mine = sorted(str(x.unit) for x in self.pos.dislodged.values() if x.unit.power == power)
            # (a power with nothing to retreat, sending next phase's orders early, is told it has nothing to order)
            raise OrderError(E.NO_DISLODGED_UNIT.format(
                place.province, f" (YOUR DISLODGED UNIT{'S' if len(mine) > 1 else ''}: {', '.join(mine)})" if mine
                else f" ({power} HAS NO UNIT TO RETREAT THIS PHASE)"))
        if d.unit.power != power:
            raise OrderError(E.NOT_YOUR_UNIT.format(power, d.unit))
        return d

    def _retreat(self, p: Parsed, power: str) -> Order:
        d = self._dislodged(p.place, power)
        dest = p.path[-1]
        options = [o for o in d.retreats if o[:3] == dest.province]
        if options and d.unit.kind == "F" and dest.coast in self.m.provinces[dest.province].coasts:
            # A coast of the province is named: that coast or nothing, as for a move (DATC 4.B.3, 6.B.3), never
            # the other coast in its place. (An unknown or irrelevant coast is ignored, as for a move: 4.B.6.)
            loc = f"{dest.province}/{dest.coast}"
            if loc not in options:
                raise OrderError(E.COAST_UNREACHABLE.format(loc))
            options = [loc]
        if len(options) == 1:
            return Retreat(d.unit, options[0])
        if len(options) > 1:
            raise OrderError(E.coast_needed(dest.province, options))
        raise OrderError(E.BAD_RETREAT.format(f"{d.unit} R {dest}", self._closed(dest.province, False) +
                                              _may_retreat(d)))

    def _disband(self, p: Parsed, power: str) -> Order:
        return Disband(self._dislodged(p.place, power).unit)

    # -- adjustments -------------------------------------------------------------------------------------------------
    def _build(self, p: Parsed, power: str) -> Order:
        place = p.place
        prov = self.m.provinces[place.province]
        wrong = builds.site_error(self.m, self.pos, power, place.province, self.rules)
        if wrong is not None:
            raise OrderError(wrong)
        kind = p.kind
        coast = place.coast if place.coast in prov.coasts else None
        if kind is None:
            # DATC 4.C.3: an army inland, a fleet where a coast was named, otherwise the order is unclear.
            if prov.terrain == "land":
                kind = "A"
            elif place.coast and (coast or not prov.coasts):
                kind = "F"
            else:
                raise OrderError(E.UNIT_TYPE_NEEDED.format(place.province))
        if kind == "A":
            return Build(power, "A", place.province)
        if prov.terrain == "land":
            raise OrderError(E.FLEET_INLAND.format(place.province))     # 4.C.4: the build fails
        if prov.coasts and coast is None:
            raise OrderError(E.coast_needed(place.province, [f"{place.province}/{c}" for c in prov.coasts]))  # 4.B.7
        return Build(power, "F", f"{place.province}/{coast}" if coast else place.province)

    def _remove(self, p: Parsed, power: str) -> Order:
        return Remove(self._own_unit(p.place, power))

    def _waive(self, p: Parsed, power: str) -> Order:
        return Waive(power)


# The checks each phase allows, by parsed action; the rest are refused as orders of another phase.
def _may_retreat(d) -> str:
    """Where a dislodged unit may go, for a refused retreat: 'IT MAY RETREAT TO GAS OR PIC, OR DISBAND'."""
    if not d.retreats:
        return "IT HAS NOWHERE TO GO: IT CAN ONLY DISBAND"
    places = list(d.retreats)
    return f"{d.unit} MAY RETREAT TO {listed(places, 'OR')}, OR DISBAND"


_CHECKS = {
    "M": {"hold": Validator._hold, "move": Validator._move, "support": Validator._support,
          "convoy": Validator._convoy},
    "R": {"retreat": Validator._retreat, "disband": Validator._disband},
    "A": {"build": Validator._build, "remove": Validator._remove, "waive": Validator._waive},
}
