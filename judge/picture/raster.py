"""SVG -> PNG with libvips (pyvips with its binary wheel: librsvg and every library it needs, from PyPI alone)."""
from __future__ import annotations

import os
import sys
import threading
from importlib import resources

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
MMAP_THRESHOLD = 128 * 1024     # glibc's own starting value, kept fixed


def _fix_mmap_threshold() -> bool:
    """Keep glibc's mmap threshold fixed, so that every block of 128 KB or more (libvips' pixel buffers: a
    1200-pixel picture is 6 MB) is mapped on its own and given back to the system when freed.

    By default glibc raises the threshold each time such a block is freed (up to 32 MB): the next ones then come
    from the heap of the thread that draws, and each of the daemon's worker threads has a heap of its own that
    keeps what it once held. `judge serve` drawing PNG results grew from 180 to 230 MB in three minutes (15 MB a
    minute, the Python objects flat under tracemalloc); with the threshold fixed it stays near 85 MB. An operator's
    own MALLOC_MMAP_THRESHOLD_ is left alone. Returns whether the setting was made."""
    if not sys.platform.startswith("linux") or "MALLOC_MMAP_THRESHOLD_" in os.environ:
        return False
    import ctypes
    try:
        libc = ctypes.CDLL(None)
        libc.gnu_get_libc_version                       # glibc only (musl's mallopt does nothing)
    except (OSError, AttributeError):
        return False
    M_MMAP_THRESHOLD = -3
    return bool(libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))


_fix_mmap_threshold()
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
