"""SVG -> PNG with libvips (pyvips with its binary wheel: librsvg and every library it needs, from PyPI alone)."""
from __future__ import annotations

import os
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

# No picture is drawn twice: libvips' operation cache would only hold on to old renders (about 60 MB in a daemon)
pyvips.cache_set_max(0)
# libvips' pixel buffers are given back to the system when freed (judge/malloc.py says why)
malloc.fix_mmap_threshold()
# The PNG encoder's zlib level: 3 writes about 5% more bytes than the default 6 and saves a tenth of the time
COMPRESSION = 3

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


def png(svg: str, width: int = 1200, palette: bool = False) -> bytes:
    """PNG bytes of an SVG document scaled to `width` pixels wide.

    palette=True quantises to at most 256 colours: about a third of the bytes, three times the time.
    """
    _register_fonts()
    data = svg.encode("utf-8")
    natural = pyvips.Image.svgload_buffer(data)           # reads the header only: the size at scale 1
    image = pyvips.Image.svgload_buffer(data, scale=width / natural.width)
    if palette:
        return image.write_to_buffer(".png", palette=True, Q=90, effort=4)
    return image.write_to_buffer(".png", compression=COMPRESSION)
