"""judge.hints: the type-hint names of the start-up modules, without typing at run time."""
import json
import os
import pickle
import subprocess
import sys
import typing
from pathlib import Path

import pytest

from judge import hints, position_parts
from judge.adjudicator.results import OrderResult
from judge.maps.calendar import Step
from judge.maps.features import Border, League
from judge.position_parts import Dislodged, Phase, Unit

ROOT = Path(__file__).resolve().parent.parent
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
REQUEST = {"state": {"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR"]}},
           "orders": {"FRANCE": ["A PAR - BUR"]}}


@pytest.mark.skipif(not position_parts.__file__.endswith(".py"), reason="the compiled build (tools/build_backend.py): "
                    "mypyc makes its NamedTuple classes with typing's own")
def test_a_batch_does_not_load_typing():
    """typing (and contextlib and warnings, which it imports) is loaded by no module a batch needs: python -X
    importtime lists every module the process imported (-S: without site, whose development install's finder is
    no part of an installed judge)."""
    p = subprocess.run([sys.executable, "-S", "-X", "importtime", str(ROOT / "bin" / "judge"), "adjudicate",
                        "--batch"], input=json.dumps(REQUEST) + "\n", capture_output=True, text=True, timeout=120,
                       env=ENV)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["state"]["units"] == {"FRANCE": ["A BUR"]}
    imported = {line.split("|")[-1].strip() for line in p.stderr.splitlines() if line.startswith("import time:")}
    assert "judge.api" in imported and "site" not in imported
    assert not imported & {"typing", "contextlib", "warnings"}


def _pair(base):
    class Point(base):
        """A point."""
        x: int
        y: "int" = 0
        label: hints.Any = None

        @property
        def norm(self) -> int:
            return abs(self.x) + abs(self.y)

        def moved(self, dx: int) -> "Point":
            return self._replace(x=self.x + dx)
    return Point


def test_a_named_tuple_is_typings():
    ours, theirs = _pair(hints.NamedTuple), _pair(typing.NamedTuple)
    assert ours.__mro__[1:] == theirs.__mro__[1:] == (tuple, object)
    for attr in ("_fields", "_field_defaults", "__doc__", "__name__", "__qualname__", "__module__", "__slots__"):
        assert getattr(ours, attr) == getattr(theirs, attr), attr
    assert list(ours.__annotations__) == list(theirs.__annotations__) == ["x", "y", "label"]
    a, b = ours(3, -4), theirs(3, -4)
    assert a == b == (3, -4, None) and a.norm == b.norm == 7 and repr(a) == repr(b) == "Point(x=3, y=-4, label=None)"
    assert a.moved(1) == (4, -4, None) and type(a.moved(1)) is ours and ours._make([1, 2, 3]) == (1, 2, 3)
    assert a._asdict() == b._asdict() and not hasattr(a, "__dict__") and hash(a) == hash(b)
    with pytest.raises(TypeError):
        ours()
    for base in (hints.NamedTuple, typing.NamedTuple):
        with pytest.raises(TypeError, match="Non-default namedtuple field y cannot follow default field x"):
            exec("class Bad(base):\n x: int = 1\n y: int\n", {"base": base})
        with pytest.raises(AttributeError, match="Cannot overwrite NamedTuple attribute _replace"):
            exec("class Bad(base):\n x: int\n def _replace(self): pass\n", {"base": base})


@pytest.mark.parametrize("cls", [Phase, Unit, Dislodged, OrderResult, Step, Border, League], ids=lambda c: c.__name__)
def test_the_judges_named_tuples(cls):
    assert issubclass(cls, tuple) and cls.__mro__[1:] == (tuple, object)
    assert tuple(cls.__annotations__) == cls._fields
    values = [f"v{i}" for i in range(len(cls._fields))]
    made = cls._make(values)
    assert made == tuple(values) and type(made) is cls and not hasattr(made, "__dict__")
    assert pickle.loads(pickle.dumps(made)) == made


def test_the_hint_names_are_typings_to_a_type_checker():
    """Under TYPE_CHECKING judge.hints imports typing's names; at run time each is an inert marker."""
    source = (ROOT / "judge" / "hints.py").read_text(encoding="utf-8")
    for name in ("Any", "BinaryIO", "Callable", "ClassVar", "Iterable", "Iterator", "NamedTuple", "Sequence"):
        assert f"{name} as {name}" in source and hasattr(hints, name)
    assert hints.TYPE_CHECKING is False and hints.Any[int] is hints.Any and hints.Callable[[int], str]
