"""Orders bound to units on the board, and their canonical text ("A PAR - BUR").

Orders are values: never changed once made (nothing assigns to their fields), compared and hashed by type and
fields. They are slotted classes without a frozen guard because every order of every phase is made through
__init__, and a frozen dataclass's __init__ costs more than three times as much (each field set through
object.__setattr__): about 7% of a whole JSON adjudication of a 31-unit phase (benchmarks/README.md). They were
dataclasses; their methods are written out because making the classes at import cost every `judge adjudicate` more.
The compiled build (tools/build_backend.py) compiles this module: there they are native classes, whose fields the
compiled modules read directly.

An order's text is written once and kept in the order (`_text`, outside comparison and hashing): the orders that
judge.orders.memo hands out again are written once for all the phases they appear in.
"""
from __future__ import annotations

from judge.hints import Any, ClassVar
from judge.position import Unit


class _Written:
    """str(order): the text, written by the class's `_write` the first time and then kept. Each order class lists
    its fields in `_fields` and writes its own __init__, __eq__ and __hash__ (as @dataclass(unsafe_hash=True) made
    them: equal to an order of the same class with equal fields; `_text` is neither compared nor hashed). `_text`
    and `_write` are declared here, once, for the compiled build: there a class is native and its subclasses may not
    declare again what it declares."""
    __slots__ = ('_text',)
    _fields: ClassVar[tuple[str, ...]] = ()
    _text: str | None

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({inner})"

    def replace(self, **changes: Any) -> Any:
        """A copy with some fields changed (dataclasses.replace); a name that is not a field is a TypeError."""
        unknown = changes.keys() - set(self._fields)
        if unknown:
            raise TypeError(f"{type(self).__qualname__} has no field {sorted(unknown)[0]!r}")
        return type(self)(**{name: changes.get(name, getattr(self, name)) for name in self._fields})

    def __str__(self) -> str:
        text = self._text
        if text is None:
            text = self._text = self._write()
        return text

    def _write(self) -> str:
        raise NotImplementedError

    def __reduce__(self) -> tuple:
        # Copied and pickled through the constructor: the compiled build's native class is made only by its __init__.
        return (type(self), tuple([getattr(self, name) for name in self._fields]))


class _OfUnit(_Written):
    """An order that names only its unit (hold, disband, remove): equal to an order of the same class for the same
    unit."""
    unit: Unit

    __slots__ = ('unit',)
    _fields = ('unit',)

    def __init__(self, unit: Unit) -> None:
        self.unit = unit
        self._text = None

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        o: _OfUnit = other  # type: ignore[assignment]   # (the same class: a native read when compiled)
        return (self.unit,) == (o.unit,)

    def __hash__(self) -> int:
        return hash((self.unit,))


class Hold(_OfUnit):
    """Hold: the unit stays where it is."""
    __slots__ = ()

    def _write(self) -> str:
        return f"{self.unit} H"


class Move(_Written):
    """Move: the unit moves to dest (by convoy if it must, or if asked)."""
    unit: Unit
    dest: str                          # location; a fleet's carries the coast where the province has several
    path: tuple[str, ...]              # convoy path the player wrote (sea provinces), if any
    via_convoy: bool                   # the player asked for the convoy route ("via convoy", or a path)

    __slots__ = ('unit', 'dest', 'path', 'via_convoy')
    _fields = ('unit', 'dest', 'path', 'via_convoy')

    def __init__(self, unit: Unit, dest: str, path: tuple[str, ...] = (), via_convoy: bool = False) -> None:
        self.unit = unit
        self.dest = dest
        self.path = path
        self.via_convoy = via_convoy
        self._text = None

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        o: Move = other  # type: ignore[assignment]
        return (self.unit, self.dest, self.path, self.via_convoy) == (o.unit, o.dest, o.path, o.via_convoy)

    def __hash__(self) -> int:
        return hash((self.unit, self.dest, self.path, self.via_convoy))

    def _write(self) -> str:
        if self.path:
            return " - ".join([str(self.unit), *self.path, self.dest])
        return f"{self.unit} - {self.dest}" + (" VIA" if self.via_convoy else "")


class Support(_Written):
    """Support of the target unit: to hold (no dest) or to move to dest."""
    unit: Unit
    target: Unit                       # the supported unit (its power may be a guess when it is missing)
    dest: str | None                   # province (with coast if the player gave one) for a move support
    missing: bool                      # no unit stands where the order says (kept under missing_unit=void/hold)

    @property
    def dest_province(self) -> str | None:
        return self.dest[:3] if self.dest else None

    __slots__ = ('unit', 'target', 'dest', 'missing')
    _fields = ('unit', 'target', 'dest', 'missing')

    def __init__(self, unit: Unit, target: Unit, dest: str | None = None, missing: bool = False) -> None:
        self.unit = unit
        self.target = target
        self.dest = dest
        self.missing = missing
        self._text = None

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        o: Support = other  # type: ignore[assignment]
        return (self.unit, self.target, self.dest, self.missing) == (o.unit, o.target, o.dest, o.missing)

    def __hash__(self) -> int:
        return hash((self.unit, self.target, self.dest, self.missing))

    def _write(self) -> str:
        tail = f" - {self.dest}" if self.dest else ""
        return f"{self.unit} S {self.target.kind} {self.target.loc}{tail}"


class Convoy(_Written):
    """Convoy: the fleet carries the army to dest."""
    unit: Unit
    army: Unit
    dest: str                          # province
    missing: bool        

    __slots__ = ('unit', 'army', 'dest', 'missing')
    _fields = ('unit', 'army', 'dest', 'missing')

    def __init__(self, unit: Unit, army: Unit, dest: str, missing: bool = False) -> None:
        self.unit = unit
        self.army = army
        self.dest = dest
        self.missing = missing
        self._text = None

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        o: Convoy = other  # type: ignore[assignment]
        return (self.unit, self.army, self.dest, self.missing) == (o.unit, o.army, o.dest, o.missing)

    def __hash__(self) -> int:
        return hash((self.unit, self.army, self.dest, self.missing))

    def _write(self) -> str:
        return f"{self.unit} C A {self.army.loc} - {self.dest}"


class Retreat(_Written):
    """Retreat of a dislodged unit to dest."""
    unit: Unit
    dest: str

    __slots__ = ('unit', 'dest')
    _fields = ('unit', 'dest')

    def __init__(self, unit: Unit, dest: str) -> None:
        self.unit = unit
        self.dest = dest
        self._text = None

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        o: Retreat = other  # type: ignore[assignment]
        return (self.unit, self.dest) == (o.unit, o.dest)

    def __hash__(self) -> int:
        return hash((self.unit, self.dest))

    def _write(self) -> str:
        return f"{self.unit} R {self.dest}"


class Disband(_OfUnit):
    """A dislodged unit disbanded."""
    __slots__ = ()

    def _write(self) -> str:
        return f"{self.unit} D"


class Build(_Written):
    """Build of a unit of the power in loc."""
    power: str
    kind: str
    loc: str

    @property
    def province(self) -> str:
        return self.loc[:3]

    __slots__ = ('power', 'kind', 'loc')
    _fields = ('power', 'kind', 'loc')

    def __init__(self, power: str, kind: str, loc: str) -> None:
        self.power = power
        self.kind = kind
        self.loc = loc
        self._text = None

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        o: Build = other  # type: ignore[assignment]
        return (self.power, self.kind, self.loc) == (o.power, o.kind, o.loc)

    def __hash__(self) -> int:
        return hash((self.power, self.kind, self.loc))

    def _write(self) -> str:
        return f"BUILD {self.kind} {self.loc}"


class Remove(_OfUnit):
    """Removal of the unit."""
    __slots__ = ()

    def _write(self) -> str:
        return f"REMOVE {self.unit}"


class Waive(_Written):
    """A build the power does not make."""
    power: str

    __slots__ = ('power',)
    _fields = ('power',)

    def __init__(self, power: str) -> None:
        self.power = power
        self._text = None

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        o: Waive = other  # type: ignore[assignment]
        return (self.power,) == (o.power,)

    def __hash__(self) -> int:
        return hash((self.power,))

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
    return order.unit[2][:3]          # (Unit.province, read without the property's call)
