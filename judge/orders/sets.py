"""A power's order set: order texts -> the orders that count and the errors to report."""
from __future__ import annotations

from judge import builds
from judge.hints import ClassVar
from judge.maps import Map
from judge.orders import Build, Disband, Order, Remove, Retreat, Waive
from judge.orders import errors as E
from judge.orders.errors import OrderError
from judge.orders.validate import Validator
from judge.position import Position
from judge.rules import DuplicateOrders, Ruleset


class OrderSet:
    """A power's order texts read: the orders that count, the errors, and each line's verdict. (Written out, not a
    dataclass nor on judge.plain's bases: see judge.position.Position.)"""
    orders: list[Order]
    errors: list[tuple[str, str]]                 # (order text, diagnostic)
    accepted: list[tuple[str, Order]]             # (order text, the order it became)
    verdicts: list["Order | str"]                 # per input line: its order, or its error
    _fields: ClassVar[tuple[str, ...]] = ("orders", "errors", "accepted", "verdicts")

    def __init__(self, orders: list[Order] | None = None, errors: list[tuple[str, str]] | None = None,
                 accepted: list[tuple[str, Order]] | None = None, verdicts: list["Order | str"] | None = None) -> None:
        self.orders = [] if orders is None else orders
        self.errors = [] if errors is None else errors
        self.accepted = [] if accepted is None else accepted
        self.verdicts = [] if verdicts is None else verdicts

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, OrderSet)
        return (self.orders, self.errors, self.accepted, self.verdicts) == \
            (other.orders, other.errors, other.accepted, other.verdicts)

    def __repr__(self) -> str:
        return (f"OrderSet(orders={self.orders!r}, errors={self.errors!r}, accepted={self.accepted!r}, "
                f"verdicts={self.verdicts!r})")

    def _use(self, item: tuple[int, str, Order], first: bool = True) -> None:
        index, text, order = item
        if first:                       # repeats of the same order (same text or same meaning) count once
            self.orders.append(order)
        self.accepted.append((text, order))
        self.verdicts[index] = order

    def _refuse(self, item: tuple[int, str, Order], message: str) -> None:
        index, text, _ = item
        self.errors.append((text, message))
        self.verdicts[index] = message


def adjustment_count(position: Position, power: str, m: Map) -> int:
    """Builds (positive) or removals (negative) a power has in an adjustment phase: the difference of its centres and
    units, builds no more than the variant's limit per winter."""
    return builds.count(m, position, power)


def build_order_set(power: str, texts: list[str], position: Position, m: Map, rules: Ruleset,
                    validator: Validator | None = None) -> OrderSet:
    """Parse and check every text; then settle duplicates (DATC 4.D.3) or excess adjustments (4.D.4-4.D.6)."""
    v = validator or Validator(position, m, rules)
    if position.phase.kind != "A":
        fast = _all_good(power, texts, v)
        if fast is not None:
            return fast
    out = OrderSet(verdicts=[""] * len(texts))
    legal: list[tuple[int, str, Order]] = []
    for index, text in enumerate(texts):
        try:
            legal.append((index, text, v.order(text, power)))
        except OrderError as err:
            out.errors.append((text, err.message))
            out.verdicts[index] = err.message
    if position.phase.kind == "A":
        _limit_adjustments(power, legal, position, m, out, rules)
    else:
        _settle_duplicates(legal, rules, out)
    # Report errors in the order the player wrote the lines.
    out.errors = [(texts[i], v) for i, v in enumerate(out.verdicts) if isinstance(v, str)]
    return out


def legal_orders(power: str, texts: list[str], position: Position, m: Map, rules: Ruleset,
                 validator: Validator) -> tuple[list[Order], list[tuple[str, str]]]:
    """build_order_set's orders and errors, without the rest of the OrderSet (the JSON interface needs no more)."""
    if validator.kind != "A":
        orders = _usual(power, texts, validator)
        if orders is not None:
            return orders, []
    oset = build_order_set(power, texts, position, m, rules, validator)
    return oset.orders, oset.errors


def _all_good(power: str, texts: list[str], v: Validator) -> OrderSet | None:
    """The usual movement or retreat set - every order legal, one per unit - made in one pass; None for any other
    (then the general path reads it again and settles errors and duplicates). The same OrderSet either way."""
    orders = _usual(power, texts, v)
    if orders is None:
        return None
    return OrderSet(orders, [], list(zip(texts, orders)), list(orders))


def _usual(power: str, texts: list[str], v: Validator) -> list[Order] | None:
    """The orders of the usual set (every one legal, one per unit), or None."""
    return v.all_legal(texts, power)


def _settle_duplicates(legal: list[tuple[int, str, Order]], rules: Ruleset, out: OrderSet) -> None:
    keys = [item[2].unit.loc[:3] for item in legal]      # (unit_key: movement and retreat orders name a unit)
    if len(set(keys)) == len(keys):
        for item in legal:                                # the usual case: one order per unit
            out._use(item)
        return
    by_unit: dict[str, list[tuple[int, str, Order]]] = {}
    for key, item in zip(keys, legal):
        by_unit.setdefault(key, []).append(item)
    clashing = {k for k, lst in by_unit.items() if len(lst) > 1 and len({o for _, _, o in lst}) > 1}
    if clashing and rules.duplicate_orders is DuplicateOrders.REJECT_SET:
        # Each order of a clashing unit names that unit; the others are merely not used.
        for key, item in zip(keys, legal):
            out._refuse(item, E.SET_REJECTED.format(item[2].unit) if key in clashing else E.SET_NOT_USED)
        return
    for key, lst in by_unit.items():
        if key not in clashing:
            for n, item in enumerate(lst):
                out._use(item, first=n == 0)
            continue
        # The kept order by its place in the list, not by identity: compiled with mypyc, a tuple taken from a list
        # is a new object, so `is` would never match.
        keep = {DuplicateOrders.FIRST: 0, DuplicateOrders.LAST: len(lst) - 1}.get(rules.duplicate_orders, -1)
        # (with neither order used, a dislodged unit is disbanded: it cannot hold)
        unused = " (UNIT DISBANDS)" if isinstance(lst[0][2], (Retreat, Disband)) else " (UNIT HOLDS)"
        note = {DuplicateOrders.FIRST: " (FIRST ORDER USED)", DuplicateOrders.LAST: " (LAST ORDER USED)"}.get(
            rules.duplicate_orders, unused)
        for n, item in enumerate(lst):
            if n == keep:
                out._use(item)
            else:
                out._refuse(item, E.DUPLICATE_ORDER.format(item[2].unit) + note)


class _SpecialSites:
    """DPjudge's limits on one power's builds in one winter: one site of each group of alternatives stays unbuilt,
    and no more home centres are claimed (builds outside its home centres) than it has claims left."""

    def __init__(self, m: Map, position: Position, power: str, rules: Ruleset):
        house = position.house
        open_sites = builds.sites(m, power, position.units, position.centers, rules, house)
        self.groups = builds.alternative_groups(m, house, power, open_sites)
        self.claims = builds.claims_left(m, house, power)
        self.homes = set(builds.homes(m, house, power))
        self.centres = m.centers

    def refusal(self, order: Build, building: set[str]) -> str | None:
        site = order.province
        for group in self.groups:
            if site in group and all(g in building for g in group if g != site):
                return E.ALTERNATIVES_ALL_TAKEN.format(", ".join(group), order)
        if self.claims and site in self.centres and site not in self.homes:
            used = sum(1 for b in building if b in self.centres and b not in self.homes)
            if used >= self.claims:
                return E.EXCESS_CLAIM.format(self.claims, order)
        return None


def _limit_adjustments(power: str, legal: list[tuple[int, str, Order]], position: Position, m: Map,
                       out: OrderSet, rules: Ruleset) -> None:
    """The first legal adjustments count, up to what the power is due (DATC 4.D.4-4.D.6)."""
    due = adjustment_count(position, power, m)
    builds = max(due, 0)
    removals = max(-due, 0)
    building: set[str] = set()
    removing: set[str] = set()
    special = _SpecialSites(m, position, power, rules) if m.power_builds and due > 0 else None
    for item in legal:
        order = item[2]
        if isinstance(order, (Build, Waive)):
            if builds == 0:
                out._refuse(item, (E.TOO_MANY_BUILDS if due > 0 else E.NO_BUILDS).format(order))
                continue
            if isinstance(order, Build):
                if order.province in building:
                    out._refuse(item, E.ALREADY_BUILDING.format(order.province))
                    continue
                refusal = special.refusal(order, building) if special else None
                if refusal:
                    out._refuse(item, refusal)
                    continue
                building.add(order.province)
            builds -= 1
        elif isinstance(order, Remove):
            if order.unit.province in removing:
                out._refuse(item, E.ALREADY_REMOVED.format(order.unit))
                continue
            if removals == 0:
                out._refuse(item, (E.TOO_MANY_REMOVALS if due < 0 else E.NO_REMOVALS).format(order.unit))
                continue
            removing.add(order.unit.province)
            removals -= 1
        out._use(item)
