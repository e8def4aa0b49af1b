"""Every power of a variant has a colour of its own: Chaos's 34 told apart by colour as well as by letter (CIEDE2000,
computed here from the published formula and checked against its published test pairs), their tints too."""
from __future__ import annotations

import math

import pytest

from judge import maps
from judge.picture import colours, style


def to_lab(colour: str) -> tuple[float, float, float]:
    """sRGB -> CIELAB (D65), the textbook way."""
    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    xyz = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           0.0193 * r + 0.1192 * g + 0.9505 * b)
    fx, fy, fz = (t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
                  for t in (xyz[0] / 0.95047, xyz[1], xyz[2] / 1.08883))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(p, q) -> float:
    """Sharma, Wu and Dalal, "The CIEDE2000 color-difference formula: implementation notes" (2005), eqs. 1-22."""
    L1, a1, b1 = p
    L2, a2, b2 = q
    Cab = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    G = 0.5 * (1 - math.sqrt(Cab ** 7 / (Cab ** 7 + 25.0 ** 7)))
    ap1, ap2 = (1 + G) * a1, (1 + G) * a2
    Cp1, Cp2 = math.hypot(ap1, b1), math.hypot(ap2, b2)
    hp1 = 0.0 if ap1 == b1 == 0 else math.degrees(math.atan2(b1, ap1)) % 360
    hp2 = 0.0 if ap2 == b2 == 0 else math.degrees(math.atan2(b2, ap2)) % 360
    dLp, dCp = L2 - L1, Cp2 - Cp1
    if Cp1 * Cp2 == 0:
        dhp = 0.0
    elif abs(hp2 - hp1) <= 180:
        dhp = hp2 - hp1
    else:
        dhp = hp2 - hp1 - 360 if hp2 - hp1 > 180 else hp2 - hp1 + 360
    dHp = 2 * math.sqrt(Cp1 * Cp2) * math.sin(math.radians(dhp) / 2)
    Lp, Cp = (L1 + L2) / 2, (Cp1 + Cp2) / 2
    if Cp1 * Cp2 == 0:
        hp = hp1 + hp2
    elif abs(hp1 - hp2) <= 180:
        hp = (hp1 + hp2) / 2
    else:
        hp = (hp1 + hp2 + 360) / 2 if hp1 + hp2 < 360 else (hp1 + hp2 - 360) / 2
    T = (1 - 0.17 * math.cos(math.radians(hp - 30)) + 0.24 * math.cos(math.radians(2 * hp))
         + 0.32 * math.cos(math.radians(3 * hp + 6)) - 0.20 * math.cos(math.radians(4 * hp - 63)))
    dtheta = 30 * math.exp(-(((hp - 275) / 25) ** 2))
    RC = 2 * math.sqrt(Cp ** 7 / (Cp ** 7 + 25.0 ** 7))
    SL = 1 + 0.015 * (Lp - 50) ** 2 / math.sqrt(20 + (Lp - 50) ** 2)
    SC, SH = 1 + 0.045 * Cp, 1 + 0.015 * Cp * T
    RT = -math.sin(math.radians(2 * dtheta)) * RC
    return math.sqrt((dLp / SL) ** 2 + (dCp / SC) ** 2 + (dHp / SH) ** 2 + RT * (dCp / SC) * (dHp / SH))


@pytest.mark.parametrize("p, q, expected", [
    # test pairs 1, 7, 17 and 25 of the paper's table 1
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
])
def test_the_measure_is_ciede2000(p, q, expected):
    assert ciede2000(p, q) == pytest.approx(expected, abs=1e-4)
    assert colours.delta_e(p, q) == pytest.approx(expected, abs=1e-4)      # and the judge's own agrees


def test_lab_of_known_colours():
    assert to_lab("#ffffff") == pytest.approx((100, 0, 0), abs=0.05)
    assert to_lab("#ff0000") == pytest.approx((53.24, 80.09, 67.20), abs=0.1)


def least(cs: list[str]) -> float:
    return min(ciede2000(to_lab(a), to_lab(b)) for i, a in enumerate(cs) for b in cs[i + 1:])


def test_each_of_chaos_34_powers_has_a_colour_of_its_own():
    m = maps.load("chaos")
    styles = style.power_styles(m)
    assert len(styles) == 34
    units = [s.colour for s in styles.values()]
    tints = [s.fill for s in styles.values()]
    assert least(units) >= 10                     # plainly different colours, every pair (the letters still help)
    assert least(tints) >= 7                      # their provinces too
    for board in (style.LAND, style.SEA):         # and none that reads as the plain board
        assert min(ciede2000(to_lab(t), to_lab(board)) for t in tints) >= 5
    for s in styles.values():                     # each letter readable on its unit (WCAG bold text)
        lum, text = style.luminance(s.colour), style.luminance(s.text)
        assert (max(lum, text) + 0.05) / (min(lum, text) + 0.05) >= 3.0, s.name


def test_neighbours_in_chaos_differ_most():
    m = maps.load("chaos")
    styles = style.power_styles(m)
    home = {prov: power for power in m.powers for prov in m.homes(power)}
    pairs = {frozenset((home[a], home[b[:3]])) for a in home for b in m.army_adj.get(a, ()) if b[:3] in home}
    near = [ciede2000(to_lab(styles[a].colour), to_lab(styles[b].colour)) for a, b in map(tuple, pairs)]
    every = [ciede2000(to_lab(a.colour), to_lab(b.colour)) for i, a in enumerate(styles.values())
             for b in list(styles.values())[i + 1:]]
    assert len(near) > 30 and min(near) >= 15 and sorted(near)[len(near) // 2] > sorted(every)[len(every) // 2]


def test_the_standard_powers_keep_their_classic_colours_and_others_stand_apart_from_them():
    m = maps.load()
    assert {p: s.colour for p, s in style.power_styles(m).items()} == style.DEFAULT_COLOURS
    extra = colours.spread(5, tuple(style.DEFAULT_COLOURS.values()))
    assert len(set(extra)) == 5 and not set(extra) & set(style.DEFAULT_COLOURS.values())
    assert least(list(style.DEFAULT_COLOURS.values()) + list(extra)) >= 10


def from_lch(lightness: float, chroma: float, hue: float) -> str:
    """CIELCh (D65) -> sRGB "#rrggbb", the textbook inverse; None where it lies outside sRGB."""
    a, b = chroma * math.cos(math.radians(hue)), chroma * math.sin(math.radians(hue))
    fy = (lightness + 16) / 116
    x, y, z = ((f ** 3 if f ** 3 > 216 / 24389 else (116 * f - 16) * 27 / 24389) * w
               for f, w in ((fy + a / 500, 0.95047), (fy, 1.0), (fy - b / 200, 1.08883)))
    rgb = (3.2406 * x - 1.5372 * y - 0.4986 * z, -0.9689 * x + 1.8758 * y + 0.0415 * z,
           0.0557 * x - 0.2040 * y + 1.0570 * z)
    if not all(-0.001 <= v <= 1.001 for v in rgb):
        return None
    gamma = (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055 for v in rgb)
    return "#" + "".join(f"{round(min(1.0, max(0.0, v)) * 255):02x}" for v in gamma)


def hue_circle(n: int) -> list[str]:
    """The simple principled palette: n hues evenly round the CIELCh circle at one lightness and chroma (an HCL
    qualitative palette), L 65 and C 35: about the most chroma at which every hue stays inside sRGB."""
    out = [from_lch(65, 35, 360 * i / n) for i in range(n)]
    assert None not in out
    return out


def contrast(a: str, b: str) -> float:
    la, lb = sorted((style.luminance(a), style.luminance(b)))
    return (lb + 0.05) / (la + 0.05)


@pytest.mark.parametrize("n", range(2, 41))
def test_generated_colours_stand_farther_apart_than_a_hue_circle_and_stay_readable(n):
    made = colours.spread(n, (), style.TINT)
    ref = hue_circle(n)
    assert len(set(made)) == n
    assert least(made) >= least(ref)               # the colours, and the tints of the provinces they own
    assert least([style.tint(c) for c in made]) >= least([style.tint(c) for c in ref])
    for c in made:
        assert contrast(c, style.text_on(c)) >= 4.5, c           # the unit's letter (WCAG AA)
        assert contrast(style.tint(c), "#2b2b2b") >= 4.5, c      # a land label on the province's tint
        if n <= 12:                                   # few powers: room to keep every tint plainly off the board
            assert min(ciede2000(to_lab(style.tint(c)), to_lab(b)) for b in colours.BOARD) >= 15, c


def test_the_same_powers_get_the_same_colours_in_every_process():
    import subprocess
    import sys
    code = "from judge.picture import colours; print(colours.spread(7, (), 0.55), colours.spread(34, (), 0.55))"
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**__import__("os").environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2")}
    assert len(runs) == 1
