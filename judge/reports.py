"""Results and game facts -> the data the mail templates lay out, in DPjudge's results layout (pure: no I/O, no
templates here). Players' mail filters and tools such as David Norman's Mapper read that layout, so its spacing is
kept: one space after "France:" in movement results (Mapper reads no more), powers padded to 11 columns elsewhere,
lines wrapped at 75 columns."""
from __future__ import annotations

import textwrap
from datetime import datetime, timezone
from email.utils import format_datetime
from typing import Iterable

from judge import builds
from judge.adjudicator.results import OrderResult
from judge.maps import Map
from judge.orders import Build, Convoy, Disband, Hold, Move, Order, Remove, Retreat, Support, Waive, order_power
from judge.phases import ends_year
from judge.position import Dislodged, Phase, Position, Unit

COASTS = {"NC": "north coast", "SC": "south coast", "EC": "east coast", "WC": "west coast"}
WIDTH = 75


def place(m: Map, loc: str) -> str:
    """A place as results write it: "Spain (north coast)"; a coast of another code by the map's name for it
    ("Bulgarije (oostkust)"), else by its code."""
    name = m.provinces[loc[:3]].name
    if "/" not in loc:
        return name
    coast = loc[4:]
    return f"{name} ({COASTS[coast]})" if coast in COASTS else m.coast_names.get(loc, f"{name} ({coast.lower()})")


# The articles a place's name may begin with in the languages DPjudge's maps are translated into (French "La
# Manche", Dutch "Het Kanaal"), and English: such a name takes no "the" of ours ("in the La Manche").
ARTICLES = frozenset({"the", "le", "la", "les", "der", "die", "das", "de", "het", "il", "lo", "gli", "el", "los",
                      "las"})
ELIDED = ("l'", "l\u2019")             # (French and Italian "L'...": the article joined to the word)


def at_sea(name: str) -> str:
    """A sea's name as results put it after "in": "the North Sea", but "La Manche" as it is."""
    first = name.split(" ", 1)[0].lower()
    if (first in ARTICLES and " " in name) or first.startswith(ELIDED):
        return name
    return f"the {name}"


def power_name(m: Map, power: str) -> str:
    return m.power_title(power)


def unit_name(m: Map, unit: Unit) -> str:
    return f"{'Army' if unit.kind == 'A' else 'Fleet'} {place(m, unit.loc)}"


def _helped(m: Map, kind: str, loc: str, helper: str, before: Position | None) -> str:
    """The unit a support or convoy is for, with its nationality when it is another power's (as DPjudge)."""
    owner = before.units.get(loc[:3]) if before is not None else None
    nation = f"{m.power_adjectives[owner.power]} " if owner is not None and owner.power != helper else ""
    return f"{nation}{'Army' if kind == 'A' else 'Fleet'} {place(m, loc)}"


def describe_order(m: Map, order: Order, before: Position | None = None) -> str:
    """An order in the results wording DPjudge uses ("Army Vienna -> Tyrolia", "Fleet North Sea CONVOY ...")."""
    if isinstance(order, Hold):
        return f"{unit_name(m, order.unit)} HOLD"
    if isinstance(order, Move):
        steps = [place(m, p) for p in order.path] + [place(m, order.dest)]
        return f"{unit_name(m, order.unit)} -> " + " -> ".join(steps)
    if isinstance(order, Support):
        target = _helped(m, order.target.kind, order.target.loc, order.unit.power, before)
        tail = f" -> {place(m, order.dest)}" if order.dest else ""
        return f"{unit_name(m, order.unit)} SUPPORT {target}{tail}"
    if isinstance(order, Convoy):
        army = _helped(m, "A", order.army.loc, order.unit.power, before)
        return f"{unit_name(m, order.unit)} CONVOY {army} -> {place(m, order.dest)}"
    if isinstance(order, Retreat):
        return f"{unit_name(m, order.unit)} -> {place(m, order.dest)}"
    if isinstance(order, Disband):
        return f"{unit_name(m, order.unit)} DISBAND"
    if isinstance(order, Build):
        return f"Builds {'an army' if order.kind == 'A' else 'a fleet'} in {place(m, order.loc)}"
    if isinstance(order, Remove):
        where = place(m, order.unit.loc)     # (a fleet at sea: "in the Gulf of Bothnia", as DPjudge words it)
        return f"Removes the {'army' if order.unit.kind == 'A' else 'fleet'} in " \
               f"{at_sea(where) if m.provinces[order.unit.loc[:3]].terrain == 'sea' else where}"
    if isinstance(order, Waive):
        return "Build waived"           # DPjudge words it so
    raise TypeError(order)


def padded(m: Map, power: str) -> str:
    """'France:' padded to 11 columns, as DPjudge lines up retreat, adjustment and ownership lines."""
    return f"{power_name(m, power) + ':':<11}"


def order_blocks(m: Map, results: list[OrderResult], before: Position,
                 after: Position | None = None) -> list[list[str]]:
    """The results lines, one block per power (a blank line between powers), each order with its marks; after an
    adjustment phase (`after` given), a power's builds it did not make end its block, as DPjudge writes them."""
    rank = {p: i for i, p in enumerate(m.powers)}
    movement = before.phase.kind == "M"
    if before.phase.kind == "R":
        # A unit with nowhere to go was reported destroyed with the movement results (as DPjudge does); listing
        # its disbanding again would show a unit that is no longer there (jDip's import stops at it).
        results = [r for r in results if not (isinstance(r.order, Disband) and before.stranded(r.order.unit))]
    blocks: dict[str, list[str]] = {}
    for r in sorted(results, key=lambda r: rank.get(order_power(r.order), 99)):
        power = order_power(r.order)
        head = f"{power_name(m, power)}:" if movement else padded(m, power)
        marks = f"  (*{', '.join(r.marks)}*)" if r.marks else ""
        blocks.setdefault(power, []).append(f"{head} {describe_order(m, r.order, before)}.{marks}")
    if after is not None:
        for power, line in pending_builds(m, after).items():
            blocks.setdefault(power, []).append(line)
    return [blocks[p] for p in sorted(blocks, key=lambda p: rank.get(p, 99))]


def dislodged_lines(m: Map, position: Position | None, destroyed: Iterable[Dislodged] = (),
                    removed: Iterable[Dislodged] = ()) -> list[str]:
    """'The French army in Burgundy can retreat to Belgium or Gascony.', wrapped as DPjudge wraps it; the units of
    the retreat phase `position`, or those `destroyed` in one skipped (nowhere to go); and those a house rule
    `removed` (no_retreat, immobile_dummies), which 'was destroyed.', as DPjudge words it."""
    out = []
    units = [(d, False) for d in (position.dislodged.values() if position is not None else destroyed)]
    units += [(d, True) for d in removed]
    for d, by_rule in sorted(units, key=lambda row: (m.powers.index(row[0].unit.power), row[0].unit.loc)):
        unit = d.unit
        where = place(m, unit.loc)
        sea = m.provinces[unit.loc[:3]].terrain == "sea"
        text = f"The {m.power_adjectives[unit.power]} {'army' if unit.kind == 'A' else 'fleet'} in " \
               f"{at_sea(where) if sea else where}"
        if by_rule:
            text += " was destroyed."
        elif d.retreats:
            text += " can retreat to " + " or ".join(place(m, r) for r in d.retreats) + "."
        else:
            text += " with no valid retreats was destroyed."
        out.extend(textwrap.wrap(text, WIDTH, break_on_hyphens=False))
    return out


def ownership_lines(m: Map, position: Position) -> list[str]:
    """Each power's centres, then the unowned ones (by abbreviation), wrapped at 75 columns with a 12-column
    indent."""
    lines = []
    owned = set()
    for power in m.powers:
        # Sorted by abbreviation, as DPjudge sorts them (Edinburgh, London, Liverpool).
        centers = [m.provinces[c].name for c in sorted(position.centers_of(power))]
        owned.update(position.centers_of(power))
        if centers:
            lines += _wrapped(padded(m, power), centers)
    unowned = [m.provinces[c].name for c in sorted(m.centers) if c not in owned]
    if unowned:
        lines += _wrapped(f"{'Unowned:':<11}", unowned)
    return lines


def _wrapped(head: str, names: list[str]) -> list[str]:
    return textwrap.wrap(f"{head} {', '.join(names)}.", WIDTH, subsequent_indent=" " * 12, break_on_hyphens=False)


def size_lines(m: Map, position: Position, winner: str | None = None) -> list[str]:
    """'Russia:      6 Supply centers,  4 Units:  Builds   2 units.' for each power on the board."""
    out = []
    for power in m.powers:
        centers, units = len(position.centers_of(power)), len(position.units_of(power))
        if not centers and not units:
            continue
        diff = builds.count(m, position, power)     # (as the adjustment phase counts: partisan sites too)
        text = (f"{padded(m, power)} {centers:2d} Supply center{'s,' if centers != 1 else ', '} {units:2d} "
                f"Unit{'s:' if units != 1 else ': '}  {'Removes' if diff < 0 else 'Builds '} {abs(diff):2d} "
                f"unit{'s' if abs(diff) != 1 else ''}.")
        if power == winner:
            text += "  (* VICTORY!! *)"
        out.append(text)
    return out


def pending_builds(m: Map, after: Position) -> dict[str, str]:
    """After an adjustment phase: builds a power was owed and did not make, waived ones included ('France:     1
    unused build pending.'), by power."""
    out = {}
    for power in m.powers:
        left = builds.balance(m, after, power)
        if left > 0:
            # (DPjudge pads to 12 with no space after: "Constantinople:1 unused build" ran together)
            out[power] = f"{padded(m, power)} {left} unused build{'s' if left != 1 else ''} pending."
    return out


_YEAR_SEASONS = frozenset(("Spring", "Summer", "Fall", "Autumn", "Winter"))


def phase_words(phase: Phase) -> dict:
    """A phase as the mails write it: season ("Spring", or a map's own: "A.D.", "Lente"), year, kind, the short code
    of subjects (S1901M; DPjudge's for a map's own calendar: A1425M) and the code Mapper reads."""
    season = phase.season_title()
    # "Spring of 1901", but "A.D. 1425": as DPjudge, "of" only after a season of the year.
    year = phase.shown_year                 # (A.D. 1, not B.C. 0)
    when = f"{season} of {year}" if season in _YEAR_SEASONS else f"{season} {year}"
    return {"season": season, "year": year, "when": when, "long": phase.describe(),
            "kind": {"M": "Movement", "R": "Retreat", "A": "Adjustment"}[phase.kind], "code": phase.code,
            # (DPjudge's Game.advancePhase announces the next phase by its long form's own word: "Retreats")
            "named": {"M": "Movement", "R": "Retreats", "A": "Adjustments"}[phase.kind],
            "mapper": mapper_code(phase)}


def mapper_code(phase: Phase) -> str:
    """The phase as Mapper reads it in the '::' header: a winter adjustment W1901A is written F1901B."""
    code = phase.code
    return f"F{code[1:-1]}B" if phase.calendar is None and code[0] == "W" and code[-1] == "A" else code


def results_context(m: Map, before: Position, after: Position, results: list[OrderResult],
                    errors: list[tuple[str, str, str]] | None = None, disorder: list[str] | None = None,
                    winner: str | None = None, vassal_dummies: bool = False,
                    destroyed: tuple[Dislodged, ...] = (), removed: tuple[Dislodged, ...] = ()) -> dict:
    """Everything a results mail shows about one processed phase (`destroyed`: units dislodged with nowhere to go,
    whose retreat phase was skipped: `after` is then the phase after it; `removed`: units a house rule destroyed
    when dislodged)."""
    fall_over = ends_year(m, before.phase) and after.phase.kind != "R" and before.phase.kind != "A"
    shown = fall_over or winner or before.phase.kind == "A"
    return {
        "vassals": vassal_lines(m, after) if vassal_dummies and shown else [],
        "phase": phase_words(before.phase),
        "next": phase_words(after.phase),
        "blocks": order_blocks(m, results, before, after if before.phase.kind == "A" else None),
        "dislodged": dislodged_lines(m, after if after.phase.kind == "R" else None, destroyed, removed),
        # (an adjustment changes ownership only under mobilize: DPjudge then lists it too)
        "ownership": ownership_lines(m, after) if fall_over or winner or after.centers != before.centers else [],
        "sizes": size_lines(m, after, winner) if after.phase.kind == "A" or winner else [],
        "disorder": [power_name(m, p) for p in disorder or []],
        "unused": [{"power": power_name(m, p), "order": t, "error": e} for p, t, e in (errors or [])],
    }


def vassal_lines(m: Map, position: Position) -> list[str]:
    """Under vassal_dummies, each dummy's standing, as DPjudge reports it: 'Belgium is a vassal of France.' or
    'Holland is independent.' (a dummy becomes a vassal at an adjustment phase)."""
    house = position.house
    if house is None:
        return []
    return [f"{power_name(m, d)} is a vassal of {power_name(m, house.vassals[d])}." if d in house.vassals
            else f"{power_name(m, d)} is independent." for d in m.powers if d in house.dummies]


def position_blocks(m: Map, position: Position) -> list[list[str]]:
    """Every power's units as DPjudge lists a position ('Austria: Army Budapest.'), one block per power."""
    blocks = []
    for power in m.powers:
        units = sorted(position.units_of(power), key=lambda u: u.loc)
        if units:
            blocks.append([f"{power_name(m, power)}: {unit_name(m, u)}." for u in units])
    return blocks


def mail_file_entry(sender: str, when: datetime, subject: str, body: str) -> str:
    """One mail of a game's results file, as DPjudge keeps it: a 'From ' line, then the headers (jDip's judge import
    needs 'Date:' right before 'Subject:'), a blank line and the text. HISTORY sends these in order."""
    when = when.astimezone(timezone.utc)
    return (f"From {sender} {when.strftime('%a %b')} {when.day:2d} {when.strftime('%H:%M:%S %Y')}\n"
            f"Date: {format_datetime(when)}\nSubject: {subject}\n\n{body.rstrip()}\n")


def mail_file_text(entry: str) -> str:
    """The text of one archived mail, without its 'From ' line and headers (older archives have none)."""
    if entry.startswith("From "):
        return entry.partition("\n\n")[2]
    return entry


def center_counts(m: Map, position: Position) -> dict[str, int]:
    return {p: len(position.centers_of(p)) for p in m.powers}
