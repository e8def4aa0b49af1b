"""The values a position is made of: its phase, its units and its dislodged units (judge.position puts them
together and reads and writes them as JSON)."""

# Annotations are evaluated here, not kept as text (no `from __future__ import annotations`, as in the modules
# that define NamedTuples: calendar, features, results): a NamedTuple's field types written as text are each
# compiled at import, and the process's first compile() readies Python's AST types, about 10 M instructions of
# `judge adjudicate`'s start-up. Nothing on that path may compile text (judge.maps.catalog, judge.plain).

import re

from judge.hints import Any, NamedTuple
from judge.patterns import lazy
from judge.shown import shown

SEASONS = {"S": "Spring", "F": "Fall", "W": "Winter"}
PHASE_TYPES = {"M": "Movement", "R": "Retreats", "A": "Adjustments"}
# Whole text only (fullmatch: "$" would let a trailing line break through) and ASCII digits (\d takes "１９０１").
_PHASE_RE = re.compile(r"([SFW])([0-9]{4})([MRA])")
_LONG_RE = lazy(r"(SPRING|FALL|WINTER) ([0-9]{4}) (MOVEMENT|RETREATS|ADJUSTMENTS)")


class Phase(NamedTuple):
    """A phase. A NamedTuple: immutable and cheap to make (every adjudication makes one). Its tuple order is play
    order on the standard calendar only (a calendar counting years down, DPjudge's B.C., is not): the judge never
    compares phases by it; a game's history gives the order phases were played in.

    A phase of the standard calendar (spring, fall, winter; the short codes S1901M...) has no `calendar`; a phase of
    a variant's own calendar (judge.maps.calendar: "A.D. 1425 MOVEMENT") carries it, and its season_index counts
    that calendar's seasons.
    """
    year: int
    season_index: int       # 0 spring, 1 fall, 2 winter (so phases sort in play order); or the calendar's season
    kind_index: int         # 0 movement, 1 retreats, 2 adjustments
    calendar: Any = None    # judge.maps.calendar.Calendar, or None for the standard calendar

    @property
    def season(self) -> str:
        return "SFW"[self.season_index] if self.calendar is None else self.calendar.letter(self.season_index, self.year)

    @property
    def kind(self) -> str:
        return "MRA"[self.kind_index]

    @classmethod
    def parse(cls, text: Any, calendar: Any = None) -> "Phase":
        """A phase in the short form (S1901M) or DPjudge's long form (SPRING 1901 MOVEMENT); with a variant's own
        calendar, in its long form ("A.D. 1425 MOVEMENT") or DPjudge's short form of it ("A1425M")."""
        if calendar is not None:
            if not isinstance(text, str):
                raise ValueError(f"BAD PHASE: {shown(text)} (expected e.g. {calendar.example()!r})")
            year, season, kind = calendar.read(text)
            return cls(year, season, kind, calendar)
        m = _PHASE_RE.fullmatch(text) if isinstance(text, str) else None
        if not m:
            long = _LONG_RE.fullmatch(text.upper()) if isinstance(text, str) else None
            if not long:
                raise ValueError(f"BAD PHASE: {shown(text)} (expected season, year and type, e.g. S1901M)")
            m = long
        season, year, kind = m.group(1)[0], int(m.group(2)), m.group(3)[0]
        valid = {"S": "MR", "F": "MR", "W": "A"}[season]
        if kind not in valid:
            raise ValueError(f"BAD PHASE: {shown(text)} ({SEASONS[season]} has no {PHASE_TYPES[kind].lower()} phase)")
        return cls(year, "SFW".index(season), "MRA".index(kind))

    def __str__(self) -> str:
        if self.calendar is not None:
            return self.calendar.long(self)
        return f"{self.season}{self.year:04}{self.kind}"     # (four digits, as read: S0001M is followed by F0001M)

    def __repr__(self) -> str:
        return f"Phase({self})"

    @property
    def code(self) -> str:
        """The short code: S1901M, or DPjudge's short form of a variant's own phase ("A1425M")."""
        return str(self) if self.calendar is None else self.calendar.code(self)

    def long(self) -> str:
        """DPjudge's long form: SPRING 1901 MOVEMENT, A.D. 1425 MOVEMENT."""
        if self.calendar is not None:
            return self.calendar.long(self)
        return f"{SEASONS[self.season].upper()} {self.year:04} {PHASE_TYPES[self.kind].upper()}"

    def season_title(self) -> str:
        """The season as results write it: Spring, Lente, A.D."""
        return SEASONS[self.season] if self.calendar is None else self.calendar.title(self.season_index, self.year)

    @property
    def shown_year(self) -> int:
        """The year as people read it: `year`, but past an era's year 0 the other era's (B.C. 0 is A.D. 1)."""
        return self.year if self.calendar is None else self.calendar.dated(self.season_index, self.year)[1]

    def describe(self) -> str:
        return f"{self.season_title()} {self.shown_year} {PHASE_TYPES[self.kind]}"

    def following(self) -> "Phase":
        """The phase after this one in the full sequence (before any skipping of empty phases)."""
        if self.calendar is not None:
            return self.calendar.following(self)
        season, kind = _FOLLOWING[self.season_index, self.kind_index]
        return Phase(self.year + (season == 0 and kind == 0), season, kind)


# (season, kind) -> the next (season, kind): S M, S R, F M, F R, W A, then the next year's S M.
_FOLLOWING = {(0, 0): (0, 1), (0, 1): (1, 0), (1, 0): (1, 1), (1, 1): (2, 2), (2, 2): (0, 0)}


class Unit(NamedTuple):
    """A unit on the board. A NamedTuple: immutable, hashable and cheap to make (adjudication makes many)."""
    power: str
    kind: str       # "A" or "F"
    loc: str        # "PAR", "STP/SC"

    @property
    def province(self) -> str:
        return self.loc[:3]

    def __str__(self) -> str:
        return f"{self.kind} {self.loc}"


class Dislodged(NamedTuple):
    unit: Unit
    retreats: tuple[str, ...]        # locations it may retreat to
    attacker_from: str | None = None  # province the dislodging unit came from (for reports)


__all__ = ["PHASE_TYPES", "SEASONS", "Dislodged", "Phase", "Unit"]
