"""The house rules' values (judge.rule_values) behave as the `class X(str, Enum)` they were, without enum's cost."""
import copy
import enum
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from judge import rule_values
from judge.choices import Choice
from judge.rules import RULES, Ruleset, parse_rules, words

ROOT = Path(__file__).resolve().parent.parent
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
CLASSES = [c for c in vars(rule_values).values() if isinstance(c, type) and issubclass(c, Choice) and c is not Choice]


def as_enum(cls):
    """The same class as Python's enum makes it, from the same lines."""
    return enum.Enum(cls.__name__, [(m.name, m.value) for m in cls], type=str)


def test_every_rule_with_words_for_values_is_a_choice():
    assert len(CLASSES) == 23          # (press_reach, master_press_copies, power_assignment, absence_notices)
    assert {type(r.default) for r in RULES if isinstance(r.default, str)} == set(CLASSES)


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_a_choice_is_what_its_enum_was(cls):
    real = as_enum(cls)
    assert [(m.name, m.value) for m in cls] == [(m.name, m.value) for m in real] and len(cls) == len(real)
    for m, e in zip(cls, real):
        assert isinstance(m, cls) and isinstance(m, str) and m == e == m.value and m is getattr(cls, m.name)
        assert (str(m), repr(m), f"{m}", f"{m:>30}") == (str(e), repr(e), f"{e}", f"{e:>30}")
        assert cls(m.value) is m and cls(m) is m and cls[m.name] is m and m in cls
        assert json.dumps({"v": m}) == json.dumps({"v": e}) == json.dumps({"v": m.value})
        assert copy.copy(m) is m and copy.deepcopy([m])[0] is m and pickle.loads(pickle.dumps(m)) is m
        assert {m: 1}[m.value] == 1 and {m.value: 1}[m] == 1
        with pytest.raises(AttributeError):
            m.value = "x"
    for bad in ("nonsense", "", None, 1, [1], cls.__name__):
        with pytest.raises(ValueError):
            real(bad)
        with pytest.raises(ValueError):
            cls(bad)
    with pytest.raises(KeyError):
        cls["nonsense"]
    with pytest.raises(AttributeError):
        setattr(cls, next(iter(cls)).name, "x")


def test_rule_words_read_and_write_as_before():
    rs = parse_rules(["dpjudge", "engine=both", "press=grey"])
    assert rs.engine is rule_values.Engine.BOTH and rs.press is rule_values.Press.GREY
    assert "engine=both" in words(rs) and "press=grey" in words(rs)
    assert parse_rules(words(rs)) == rs and copy.deepcopy(rs) == rs
    with pytest.raises(ValueError, match="IS NOT ONE OF dpjudge, equations, both"):
        parse_rules(["engine=bogus"])
    assert Ruleset().engine == "dpjudge"


def test_a_batch_makes_no_enum_class_at_start_up():
    """Python's enum makes a class through a long metaclass: no judge module a batch imports makes one."""
    script = f"""if True:
        import enum, json, sys
        made = []
        original = enum.EnumMeta.__new__

        def counted(metacls, name, bases, ns, **kw):
            made.append(ns.get("__module__"))
            return original(metacls, name, bases, ns, **kw)

        enum.EnumMeta.__new__ = counted
        sys.path.insert(0, {str(ROOT)!r})
        from judge import cli
        status = cli.main(["adjudicate", "--batch"])
        print(json.dumps(sorted({{m for m in made if m and m.startswith("judge")}})), file=sys.stderr)
        sys.exit(status)
    """
    request = {"state": {"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR"]}},
               "orders": {"FRANCE": ["A PAR - BUR"]}}
    p = subprocess.run([sys.executable, "-S", "-c", script], input=json.dumps(request) + "\n",
                       capture_output=True, text=True, timeout=120, env=ENV)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["state"]["units"] == {"FRANCE": ["A BUR"]}
    assert json.loads(p.stderr.strip().splitlines()[-1]) == []
