"""Orders bound to units on the board, and their canonical text ("A PAR - BUR").

Orders are values: never changed once made (nothing assigns to their fields), compared and hashed by type and
fields. They are slotted dataclasses without the frozen guard because every order of every phase is made through
__init__, and a frozen dataclass's __init__ costs more than three times as much (each field set through
object.__setattr__): about 7% of a whole JSON adjudication of a 31-unit phase (benchmarks/README.md).

An order's text is written once and kept in the order (`_text`, outside comparison and hashing): the orders that
judge.orders.memo hands out again are written once for all the phases they appear in.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge.position import Unit


class _Written:
    """str(order): the text, written by the class's `_write` the first time and then kept."""
    __slots__ = ()

    def __str__(self) -> str:
        text = self._text
        if text is None:
            text = self._text = self._write()
        return text


def _kept() -> Any:
    return field(default=None, init=False, repr=False, compare=False)


@dataclass(unsafe_hash=True, slots=True)
class Hold(_Written):
    """Hold: the unit stays where it is."""
    unit: Unit

    _text: str | None = _kept()

    def _write(self) -> str:
        return f"{self.unit} H"


@dataclass(unsafe_hash=True, slots=True)
class Move(_Written):
    """Move: the unit moves to dest (by convoy if it must, or if asked)."""
    unit: Unit
    dest: str                          # location; a fleet's carries the coast where the province has several
    path: tuple[str, ...] = ()         # convoy path the player wrote (sea provinces), if any
    via_convoy: bool = False           # the player asked for the convoy route ("via convoy", or a path)

    _text: str | None = _kept()

    def _write(self) -> str:
        if self.path:
            return " - ".join([str(self.unit), *self.path, self.dest])
        return f"{self.unit} - {self.dest}" + (" VIA" if self.via_convoy else "")


@dataclass(unsafe_hash=True, slots=True)
class Support(_Written):
    """Support of the target unit: to hold (no dest) or to move to dest."""
    unit: Unit
    target: Unit                       # the supported unit (its power may be a guess when it is missing)
    dest: str | None = None            # province (with coast if the player gave one) for a move support
    missing: bool = False              # no unit stands where the order says (kept under missing_unit=void/hold)

    @property
    def dest_province(self) -> str | None:
        return self.dest[:3] if self.dest else None

    _text: str | None = _kept()

    def _write(self) -> str:
        tail = f" - {self.dest}" if self.dest else ""
        return f"{self.unit} S {self.target.kind} {self.target.loc}{tail}"


@dataclass(unsafe_hash=True, slots=True)
class Convoy(_Written):
    """Convoy: the fleet carries the army to dest."""
    unit: Unit
    army: Unit
    dest: str                          # province
    missing: bool = False

    _text: str | None = _kept()

    def _write(self) -> str:
        return f"{self.unit} C A {self.army.loc} - {self.dest}"


@dataclass(unsafe_hash=True, slots=True)
class Retreat(_Written):
    """Retreat of a dislodged unit to dest."""
    unit: Unit
    dest: str

    _text: str | None = _kept()

    def _write(self) -> str:
        return f"{self.unit} R {self.dest}"


@dataclass(unsafe_hash=True, slots=True)
class Disband(_Written):
    """A dislodged unit disbanded."""
    unit: Unit

    _text: str | None = _kept()

    def _write(self) -> str:
        return f"{self.unit} D"


@dataclass(unsafe_hash=True, slots=True)
class Build(_Written):
    """Build of a unit of the power in loc."""
    power: str
    kind: str
    loc: str

    @property
    def province(self) -> str:
        return self.loc[:3]

    _text: str | None = _kept()

    def _write(self) -> str:
        return f"BUILD {self.kind} {self.loc}"


@dataclass(unsafe_hash=True, slots=True)
class Remove(_Written):
    """Removal of the unit."""
    unit: Unit

    _text: str | None = _kept()

    def _write(self) -> str:
        return f"REMOVE {self.unit}"


@dataclass(unsafe_hash=True, slots=True)
class Waive(_Written):
    """A build the power does not make."""
    power: str

    _text: str | None = _kept()

    def _write(self) -> str:
        return "WAIVE"


MovementOrder = Hold | Move | Support | Convoy
RetreatOrder = Retreat | Disband
AdjustmentOrder = Build | Remove | Waive
Order = MovementOrder | RetreatOrder | AdjustmentOrder


def order_power(order: Order) -> str:
    return order.power if isinstance(order, (Build, Waive)) else order.unit.power


def unit_key(order: Order) -> str | None:
    """The province of the unit an order is for (None for builds and waives, which name no existing unit)."""
    if isinstance(order, (Build, Waive)):
        return None
    return order.unit.province
