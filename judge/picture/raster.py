"""SVG -> PNG with libvips (pyvips with its binary wheel: librsvg and every library it needs, from PyPI alone)."""
from __future__ import annotations

import os
import re
import sys
import threading
from importlib import resources

from judge import malloc

_FONTS = resources.files("judge.picture").joinpath("fonts")
FONT_FILES = tuple(str(_FONTS.joinpath(name)) for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"))
if sys.platform.startswith("linux") and "FONTCONFIG_FILE" not in os.environ \
        and not os.path.exists("/etc/fonts/fonts.conf"):
    # A machine without fontconfig's own files (a minimal container): give the wheel's fontconfig a config naming
    # only our fonts, or it complains on stderr that it has none. Set before libvips starts fontconfig.
    os.environ["FONTCONFIG_FILE"] = str(_FONTS.joinpath("fonts.conf"))

import pyvips  # noqa: E402

from judge.picture import bands, quantise  # noqa: E402

# No picture is drawn twice: libvips' operation cache would only hold on to old renders (about 60 MB in a daemon)
pyvips.cache_set_max(0)
# libvips' pixel buffers are given back to the system when freed (judge/malloc.py says why)
malloc.fix_mmap_threshold()
# The zlib level of a full-colour PNG: 3 writes about 5% more bytes than the default 6 and saves a tenth of the time
COMPRESSION = 3
# ... and of a palette PNG, a third the size: level 6 saves a fifth of its bytes for a few milliseconds
PALETTE_COMPRESSION = 6

_registered = False
_lock = threading.Lock()


def _register_fonts() -> None:
    """Give the wheel's own fontconfig the fonts shipped beside this module, once per process.

    A machine may have no fonts at all (a fresh container): libvips' text operation adds a font file to the
    fontconfig that librsvg also uses, so the picture's "DejaVu Sans" is always found, whatever is installed.
    """
    global _registered
    with _lock:
        if not _registered:
            for path in FONT_FILES:
                pyvips.Image.text(".", fontfile=path, font="DejaVu Sans")
            _registered = True


_WIDTH = re.compile(r'<svg\b[^>]*?\swidth="([0-9.]+)"')


def load(svg: str, width: int = 1200) -> pyvips.Image:
    """The SVG document `width` pixels wide (RGBA), to be drawn when its pixels are first read: libvips draws the
    whole document once, as one tile, and keeps that tile for every later read of the image."""
    _register_fonts()
    data = svg.encode("utf-8")
    # The document's own width, from its root element: asking libvips for it would parse the whole document once
    # more (librsvg reads all of it to give the size), a seventh of the time of a picture.
    found = _WIDTH.search(svg, 0, 4096)
    natural = float(found.group(1)) if found else pyvips.Image.svgload_buffer(data).width
    return pyvips.Image.svgload_buffer(data, scale=width / natural)


def render(svg: str, width: int = 1200) -> pyvips.Image:
    """The SVG document drawn `width` pixels wide, in memory (RGBA)."""
    return load(svg, width).copy_memory()


def png(svg: str, width: int = 1200, palette: bool = True) -> bytes:
    """PNG bytes of an SVG document scaled to `width` pixels wide.

    palette=True (the default): at most 256 colours, the picture's own (judge.picture.quantise), a third of the bytes
    of full colour and looking the same; palette=False: full colour (RGBA).
    """
    if palette:
        found = quantise.palette_of(svg)
        if found is not None:
            # read once, straight from the drawing (a copy of its 5.8 MB of RGBA first cost a tenth of a picture's
            # time), the legend key's rows from those kept for the map (judge.picture.bands)
            return quantise.encode(bands.codes(svg, width, load), *found, PALETTE_COMPRESSION)
        return quantise.png(load(svg, width), svg, PALETTE_COMPRESSION)
    return render(svg, width).write_to_buffer(".png", compression=COMPRESSION)
