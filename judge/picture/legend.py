"""The legend band under the map: each power's colour, centres and units, and a key to every symbol drawn."""
from __future__ import annotations

from typing import Sequence

from judge.maps import Map
from judge.picture import items, shapes
from judge.picture.placement import text_width
from judge.picture.style import PowerStyle, shade, text_on
from judge.position import Position

HEIGHT = 128.0             # with one row of powers (up to POWER_CELL wide each)
POWER_ROW = 44.0
POWER_CELL = 150.0         # the narrowest a power's name and counts may be; more powers take more rows (Chaos: 34)
NAME_X = 36.0              # a power's name starts this far into its cell, after its chip
NAME_SIZE = 13.0           # the template's power names: bold, 13 units
NAME_GAP = 2.0             # at least this between a name's end and its cell's end (the next chip starts 4 further)
CELL_H = 36.0
COLUMNS = 6
SAMPLE_COLOUR = "#5d6670"     # symbols in the key are neutral: the map's colours are the powers', the key's shapes
# The key (the rule and the symbols under it) is a band of its own, the same on every picture of a map: it starts
# this far above the rule, clear of the powers' counts above it (judge.picture.bands draws it once and keeps it)
KEY_GAP = 4.0
SAMPLE = PowerStyle("", "", SAMPLE_COLOUR, "#d6d9dc", shade(SAMPLE_COLOUR), text_on(SAMPLE_COLOUR))


def per_row(names: Sequence[str], width: float) -> int:
    """Powers per row: cells as wide as the longest name needs (void's "WMediterraneanSea" ran into the next chip)."""
    longest = max((text_width(n, NAME_SIZE) for n in names), default=0.0)
    cell = max(POWER_CELL, NAME_X + longest + NAME_GAP)
    return max(1, min(len(names), int(width // cell)))


def height(names: Sequence[str], width: float) -> float:
    """The legend's height: a row for every per_row(...) powers, then the key."""
    rows = -(-max(len(names), 1) // per_row(names, width))
    return HEIGHT + (rows - 1) * POWER_ROW


def build(m: Map, position: Position, styles: dict[str, PowerStyle], width: float, top: float) -> dict:
    """The legend's elements, laid out in picture units from `top` (the bottom edge of the map)."""
    shown = names(m, styles)
    across = per_row(shown, width)
    rows = -(-max(len(shown), 1) // across)
    rule = top + rows * POWER_ROW + 4
    out: dict = {"top": top, "height": height(shown, width), "powers": [], "chips": [], "texts": [], "units": [],
                 "orders": [], "marks": [], "centres": [], "rule": rule, "key_top": rule - KEY_GAP}
    step = width / across
    for i, power in enumerate(m.powers):
        st = styles[power]
        x, y = (i % across) * step, top + 8 + (i // across) * POWER_ROW
        # (a dislodged unit that may retreat is still the power's until it retreats or disbands)
        units = len(position.units_of(power)) + sum(d.unit.power == power and bool(d.retreats)
                                                     for d in position.dislodged.values())
        centres = len(position.centers_of(power))
        # out of the game as STATUS says it: a power still to build its first unit (mobilize) has nothing yet
        gone = position.eliminated(power)
        count = "out of the game" if gone else f"{centres} SC, {units} unit{'s' * (units != 1)}"
        out["powers"].append({"x": x + NAME_X, "y": y + 14, "name": st.name, "count": count, "colour": st.colour,
                              "out": gone})
        out["chips"].append(items.token(st, "A", (x + 18, y + 19)))
    cell = width / COLUMNS
    for k, (label, draw) in enumerate(_KEY):
        x, yc = (k % COLUMNS) * cell + 10, top + rows * POWER_ROW + 8 + (k // COLUMNS) * CELL_H + CELL_H / 2
        draw(out, x, yc)
        out["texts"].append({"x": x + 64, "y": yc + 4, "text": label})
    return out


def names(m: Map, styles: dict[str, PowerStyle]) -> list[str]:
    """The powers' names as the legend shows them."""
    return [styles[p].name for p in m.powers]


def _army(out: dict, x: float, yc: float) -> None:
    out["units"].append(items.token(SAMPLE, "A", (x + 24, yc), ))


def _fleet(out: dict, x: float, yc: float) -> None:
    out["units"].append(items.token(SAMPLE, "F", (x + 24, yc), ))


def _centres(out: dict, x: float, yc: float) -> None:
    out["centres"].append({"id": "", "x": x + 14, "y": yc, "fill": "#ffffff", "ring": "#333333"})
    out["centres"].append({"id": "", "x": x + 38, "y": yc, "fill": SAMPLE.colour, "ring": SAMPLE.dark})


def _hold(out: dict, x: float, yc: float) -> None:
    out["orders"].append(items.ring("hold", (x + 26, yc), SAMPLE))
    out["units"].append(items.token(SAMPLE, "A", (x + 26, yc)))


def _move(out: dict, x: float, yc: float) -> None:
    out["orders"].append(items.arrow("move", shapes.bent((x, yc + 4), (x + 56, yc + 4)), SAMPLE, head=13))


def _failed(out: dict, x: float, yc: float) -> None:
    pts = shapes.bent((x, yc + 4), (x + 44, yc + 4))
    out["orders"].append(items.arrow("move", pts, SAMPLE, failed=True))
    out["marks"].append(items.mark("x", pts[-1]))


def _support(out: dict, x: float, yc: float) -> None:
    pts = shapes.bent((x + 14, yc + 8), (x + 58, yc + 8), bend=0)
    out["orders"].append(items.arrow("move", pts, SAMPLE, head=11))
    line = items.arrow("support", [(x, yc - 10), (x + 34, yc + 6)], SAMPLE)
    line["dot"] = {"cx": x + 34, "cy": yc + 6}
    out["orders"].append(line)


def _support_hold(out: dict, x: float, yc: float) -> None:
    line = items.arrow("support-hold", [(x, yc), (x + 22, yc)], SAMPLE)
    line["ring"] = {"cx": x + 39, "cy": yc, "r": items.RING_R}
    out["orders"].append(line)
    out["units"].append(items.token(SAMPLE, "A", (x + 39, yc)))


def _convoy(out: dict, x: float, yc: float) -> None:
    out["orders"].append(items.ring("convoy", (x + 28, yc), SAMPLE))
    out["orders"].append(items.arrow("move", shapes.through([(x, yc + 2), (x + 28, yc), (x + 58, yc + 2)]),
                                     SAMPLE, head=11))
    out["units"].append(items.token(SAMPLE, "F", (x + 28, yc)))


def _cut(out: dict, x: float, yc: float) -> None:
    out["orders"].append(items.arrow("support", [(x, yc), (x + 56, yc)], SAMPLE, failed=True))
    out["marks"].append(items.mark("x", (x + 28, yc)))


def _dislodged(out: dict, x: float, yc: float) -> None:
    for dy in (-10, 10):
        out["orders"].append(items.arrow("option", [(x + 22, yc), (x + 58, yc + dy)], SAMPLE, head=9))
    out["units"].append(items.token(SAMPLE, "A", (x + 12, yc), dislodged=True, scale=0.85))


def _adjust(out: dict, x: float, yc: float) -> None:
    out["units"].append(items.token(SAMPLE, "A", (x + 12, yc)))
    out["marks"].append(items.mark("plus", (x + 25, yc - 11)))
    out["units"].append(items.token(SAMPLE, "F", (x + 42, yc), ghost=True))
    out["marks"].append(items.mark("x", (x + 42, yc)))


_KEY = (
    ("army", _army), ("fleet", _fleet), ("centre: free, owned", _centres),
    ("hold", _hold), ("move", _move), ("move failed", _failed),
    ("support", _support), ("support to hold", _support_hold), ("convoy", _convoy),
    ("support failed", _cut), ("dislodged, retreats", _dislodged), ("built, removed", _adjust),
)
