"""A variant's own calendar, as DPjudge's FLOW and BEGIN lines give it: seasons of the map's own ("A.D.", "LENTE"),
years that step by more than one or count down (NEWYEAR:n), and phases played only in some years (IFYEARDIV:n). The
standard calendar (spring and fall, winter adjustments, four-digit years) needs none of this: its phases are the
short codes S1901M... and carry no Calendar (judge.position.Phase)."""

# Annotations are evaluated here (no `from __future__ import annotations`): a NamedTuple's field types written as
# text are compiled one by one at import, and the process's first compile() readies Python's AST types, about
# 10 M instructions of `judge adjudicate`'s start-up. (judge.position_parts says so for the others.)

from judge.hints import TYPE_CHECKING, NamedTuple
from judge.patterns import lazy
from judge.shown import shown, shown_text

if TYPE_CHECKING:
    from judge.position import Phase

KINDS = {"MOVEMENT": 0, "RETREATS": 1, "ADJUSTMENTS": 2}
KIND_WORDS = ("MOVEMENT", "RETREATS", "ADJUSTMENTS")
KIND_TITLES = ("Movement", "Retreats", "Adjustments")
# Years and NEWYEAR steps a game can reach: the codes that name its phases' files (judge.storage.phase_files) stay short
MAX_YEAR, MAX_STEP = 10 ** 9, 1000


class CalendarError(ValueError):
    """A FLOW or BEGIN this judge cannot play; the message says why (the reader adds the file and line). `item`: the
    index of the FLOW word at fault, if one is."""

    def __init__(self, message: str, item: int | None = None):
        super().__init__(message)
        self.item = item


class Step(NamedTuple):
    """One item of the year's sequence: a phase (season, kind), a new year (by `years`), or a condition that the year
    divides by `div` with remainder `mod` (the rest of the sequence is played only then)."""
    what: str                   # "phase", "newyear" or "ifyeardiv"
    season: int = 0
    kind: int = 0
    years: int = 1
    div: int = 1
    mod: int = 0


class Calendar:
    """The sequence of a year's phases, from DPjudge FLOW words ("SPRING:MOVEMENT,RETREATS", "NEWYEAR:5", ...)."""

    def __init__(self, flow: list[str], left_out: tuple[str, ...] = (), begin: str | None = None):
        self.flow = list(flow)
        self.left_out = left_out         # phase kinds of other game types (INCOME), not played here
        self.begin = begin               # the variant's first phase, if known: what example() offers
        self.seasons: list[str] = []
        self.steps: list[Step] = []
        sign = 0
        for index, item in enumerate(flow):
            try:
                sign = self._item(item, sign)
            except CalendarError as exc:
                raise CalendarError(str(exc), index) from None
        if not sign:
            self.steps.insert(0, Step("newyear"))
        self.sign = sign or 1
        self._check()
        self.eras = self._eras()

    def _item(self, item: str, sign: int) -> int:
        """One FLOW word read into the steps; the sign of the years' step so far."""
        head, colon, rest = item.upper().partition(":")
        if head == "NEWYEAR":
            years = _number(rest, item) if colon else 1
            if years == 0 or sign * years < 0 or abs(years) > MAX_STEP:
                raise CalendarError(f"FLOW {item}: NEWYEAR needs a step other than 0, of one sign, of at most "
                                    f"{MAX_STEP} years")
            sign = 1 if years > 0 else -1
            self.steps.append(Step("newyear", years=years))
        elif head == "IFYEARDIV":
            div, _, mod = rest.partition("=")
            d, r = _number(div, item), (_number(mod, item) if mod else 0)
            if d <= 0 or not 0 <= r < d:
                raise CalendarError(f"FLOW {item}: IFYEARDIV needs a divisor above 0 and a remainder below it")
            if not sign:
                self.steps.insert(0, Step("newyear"))
                sign = 1
            self.steps.append(Step("ifyeardiv", div=d, mod=r))
        elif not colon or not head:
            raise CalendarError(f"FLOW {item}: expected SEASON:PHASE,PHASE (e.g. SPRING:MOVEMENT,RETREATS)")
        else:
            self._season(head, rest, item)
        return sign

    def _season(self, season: str, kinds: str, item: str) -> None:
        if _DIGIT.match(season):
            # (its phases' short codes, "11901M", would not tell the season from the year: not read back, nor paged)
            raise CalendarError(f"FLOW {item}: a season's name that begins with a digit")
        if season not in self.seasons:
            self.seasons.append(season)
        index = self.seasons.index(season)
        for word in kinds.split(","):
            if word in self.left_out:
                continue
            if word not in KINDS:
                raise CalendarError(f"FLOW {item}: {word or 'an empty word'} is not a phase this judge plays "
                                    "(MOVEMENT, RETREATS, ADJUSTMENTS)")
            step = Step("phase", index, KINDS[word])
            if step in self.steps:
                raise CalendarError(f"FLOW {item}: {season} {word} comes twice in the year")
            self.steps.append(step)

    def _check(self) -> None:
        phases = [s for s in self.steps if s.what == "phase"]
        if not any(s.kind == 0 for s in phases) or not any(s.kind == 2 for s in phases):
            raise CalendarError("FLOW: a year needs a MOVEMENT phase and an ADJUSTMENTS phase")
        for s in phases:
            if s.kind == 0 and Step("phase", s.season, 1) not in phases:
                raise CalendarError(f"FLOW: {self.seasons[s.season]} has MOVEMENT without RETREATS (this judge "
                                    "plays a retreat phase after every movement phase)")
            if s.kind == 1 and Step("phase", s.season, 0) not in phases:
                raise CalendarError(f"FLOW: {self.seasons[s.season]} has RETREATS without MOVEMENT")
        codes = [self.letter(i) for i in range(len(self.seasons))]
        if len(set(codes)) != len(codes):
            raise CalendarError(f"FLOW: two seasons ({', '.join(self.seasons)}) begin with the same letter, so "
                                "their phases' short codes would be the same")

    def _eras(self) -> dict[int, str]:
        """The seasons that are eras (B.C., A.D.) -> the era on the other side of year 0, in a calendar whose years
        count down (only those reach year 0 from an era's years) and where the other era's name and letter name no
        other season (a calendar of both, or of an "AUTUMN" beside "B.C.", keeps DPjudge's bare numbers)."""
        out: dict[int, str] = {}
        if self.sign > 0:
            return out
        for i, name in enumerate(self.seasons):
            other = _OTHER_ERA.get(name)
            if other is not None and all(s != other and s[0] != other[0] for s in self.seasons):
                out[i] = other
        return out

    # -- names ------------------------------------------------------------------------------------------------------
    def dated(self, season: int, year: int) -> tuple[str, int]:
        """The season's name and the year as written. An era has no year 0: DPjudge counts B.C. 1, B.C. 0, B.C. -1
        (classical's NEWYEAR:-1), but the year after 1 B.C. is A.D. 1, then A.D. 2. The year kept (`year`) stays
        DPjudge's count, so the year's conditions (IFYEARDIV) keep their rhythm across the change of era."""
        other = self.eras.get(season) if year < 1 else None
        return (self.seasons[season], year) if other is None else (other, 1 - year)

    def letter(self, season: int, year: int = 1) -> str:
        """The season's letter in short codes (DPjudge's: its first letter, "A" for "A.D."): in `year`, the era's."""
        return self.dated(season, year)[0][0]

    def long(self, phase: "Phase") -> str:
        """DPjudge's long form: "A.D. 1425 MOVEMENT"."""
        name, year = self.dated(phase.season_index, phase.year)
        return f"{name} {year} {KIND_WORDS[phase.kind_index]}"

    def code(self, phase: "Phase") -> str:
        """DPjudge's short form: "A1425M" (first letters of season and kind)."""
        name, year = self.dated(phase.season_index, phase.year)
        return f"{name[0]}{year}{'MRA'[phase.kind_index]}"

    def title(self, season: int, year: int = 1) -> str:
        """The season as a results mail writes it: "Lente", "A.D." (in `year`: "A.D." for B.C.'s year 0)."""
        name = self.dated(season, year)[0]
        return name.title() if name.isalpha() else name

    def read(self, text: str) -> tuple[int, int, int]:
        """(year, season, kind) of a phase in the long form ("A.D. 1425 MOVEMENT") or the short one ("A1425M");
        ValueError if neither."""
        found = self._parse(text)
        if found is None:
            raise ValueError(f"BAD PHASE: {shown(text)} (expected e.g. {self.example()!r})")
        year, season, kind = found
        if max(abs(year), abs(self.dated(season, year)[1])) >= MAX_YEAR:        # (as kept, and as written)
            raise ValueError(f"BAD PHASE: {shown_text(text)} (a year of more than {len(str(MAX_YEAR)) - 1} digits)")
        if Step("phase", season, kind) not in self.steps:
            raise ValueError(f"BAD PHASE: {shown_text(text)} (this variant's {self.seasons[season]} has no "
                             f"{KIND_WORDS[kind].lower()} phase)")
        skipped = self.skipped_by(year, season, kind)
        if skipped is not None:
            condition, when = skipped
            which = (f"divisible by {condition.div}" if not condition.mod else
                     f"that leave {condition.mod} when divided by {condition.div}")
            raise ValueError(f"BAD PHASE: {shown_text(text)} (this variant plays {self.seasons[season]} "
                             f"{KIND_WORDS[kind].lower()} only in years {which}, and {when} is not one)")
        return year, season, kind

    def skipped_by(self, year: int, season: int, kind: int) -> tuple[Step, int] | None:
        """The IFYEARDIV that leaves this phase of the sequence out in `year`, with the year it is checked on; None if
        the phase is played then. A condition that fails sends the sequence back to its start (following), so a phase
        is played only if every condition before it holds, each for the year in force where it stands: the phase's
        year less the NEWYEARs between the two (DPjudge's findNextPhase)."""
        at = self.steps.index(Step("phase", season, kind))
        for step in reversed(self.steps[:at]):
            if step.what == "newyear":
                year -= step.years
            elif step.what == "ifyeardiv" and year % step.div != step.mod:
                return step, year
        return None

    def played(self, year: int, season: int, kind: int) -> bool:
        """Is this phase of the sequence played in `year` (not left out by an IFYEARDIV)?"""
        return self.skipped_by(year, season, kind) is None

    def _parse(self, text: str) -> tuple[int, int, int] | None:
        """(year kept, season, kind) of a long or short name; an era's year is read as written ("A.D. 1", "A1M" on
        a B.C. calendar: DPjudge's year 0) and as DPjudge counts it ("B.C. 0", "B0M": games it numbered so)."""
        upper = text.upper()
        words = upper.split(" ")        # single spaces only: "B.C.\t273\nMOVEMENT" is not a phase's name
        if len(words) == 3 and _YEAR.fullmatch(words[1]) and words[2] in KINDS:
            found = self._named(words[0], int(words[1]), short=False)
            return None if found is None else (found[1], found[0], KINDS[words[2]])
        m = _SHORT.fullmatch(upper) if len(words) == 1 else None
        found = self._named(m.group(1), int(m.group(2)), short=True) if m else None
        return None if found is None else (found[1], found[0], "MRA".index(m.group(3)))

    def _named(self, word: str, year: int, short: bool) -> tuple[int, int] | None:
        """(season, year kept) of a season's name (or, `short`, its letter) and a year as written: the other side
        of an era's year 0 from year 1 on ("A.D. 1" on a B.C. calendar is its year 0)."""
        for i, name in enumerate(self.seasons):
            if (name[0] if short else name) == word:
                return i, year
        for i, other in self.eras.items():
            if (other[0] if short else other) == word and year >= 1:
                return i, 1 - year
        return None

    def example(self) -> str:
        """A phase of this calendar for messages: the variant's first (a year its games reach), in the long form;
        without one, the first season's in 1901 (a variant's first phase when its map names none)."""
        found = self._parse(self.begin) if self.begin is not None else None
        if found is not None and Step("phase", found[1], found[2]) in self.steps:
            year, season, kind = found
            name, year = self.dated(season, year)
            return f"{name} {year} {KIND_WORDS[kind]}"
        first = next(s for s in self.steps if s.what == "phase")
        return f"{self.seasons[first.season]} 1901 {KIND_WORDS[first.kind]}"

    # -- the sequence -----------------------------------------------------------------------------------------------
    def following(self, phase: "Phase") -> "Phase":
        """The phase after this one in the sequence, before any skipping of empty phases (DPjudge's findNextPhase:
        a year divisor that does not hold sends the sequence back to its start, which begins a new year)."""
        year = phase.year
        steps = self.steps
        at = steps.index(Step("phase", phase.season_index, phase.kind_index)) + 1
        for _ in range(2 * len(steps)):
            at %= len(steps)
            step = steps[at]
            if step.what == "ifyeardiv":
                if year % step.div != step.mod:
                    at = 0
                    continue
            elif step.what == "newyear":
                year += step.years
            else:
                return type(phase)(year, step.season, step.kind, self)
            at += 1
        raise CalendarError("FLOW: the sequence never comes back to a phase")  # (checked phases exist: unreachable)

    def previous(self, phase: "Phase") -> "Phase":
        """The phase before this one (DPjudge's findPreviousPhase: before the sequence's start, the year's conditions
        are checked again to find where the year before ended)."""
        year, steps = phase.year, self.steps
        at = steps.index(Step("phase", phase.season_index, phase.kind_index))
        for _ in range(2 * len(steps)):
            at -= 1
            if at == -1:
                at = len(steps) - 1
                for i, step in enumerate(steps):
                    if step.what == "ifyeardiv" and year % step.div != step.mod:
                        at = i - 1
                        break
            step = steps[at]
            if step.what == "newyear":
                year -= step.years
            elif step.what == "phase":
                return type(phase)(year, step.season, step.kind, self)
        raise CalendarError("FLOW: the sequence never comes back to a phase")

    def __repr__(self) -> str:
        return f"Calendar({' '.join(self.flow)})"


# An era's name -> the era on the other side of year 0 (there is none: 1 B.C. is followed by A.D. 1)
_OTHER_ERA = {"B.C.": "A.D.", "A.D.": "B.C.", "BC": "AD", "AD": "BC"}
# Matched whole (fullmatch), with ASCII digits: "$" lets a trailing line break through, and \d takes "２７３".
_YEAR = lazy(r"-?[0-9]+")
_SHORT = lazy(r"([^\s0-9])(-?[0-9]+)([MRA])")
_DIGIT = lazy(r"\d")


def _number(text: str, item: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise CalendarError(f"FLOW {item}: {text!r} is not a whole number") from None
