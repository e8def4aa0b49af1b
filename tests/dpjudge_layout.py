"""An independent reading of DPjudge's results layout, as its mail filters and David Norman's Mapper read it.

Written from DPjudge's format (its results writer and the Mapper header it documents), not from our templates: a
results mail is
    ':: Judge: <judge>  Game: <game>  Variant: <variant>'
    ':: Deadline: <phase> <date>'             (the phase the results are of; a winter adjustment W1901A is F1901B)
    ''
    '<Kind> results for <Season> of <year>.  (<game>.<phase>)'
    ''
    order lines, one block per power, a blank line after each block:
        movement:   '<Power>: <Unit> <Place> <order>.' with one space after the colon (Mapper reads no more),
        otherwise:  '<Power>:' padded to 11 columns, a space, the order;
        either may end '  (*<mark>, <mark>*)'
    'The following units were dislodged:' '' then sentences 'The <Adjective> army|fleet in [the ]<Place> can
        retreat to <A> or <B>.' / '... with no valid retreats was destroyed.', wrapped at 75 columns
    'Ownership of supply centers:' '' then '<Power>:' padded to 11 columns and the centres, comma-separated,
        ending '.', wrapped at 75 columns with a 12-column indent; the last entry is 'Unowned:'
    '<Power>:' padded to 11, then '%2d Supply centers, %2d Units:  Builds|Removes %2d units.' (singulars 'center,'
        'Unit: ', 'unit.')
    'The next phase of '<game>' will be <Kind> for <Season> of <year>.'
    'The deadline for orders will be <date>.'
Lines this reader does not know are collected in `other` so a test can see them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

HEADER1 = re.compile(r"^:: Judge: (\S+)  Game: (\S+)  Variant: (\S+)\s*$")
HEADER2 = re.compile(r"^:: Deadline: ([SFW]\d{4}[MRAB]) (.+)$")
TITLE = re.compile(r"^(Movement|Retreat|Adjustment) results for (Spring|Fall|Winter) of (\d{4})\.  \((\S+)\.([SFW]\d{4}[MRA])\)$")
MOVE_LINE = re.compile(r"^([A-Z][a-z]+): (\S.*?)\.(?:  \(\*(.+)\*\))?$")
PADDED_LINE = re.compile(r"^([A-Z][a-z]+):( +)(\S.*?)\.(?:  \(\*(.+)\*\))?$")
SIZE = re.compile(r"^([A-Z][a-z]+):( +)(\d+) Supply centers?, +(\d+) Units?: +(Builds|Removes) +(\d+) units?\."
                  r"(  \(\* VICTORY!! \*\))?$")
NEXT = re.compile(r"^The next phase of '(\S+)' will be (Movement|Retreat|Adjustment) for (Spring|Fall|Winter) of "
                  r"(\d{4})\.$")
DEADLINE = re.compile(r"^The deadline for orders will be (.+)\.$")
DISLODGED = re.compile(r"^The ([A-Z][a-z]+) (army|fleet) in (?:the )?(.+?) (?:can retreat to (.+)|with no valid "
                       r"retreats was destroyed)\.$")


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
    victory: str = ""
    next_phase: tuple[str, str, int] | None = None
    deadline: str = ""
    over: bool = False
    other: list[str] = field(default_factory=list)


def parse(text: str) -> Results:
    lines = text.split("\n")
    r = Results()
    m1, m2 = HEADER1.match(lines[0]), HEADER2.match(lines[1])
    assert m1 and m2, lines[:2]
    r.judge, r.game, r.variant = m1.groups()
    r.header_phase, r.header_deadline = m2.groups()
    assert lines[2] == "", "a blank line after the header"
    title = TITLE.match(lines[3])
    assert title, lines[3]
    r.kind, season, year, game, r.phase = title.groups()
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
                m = PADDED_LINE.match(line)
                if not m or SIZE.match(line) or line.endswith("pending."):
                    return _done(block, r, i)
                power, pad, order, marks = m.groups()
                assert len(power) + 1 + len(pad) == 12, ("padded to 11 columns and a space", line)
            assert not block or block[-1] == power, ("one power per block", line)
            block.append(power)
            r.orders.append((power, order, [x.strip() for x in marks.split(",")] if marks else []))
            i += 1
        r.blocks.append(sorted(set(block)))
        i += 1                                      # the blank line after a block
    return i


def _done(block: list[str], r: Results, i: int) -> int:
    if block:
        r.blocks.append(sorted(set(block)))
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
