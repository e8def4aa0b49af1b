"""A power's order set: order texts -> the orders that count and the errors to report."""
from __future__ import annotations

from dataclasses import dataclass, field

from judge.maps import Map
from judge.orders import Build, Order, Remove, Waive, unit_key
from judge.orders import errors as E
from judge.orders.errors import OrderError
from judge.orders.validate import Validator
from judge.position import Position
from judge.rules import DuplicateOrders, Ruleset


@dataclass
class OrderSet:
    orders: list[Order] = field(default_factory=list)
    errors: list[tuple[str, str]] = field(default_factory=list)     # (order text, diagnostic)
    accepted: list[tuple[str, Order]] = field(default_factory=list)  # (order text, the order it became)

    def _use(self, text: str, order: Order) -> None:
        if order not in self.orders:
            self.orders.append(order)
        self.accepted.append((text, order))


def adjustment_count(position: Position, power: str) -> int:
    """Builds (positive) or removals (negative) a power has in an adjustment phase."""
    return len(position.centers_of(power)) - len(position.units_of(power))


def build_order_set(power: str, texts: list[str], position: Position, m: Map, rules: Ruleset,
                    validator: Validator | None = None) -> OrderSet:
    """Parse and check every text; then settle duplicates (DATC 4.D.3) or excess adjustments (4.D.4-4.D.6)."""
    v = validator or Validator(position, m, rules)
    out = OrderSet()
    legal: list[tuple[str, Order]] = []
    for text in texts:
        try:
            legal.append((text, v.order(text, power)))
        except OrderError as err:
            out.errors.append((text, err.message))
    if position.phase.kind == "A":
        _limit_adjustments(power, legal, position, out)
    else:
        _settle_duplicates(legal, rules, out)
    return out


def _settle_duplicates(legal: list[tuple[str, Order]], rules: Ruleset, out: OrderSet) -> None:
    by_unit: dict[str, list[tuple[str, Order]]] = {}
    for text, order in legal:
        by_unit.setdefault(unit_key(order), []).append((text, order))
    clashing = {k for k, lst in by_unit.items() if len({str(o) for _, o in lst}) > 1}
    if clashing and rules.duplicate_orders is DuplicateOrders.REJECT_SET:
        for text, order in legal:
            out.errors.append((text, E.SET_REJECTED.format(order.unit)))
        return
    for key, lst in by_unit.items():
        if key not in clashing:
            for text, order in lst:
                out._use(text, order)
        elif rules.duplicate_orders is DuplicateOrders.FIRST:
            out._use(*lst[0])
            out.errors.extend((t, E.DUPLICATE_ORDER.format(o.unit) + " (FIRST ORDER USED)") for t, o in lst[1:])
        elif rules.duplicate_orders is DuplicateOrders.LAST:
            out._use(*lst[-1])
            out.errors.extend((t, E.DUPLICATE_ORDER.format(o.unit) + " (LAST ORDER USED)") for t, o in lst[:-1])
        else:
            out.errors.extend((t, E.DUPLICATE_ORDER.format(o.unit) + " (UNIT HOLDS)") for t, o in lst)


def _limit_adjustments(power: str, legal: list[tuple[str, Order]], position: Position, out: OrderSet) -> None:
    """The first legal adjustments count, up to what the power is due (DATC 4.D.4-4.D.6)."""
    due = adjustment_count(position, power)
    builds = max(due, 0)
    removals = max(-due, 0)
    building: set[str] = set()
    removing: set[str] = set()
    for text, order in legal:
        if isinstance(order, (Build, Waive)):
            if builds == 0:
                out.errors.append((text, (E.TOO_MANY_BUILDS if due > 0 else E.NO_BUILDS).format(order)))
                continue
            if isinstance(order, Build):
                if order.province in building:
                    out.errors.append((text, E.ALREADY_BUILDING.format(order.province)))
                    continue
                building.add(order.province)
            builds -= 1
        elif isinstance(order, Remove):
            if order.unit.province in removing:
                out.errors.append((text, E.ALREADY_REMOVED.format(order.unit)))
                continue
            if removals == 0:
                out.errors.append((text, (E.TOO_MANY_REMOVALS if due < 0 else E.NO_REMOVALS).format(order.unit)))
                continue
            removing.add(order.unit.province)
            removals -= 1
        out._use(text, order)
