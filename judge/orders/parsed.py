"""An order as read from its text, before anything about it is checked (judge.orders.parser reads it).

Both classes write out in full what judge.plain.Plain gives its classes (repr, equality with the same class and
equal fields, unhashable, replace()): this module is compiled in the compiled build (tools/build_backend.py), where a
class is native, reads its fields directly, and cannot have a Python base."""
from __future__ import annotations

from judge.hints import Any, ClassVar


class Place:
    """A place as an order names it: a province, perhaps a coast, and the words written."""
    province: str
    coast: str | None             # NC, SC, EC, or WC (which no standard province has: a garbage coast)
    text: str
    _fields: ClassVar[tuple[str, ...]] = ("province", "coast", "text")

    def __init__(self, province: str, coast: str | None = None, text: str = "") -> None:
        self.province = province
        self.coast = coast
        self.text = text

    def __str__(self) -> str:
        return self.province + (f"/{self.coast}" if self.coast else "")

    def __repr__(self) -> str:
        return f"Place(province={self.province!r}, coast={self.coast!r}, text={self.text!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        o: Place = other  # type: ignore[assignment]   # (the same class: a native read when compiled)
        return (self.province, self.coast, self.text) == (o.province, o.coast, o.text)

    __hash__ = None  # type: ignore[assignment]       # (changeable, as the dataclass was: unhashable)

    def replace(self, **changes: Any) -> Place:
        """A copy with some fields changed (dataclasses.replace); a name that is not a field is a TypeError."""
        return Place(**_changed(self, changes))

    def __reduce__(self) -> tuple:
        # Copied and pickled through the constructor: the compiled build's native class is made only by its __init__.
        return (Place, (self.province, self.coast, self.text))


class Parsed:
    """An order as read from its text, before it is bound to the board (judge.orders.validate)."""
    action: str                              # hold move support convoy retreat disband build remove waive
    text: str
    kind: str | None                         # unit type as written, if any
    place: Place | None                      # the ordered unit's place (or the build site)
    path: list[Place]                        # move/retreat: written path, the last is the destination
    via: bool
    target_kind: str | None
    target: Place | None                     # supported / convoyed unit
    target_dest: Place | None                # its destination (None: support to hold)
    power: str | None                        # the power the text names in front of the order ("FRANCE: A PAR H")
    _fields: ClassVar[tuple[str, ...]] = ("action", "text", "kind", "place", "path", "via", "target_kind", "target",
                                          "target_dest", "power")

    def __init__(self, action: str, text: str, kind: str | None = None, place: Place | None = None,
                 path: list[Place] | None = None, via: bool = False, target_kind: str | None = None,
                 target: Place | None = None, target_dest: Place | None = None, power: str | None = None) -> None:
        self.action = action
        self.text = text
        self.kind = kind
        self.place = place
        self.path = [] if path is None else path
        self.via = via
        self.target_kind = target_kind
        self.target = target
        self.target_dest = target_dest
        self.power = power

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"Parsed({inner})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return [getattr(self, name) for name in self._fields] == [getattr(other, name) for name in self._fields]

    __hash__ = None  # type: ignore[assignment]

    def replace(self, **changes: Any) -> Parsed:
        """A copy with some fields changed (dataclasses.replace); a name that is not a field is a TypeError."""
        return Parsed(**_changed(self, changes))

    def __reduce__(self) -> tuple:
        return (Parsed, tuple([getattr(self, name) for name in self._fields]))     # (as Place's)


def _changed(value: Place | Parsed, changes: dict[str, Any]) -> dict[str, Any]:
    """The value's fields with the changes; a name that is not a field is a TypeError, as in dataclasses.replace."""
    unknown = changes.keys() - set(value._fields)
    if unknown:
        raise TypeError(f"{type(value).__qualname__} has no field {sorted(unknown)[0]!r}")
    return {name: changes.get(name, getattr(value, name)) for name in value._fields}


__all__ = ["Parsed", "Place"]
