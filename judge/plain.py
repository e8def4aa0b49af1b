"""Value classes written by hand: what @dataclass would generate (repr, equality, replace, a frozen guard), shared.

The classes every request uses were dataclasses; making them at import cost `judge adjudicate --batch` about a
third of its start-up (the dataclasses module and what it imports, inspect above all, and the source code each class
has written and compiled for it). Each class here lists its fields in `_fields` and writes its own __init__; these
bases add the rest from that list. (The modules the compiled build compiles write theirs in full: a class compiled
by mypyc cannot have a Python base.)
"""
from __future__ import annotations

from judge.hints import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:       # (a TypeVar bound by name would compile the name at import: see judge.position_parts)
    from typing import TypeVar
    _T = TypeVar("_T", bound="Plain")


class Plain:
    """Repr, equality and replace() from the class's `_fields`, as a dataclass has them (equal only to an instance
    of the very same class; unhashable, being changeable). `_fields` names the fields, as a namedtuple's does."""
    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({inner})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return [getattr(self, name) for name in self._fields] == [getattr(other, name) for name in self._fields]

    __hash__ = None  # type: ignore[assignment]

    def replace(self: _T, **changes: Any) -> _T:
        """A copy with some fields changed (dataclasses.replace); a name that is not a field is a TypeError."""
        unknown = changes.keys() - set(self._fields)
        if unknown:
            raise TypeError(f"{type(self).__qualname__} has no field {sorted(unknown)[0]!r}")
        return type(self)(**{name: changes.get(name, getattr(self, name)) for name in self._fields})


class Frozen(Plain):
    """Plain, and never changed once made: fields are set only by __init__ (through object.__setattr__); hashed by
    its fields, as a frozen dataclass is."""
    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: a {type(self).__qualname__} is never changed")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: a {type(self).__qualname__} is never changed")

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, name) for name in self._fields))
