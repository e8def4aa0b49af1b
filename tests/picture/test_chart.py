"""The game page's supply-centre chart's legend (judge.picture.chart), for a variant of many powers: Chaos's 34 (a
shipped variant) were set 7 units apart in 11-unit text, one entry over the next, and "Constantinople 12" ran past
the legend's right edge, cut off. Every entry has a line of its own and ends inside the legend. Widths are measured
by rendering each entry in the shipped regular font (libvips' text)."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import pyvips

from judge import maps, picture
from judge.picture.chart import centre_chart

REGULAR = Path(picture.__file__).resolve().parent / "fonts" / "DejaVuSans.ttf"
NS = "{http://www.w3.org/2000/svg}"
LINE = 11 * 1.15        # 11-unit text: ascenders to descenders, as a line of it is set


@pytest.fixture(scope="module")
def legend():
    m = maps.load("chaos")
    start = {p: 1 for p in m.powers}
    later = dict(start, CONSTANTINOPLE=12, SMYRNA=0)
    root = ET.fromstring(centre_chart(m, [("1900", start), ("1901", later)], 18).legend)
    return root, [t for t in root.iter(f"{NS}text")]


def test_every_power_has_an_entry(legend):
    _, texts = legend
    assert len(texts) == 34 and texts[0].text == "Constantinople 12"


def test_no_entry_lies_on_the_next(legend):
    _, texts = legend
    ys = [float(t.get("y")) for t in texts]
    assert all(b - a >= LINE for a, b in zip(ys, ys[1:])), ys


def test_every_entry_ends_inside_the_legend(legend):
    root, texts = legend
    width = float(root.get("viewBox").split()[2])
    for t in texts:
        drawn = float(t.get("textLength") or pyvips.Image.text(t.text, font="DejaVu Sans 11", fontfile=str(REGULAR),
                                                                 dpi=72).width)
        assert float(t.get("x")) + drawn <= width, t.text


def test_an_entry_that_fits_is_not_stretched(legend):
    _, texts = legend
    short = [t for t in texts if t.text.startswith("Rome ")]
    assert short and short[0].get("textLength") is None
