"""Values quoted in error messages (judge/shown.py): bounded, never recursing, in JSON's words."""
import sys

from judge.shown import LIMIT, shown, shown_text


def nested(depth: int, leaf, kind=list):
    value = leaf
    for _ in range(depth):
        value = [value] if kind is list else {"k": value}
    return value


def test_a_value_nested_deeper_than_the_interpreter_recurses_is_written_from_its_start():
    depth = sys.getrecursionlimit() * 3
    assert shown(nested(depth, "S1901M")) == "[" * (LIMIT - 3) + "..."
    assert shown(nested(depth, 1, dict)).startswith("{'k': {'k': ") and len(shown(nested(depth, 1, dict))) == LIMIT


def test_long_values_are_cut_and_short_ones_written_whole():
    assert shown("X" * 10_000_000) == "'" + "X" * (LIMIT - 4) + "..."
    assert shown(int("9" * 4000)) == "9" * (LIMIT - 3) + "..."
    assert shown(10 ** 5000) == "a number too long to write"         # (beyond what Python writes as digits)
    assert shown(["A PAR", "F STP/SC"]) == "['A PAR', 'F STP/SC']"
    assert shown({"FRANCE": ["PAR"], "n": 1.5}) == "{'FRANCE': ['PAR'], 'n': 1.5}"
    assert shown_text("x" * 100) == "x" * (LIMIT - 3) + "..." and shown_text("PRUSSIA") == "PRUSSIA"


def test_json_words_never_python_ones():
    assert (shown(None), shown(True), shown(False)) == ("null", "true", "false")
    assert shown([None, [True]]) == "[null, [true]]" and shown_text(None) == "null"
    assert shown({"x"}) == "<set>"                       # (only a Python caller gives such a value)
