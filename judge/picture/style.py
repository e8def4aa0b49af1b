"""The picture's visual language: power colours and tints, terrain colours, and what each outcome looks like."""
from __future__ import annotations

import colorsys
import itertools
from dataclasses import dataclass
from typing import Iterator

# The classic board colours, chosen apart in hue and lightness so that neighbours stay distinguishable; a map that
# brings its own colours (a `power_colours` attribute: power -> "#rrggbb") overrides these.
DEFAULT_COLOURS = {
    "AUSTRIA": "#c8312b",     # red
    "ENGLAND": "#27378c",     # navy
    "FRANCE": "#3b9be0",      # sky blue
    "GERMANY": "#57504a",     # dark grey
    "ITALY": "#2f8f3a",       # green
    "RUSSIA": "#7b4ea3",      # purple (white would vanish on pale land)
    "TURKEY": "#e0b020",      # mustard yellow
}
# Colours for powers a variant adds and the map does not colour.
SPARE = ("#b05f1c", "#148f8a", "#a8327a", "#6b8e23", "#8a6d3b", "#4a6fa5", "#c06080")

SEA = "#c2d9e8"
LAND = "#f3ecd8"
OFFBOARD = "#e4dcc6"        # Africa and the islands: land nobody plays on, drawn as quiet background
IMPASSABLE = "url(#hatch)"  # Switzerland: hatched grey, a hole in the board that no power's tint resembles
BORDER = "#7a7466"
INK = "#222222"
FAILED = "#c0102a"          # the X over a failed order
BUILT = "#1b8a3c"


def _rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def _hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{max(0, min(255, round(v))):02x}" for v in rgb)


def tint(colour: str, amount: float = 0.55) -> str:
    """The colour mixed with white: the fill of a centre a power owns (units in full colour stand out on it)."""
    return _hex(tuple(v + (255 - v) * amount for v in _rgb(colour)))


def shade(colour: str, amount: float = 0.35) -> str:
    """The colour mixed with black: outlines and arrow casings in the power's colour family."""
    return _hex(tuple(v * (1 - amount) for v in _rgb(colour)))


def luminance(colour: str) -> float:
    """Relative luminance (WCAG 2)."""
    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = _rgb(colour)
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def text_on(colour: str) -> str:
    """Black or white, whichever contrasts more with the colour (the letter on a unit, a legend chip)."""
    lum = luminance(colour)
    return "#111111" if (lum + 0.05) / 0.05 > 1.05 / (lum + 0.05) else "#ffffff"


@dataclass(frozen=True)
class PowerStyle:
    name: str
    letter: str
    colour: str          # units, arrows
    fill: str            # provinces of the centres it owns
    dark: str            # outlines
    text: str            # letters on its units


def spare_colours() -> Iterator[str]:
    """Colours for powers nobody coloured: the spare ones, then as many more as a variant needs (Chaos has 34), hues
    a golden angle apart in three lightness bands, so that any two powers stay told apart."""
    yield from SPARE
    for k in itertools.count():
        hue = (k * 137.508 + 20) % 360
        light = (0.40, 0.55, 0.30)[k % 3]
        yield _hex(tuple(v * 255 for v in colorsys.hls_to_rgb(hue / 360, light, 0.62)))


def power_styles(m) -> dict[str, PowerStyle]:
    """Each power's colours, from the map's own `power_colours` when it has them."""
    given = getattr(m, "power_colours", None) or {}
    spare = spare_colours()
    out = {}
    for power in m.powers:
        colour = given.get(power) or DEFAULT_COLOURS.get(power) or next(spare)
        out[power] = PowerStyle(power.title(), m.power_letters.get(power, power[:1]), colour, tint(colour),
                                shade(colour), text_on(colour))
    return out


# What each report word means on the picture: the word printed beside the X.
MARK_WORDS = {"bounce": "bounce", "cut": "cut", "void": "void", "no convoy": "no convoy", "disrupted": "disrupted",
              "destroyed": "destroyed", "dislodged": "dislodged"}


def failure_word(marks: tuple[str, ...] | list[str]) -> str:
    """The word for a failed order: its first mark other than "dislodged" (the displaced unit already says that)."""
    rest = [m for m in marks if m != "dislodged"]
    return MARK_WORDS.get(rest[0], rest[0]) if rest else "dislodged"
