"""An independent reading of DPjudge's results layout, as its mail filters and David Norman's Mapper read it.

Written from DPjudge's format (its results writer and the Mapper header it documents), not from our templates: a
results mail is
    ':: Judge: <judge>  Game: <game>  Variant: <variant>'
    ':: Deadline: <phase> <date>'             (the phase the results are of; a winter adjustment W1901A is F1901B)
    ''
    'Movement results for <Season> of <year>.  (<game>.<phase>)' ('Retreat orders for', 'Adjustment orders for')
    ''
    order lines:
        movement:   '<Power>: <Unit> <Place> <order>.' with one space after the colon (Mapper reads no more), one
                    block per power, a blank line after each block;
        otherwise:  '<Power>:' padded to 11 columns, a space, the order; one list, a power's lines together;
        either may end '  (*<mark>, <mark>*)'
    'The following units were dislodged:' '' then sentences 'The <Adjective> army|fleet in [the ]<Place> can
        retreat to <A> or <B>.' / '... with no valid retreats was destroyed.', wrapped at 75 columns
    'Ownership of supply centers:' '' then '<Power>:' padded to 11 columns and the centres, comma-separated,
        ending '.', wrapped at 75 columns with a 12-column indent; the last entry is 'Unowned:'
    in an adjustment's order list, after a power's lines: '<Power>:' padded to 12, then '<n> unused build(s) pending.'
    '<Power>:' padded to 11, then '%2d Supply centers, %2d Units:  Builds|Removes %2d units.' (singulars 'center,'
        'Unit: ', 'unit.')
    'The next phase of '<game>' will be <Kind> for <Season> of <year>.' (the phase's own word: Movement, Retreats,
        Adjustments; Game.advancePhase writes the third word of the phase's long form)
    'The deadline for orders will be <date>.'
Lines this reader does not know are collected in `other` so a test can see them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

HEADER1 = re.compile(r"^:: Judge: (\S+)  Game: (\S+)  Variant: (\S+)\s*$")
HEADER2 = re.compile(r"^:: Deadline: ([SFW]\d{4}[MRAB]) (.+)$")
# DPjudge's optional third '::' line: the game's web page (judge-web.md: `[web] url` + /games/<game>).
HEADER3 = re.compile(r"^:: URL: (https?://\S+)/games/(\S+)$")
TITLE = re.compile(r"^(Movement results|Retreat orders|Adjustment orders) for (Spring|Fall|Winter) of (\d{4})\.  "
                   r"\((\S+)\.([SFW]\d{4}[MRA])\)$")
MOVE_LINE = re.compile(r"^([A-Z][a-z]+): (\S.*?)\.(?:  \(\*(.+)\*\))?$")
PADDED_LINE = re.compile(r"^([A-Z][a-z]+):( +)(\S.*?)\.(?:  \(\*(.+)\*\))?$")
SIZE = re.compile(r"^([A-Z][a-z]+):( +)(\d+) Supply centers?, +(\d+) Units?: +(Builds|Removes) +(\d+) units?\."
                  r"(  \(\* VICTORY!! \*\))?$")
NEXT = re.compile(r"^The next phase of '(\S+)' will be (Movement|Retreats|Adjustments) for (Spring|Fall|Winter) of "
                  r"(\d{4})\.$")
DEADLINE = re.compile(r"^The deadline for orders will be (.+)\.$")
# DPjudge reads a deadline back from the second '::' line (Game.parseProcessed): its last word names the time zone,
# and the words between the phase and the zone are a time in one of the forms its Time class reads. A game without
# a deadline running gets the time the mail was written there (its header's "pseudo" deadline), never words.
TIME_FORMATS = ("%A %d %B %Y %H:%M", "%a %d %b %Y %H:%M", "%a, %d %b %Y %H:%M:%S", "%d %B %Y", "%A %d %B %Y",
                "%a %b %d %H:%M:%S %Y")
ZONE = re.compile(r"^[A-Za-z][A-Za-z0-9_/+-]*$")
PENDING = re.compile(r"^([A-Z][a-z]+):( +)(\d+) unused builds? pending\.$")   # '%-12s%d unused build%s pending.'
DISLODGED = re.compile(r"^The ([A-Z][a-z]+) (army|fleet) in (?:the )?(.+?) (?:can retreat to (.+)|with no valid "
                       r"retreats was destroyed)\.$")


def header_deadline(line: str) -> datetime:
    """The moment a ':: Deadline: <phase> <time> <zone>' line gives, read as DPjudge reads it (naive: in the zone
    the line names)."""
    words = line.split()
    assert words[:2] == ["::", "Deadline:"] and len(words) >= 5, line
    assert ZONE.match(words[-1]), ("the last word names a time zone", line)
    when = " ".join(words[3:-1])
    for form in TIME_FORMATS:
        try:
            return datetime.strptime(when, form)
        except ValueError:
            continue
    raise AssertionError(f"no time DPjudge reads: {line!r}")


@dataclass
class Results:
    judge: str = ""
    game: str = ""
    variant: str = ""
    header_phase: str = ""
    header_deadline: str = ""
    kind: str = ""
    phase: str = ""
    orders: list[tuple[str, str, list[str]]] = field(default_factory=list)     # (power, order text, marks)
    blocks: list[list[str]] = field(default_factory=list)                      # powers, block by block
    dislodged: list[tuple[str, str, str, list[str]]] = field(default_factory=list)  # (adjective, type, place, to)
    ownership: dict[str, list[str]] = field(default_factory=dict)             # power (or Unowned) -> centres
    sizes: dict[str, tuple[int, int, int]] = field(default_factory=dict)      # power -> centres, units, +/-adjust
    pending: dict[str, int] = field(default_factory=dict)                     # power -> builds left unused
    victory: str = ""
    next_phase: tuple[str, str, int] | None = None
    deadline: str = ""
    over: bool = False
    other: list[str] = field(default_factory=list)


def without_url(lines: list[str], game: str) -> list[str]:
    """The lines without a ':: URL:' third header line, which must then name the game's page."""
    m = HEADER3.match(lines[2])
    if m is None:
        return lines
    assert m.group(2) == game, lines[2]
    return lines[:2] + lines[3:]


def parse(text: str) -> Results:
    lines = text.split("\n")
    r = Results()
    m1, m2 = HEADER1.match(lines[0]), HEADER2.match(lines[1])
    assert m1 and m2, lines[:2]
    r.judge, r.game, r.variant = m1.groups()
    r.header_phase, r.header_deadline = m2.groups()
    header_deadline(lines[1])
    lines = without_url(lines, r.game)
    assert lines[2] == "", "a blank line after the header"
    title = TITLE.match(lines[3])
    assert title, lines[3]
    r.kind, season, year, game, r.phase = title.groups()
    r.kind = r.kind.split()[0]
    assert game == r.game and r.phase[0] == season[0] and r.phase[1:5] == year
    assert lines[4] == ""
    i = 5
    i = _orders(lines, i, r)
    while i < len(lines):
        line = lines[i]
        if line == "The following units were dislodged:":
            i = _dislodged(lines, i + 2, r)
        elif line == "Ownership of supply centers:":
            i = _ownership(lines, i + 2, r)
        elif SIZE.match(line):
            power, pad, centers, units, verb, n, victory = SIZE.match(line).groups()
            # '%-11s %2d': the power padded to 11 columns, a space, the count right-aligned in two.
            assert line[:12] == f"{power + ':':<11} " and line[12:14] == f"{int(centers):>2}", ("columns", line)
            r.sizes[power] = (int(centers), int(units), int(n) * (1 if verb == "Builds" else -1))
            if victory:
                r.victory = power
            i += 1
        elif NEXT.match(line):
            game, kind, season, year = NEXT.match(line).groups()
            r.next_phase = (kind, season, int(year))
            r.deadline = DEADLINE.match(lines[i + 1]).group(1)
            i += 2
        elif line.startswith("The game is over"):
            r.over = True
            i += 1
        else:
            if line:
                r.other.append(line)
            i += 1
    return r


def _orders(lines: list[str], i: int, r: Results) -> int:
    movement = r.kind == "Movement"
    while i < len(lines) and lines[i]:
        block: list[str] = []
        while i < len(lines) and lines[i]:
            line = lines[i]
            if movement:
                m = MOVE_LINE.match(line)
                if not m:
                    return _done(block, r, i)
                power, order, marks = m.groups()
            else:
                pending = PENDING.match(line)
                if pending:                         # (after the power's own adjustment lines, as DPjudge writes it)
                    power, pad, n = pending.groups()
                    assert len(power) + 1 + len(pad) == 12 and power not in r.pending, ("%-12s", line)
                    r.pending[power] = int(n)
                    i += 1
                    continue
                m = PADDED_LINE.match(line)
                if not m or SIZE.match(line):
                    return _done(block, r, i)
                power, pad, order, marks = m.groups()
                assert len(power) + 1 + len(pad) == 12, ("padded to 11 columns and a space", line)
            if movement:
                assert not block or block[-1] == power, ("one power per block", line)
            else:
                assert power == (block[-1] if block else power) or power not in block, ("a power's lines together",
                                                                                        line)
            block.append(power)
            r.orders.append((power, order, [x.strip() for x in marks.split(",")] if marks else []))
            i += 1
        r.blocks.append(sorted(set(block)) if movement else list(dict.fromkeys(block)))
        i += 1                                      # the blank line after a block
    return i


def _done(block: list[str], r: Results, i: int) -> int:
    if block:
        r.blocks.append(sorted(set(block)) if r.kind == "Movement" else list(dict.fromkeys(block)))
    return i


def _dislodged(lines: list[str], i: int, r: Results) -> int:
    sentence = ""
    while i < len(lines) and lines[i]:
        assert len(lines[i]) <= 75, ("wrapped at 75 columns", lines[i])
        sentence = f"{sentence} {lines[i]}".strip()
        if sentence.endswith("."):
            m = DISLODGED.match(sentence)
            assert m, sentence
            adjective, kind, place, to = m.groups()
            r.dislodged.append((adjective, kind, place, to.split(" or ") if to else []))
            sentence = ""
        i += 1
    assert sentence == "", sentence
    return i + 1


def _ownership(lines: list[str], i: int, r: Results) -> int:
    entry = ""
    while i < len(lines) and lines[i]:
        line = lines[i]
        assert len(line) <= 75, ("wrapped at 75 columns", line)
        if line.startswith(" "):
            assert line.startswith(" " * 12) and not line.startswith(" " * 13), ("a 12-column indent", line)
            entry += " " + line.strip()
        else:
            entry = line
        if entry.endswith("."):
            power, _, rest = entry.partition(":")
            assert len(power) + 1 + (len(rest) - len(rest.lstrip())) == 12, ("padded to 11 columns", entry)
            r.ownership[power] = [c.strip() for c in rest.strip().rstrip(".").split(",")]
            entry = ""
        i += 1
    return i + 1


# -- a game's results file (HISTORY) and the starting position ------------------------------------------------------
# DPjudge keeps a game's mails in its results file, each as a mail: 'From <sender> <ctime>', 'Subject: <subject>', a
# blank line, the text. jDip's judge import also needs 'Date:' right before 'Subject:', and a '::' line (Judge, Game,
# Variant) before the first mail. The starting position mail is
#     the '::' header, '' , 'Starting position for <Season> of <year>.  (<game>.<phase>)',
#     then for each power with units a blank line and '<Power>: Army|Fleet <Place>.' lines,
#     then '' 'Ownership of supply centers:' '' and the ownership lines, as in results.
FROM = re.compile(r"^From (\S+@\S+) (Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) "
                  r"[ \d]\d \d\d:\d\d:\d\d \d{4}$")
START = re.compile(r"^Starting position for (Spring|Fall|Winter) of (\d{4})\.  \((\S+)\.([SFW]\d{4}[MRA])\)$")
UNIT_LINE = re.compile(r"^([A-Z][a-z]+): (Army|Fleet) ([^.]+)\.$")


@dataclass
class Mail:
    sender: str
    date: str
    subject: str
    text: str


@dataclass
class Start:
    judge: str = ""
    game: str = ""
    variant: str = ""
    phase: str = ""
    units: list[tuple[str, str, str]] = field(default_factory=list)      # (power, Army|Fleet, place)
    ownership: dict[str, list[str]] = field(default_factory=dict)


def parse_history(text: str) -> tuple[tuple[str, str, str], list[Mail]]:
    """A results file: the (judge, game, variant) of the '::' line above the first mail, and the mails in order."""
    lines = text.split("\n")
    first = next(i for i, line in enumerate(lines) if FROM.match(line))
    heads = [HEADER1.match(line) for line in lines[:first] if line.startswith("::")]
    assert heads and heads[0], ("a '::' line above the first mail", lines[:first])
    starts = [i for i, line in enumerate(lines) if FROM.match(line)]
    mails = []
    for i, j in zip(starts, starts[1:] + [len(lines)]):
        sender = FROM.match(lines[i]).group(1)
        assert lines[i + 1].startswith("Date: ") and lines[i + 2].startswith("Subject: "), lines[i:i + 3]
        assert lines[i + 3] == "", "a blank line after the headers"
        body = "\n".join(lines[i + 4:j]).rstrip("\n") + "\n"
        mails.append(Mail(sender, lines[i + 1][6:], lines[i + 2][9:], body))
    return heads[0].groups(), mails


def parse_start(text: str) -> Start:
    lines = text.split("\n")
    s = Start()
    m1, m2 = HEADER1.match(lines[0]), HEADER2.match(lines[1])
    assert m1 and m2, lines[:2]
    lines = without_url(lines, m1.group(2))
    assert lines[2] == "", lines[:3]
    header_deadline(lines[1])
    s.judge, s.game, s.variant = m1.groups()
    start = START.match(lines[3])
    assert start, lines[3]
    season, year, game, s.phase = start.groups()
    assert game == s.game and s.phase[0] == season[0] and s.phase[1:5] == year
    i = 4
    while i < len(lines) and (lines[i] == "" or UNIT_LINE.match(lines[i])):
        if lines[i]:
            s.units.append(UNIT_LINE.match(lines[i]).groups())
        i += 1
    if i < len(lines) and lines[i] == "Ownership of supply centers:":
        r = Results()
        _ownership(lines, i + 2, r)
        s.ownership = r.ownership
    return s
