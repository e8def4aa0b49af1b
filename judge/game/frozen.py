"""A frozen board: no unit stands, none can ever be built, yet some powers still hold supply centres. Nobody can order
again and nothing can change, but the phases would go on, one a deadline, for ever: the game ends there (a draw of
the powers holding centres, judge.game.ordering). DPjudge has no rule for it (its Game.advancePhase plays a movement
phase with no unit as any other). Pure."""
from __future__ import annotations

import math
import re

from judge.adjudicator import adjudicate
from judge.maps import Map
from judge.position import Position
from judge.rules import Ruleset

FROZEN = "frozen"        # the result's "reason" (judge.game.ending words it)
WHY = "no unit is on the board and no power can build one"
# Phases looked ahead at most (a map's dated change decades away): beyond, the board is not called frozen yet, and the
# question is asked again after the next phase.
LOOK_AHEAD = 2000
_DATED = re.compile(r"^[SFW](\d+)")


def frozen(board: Map, position: Position, rules: Ruleset) -> bool:
    """Is the board frozen after a phase was processed? `board`: the variant's map as loaded (its changes unapplied),
    `position` the one now to play (with the dummies the house rules count, Game.play_position).

    The earliest safe moment is the first movement phase with no unit, played or not: frozen then if, looking ahead
    with the judge's own phase machinery (no orders), no adjustment phase ever comes (with no unit to remove, one comes
    only for a build somebody can make: judge.phases skips the others), and neither the centres nor the house state
    change, until every dated event of the map (a NEWHOMES year, a change in a given year) is past and one more whole
    cycle of its calendar has gone round: from there the same phases repeat on the same board for ever."""
    if position.units or position.dislodged or not position.centers or position.phase.kind != "M":
        return False
    calendar = position.phase.calendar
    sign = calendar.sign if calendar is not None else 1
    start = position.phase.year * sign           # (years in the calendar's direction: some count down)
    end = max([start, *(y * sign for y in _dated_years(board, sign))]) + _cycle_years(calendar)
    pos = position
    for _ in range(LOOK_AHEAD):
        if pos.phase.year * sign > end:
            return True
        m = board.at(pos.phase) if board.changes else board
        pos = adjudicate(m, pos, [], rules).position
        if pos.units or pos.dislodged or pos.phase.kind != "M" or pos.centers != position.centers or \
                pos.house != position.house:
            return False
    return False


def holders(m: Map, position: Position) -> list[str]:
    """The powers holding supply centres, in the map's order: those sharing a frozen board's draw."""
    owners = set(position.centers.values())
    return [p for p in m.powers if p in owners]


def _dated_years(board: Map, sign: int) -> list[int]:
    """The years in which the map itself changes something: NEWHOMES years, and the changes given a year ("from
    S1905M"; "in S19" is any year 1900-1999, so its last one in the calendar's direction)."""
    years = list(board.new_homes)
    for change in board.changes:
        found = _DATED.match(str(change.get("from") or change.get("in") or ""))
        if found:
            digits = found.group(1)
            years.append(int(digits.ljust(4, "9" if sign > 0 else "0")))
    return years


def _cycle_years(calendar) -> int:
    """Years after which the calendar's phases come round again: one for the standard calendar; for one of the map's
    own, its years' steps times every year divisor (IFYEARDIV) it plays some phases by."""
    if calendar is None:
        return 1
    step = sum(abs(s.years) for s in calendar.steps if s.what == "newyear") or 1
    divisors = [s.div for s in calendar.steps if s.what == "ifyeardiv"]
    return step * math.lcm(1, *divisors)


__all__ = ["FROZEN", "WHY", "frozen", "holders"]
