"""The PNG: the right size, each owner's tint where its provinces are, a dislodged unit off its province's unit point,
failed orders crossed out in red, and text drawn with the shipped fonts on a machine that has none."""
from __future__ import annotations

import math
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET

import pytest
import pyvips

from judge import picture
from judge.picture import geometry, style
from judge.picture.dislodged import dislodged_point
from judge.picture.draw import TOP
from tests.picture.scenes import ROOT, adjudicated, request

WIDTH = 1200        # the drawing is 1200 units wide: at 1200 px a map point (x, y) is the pixel (x, y + TOP)


def rendered(name: str) -> tuple[pyvips.Image, str, tuple]:
    m, before, outcome = adjudicated(request(name))
    svg = picture.results_svg(m, before, outcome)
    data = picture.png(svg)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return pyvips.Image.new_from_buffer(data, ""), svg, (m, before, outcome)


@pytest.fixture(scope="module")
def winter():
    return rendered("winter")


@pytest.fixture(scope="module")
def midgame():
    return rendered("midgame")


def pixel(img, x: float, y: float) -> tuple[int, ...]:
    return tuple(int(v) for v in img.getpoint(round(x), round(y + TOP))[:3])


def rgb(colour: str) -> tuple[int, ...]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def close(a, b, tolerance: int = 3) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b))


def _segment_distance(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / ((dx * dx + dy * dy) or 1)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _inside(p, ring) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
        if (y1 > p[1]) != (y2 > p[1]) and p[0] < x1 + (p[1] - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def drawn_labels(svg: str) -> list[tuple[float, float]]:
    """Where the picture drew its labels (a label moves off its point when an order comes in over it)."""
    ns = {"s": "http://www.w3.org/2000/svg"}
    layer = ET.fromstring(svg).find(".//s:g[@id='labels']", ns)
    return [(float(t.get("x")), float(t.get("y")) - 4) for t in layer.iter("{%s}text" % ns["s"])]


def plain_point(g, abbr: str, labels=()):
    """A point of the province's fill that nothing is drawn over: clear of every label (on its point, or where the
    picture drew it), unit, coast and centre marker on the board (boxes a little larger than what is drawn there)
    and of the province's borders."""
    shape = g.provinces[abbr]
    busy = [(p, 22, 11) for s in g.provinces.values() for p in (s.label, *s.coasts.values())]
    busy += [(p, 22, 11) for p in labels]
    busy += [(s.unit, 22, 18) for s in g.provinces.values()] + [(s.center, 9, 9) for s in g.provinces.values()
                                                                 if s.center]
    busy += [(s.label, 30, 8) for s in g.other.values()]
    edges = [(a, b) for ring in shape.rings for a, b in zip(ring, ring[1:] + ring[:1])]
    xs, ys = [p[0] for p in shape.rings[0]], [p[1] for p in shape.rings[0]]
    best, best_clear = None, 5.0          # at least 5 units from a border: no anti-aliased edge in the sample
    step = max(3, int(max(max(xs) - min(xs), max(ys) - min(ys)) / 30))     # about 900 tries, whatever the size
    for x in range(int(min(xs)), int(max(xs)) + 1, step):
        for y in range(int(min(ys)), int(max(ys)) + 1, step):
            p = (x, y)
            if not _inside(p, shape.rings[0]) or any(_inside(p, r) for r in shape.rings[1:]):
                continue
            if any(abs(x - c[0]) < w and abs(y - c[1]) < h for c, w, h in busy):
                continue
            clear = min(_segment_distance(p, a, b) for a, b in edges)
            if clear > best_clear:
                best, best_clear = p, clear
    return best


def test_the_png_is_1200_pixels_wide_and_can_be_smaller(winter):
    img, svg, _ = winter
    assert img.width == WIDTH and img.height == round(float(ET.fromstring(svg).get("height")))
    small = pyvips.Image.new_from_buffer(picture.png(svg, width=600), "")
    assert small.width == 600
    assert len(picture.png(svg)) < len(picture.png(svg, palette=False)) * 0.6


def test_each_province_shows_its_owners_tint_after_a_few_phases(winter):
    img, svg, (m, before, outcome) = winter
    g = geometry.load()
    labels = drawn_labels(svg)
    owners = outcome.position.centers
    assert owners["SMY"] == "ITALY"                          # taken in the Fall: the tint follows
    checked = 0
    for abbr in sorted(m.centers):
        point = plain_point(g, abbr, labels)
        if point is None:                                    # a province too crowded to have a plain spot
            continue
        expected = style.tint(style.DEFAULT_COLOURS[owners[abbr]]) if abbr in owners else style.LAND
        assert close(pixel(img, *point), rgb(expected)), (abbr, point, pixel(img, *point), expected)
        checked += 1
    assert checked >= 28, checked                            # nearly every one of the 34 centres was looked at
    for abbr, colour in (("NAO", style.SEA), ("UKR", style.LAND), ("BOH", style.LAND), ("TYS", style.SEA)):
        assert close(pixel(img, *plain_point(g, abbr, labels)), rgb(colour)), abbr


def test_a_dislodged_unit_is_drawn_off_its_provinces_unit_point(midgame):
    img, _, _ = midgame
    g = geometry.load()
    home, spot = g.provinces["BUR"].unit, dislodged_point(g, "BUR")
    assert math.dist(home, spot) > 15
    # the German army that took Burgundy stands on its unit point; the French army beside it (a left part of each
    # token: away from the letter in its middle)
    assert close(pixel(img, home[0] - 8, home[1] - 5), rgb(style.DEFAULT_COLOURS["GERMANY"]))
    assert close(pixel(img, spot[0] - 7, spot[1] - 4), rgb(style.DEFAULT_COLOURS["FRANCE"]))


def test_failed_orders_are_crossed_out_in_red(midgame):
    img, svg, _ = midgame
    ns = {"s": "http://www.w3.org/2000/svg"}
    marks = ET.fromstring(svg).find(".//s:g[@id='marks']", ns)
    crosses = [g for g in marks if g.get("class") == "failed"]
    assert len(crosses) == 9
    for cross in crosses:
        x, y = (float(v) for v in cross.get("transform")[len("translate("):-1].split())
        assert close(pixel(img, x, y), rgb(style.FAILED), 40), (x, y, pixel(img, x, y))


def test_text_is_drawn_with_the_shipped_fonts_where_the_machine_has_none(tmp_path):
    # fontconfig that knows no font at all: without the shipped fonts every letter would be the same empty box
    conf = tmp_path / "fonts.conf"
    conf.write_text(f'<?xml version="1.0"?><fontconfig><cachedir>{tmp_path}</cachedir></fontconfig>')
    code = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from judge import picture
        for word in ("IIIIIIII", "WWWWWWWW"):
            svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="60"><rect width="400" height="60" '
                   'fill="#fff"/><text x="10" y="42" font-family="DejaVu Sans" font-size="30" font-weight="bold">'
                   + word + '</text></svg>')
            open({str(tmp_path)!r} + "/" + word[0] + ".png", "wb").write(picture.png(svg, 400))
    """)
    env = {"FONTCONFIG_FILE": str(conf), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    subprocess.run([sys.executable, "-c", code], env=env, check=True, timeout=60)
    widths = {}
    for letter in "IW":
        img = pyvips.Image.new_from_file(str(tmp_path / f"{letter}.png"))
        img = img.flatten() if img.hasalpha() else img
        widths[letter] = img.find_trim(threshold=60, background=[255, 255, 255])[2]
    # DejaVu Sans Bold: a W is about three times as wide as an I
    assert widths["W"] > 2.2 * widths["I"] > 0, widths
