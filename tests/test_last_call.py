"""judge.last_call: worked out once for the same object, again for another one, even an equal one."""
from judge.last_call import LastCall


def test_the_same_object_is_worked_out_once_and_another_again():
    calls = []
    last = LastCall(lambda d: calls.append(d) or sorted(d))
    a, b = {"x": 1, "y": 2}, {"x": 1, "y": 2}
    assert last(a) == ["x", "y"] and last(a) == ["x", "y"]
    assert len(calls) == 1
    assert last(b) == ["x", "y"] and len(calls) == 2           # equal but not the same: worked out again
    assert last(a) == ["x", "y"] and len(calls) == 3           # only the last one is kept
