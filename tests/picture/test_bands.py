"""The legend's key drawn once and kept: a results PNG whose key rows come from the kept band is byte for byte the PNG
of the whole document drawn at once, for movement, retreats and adjustments, on a map of 34 powers too; the key is
drawn once for all the pictures of a map; a picture with something else in the key's rows is drawn whole."""
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
    assert '<g id="legend-key" data-top="' in svg
    bands._kept.clear()
    first, again = picture.png(svg), picture.png(svg)      # the key drawn, then taken from what was kept
    assert first == again == whole(svg)


def test_a_map_of_34_powers_keeps_its_key_under_six_rows_of_powers_too():
    m = maps.load("chaos")
    svg = picture.position_svg(m, initial_position(m), game="chaos")
    if quantise.palette_of(svg) is None:
        pytest.skip("more than 256 colours: drawn whole, the slow way")
    counting = Counting()
    index = bands.codes(svg, 1200, counting)
    assert len(counting.documents) in (1, 2) and '<g id="legend-key"' not in counting.documents[0]
    assert picture.png(svg) == whole(svg)
    assert (index == quantise.codes(raster.load(svg, 1200))).min() == 255


def test_the_key_is_drawn_once_for_every_picture_of_the_map():
    """Pictures of other phases, counts and games share the key: after the first, each draws only itself; the key
    is drawn alone, in a document of its own rows (not the whole page)."""
    bands._kept.clear()
    counting = Counting()
    first = bands.codes(results("midgame", "one"), 1200, counting)
    assert len(counting.documents) == 2                                # the picture without its key, the key
    picture_doc, key_doc = counting.documents
    assert '<g id="legend-key"' not in picture_doc and '<g id="legend-powers">' in picture_doc
    assert '<g id="title">' not in key_doc and '<g id="legend-powers">' not in key_doc
    band = bands._kept[next(iter(bands._kept))]
    assert band.height < first.height / 8                               # the key's rows only
    for scene, game in (("winter", "two"), ("retreats", "three"), ("s1901", "one")):
        counting.documents.clear()
        bands.codes(results(scene, game), 1200, counting)
        assert len(counting.documents) == 1 and '<g id="legend-key"' not in counting.documents[0]
    assert len(bands._kept) == 1


def test_a_picture_with_something_else_in_the_key_rows_is_drawn_whole():
    svg = results("midgame")
    top = float(re.search(r'<g id="legend-key" data-top="([0-9.]+)"', svg).group(1))
    # a mark of the map's drawn far below its frame, into the key's rows (in map units: 56 below the page's top)
    spill = f'<circle cx="600" cy="{top - 56 + 3}" r="8" fill="#c0102a"/>'
    svg = svg.replace('\n<g id="marks">', f"\n<g id=\"marks\">{spill}", 1)
    counting = Counting()
    bands.codes(svg, 1200, counting)
    assert '<g id="legend-key"' in counting.documents[-1]              # drawn again, whole
    data = picture.png(svg)
    assert data == whole(svg)
    img = pyvips.Image.new_from_buffer(data, "")
    assert tuple(img.getpoint(600, round(top + 7))[:3]) == (0xc0, 0x10, 0x2a)     # the stray mark is there


def test_a_document_without_a_marked_legend_is_drawn_whole():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30">'
           '<rect width="40" height="30" fill="#abc"/></svg>')
    counting = Counting()
    index = bands.codes(svg, 40, counting)
    assert counting.documents == [svg] and (index.width, index.height) == (40, 30)
