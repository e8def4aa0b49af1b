"""The legend drawn once and kept: a results PNG whose legend rows come from the kept band is byte for byte the PNG of
the whole document drawn at once, for movement, retreats and adjustments, on a map of 34 powers too; the band is
drawn once per distinct legend; a map that reaches below its frame is drawn whole."""
from __future__ import annotations

import re

import pytest
import pyvips

from judge import maps, picture
from judge.picture import bands, quantise, raster
from judge.position import initial_position
from tests.picture.scenes import adjudicated, request


def whole(svg: str) -> bytes:
    """The PNG of the whole document drawn at once by librsvg, legend and all (what every picture was before)."""
    return quantise.png(raster.load(svg), svg, raster.PALETTE_COMPRESSION)


def results(name: str, game: str = "kept") -> str:
    m, before, outcome = adjudicated(request(name))
    return picture.results_svg(m, before, outcome, game=game)


class Counting:
    """raster.load, counting the documents drawn and keeping the last."""

    def __init__(self) -> None:
        self.documents: list[str] = []

    def __call__(self, svg: str, width: int) -> pyvips.Image:
        self.documents.append(svg)
        return raster.load(svg, width)


@pytest.mark.parametrize("scene", ["s1901", "midgame", "retreats", "winter"])
def test_a_picture_with_the_kept_legend_is_the_whole_document_drawn_at_once(scene):
    svg = results(scene)
    assert 'data-top="' in svg
    bands._kept.clear()
    first, again = picture.png(svg), picture.png(svg)      # the legend drawn, then taken from what was kept
    assert first == again == whole(svg)


def test_a_map_of_34_powers_keeps_its_legend_of_six_rows_too():
    m = maps.load("chaos")
    svg = picture.position_svg(m, initial_position(m), game="chaos")
    if quantise.palette_of(svg) is None:
        pytest.skip("more than 256 colours: drawn whole, the slow way")
    counting = Counting()
    index = bands.codes(svg, 1200, counting)
    assert len(counting.documents) in (1, 2) and '<g id="legend"' not in counting.documents[0]
    assert picture.png(svg) == whole(svg)
    assert (index == quantise.codes(raster.load(svg, 1200))).min() == 255


def test_the_legend_is_drawn_once_for_the_phases_that_share_it():
    """Two pictures of the same game and year share their legend (the same counts): the second draws only itself.
    A legend of other counts is drawn anew."""
    bands._kept.clear()
    a, b = results("midgame", "one"), results("midgame", "two")       # other titles, the same legend
    counting = Counting()
    bands.codes(a, 1200, counting)
    assert len(counting.documents) == 2                                # the picture without its legend, the legend
    assert '<g id="legend"' not in counting.documents[0] and '<g id="title">' not in counting.documents[1]
    counting.documents.clear()
    bands.codes(b, 1200, counting)
    assert len(counting.documents) == 1 and '<g id="legend"' not in counting.documents[0]
    other = results("winter", "one")                                   # other counts: another legend
    counting.documents.clear()
    bands.codes(other, 1200, counting)
    assert len(counting.documents) == 2 and len(bands._kept) == 2


def test_a_map_drawn_past_its_frame_into_the_legend_rows_is_drawn_whole():
    svg = results("midgame")
    top = float(re.search(r'<g id="legend" data-top="([0-9.]+)"', svg).group(1))
    # a mark straddling the map's bottom edge, inside the map's group (drawn in map units, 56 below the page's top)
    spill = f'<circle cx="600" cy="{top - 56 + 2}" r="8" fill="#c0102a"/>'
    svg = svg.replace('\n<g id="marks">', f"\n<g id=\"marks\">{spill}", 1)
    counting = Counting()
    bands.codes(svg, 1200, counting)
    assert '<g id="legend"' in counting.documents[-1]                  # drawn again, whole
    data = picture.png(svg)
    assert data == whole(svg)
    img = pyvips.Image.new_from_buffer(data, "")
    assert tuple(img.getpoint(600, round(top + 7))[:3]) == (0xc0, 0x10, 0x2a)     # the spilled part is there


def test_a_document_without_a_marked_legend_is_drawn_whole():
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#abc"/></svg>'
    counting = Counting()
    index = bands.codes(svg, 40, counting)
    assert counting.documents == [svg] and (index.width, index.height) == (40, 30)
