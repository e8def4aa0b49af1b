"""How a processed phase's files (its results, pictures, snapshot) are named, and how a name is read back.

A phase's files carry the code its results give it: S1901M, and on a calendar of the map's own DPjudge's short form
(A1425M; B1M then A1M where DPjudge's classical calendar counts down past 1 B.C.; B-1M in games named as DPjudge
numbers those years, B.C. 0 and B.C. -1, as the judge before did). Season letters are distinct in a calendar
(judge.maps.calendar refuses two alike, and names no year by an era whose letter another season has), so two phases
never share a name. A letter that is not an ASCII letter or digit is written as _<hex>_ ("_2F_1425M" for "/1425M"):
the name stays portable and still one-to-one, since "_" appears nowhere else in a code's name.

Judges before this one named a calendar's phases by their long form with every run of other characters made "_"
("B.C. -1 MOVEMENT" -> "B_C_1_MOVEMENT", the same as B.C. 1's): `legacy_part` says what they wrote, so their
folders are still read (judge.game.phase_codes tells such names apart by the game's history)."""
from __future__ import annotations

import re

_SAFE = re.compile(r"[A-Za-z0-9-]")
_ESCAPE = re.compile(r"_([0-9A-F]{1,6})_")
_CODE = re.compile(r"^\D-?\d+[MRA]$")
_LEGACY_UNSAFE = re.compile(r"[^A-Za-z0-9]+")


def file_part(code: str) -> str:
    """A phase's code as part of its files' names: itself when made of ASCII letters, digits and the year's sign;
    any other character as _<hex>_."""
    return "".join(c if _SAFE.fullmatch(c) else f"_{ord(c):X}_" for c in code)


def code_of(part: str) -> str | None:
    """The phase code a file's name part was written for by `file_part`; None for a name it does not write (a name
    an older judge wrote: see `legacy_part`)."""
    try:
        code = _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), part)
    except (ValueError, OverflowError):               # (hex beyond the last code point)
        return None
    return code if _CODE.match(code) and file_part(code) == part else None


def legacy_part(phase: str) -> str:
    """What judges before this one named a phase's files, from the phase as the game's history keeps it (S1901M;
    "A.D. 1425 MOVEMENT" -> "A_D_1425_MOVEMENT")."""
    return _LEGACY_UNSAFE.sub("_", phase).strip("_")[:40] or "phase"
