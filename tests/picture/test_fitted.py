"""A variant pictured on the drawing of the board it builds on: its own powers in the legend, a colour of its own
for a power the board's map lacks, a centre marker on each of its centres (those the board lacks too) and none on
the board's centres it has not. Our files: tests/data/maps/ring*.map and ring.geometry.json (a drawing of ours),
rome_crowd.map (Fleet Rome with an eighth power, on the standard drawing)."""
from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import pyvips

from judge import maps, picture
from judge.picture import colours, geometry, style
from judge.picture.fitted import fitted
from judge.picture.placement import DOT_R, label_box, token_box
from judge.picture.shapes import inside
from judge.position import initial_position
from tests.picture.test_raster import close, pixel, rgb

DATA = Path(__file__).resolve().parent.parent / "data" / "maps"
NS = {"s": "http://www.w3.org/2000/svg"}


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    where = tmp_path_factory.mktemp("variants")
    for path in [*DATA.glob("ring*"), DATA / "fleet_rome_dp.map", DATA / "rome_crowd.map"]:
        shutil.copy(path, where / path.name)
    maps.use_folder(where)
    yield where
    maps.use_folder(None)


def drawn(name: str) -> tuple[object, ET.Element, pyvips.Image]:
    m = maps.load(name)
    svg = picture.position_svg(m, initial_position(m), game=name)
    return m, ET.fromstring(svg), pyvips.Image.new_from_buffer(picture.png(picture.standalone(svg)), "")


def legend_names(root: ET.Element) -> list[str]:
    texts = [t.text or "" for t in root.find(".//s:g[@id='legend']", NS).iter(f"{{{NS['s']}}}text")]
    return [t for t in texts if len(t) > 1 and t[0].isupper() and "SC" not in t]      # (not the chips' letters)


def centre_marks(root: ET.Element) -> dict[str, tuple[float, float]]:
    layer = root.find(".//s:g[@id='centres']", NS)
    return {e.get("id")[3:]: (float(e.get("cx")), float(e.get("cy")))
            for e in layer.iter() if (e.get("id") or "").startswith("sc-") and e.get("cx")}


def test_the_variants_powers_are_in_the_legend_each_in_a_colour_of_its_own(folder):
    m, root, _ = drawn("ring_three")
    assert sorted(legend_names(root)) == ["East", "South", "West"]      # as ring_three.map names them
    styles = style.power_styles(m)
    south, others = styles["SOUTH"].colour, [styles["WEST"].colour, styles["EAST"].colour]
    assert min(colours.difference(south, c) for c in others) >= 10     # plainly another colour than the ring's two


def test_the_variants_centres_are_marked_and_no_others(folder):
    m, root, img = drawn("ring_three")
    marks = centre_marks(root)
    # ring.map's centres, less the Tor, and South Bay and the Hills, the South's new home centres
    assert set(marks) == {"WBY", "NBY", "EBY", "BAY", "MID", "SBY", "HIL"}
    g = geometry.load("ring")
    for abbr in ("SBY", "HIL"):                          # markers the drawing does not have, placed in the province
        s, at = g.provinces[abbr], marks[abbr]
        assert s.center is None and inside(at, s.rings)
        assert not _meets(label_box(*s.label, abbr), at) and not _meets(token_box(*s.unit, "F"), at)
        assert close(pixel(img, *at), rgb(style.power_styles(m)["SOUTH"].colour), 12)   # the owner's colour
    tor = g.provinces["TOR"].center                      # the drawing's marker of a centre the variant has not
    assert tor is not None and close(pixel(img, *tor), rgb(style.LAND), 3)


def test_a_variant_of_the_standard_board_with_an_eighth_power(folder):
    m, root, img = drawn("rome_crowd")
    assert m.board == "standard"
    assert sorted(legend_names(root)) == [
        "Austria", "England", "France", "Germany", "Holland", "Italy", "Russia", "Turkey"]
    holland = style.power_styles(m)["HOLLAND"].colour
    assert min(colours.difference(holland, c) for c in style.DEFAULT_COLOURS.values()) >= 10
    marks = centre_marks(root)
    assert "RUH" in marks and "BEL" not in marks and len(marks) == 34
    g = geometry.load("standard")
    assert inside(marks["RUH"], g.provinces["RUH"].rings)
    assert close(pixel(img, *marks["RUH"]), rgb(holland), 12)
    assert close(pixel(img, *g.provinces["BEL"].center), rgb(style.LAND), 3)        # no marker left on Belgium


def test_a_variant_with_the_boards_own_centres_gets_the_drawing_itself():
    g = geometry.load("standard")
    assert fitted(g, maps.load("fleet_rome")) is g


def _meets(box: tuple[float, float, float, float], p: tuple[float, float]) -> bool:
    nx, ny = min(max(p[0], box[0]), box[2]), min(max(p[1], box[1]), box[3])
    return (nx - p[0]) ** 2 + (ny - p[1]) ** 2 < DOT_R ** 2
