"""The Map class's own parts: the order its fields are taken in, the empty dicts of its own, and what a value class
gives (repr, equality, replace), written in the class since it has no judge.plain base (a native class in the
compiled build, whose fields compiled code reads directly: .ci/compiled runs these against it)."""
import ast
import copy
import pickle
from pathlib import Path

import pytest

from judge import maps
from judge.maps import Map, Province


def _tiny(**more):
    provinces = {"AAA": Province("AAA", "Aaa", "coast", True, "X"), "BBB": Province("BBB", "Bbb", "sea")}
    return Map("tiny", ("X",), {"X": "X"}, {"X": "Xish"}, provinces, {"AAA": frozenset()},
               {"AAA": frozenset({"BBB"}), "BBB": frozenset({"AAA"})}, {"X": ("F AAA",)}, **more)


def _declared() -> list[tuple[str, str, bool]]:
    """The class's annotated fields as its source declares them (a compiled class keeps no __annotations__):
    name, annotation, whether it has a default."""
    tree = ast.parse(Path(maps.__file__).with_name("__init__.py").read_text())
    body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Map").body
    return [(n.target.id, ast.unparse(n.annotation), n.value is not None) for n in body if isinstance(n, ast.AnnAssign)]


def test_fields_are_the_annotations_in_order():
    # Map() takes its fields by position in the order the class declares them (the private views aside)
    declared = [(name, note, default) for name, note, default in _declared() if not name.startswith("_")]
    assert list(maps._FIELDS) == [name for name, _, _ in declared]
    fresh = [name for name, note, default in declared[8:] if note.startswith("dict") and not default]
    assert list(maps._FRESH) == fresh


def test_defaults_and_own_empty_dicts():
    a, b = _tiny(), _tiny()
    assert a.title == "" and a.builds == "homes" and a.calendar == ("S", "F") and a.start_centers is None
    assert a.leagues == {} and a.leagues is not b.leagues       # each map a dict of its own, never shared
    a.changed[(0,)] = a
    assert b.changed == {}


def test_derived_views():
    m = _tiny()
    assert m.centers == {"AAA"} and m.shores == {"AAA"} and m.convoy_areas == {"BBB"}
    assert m.power_set == {"X"} and m.homes("X") == ("AAA",) and m.homes("Y") == ()
    assert m.fleet_coasts_towards("AAA", "BBB") == ["BBB"] and m.fleet_coasts_towards("BBB", "BBB") == []


def test_equality_repr_and_replace():
    a, b = _tiny(title="T"), _tiny(title="T")
    assert a == b and not (a != b) and a != _tiny(title="U") and a != "tiny"
    assert repr(a).startswith("Map(name='tiny', powers=('X',), ") and "title='T'" in repr(a)
    c = a.replace(title="U", victory=3)
    assert (c.title, c.victory, c.name, c.provinces) == ("U", 3, "tiny", a.provinces) and a.title == "T"
    with pytest.raises(TypeError, match="no field 'colour'"):
        a.replace(colour="red")


def test_fields_given_wrongly():
    with pytest.raises(TypeError, match="missing"):
        Map("tiny", ("X",))
    with pytest.raises(TypeError, match="not a Map's"):
        _tiny(colour="red")
    with pytest.raises(TypeError, match="both by position and by name"):
        Map("tiny", ("X",), {}, {}, {}, {}, {}, {}, name="other")


def test_copied_and_pickled():
    m = maps.load()
    for other in (copy.copy(m), copy.deepcopy(m), pickle.loads(pickle.dumps(m))):
        assert other == m and other is not m and other.home_centers == m.home_centers
    shallow = copy.copy(m)
    assert shallow.provinces is m.provinces
    shallow.power_colours = {"ENGLAND": "#000000"}
    assert m.power_colours != shallow.power_colours
