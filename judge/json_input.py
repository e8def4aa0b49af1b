"""JSON text a user gives the judge (a request, a --batch line, a variant file) read into Python values, with a key
given twice in one object refused: Python's decoder would keep the last and drop the other without a word.

The check costs next to nothing on the usual document: the decoder counts the keys of the objects it builds, and
every member of a JSON object is written with exactly one colon outside strings, so as many keys as colons in the
text means that no key was dropped. Only a text with fewer keys than colons (a duplicate, or a colon inside a
string) is read a second time, keeping every member, to find the first key given twice and where it is.
"""
from __future__ import annotations

import json
import sys
from _thread import allocate_lock

from judge.hints import Any, BinaryIO, Iterator
from judge.shown import shown

__all__ = ["DuplicateKey", "LARGEST", "NotRead", "TooLarge", "document_lines", "loads", "read_document"]

LARGEST = 16 * 2 ** 20      # bytes of one document (a --batch line): a request is a few KB, the biggest variant's 20


class NotRead(ValueError):
    """Valid JSON that the judge does not read (said as a bad field is, not as text that is not JSON)."""


class DuplicateKey(NotRead):
    """A JSON document that gives one key twice in an object."""


class TooLarge(NotRead):
    """A document of more than LARGEST bytes: refused unread, so that memory stays bounded whatever comes in."""

    def __init__(self) -> None:
        super().__init__(f"REQUEST TOO LARGE: MORE THAN {LARGEST // 2 ** 20} MB ({LARGEST} BYTES)")


def read_document(source: BinaryIO) -> bytes:
    """The whole of `source`, or TooLarge once it has given more than LARGEST bytes."""
    data = source.read(LARGEST + 1)
    if len(data) > LARGEST:
        raise TooLarge()
    return data


def document_lines(source: BinaryIO) -> Iterator[bytes | None]:
    """Each line of `source` (its line break kept), or None for a line of more than LARGEST bytes: the caller answers
    that line before its rest is read past, a piece at a time (a line that never ends is read without end, but is
    never held)."""
    readline, limit = source.readline, LARGEST + 1
    while True:
        line = readline(limit)
        if len(line) < limit or line.endswith(b"\n"):
            if not line:
                return
            yield line
            continue
        yield None
        while line and not line.endswith(b"\n"):
            line = readline(1 << 16)


class _Count:
    __slots__ = ("keys",)

    def __init__(self) -> None:
        self.keys = 0


_COUNT = _Count()


def _counted(obj: dict, count: _Count = _COUNT) -> dict:
    count.keys += len(obj)
    return obj


class _NotANumber(Exception):
    """NaN, Infinity or -Infinity met in the text (not a ValueError: loads tells it from a number too long)."""


def _constant(word: str) -> Any:
    raise _NotANumber(word)


# (Python's decoder reads NaN, Infinity and -Infinity as numbers; RFC 8259 has none of them)
_DECODE = json.JSONDecoder(object_hook=_counted, parse_constant=_constant).decode
_LOCK = allocate_lock()        # (one count at a time: a second thread would add its keys to the first one's)


def loads(text: str) -> Any:
    """The JSON value of `text`. ValueError if it is not JSON or is nested deeper than the decoder goes; NotRead (a
    ValueError) if it is JSON the judge does not read: a key twice in one object (DuplicateKey: the message names the
    key and the object it is in), or a number longer than Python converts."""
    if text.startswith("\ufeff"):     # (as json.loads says it)
        raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
    try:
        with _LOCK:
            _COUNT.keys = 0
            value = _DECODE(text)
            keys = _COUNT.keys
    except RecursionError:
        raise ValueError("nested too deeply") from None
    except _NotANumber as exc:
        raise ValueError(f"{exc.args[0]} IS NOT JSON (a JSON number is finite: NaN and Infinity are not)") from None
    except json.JSONDecodeError:
        raise
    except ValueError:      # (an integer too long to convert: Python's message tells a programmer what to call instead)
        limit = getattr(sys, "get_int_max_str_digits", lambda: 0)()
        if not limit:
            raise
        raise NotRead(f"NUMBER TOO LONG: A NUMBER MAY HAVE AT MOST {limit} DIGITS") from None
    if keys != text.count(":"):
        try:
            _CHECK(text)
        except _Twice:
            key, path = _duplicate(text)
            raise DuplicateKey(f"DUPLICATE KEY: {shown(key)} (twice in {_where(path)})") from None
    return value


class _Twice(Exception):
    """An object with a key given twice, met by _checked."""


def _checked(pairs: list) -> dict:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise _Twice
    return obj


_CHECK = json.JSONDecoder(object_pairs_hook=_checked).decode      # (a second reading, only when keys are missing)


class _Members(list):
    """An object's members in the order written, (key, value) pairs, duplicates kept."""


_PAIRS_DECODE = json.JSONDecoder(object_pairs_hook=_Members).decode


def _duplicate(text: str) -> tuple[str, tuple[Any, ...]]:
    """The first key written a second time in its object, with the path of that object (there is one: _checked met
    it). Walked with a stack, not recursion (the document may be as deep as the decoder reads)."""
    stack: list[tuple[Any, tuple[Any, ...], set | None]] = [(iter((("", _PAIRS_DECODE(text)),)), (), None)]
    while stack:
        items, path, seen = stack[-1]
        step = next(items, None)
        if step is None:
            stack.pop()
            continue
        key, value = step
        if seen is not None:
            if key in seen:
                return key, path
            seen.add(key)
        inner = path + (key,) if len(stack) > 1 else path
        if isinstance(value, _Members):
            stack.append((iter(value), inner, set()))
        elif isinstance(value, list):
            stack.append((enumerate(value), inner, None))
    raise AssertionError("no key given twice")      # (unreachable: _checked found one in the same text)


def _where(path: tuple[Any, ...]) -> str:
    """A path as a program would write it: state.units, orders.FRANCE[0], state.dislodged.RUSSIA['A SEV']."""
    if not path:
        return "the top-level object"
    out = []
    for step in path:
        if isinstance(step, int):
            out.append(f"[{step}]")
        elif step.isidentifier():
            out.append(f".{step}" if out else step)
        else:
            out.append(f"[{shown(step)}]")
    return "".join(out)
