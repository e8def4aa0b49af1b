"""The value classes that were dataclasses (judge.plain, and those written out in full) behave as the dataclasses
did: the same repr, equality only with the same class and equal fields, hashing where the dataclass hashed, no
assignment to a frozen one, replace() as dataclasses.replace. Each is checked against a dataclass made here with
the same fields and options: the standard library's behaviour is the specification."""
import copy
import dataclasses
import pickle

import pytest

from judge.adjudicator.equations.resolver import Context
from judge.adjudicator.results import MovementOutcome, OrderResult, PhaseOutcome
from judge.house_state import HouseState
from judge.maps import Province, load
from judge.maps.features import PowerBuilds
from judge.orders import _Written, Build, Convoy, Disband, Hold, Move, Remove, Retreat, Support, Waive
from judge.orders.parsed import Parsed, Place
from judge.orders.sets import OrderSet
from judge.position import Phase, Position, Unit
from judge.rules import RULES, Rule, Ruleset, ParadoxRule

PAR, BUR = Unit("FRANCE", "A", "PAR"), Unit("FRANCE", "A", "BUR")
BRE = Unit("FRANCE", "F", "BRE")


def reference(obj, frozen=False, unsafe_hash=False):
    """A dataclass of the same name and fields, with obj's values: what @dataclass would have made."""
    names = type(obj)._fields
    cls = dataclasses.make_dataclass(type(obj).__qualname__, names, frozen=frozen, unsafe_hash=unsafe_hash)
    return cls(*(getattr(obj, n) for n in names))


SAMPLES = [   # (a value, another of its class with one field changed, frozen, hashed by its fields)
    (Hold(PAR), Hold(BUR), False, True),
    (Move(PAR, "BUR"), Move(PAR, "BUR", via_convoy=True), False, True),
    (Support(PAR, BUR, "MUN"), Support(PAR, BUR), False, True),
    (Convoy(BRE, PAR, "LON"), Convoy(BRE, PAR, "LON", missing=True), False, True),
    (Retreat(PAR, "GAS"), Retreat(PAR, "PIC"), False, True),
    (Disband(PAR), Disband(BUR), False, True),
    (Build("FRANCE", "A", "PAR"), Build("FRANCE", "F", "PAR"), False, True),
    (Remove(PAR), Remove(BUR), False, True),
    (Waive("FRANCE"), Waive("ITALY"), False, True),
    (Province("PAR", "Paris", "land", True, "FRANCE"), Province("PAR", "Paris", "land"), True, True),
    (Rule("x", "a rule", False, (False, True)), Rule("x", "a rule", True, (False, True)), True, True),
    (Ruleset(), Ruleset(safe_convoys=True), True, True),
    (PowerBuilds(claims=1), PowerBuilds(), True, False),
    (HouseState(frozenset({"ITALY"})), HouseState(), True, False),
    (Position(Phase.parse("S1901M"), {"PAR": PAR}, {"PAR": "FRANCE"}),
     Position(Phase.parse("F1901M"), {"PAR": PAR}, {"PAR": "FRANCE"}), True, False),
    (Place("SPA", "NC", "spa nc"), Place("SPA"), False, False),
    (Parsed("move", "A PAR - BUR", "A", Place("PAR"), [Place("BUR")]), Parsed("hold", "A PAR H"), False, False),
    (OrderSet([Hold(PAR)]), OrderSet(), False, False),
    (MovementOutcome([OrderResult(Hold(PAR))], {"PAR": PAR}, {}), MovementOutcome([], {}, {}), False, False),
    (PhaseOutcome([], Position(Phase.parse("S1901M"), {}, {}), "FRANCE"),
     PhaseOutcome([], Position(Phase.parse("S1901M"), {}, {})), False, False),
]


@pytest.mark.parametrize("value, other, frozen, hashed", SAMPLES, ids=lambda x: type(x).__name__)
def test_a_value_class_behaves_as_its_dataclass_did(value, other, frozen, hashed):
    ref = reference(value, frozen=frozen, unsafe_hash=hashed and not frozen)
    assert repr(value) == repr(ref)
    assert value == type(value)(**{n: getattr(value, n) for n in value._fields})
    assert value != other and value != ref          # (a dataclass equals only an instance of its own class)
    if hasattr(value, "replace"):       # (every class that code copies with changes; an OrderSet never is)
        copy = value.replace()
        assert copy == value and copy is not value
        name = value._fields[-1]
        changed = value.replace(**{name: getattr(other, name)})
        assert getattr(changed, name) == getattr(other, name)
        assert all(getattr(changed, n) == getattr(value, n) for n in value._fields[:-1])
        with pytest.raises(TypeError):
            value.replace(no_such_field=1)
    if hashed:
        assert hash(value) == hash(type(value)(**{n: getattr(value, n) for n in value._fields}))
        assert len({value, other, type(value)(**{n: getattr(value, n) for n in value._fields})}) == 2
    elif not frozen:
        with pytest.raises(TypeError):
            hash(value)
    if frozen:
        with pytest.raises(AttributeError):
            setattr(value, value._fields[0], None)
        with pytest.raises(AttributeError):
            delattr(value, value._fields[0])
    else:
        setattr(value, value._fields[0], getattr(other, value._fields[0]))
        assert getattr(value, value._fields[0]) == getattr(other, value._fields[0])


COPIED = (_Written, Place, Parsed, Position, MovementOutcome, PhaseOutcome)


@pytest.mark.parametrize("value", [v for v, *_ in SAMPLES if isinstance(v, COPIED)], ids=lambda x: type(x).__name__)
def test_an_order_copies_and_pickles_as_its_dataclass_did(value):
    """copy, deepcopy and a pickle's round trip give an equal value of the same class, as for a dataclass: orders,
    orders as read, positions and what adjudication returns (in the compiled build too, where each is a class
    compiled by mypyc, made only through its __init__)."""
    for twin in (copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
        assert type(twin) is type(value) and twin == value and twin is not value
        assert repr(twin) == repr(value)


def test_a_fresh_default_is_each_instances_own():
    """A field whose dataclass default was a factory (a new dict or list) is never shared between instances."""
    a, b = HouseState(), HouseState()
    assert a.mobilizing == {} and a.mobilizing is not b.mobilizing
    assert Parsed("hold", "A PAR H").path is not Parsed("hold", "A PAR H").path
    assert OrderSet().orders is not OrderSet().orders
    m = load("standard")
    assert m.replace(title="x").title == "x" and m.replace(title="x") != m == m.replace()
    fresh = type(m)(*(getattr(m, n) for n in m._fields[:8]))
    assert fresh.names == {} and fresh.names is not type(m)(*(getattr(m, n) for n in m._fields[:8])).names


def test_the_ruleset_has_a_field_per_rule_with_its_default():
    assert list(Ruleset._fields) == [r.name for r in RULES]
    assert all(getattr(Ruleset(), r.name) == r.default for r in RULES)
    assert Ruleset(convoy_paradox=ParadoxRule.RULE_1982).differences() == {"convoy_paradox": ParadoxRule.RULE_1982}
    with pytest.raises(TypeError):
        Ruleset(no_such_rule=True)


def test_an_order_keeps_its_text_out_of_comparison():
    a, b = Move(PAR, "BUR"), Move(PAR, "BUR")
    assert str(a) == "A PAR - BUR"          # (written and kept in a)
    assert a == b and hash(a) == hash(b)


def test_a_context_is_made_of_every_field_in_order():
    with pytest.raises(TypeError):
        Context(1, 2)
    assert len(Context._fields) == len(set(Context._fields))
