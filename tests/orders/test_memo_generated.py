"""The remembered orders and the one-pass order set against a fresh check, on many generated boards: every order text
of the fuzz generator's phases, checked again on the same board and on boards with units taken away (fleets at sea
above all, which convoys and moves by convoy depend on), must bind as a check without the memo binds it."""
import random

from judge.fuzz.generate import generate
from judge.orders import sets
from judge.orders.errors import OrderError
from judge.orders.sets import build_order_set, legal_orders
from judge.orders.validate import Validator
from judge.position import Position

PHASES = 150
BOARDS = 4          # per phase: the board itself, then boards with some units gone


def fresh(position, m, rules, text, power):
    """The order (or diagnostic) a check without the memo gives."""
    v = Validator(position, m, rules)
    v._memo = None
    try:
        return v.order(text, power)
    except OrderError as err:
        return err.message


def remembered(position, m, rules, text, power):
    try:
        return Validator(position, m, rules).order(text, power)
    except OrderError as err:
        return err.message


def boards(trial, rng):
    """The trial's board, then smaller ones: each without a random third of the units, or without its fleets at sea."""
    units = list(trial.units)
    yield trial.position()
    for n in range(BOARDS - 1):
        if n == 0:
            kept = [u for u in units if u.kind == "A" or rng.random() < 0.5]
        else:
            kept = [u for u in units if rng.random() < 0.67]
        yield Position(trial.position().phase, {u.province: u for u in kept}, {}, {})


def test_remembered_orders_bind_as_a_fresh_check_does(m):
    rng = random.Random(20)
    rulesets: dict = {}
    compared = recalled = 0
    for index in range(PHASES):
        trial = generate(20, index, m=m)
        rules = rulesets.setdefault(trial.rules, trial.rules)   # (equal rule sets share one table, as in the API)
        for position in boards(trial, rng):
            for owner, text in trial.orders:
                for power in (owner, rng.choice(m.powers)):        # (and as another power's order: not its unit)
                    expected = fresh(position, m, rules, text, power)
                    # Twice: the first check may fill the memo, the second then answers from it.
                    for _ in range(2):
                        assert remembered(position, m, rules, text, power) == expected, (trial.index, power, text)
                    compared += 1
            recalled += 1
    assert compared > 3000 and recalled == PHASES * BOARDS


def test_orders_for_other_powers_like_units_bind_as_a_fresh_check_does(m):
    """The same texts on the same boards with the units handed round to other powers (as games write the same orders
    for other powers' units): an order made again for like units is the order, and the text, a fresh check gives."""
    rng = random.Random(22)
    rulesets: dict = {}
    compared = 0
    for index in range(PHASES):
        trial = generate(22, index, m=m)
        rules = rulesets.setdefault(trial.rules, trial.rules)
        board = trial.position()
        for shift in range(3):
            powers = list(m.powers)
            rng.shuffle(powers)
            to = dict(zip(m.powers, powers)) if shift else {p: p for p in m.powers}
            moved = Position(board.phase, {prov: u._replace(power=to[u.power]) for prov, u in board.units.items()},
                             {}, {})
            for owner, text in trial.orders:
                for power in (to[owner], rng.choice(m.powers)):
                    expected = fresh(moved, m, rules, text, power)
                    got = remembered(moved, m, rules, text, power)
                    assert got == expected, (trial.index, power, text)
                    assert str(got) == str(expected)
                    compared += 1
    assert compared > 3000


def general_path(power, texts, position, m, rules, monkeypatch):
    """build_order_set without the one-pass set and without the memo: every text checked on its own, then settled."""
    with monkeypatch.context() as patch:
        patch.setattr(sets, "_usual", lambda *args: None)
        v = Validator(position, m, rules)
        v._memo = None
        oset = build_order_set(power, texts, position, m, rules, v)
    return oset.orders, oset.errors


def test_the_usual_set_in_one_pass_is_the_general_path(m, monkeypatch):
    rng = random.Random(21)
    rulesets: dict = {}
    usual = 0
    for index in range(PHASES):
        trial = generate(21, index, m=m)
        rules = rulesets.setdefault(trial.rules, trial.rules)
        for position in boards(trial, rng):
            texts = trial.texts()
            for power, lst in list(texts.items()):       # (a power's set given twice over: every unit ordered twice)
                texts[power + "+"] = lst + lst[::-1]
            for _ in range(2):
                v = Validator(position, m, rules)
                for power, lst in texts.items():
                    power = power.rstrip("+")
                    expected = general_path(power, lst, position, m, rules, monkeypatch)
                    assert legal_orders(power, lst, position, m, rules, v) == expected, (trial.index, power)
                    oset = build_order_set(power, lst, position, m, rules, Validator(position, m, rules))
                    assert (oset.orders, oset.errors) == expected
                    usual += not expected[1]
    assert usual > 1000
