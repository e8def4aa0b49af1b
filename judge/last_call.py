"""A function of one object worked out once for the last object it was asked about: counts of the board that the
steps of one phase ask for again and again (judge.builds, judge.phases)."""
from __future__ import annotations

from judge.hints import Any, Callable


class LastCall:
    """`fn(obj)`, kept for the last `obj` (held, so comparing by `is` is safe). Only for objects never changed in
    place, as positions and their dicts are not (judge.position); the caller must not change what it gets."""

    __slots__ = ("_fn", "_last")

    def __init__(self, fn: Callable[[Any], Any]):
        self._fn = fn
        self._last: tuple = (None, None)

    def __call__(self, obj: Any) -> Any:
        last = self._last               # (one read: a thread sees a whole pair, its own or another thread's)
        if last[0] is not obj:
            last = self._last = (obj, self._fn(obj))
        return last[1]
