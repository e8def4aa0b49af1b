"""The key under the legend (the rule and the symbols it explains) drawn once for each map and kept: a picture draws
only the rest.

The key is the same on every picture of a map (the powers' chips and counts above it change with the position), yet
drawing it was about a tenth of a picture's rasterising. The SVG's key group (`<g id="legend-key" data-top="...">`:
nothing else is drawn below data-top) is drawn alone, in a document of just those rows, and kept as colour codes
(judge.picture.quantise.codes), named by its own markup and the document's head; a picture is drawn without it and
those rows are put in its place: the same pixels as drawing the whole document. Where something else reaches below
data-top (a map drawn to the very bottom of its page), those rows are not blank, and the whole document is drawn.
"""
from __future__ import annotations

import re
import threading
from collections import OrderedDict
from typing import Callable

import pyvips

from judge.picture import quantise

_KEY = re.compile(r'<g id="legend-key" data-top="([0-9.]+)">')
_GROUP = re.compile(r"<g\b|</g>")
_FIRST = '<g id="title">'          # the picture's first layer: before it, the document's head (style, defs, page)
_TITLE = re.compile(r"<title>[^<]*</title>\n?")
_ROOT = re.compile(r'(<svg\b[^>]*?\swidth=")([0-9.]+)("[^>]*?\sheight=")([0-9.]+)("[^>]*?\sviewBox=")'
                   r'0 0 [0-9.]+ [0-9.]+(")')
KEPT = 8                           # keys kept (one a map and width; about 200 KB each at 1200 px)

Loader = Callable[[str, int], pyvips.Image]

_kept: OrderedDict[tuple[str, str, int], pyvips.Image] = OrderedDict()
_lock = threading.Lock()


def codes(svg: str, width: int, load: Loader) -> pyvips.Image:
    """The colour codes of the SVG drawn `width` pixels wide (`load` reads a document, as judge.picture.raster.load
    does), the key's rows from those kept for it."""
    def whole() -> pyvips.Image:
        return quantise.codes(load(svg, width))
    found = _KEY.search(svg)
    head_end = svg.find(_FIRST)
    end = _group_end(svg, found.start()) if found else -1
    root = _ROOT.search(svg, 0, head_end)
    if found is None or end < 0 or root is None or not 0 <= head_end < found.start():
        return whole()
    scale = width / float(root.group(2))
    cut = int(float(found.group(1)) * scale)             # the key's first row of pixels
    index = quantise.codes(load(svg[:found.start()] + svg[end:], width))
    if not 0 < cut < index.height:
        return whole()
    below = index.crop(0, cut, index.width, index.height - cut)
    if below.min() != below.max():
        return whole()                                   # something else is drawn in the key's rows: draw it whole
    band = _band(_TITLE.sub("", svg[:head_end], count=1), svg[found.start():end], width, cut / scale, load)
    if (band.width, band.height) != (index.width, index.height - cut):
        return whole()
    return index.crop(0, 0, index.width, cut).join(band, "vertical")


def _group_end(svg: str, start: int) -> int:
    """Where the group that opens at `start` ends (just after its </g>), or -1."""
    depth = 0
    for tag in _GROUP.finditer(svg, start):
        depth += 1 if tag.group(0) == "<g" else -1
        if depth == 0:
            return tag.end()
    return -1


def _band(head: str, key: str, width: int, top: float, load: Loader) -> pyvips.Image:
    """The key drawn alone on the page, from `top` (picture units, on a row of pixels) down: kept."""
    name = (head, key, width)
    with _lock:
        band = _kept.get(name)
        if band is not None:
            _kept.move_to_end(name)
            return band

    def rows(root: re.Match) -> str:                  # the document's page from `top` down
        height = float(root.group(4)) - top
        return f'{root.group(1)}{root.group(2)}{root.group(3)}{height!r}{root.group(5)}0 {top!r} {root.group(2)} ' \
               f'{height!r}{root.group(6)}'
    band = quantise.codes(load(_ROOT.sub(rows, head, count=1) + key + "\n</svg>\n", width))
    with _lock:
        _kept[name] = band
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return band
