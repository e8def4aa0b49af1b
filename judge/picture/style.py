"""The picture's visual language: power colours and tints, terrain colours, and what each outcome looks like."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from judge import maps
from judge.picture import colours

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


TINT = 0.55


def tint(colour: str, amount: float = TINT) -> str:
    """The colour mixed with white: the fill of a centre a power owns (units in full colour stand out on it)."""
    return colours.mix_white(colour, amount)


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


def power_styles(m) -> dict[str, PowerStyle]:
    """Each power's colours: the map's own `power_colours`, the classic ones for the standard powers, and for the
    rest colours as far apart as can be from those and from each other (judge.picture.colours: Chaos's 34 powers
    each get a colour of their own), neighbours given the most different."""
    titles = getattr(m, "power_titles", None) or {}
    own = {**_classic_by_homes(m), **(getattr(m, "power_colours", None) or {})}
    return _styles(m.name, tuple(m.powers), tuple(sorted(own.items())),
                   tuple(m.power_letters.get(p, p[:1]) for p in m.powers), _neighbours(m),
                   tuple(titles.get(p) or p.title() for p in m.powers))


def _classic_by_homes(m) -> dict[str, str]:
    """A standard power under another name (DPjudge's translations: AUTRICHE, OOSTENRIJK) keeps its classic colour:
    a power of a variant drawn on the standard board whose home centres are, on that board, a standard power's, when
    no power of that name plays and the map gives it no colour of its own."""
    if getattr(m, "board", "") != "standard":
        return {}
    standard = maps.load("standard")
    by_homes = {frozenset(standard.homes(p)): p for p in standard.powers if p in DEFAULT_COLOURS}
    taken = {p for p in m.powers if p in DEFAULT_COLOURS} | set(getattr(m, "power_colours", None) or {})
    out = {}
    for power in m.powers:
        homes = frozenset(m.on_board.get(h, h) for h in m.homes(power))
        classic = by_homes.get(homes)
        if power not in DEFAULT_COLOURS and classic and classic not in taken:
            out[power] = DEFAULT_COLOURS[classic]
            taken.add(classic)
    return out


def _neighbours(m) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Powers whose home centres touch (by land or sea), for each power: their colours are kept most apart."""
    home_of = {prov: power for power in m.powers for prov in m.homes(power)}
    out = {}
    for power in m.powers:
        near = set()
        for prov in m.homes(power):
            for adj in (m.army_adj, m.fleet_adj):
                for loc in adj.get(prov, ()):
                    other = home_of.get(loc[:3])
                    if other and other != power:
                        near.add(other)
        out[power] = tuple(sorted(near))
    return tuple(sorted(out.items()))


@lru_cache(maxsize=64)
def _styles(name: str, powers: tuple[str, ...], given: tuple[tuple[str, str], ...], letters: tuple[str, ...],
            neighbours: tuple[tuple[str, tuple[str, ...]], ...], titles: tuple[str, ...]) -> dict[str, PowerStyle]:
    own = dict(given)
    fixed = {p: own.get(p) or DEFAULT_COLOURS[p] for p in powers if own.get(p) or p in DEFAULT_COLOURS}
    rest = [p for p in powers if p not in fixed]
    chosen = dict(fixed)
    if rest:
        palette = colours.spread(len(rest), tuple(fixed.values()), TINT)
        chosen.update(colours.assign(rest, palette, {p: set(n) for p, n in neighbours}))
    return {p: PowerStyle(title, letter, chosen[p], tint(chosen[p]), shade(chosen[p]), text_on(chosen[p]))
            for p, letter, title in zip(powers, letters, titles)}


# What each report word means on the picture: the word printed beside the X.
MARK_WORDS = {"bounce": "bounce", "cut": "cut", "void": "void", "no convoy": "no convoy", "disrupted": "disrupted",
              "destroyed": "destroyed", "dislodged": "dislodged"}


def failure_word(marks: tuple[str, ...] | list[str]) -> str:
    """The word for a failed order: its first mark other than "dislodged" (the displaced unit already says that)."""
    rest = [m for m in marks if m != "dislodged"]
    return MARK_WORDS.get(rest[0], rest[0]) if rest else "dislodged"
