"""The type-hint names the judge's start-up modules use, without importing typing (and contextlib and warnings with it):
about a seventh of `judge adjudicate --batch`'s start-up, for names that are only read by type checkers.

To a type checker every name here is typing's own (TYPE_CHECKING is true to it). At run time the hints are inert
markers (subscriptable, for an annotation that is evaluated), and NamedTuple makes the same classes as typing's
class form: collections.namedtuple's class with the annotated fields (the assigned ones its defaults), the class
body's methods and docstring, and __annotations__.
"""
TYPE_CHECKING = False       # (typing.TYPE_CHECKING's value; type checkers take any TYPE_CHECKING as true)

if TYPE_CHECKING:
    from typing import Any as Any, BinaryIO as BinaryIO, Callable as Callable, ClassVar as ClassVar
    from typing import Iterable as Iterable, Iterator as Iterator, NamedTuple as NamedTuple, Sequence as Sequence
else:
    from collections import namedtuple as _namedtuple

    class _Hint:
        """A hint's name at run time: an annotation evaluated with it (`calendar: Any = None`) reads fine."""
        __slots__ = ("_name",)

        def __init__(self, name: str) -> None:
            self._name = name

        def __getitem__(self, _args: object) -> "_Hint":
            return self

        def __repr__(self) -> str:
            return f"judge.hints.{self._name}"

    Any, BinaryIO, Callable, ClassVar = _Hint("Any"), _Hint("BinaryIO"), _Hint("Callable"), _Hint("ClassVar")
    Iterable, Iterator, Sequence = _Hint("Iterable"), _Hint("Iterator"), _Hint("Sequence")

    # What typing's NamedTuple keeps from the class body, and what it will not let the body replace.
    _SPECIAL = frozenset({"__module__", "__name__", "__annotations__"})
    _PROHIBITED = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults",
                             "_make", "_replace", "_asdict", "_source"})

    class _NamedTupleMeta(type):
        def __new__(mcls, typename: str, bases: tuple, ns: dict) -> type:
            fields = dict(ns.get("__annotations__", {}))
            defaults: list = []
            for name in fields:     # (typing's check, in typing's words)
                if name in ns:
                    defaults.append(name)
                elif defaults:
                    raise TypeError(f"Non-default namedtuple field {name} cannot follow default field"
                                    f"{'s' if len(defaults) > 1 else ''} {', '.join(defaults)}")
            cls = _namedtuple(typename, fields, defaults=[ns[name] for name in defaults], module=ns["__module__"])
            cls.__annotations__ = cls.__new__.__annotations__ = fields
            for key, value in ns.items():
                if key in _PROHIBITED:
                    raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
                if key not in _SPECIAL and key not in cls._fields:
                    setattr(cls, key, value)
            return cls

    _NamedTupleBase = type.__new__(_NamedTupleMeta, "NamedTuple", (), {})

    def NamedTuple(*args: object, **kwargs: object) -> type:
        """The class form only (`class X(NamedTuple): ...`): the judge writes no other."""
        raise TypeError("judge.hints.NamedTuple: write a class that subclasses it")

    NamedTuple.__mro_entries__ = lambda bases: (_NamedTupleBase,)
