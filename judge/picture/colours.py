"""Power colours a variant does not give: as far apart as the eye tells colours (CIEDE2000), their provinces' tints
too, and apart from the board's own colours; neighbouring powers get the colours that differ most."""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence

Lab = tuple[float, float, float]

# The colours a power's colour must stand apart from: its units are drawn on the land and the sea, its provinces'
# tint sits beside the plain land, the sea, the land off the board, the hatched grey of Switzerland and the page.
BOARD = ("#f3ecd8", "#c2d9e8", "#e4dcc6", "#c9c5bc", "#fbf9f4")
LIGHTNESS = (35.0, 75.0)    # CIELAB L*: dark enough for a unit to stand out on the land, light enough to show hue
CHROMA = 20.0               # ... and coloured: a grey power would read as the neutral board
LEVELS = 13                 # candidates: a 13 x 13 x 13 grid of sRGB (1157 pass the limits here)
BOARD_FLOOR = 15.0          # a tint this far from every board colour is plainly apart from it: farther counts no more
READABLE = 4.5              # WCAG AA contrast: the unit's letter on its colour, a province label on its tint
LABEL_INK = "#2b2b2b"       # (templates/picture/board.svg: land labels; a unit's letter is black or white)
TINT_WEIGHT = 1.5           # two tints count as this many times their own difference: they lie closer than colours


def _rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def mix_white(colour: str, amount: float) -> str:
    """The colour mixed with white (a province's tint)."""
    return "#" + "".join(f"{max(0, min(255, round(v + (255 - v) * amount))):02x}" for v in _rgb(colour))


def lab(colour: str) -> Lab:
    """CIELAB (D65) of an sRGB colour."""
    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in _rgb(colour))
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(p: Lab, q: Lab) -> float:
    """CIEDE2000: how different two colours look (about 1: just noticeable; 10 and more: plainly different)."""
    (l1, a1, b1), (l2, a2, b2) = p, q
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1, a2 = a1 * (1 + g), a2 * (1 + g)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1, h2 = math.degrees(math.atan2(b1, a1)) % 360, math.degrees(math.atan2(b2, a2)) % 360
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_bar, c_bar = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_bar = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_bar = (h1 + h2) / 2
    else:
        h_bar = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c, s_h = 1 + 0.045 * c_bar, 1 + 0.015 * c_bar * t
    r_t = (-2 * math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7))
           * math.sin(math.radians(60 * math.exp(-(((h_bar - 275) / 25) ** 2)))))
    dl, dc, dhh = (l2 - l1) / s_l, (c2 - c1) / s_c, d_h / s_h
    return math.sqrt(dl * dl + dc * dc + dhh * dhh + r_t * dc * dhh)


def difference(a: str, b: str) -> float:
    """CIEDE2000 between two "#rrggbb" colours."""
    return delta_e(lab(a), lab(b))


@lru_cache(maxsize=4)
def _candidates(tint: float) -> tuple[tuple[str, Lab, Lab], ...]:
    """(colour, its Lab, its tint's Lab) for each grid colour within the lightness and chroma limits."""
    step = 255 / (LEVELS - 1)
    out = []
    for r in range(LEVELS):
        for g in range(LEVELS):
            for b in range(LEVELS):
                colour = "#" + "".join(f"{round(v * step):02x}" for v in (r, g, b))
                c = lab(colour)
                tinted = mix_white(colour, tint)
                if (LIGHTNESS[0] <= c[0] <= LIGHTNESS[1] and math.hypot(c[1], c[2]) >= CHROMA
                        and _letter_contrast(colour) >= READABLE and _contrast(tinted, LABEL_INK) >= READABLE):
                    out.append((colour, c, lab(tinted)))
    return tuple(out)


def _luminance(colour: str) -> float:
    return sum(w * (v / 3294.6 if v <= 10.02 else ((v / 255 + 0.055) / 1.055) ** 2.4)
               for w, v in zip((0.2126, 0.7152, 0.0722), _rgb(colour)))


def _contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio."""
    la, lb = sorted((_luminance(a), _luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def _letter_contrast(colour: str) -> float:
    """The contrast of the letter style.text_on puts on the colour: near-black where black would contrast more."""
    lum = _luminance(colour)
    return _contrast(colour, "#111111" if (lum + 0.05) / 0.05 > 1.05 / (lum + 0.05) else "#ffffff")


def _apart(a: tuple[str, Lab, Lab], b: tuple[str, Lab, Lab]) -> float:
    return min(delta_e(a[1], b[1]), TINT_WEIGHT * delta_e(a[2], b[2]))


@lru_cache(maxsize=32)
def spread(n: int, given: tuple[str, ...] = (), tint: float = 0.55) -> tuple[str, ...]:
    """n colours as far apart as can be from each other and from the given ones, their tints at least BOARD_FLOOR
    from the board's colours where that leaves room (nearer only as near as the colours are to each other): the
    farthest candidate each in turn, then the nearest pair moved apart while a candidate lies farther from the rest.
    No chance in it: the same n and given colours give the same colours every time."""
    cands = _candidates(tint)
    rows: dict[int, list[float]] = {}

    def row(k: int) -> list[float]:        # how far each candidate is from candidate k (made when first needed)
        if k not in rows:
            rows[k] = [_apart(c, cands[k]) for c in cands]
        return rows[k]
    fixed = [(c, lab(c), lab(mix_white(c, tint))) for c in given]
    board = [lab(c) for c in BOARD]
    to_board = [min(delta_e(c[2], b) for b in board) for c in cands]      # each candidate's tint from the board
    # each candidate's own limit: that distance (none beyond the floor), and its distance from the given colours
    limit = [min([d if d < BOARD_FLOOR else math.inf] + [_apart(c, f) for f in fixed]) for c, d in zip(cands, to_board)]
    first = max(range(len(cands)), key=(limit if fixed else to_board).__getitem__)
    chosen = [first][:n]
    nearest = [min(a, b) for a, b in zip(limit, row(first))]
    while len(chosen) < n:
        k = max(range(len(cands)), key=nearest.__getitem__)
        chosen.append(k)
        nearest = [min(a, b) for a, b in zip(nearest, row(k))]

    def worst(ks: list[int]) -> tuple[float, int, int]:
        pairs = [(row(a)[b], a, b) for i, a in enumerate(ks) for b in ks[i + 1:]]
        return min(pairs + [(limit[a], a, a) for a in ks])
    for _ in range(20 * n):                 # (each move makes the nearest pair farther: this bounds the search)
        d, a, b = worst(chosen)
        for x in dict.fromkeys((a, b)):
            rest = [y for y in chosen if y != x]
            room = [min([limit[k]] + [row(y)[k] for y in rest]) if k not in chosen else -1.0
                    for k in range(len(cands))]
            best = max(range(len(cands)), key=room.__getitem__)
            if room[best] > d + 1e-9:
                chosen[chosen.index(x)] = best
                break
        else:
            break
    return tuple(cands[k][0] for k in chosen)


def assign(powers: Sequence[str], palette: Sequence[str], neighbours: dict[str, set[str]]) -> dict[str, str]:
    """A colour of the palette for each power, neighbours (powers whose home centres touch) kept the most apart:
    the powers with most neighbours first, each taking the colour farthest from its neighbours' so far."""
    labs = {c: lab(c) for c in palette}
    left = list(palette)
    out: dict[str, str] = {}
    for power in sorted(powers, key=lambda p: (-len(neighbours.get(p, ())), powers.index(p))):
        near = [labs[out[q]] for q in neighbours.get(power, ()) if q in out]
        pick = max(left, key=lambda c: (min((delta_e(labs[c], o) for o in near), default=0.0), -left.index(c)))
        out[power] = pick
        left.remove(pick)
    return out
