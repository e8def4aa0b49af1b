"""The legend's power names under the picture: each name ends before the next power's chip in its row (and inside
the picture), however long it is. DPjudge's void.map names its powers for provinces and seas: "WMediterraneanSea"
ran into "Yorkshire" and "MidAtlanticOcean" under the NorthSea chip. Widths are measured by rendering each name in
the shipped bold font (libvips' text), not with the picture's own width table."""
from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

import pytest
import pyvips

from judge import maps, picture
from judge.position import initial_position

DATA = Path(__file__).resolve().parent.parent / "data" / "maps"
BOLD = Path(picture.__file__).resolve().parent / "fonts" / "DejaVuSans-Bold.ttf"
NS = "{http://www.w3.org/2000/svg}"
CHIP_HALF = 14.0          # an army chip's half width with its white outline (the template's #army, stroke 4)


@pytest.fixture
def long_names(tmp_path):
    shutil.copy(DATA / "long_names.map", tmp_path / "long_names.map")
    maps.use_folder(tmp_path)
    yield maps.load("long_names")
    maps.use_folder(None)


def _rows(svg: str) -> tuple[float, dict[float, list[tuple[float, float]]]]:
    # (the names as shown: DPjudge's "+" joins words, so the longest is "NorthAtlanticOceanicLeague")
    """The picture's width, and per legend row its (chip centre, name end) pairs, left to right."""
    root = ET.fromstring(svg)
    powers = root.find(f".//{NS}g[@id='legend-powers']")
    chips = [tuple(map(float, re.findall(r"[-\d.]+", g.get("transform"))))
             for g in powers.findall(f"{NS}g")]
    names = [t for t in powers.findall(f"{NS}text") if t.get("font-size") == "13"]
    assert len(chips) == len(names) == 7
    assert {"WesternMediterraneanSea", "NorthAtlanticOceanicLeague"} <= {t.text for t in names}
    rows: dict[float, list[tuple[float, float]]] = defaultdict(list)
    for (cx, cy), t in zip(chips, names):
        ink = pyvips.Image.text(t.text, font="DejaVu Sans Bold 13", fontfile=str(BOLD), dpi=72).width
        rows[round(cy, 1)].append((cx, float(t.get("x")) + ink))
    return float(root.get("width")), rows


def test_every_power_name_ends_before_the_next_chip_of_its_row(long_names):
    width, rows = _rows(picture.position_svg(long_names, initial_position(long_names)))
    for row in rows.values():
        row.sort()
        for (_, end), (next_chip, _) in zip(row, row[1:]):
            assert end < next_chip - CHIP_HALF, row
        assert row[-1][1] <= width, row
