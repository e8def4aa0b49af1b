"""Choice: the house rules' few-word values (judge.rule_values), as `class X(str, Enum)` would make them, for less.

Python's enum makes each class through a long metaclass (member descriptors, a value map, name checks): the rule
values' 19 classes were about a twelfth of `judge adjudicate --batch`'s start-up. A Choice class is made by a short
__init_subclass__, and keeps what the judge and its users rely on: members are the class's own instances and strings
equal to their value (JSON writes the value), with .name and .value; the class iterates over its members in order,
and X(value) or X(member) gives the member, else ValueError; X["NAME"] gives it by name; copying a member, or
pickling it, gives the same member. Type checkers see a real Enum (judge.rule_values).
"""
from __future__ import annotations

import sys


class _ChoiceType(type):
    """The class side: iteration, len, X(value) and X["NAME"], like an Enum class's."""
    _members: tuple
    _by_value: dict

    def __iter__(cls):
        return iter(cls._members)

    def __len__(cls) -> int:
        return len(cls._members)

    def __reversed__(cls):
        return reversed(cls._members)

    def __contains__(cls, value: object) -> bool:
        return isinstance(value, cls) and value in cls._members

    def __call__(cls, value: object) -> Choice:
        try:
            return cls._by_value[value]
        except (KeyError, TypeError):       # (TypeError: a value that cannot be a key, a list say)
            raise ValueError(f"{value!r} is not a valid {cls.__qualname__}") from None

    def __getitem__(cls, name: str) -> Choice:
        member = cls.__dict__.get(name) if isinstance(name, str) else None
        if not isinstance(member, cls):
            raise KeyError(name)
        return member

    def __setattr__(cls, name: str, value: object) -> None:
        # (a member is fixed once made, as an Enum's is)
        if name in cls.__dict__ and isinstance(cls.__dict__[name], cls):
            raise AttributeError(f"cannot reassign member {name!r}")
        super().__setattr__(name, value)


class Choice(str, metaclass=_ChoiceType):
    """Subclass with NAME = "value" lines; each becomes a member (a str of its value with .name and .value)."""
    name: str
    value: str

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        members = []
        by_value: dict = {}
        for name, value in list(vars(cls).items()):
            if name.startswith("_") or not isinstance(value, str):
                continue
            if value in by_value:           # (an alias, as Enum makes it: the same member under a second name)
                member = by_value[value]
            else:
                member = str.__new__(cls, value)
                member.__dict__.update(name=name, value=value, _name_=name, _value_=value)
                members.append(member)
                by_value[value] = member
            type.__setattr__(cls, name, member)
        type.__setattr__(cls, "_members", tuple(members))
        type.__setattr__(cls, "_by_value", by_value)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}.{self.name}: {str.__repr__(self.value)}>"

    def __str__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    def __format__(self, spec: str) -> str:
        # (an Enum's own format: from Python 3.11 its str(), before that its value's)
        return format(str(self) if sys.version_info >= (3, 11) else self.value, spec)

    def __hash__(self) -> int:
        return str.__hash__(self)

    def __reduce_ex__(self, protocol: object) -> tuple:
        return type(self), (self.value,)

    def __copy__(self) -> Choice:
        return self

    def __deepcopy__(self, memo: object) -> Choice:
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot set {name!r} on a rule value")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete {name!r} of a rule value")
