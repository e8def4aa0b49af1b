"""The legend under the map drawn once for each distinct legend, and kept: a results picture draws only the rest.

The legend (each power's chip and counts, then the key to every symbol) is a band of its own below the map's frame,
the same for every phase of a year (its counts change when centres do), yet drawing it was a sixth of a picture's
rasterising. The SVG's legend group (`<g id="legend" data-top="...">`, data-top the map's bottom edge) is drawn
alone on the same page once and kept as colour codes (judge.picture.quantise.codes), keyed by its own markup and the
document's head; a picture is drawn without it and those rows put in its place: the same pixels as drawing the
whole document, since nothing else is drawn there. Where something of the map reaches below its frame (a token or
label at the bottom edge), the rows are not blank and the whole document is drawn as it is.
"""
from __future__ import annotations

import re
import threading
from collections import OrderedDict
from typing import Callable

import pyvips

from judge.picture import quantise

_LEGEND = re.compile(r'<g id="legend" data-top="([0-9.]+)">')
_FIRST = '<g id="title">'          # the picture's first layer: before it, the document's head (style, defs, page)
_TITLE = re.compile(r"<title>[^<]*</title>\n?")
MARGIN = 3.0                       # the band starts this far below the map's frame (its stroke reaches 0.6 down)
KEPT = 12                          # legends kept (a band of 1200 px is about 350 KB of codes)

Loader = Callable[[str, int], pyvips.Image]

_kept: OrderedDict[tuple[str, str, int], pyvips.Image] = OrderedDict()
_lock = threading.Lock()


def codes(svg: str, width: int, load: Loader) -> pyvips.Image:
    """The colour codes of the SVG drawn `width` pixels wide (`load` reads a document, as judge.picture.raster.load
    does), its legend's rows from the band kept for that legend."""
    found = _LEGEND.search(svg)
    end, head_end = svg.rfind("</svg>"), svg.find(_FIRST)
    if found is None or not 0 <= head_end < found.start() < end:
        return quantise.codes(load(svg, width))
    start = found.start()
    image = load(svg[:start] + svg[end:], width)
    cut = int((float(found.group(1)) + MARGIN) * image.width / _natural_width(svg, image.width))
    index = quantise.codes(image)
    if not 0 < cut < index.height:
        return quantise.codes(load(svg, width))
    below = index.crop(0, cut, index.width, index.height - cut)
    if below.min() != below.max():
        return quantise.codes(load(svg, width))          # the map reaches into the legend's rows: draw it whole
    head = _TITLE.sub("", svg[:head_end], count=1)        # the document's title is not drawn: any title will do
    band = _band(head, svg[start:end], width, cut, load)
    if band.height != index.height - cut or band.width != index.width:
        return quantise.codes(load(svg, width))
    return index.crop(0, 0, index.width, cut).join(band, "vertical")


_ROOT_WIDTH = re.compile(r'<svg\b[^>]*?\swidth="([0-9.]+)"')


def _natural_width(svg: str, default: float) -> float:
    found = _ROOT_WIDTH.search(svg, 0, 4096)
    return float(found.group(1)) if found else default


def _band(head: str, legend: str, width: int, cut: int, load: Loader) -> pyvips.Image:
    """The legend's rows from `cut` down, drawn alone on the page (kept)."""
    key = (head, legend, width)
    with _lock:
        band = _kept.get(key)
        if band is not None:
            _kept.move_to_end(key)
            return band
    whole = quantise.codes(load(head + legend + "</svg>\n", width))
    band = whole.crop(0, cut, whole.width, whole.height - cut).copy_memory()
    with _lock:
        _kept[key] = band
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return band
