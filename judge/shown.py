"""Values from a request quoted in an error message: cut to a few dozen characters and written without recursion,
whatever the request holds (a 10 MB phase, a value nested a thousand lists deep, a number of 4,000 digits)."""
from __future__ import annotations

from judge.hints import Any, Iterator

LIMIT = 40          # characters, "..." included: a message quotes the start of a value, enough to find it
_WORDS = {None: "null", True: "true", False: "false"}      # (the request is JSON: its words, never Python's)


def shown(value: Any, limit: int = LIMIT) -> str:
    """The value as Python writes it ('PAR', 12, ['A PAR']), with JSON's null, true and false, cut to `limit`
    characters (ending in "...")."""
    out: list[str] = []
    size = 0
    for piece in _pieces(value, limit):
        out.append(piece)
        size += len(piece)
        if size > limit:
            return "".join(out)[:limit - 3] + "..."
    return "".join(out)


def shown_text(value: Any, limit: int = LIMIT) -> str:
    """A name from a request (a field, a power) as it is written, without quotes, cut like shown(); a name with a
    character that does not print (a line break, a tab) or a backslash in quotes and escaped, as shown() writes it,
    so that no two names look alike and an error stays on one line; anything but text as shown() writes it."""
    if type(value) is not str or not value.isprintable() or "\\" in value:
        return shown(value, limit)
    return value if len(value) <= limit else value[:limit - 3] + "..."


def _pieces(value: Any, limit: int) -> Iterator[str]:
    """The text of `value` piece by piece: lists and objects are walked with a stack of their items, not by
    recursion; shown() stops reading once it has enough."""
    stack: list[tuple[Iterator[tuple[str, Any]], str]] = [(iter((("", value),)), "")]
    while stack:
        step = next(stack[-1][0], None)
        if step is None:
            yield stack.pop()[1]
            continue
        before, item = step
        yield before
        if isinstance(item, (list, tuple)):
            yield "["
            stack.append((((", " if i else "", x) for i, x in enumerate(item)), "]"))
        elif isinstance(item, dict):
            yield "{"
            stack.append((_entries(item), "}"))
        else:
            yield _scalar(item, limit)


def _entries(obj: dict) -> Iterator[tuple[str, Any]]:
    for i, (key, value) in enumerate(obj.items()):
        yield (", " if i else "", key)
        yield (": ", value)


def _scalar(item: Any, limit: int) -> str:
    if isinstance(item, str):
        return repr(str(item[:limit + 1]))         # (only the start: the rest would be cut)
    if item is None or type(item) is bool:
        return _WORDS[item]
    if isinstance(item, (int, float)):
        try:
            return repr(item)
        except ValueError:                    # (an int too long for Python to write: over 4,300 digits)
            return "a number too long to write"
    return f"<{type(item).__name__}>"         # (only from Python callers: their repr may be anything)
