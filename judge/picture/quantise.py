"""A 256-colour PNG of a board picture, fast: the picture's own colours (and blends of them) as the palette.

A board picture is flat colours (those its SVG names) with anti-aliased edges between them, so a palette of those
colours and of blends between them and the colours things are drawn over looks the same as full colour and takes
about a third of the bytes. Mapping each pixel to that palette goes through a table from 15-bit colour (5 bits a
channel) to palette index, filled in as colours turn up and kept per palette: a few vips operations per picture,
where libimagequant's search for a palette takes about three times as long again as drawing the picture.
"""
from __future__ import annotations

import bisect
import re
import struct
import threading
import zlib
from collections import OrderedDict

import pyvips

BITS = 5                                   # bits a channel in the table's index: 32,768 entries
_SHIFT = 8 - BITS
_HALF = 1 << (_SHIFT - 1)
# red, green and blue -> their bits of the table's index, one band each (OR-ed together: the index)
_LUT = pyvips.Image.new_from_list([[(v >> _SHIFT) << (2 * BITS) for v in range(256)]]).cast("ushort").bandjoin([
    pyvips.Image.new_from_list([[(v >> _SHIFT) << BITS for v in range(256)]]).cast("ushort"),
    pyvips.Image.new_from_list([[v >> _SHIFT for v in range(256)]]).cast("ushort")])
# What the picture's elements are mostly drawn over (besides their own colours): white halos and casings, the land,
# the sea, the page, the ink and the borders. Blends of every colour with these fill the rest of the palette.
PARTNERS = ("#ffffff", "#f3ecd8", "#c2d9e8", "#fbf9f4", "#222222", "#7a7466")
BLENDS = (0.5, 0.25, 0.75)
# red, green and blue weights of the colour distance (green counts most, as the eye sees it)
_W = (2, 4, 3)
_COLOUR = re.compile(r"#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b")
_NONZERO = bytes([0] + [1] * 255)          # bytes.translate: any byte but 0 -> 1
MAX_TABLES = 32                            # palettes whose tables are kept, about 90 KB each (1,602 real pictures: 26)
_BATCH = 256                               # colours from which nearest_all asks libvips (its ~35 calls cost ~15 ms)
_OFFSET = 2 * sum(_W) * 255 * 255          # makes every score of nearest_all positive

Colour = tuple[int, int, int]


def _rgb(text: str) -> Colour:
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def colours_of(svg: str) -> list[Colour]:
    """The colours an SVG names (#rrggbb or #rgb), white and black (the default fill) first, then the others in
    order of their values: pictures that name the same colours, in whatever order their elements come, get one
    palette, and so share one table (150 pictures of real games: 97 palettes in order of appearance, 18 so)."""
    first = [(255, 255, 255), (0, 0, 0)]
    return first + sorted({_rgb(m) for m in _COLOUR.findall(svg)}.difference(first))


def palette(colours: list[Colour]) -> list[Colour] | None:
    """The picture's colours, then blends of each with what it is drawn over, up to 256; None when the picture
    names more than 256 colours itself (it is then quantised the slow way)."""
    if len(colours) > 256:
        return None
    out = list(colours)
    seen = set(out)
    partners = [_rgb(p[1:]) for p in PARTNERS]
    for t in BLENDS:
        for a in colours:
            for b in partners:
                c = (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))
                if c not in seen:
                    if len(out) == 256:
                        return out
                    seen.add(c)
                    out.append(c)
    return out


class _Table:
    """15-bit colour -> palette index, each entry found when a picture first has that colour."""

    def __init__(self, pal: list[Colour], exact: int) -> None:
        self.pal = pal
        self.lut = bytearray(1 << (3 * BITS))
        self.known = bytearray(1 << (3 * BITS))
        # nearest-colour search: the palette sorted by weighted green, scanned outwards from the colour's own
        self.order = sorted(range(len(pal)), key=lambda k: pal[k][1])
        self.greens = [pal[k][1] for k in self.order]
        # a colour the picture names is drawn as itself: its own entry, whatever lies nearer its cell's centre
        for k in reversed(range(exact)):
            c = pal[k]
            i = self.index(c)
            self.lut[i], self.known[i] = k, 1
        self.lock = threading.Lock()

    @staticmethod
    def index(c: Colour) -> int:
        return ((c[0] >> _SHIFT) << (2 * BITS)) | ((c[1] >> _SHIFT) << BITS) | (c[2] >> _SHIFT)

    def nearest(self, i: int) -> int:
        """The palette entry nearest the centre of cell i; of those as near, the first in the palette (as
        nearest_all finds it: a picture is the same whichever way its colours were looked up)."""
        r = ((i >> (2 * BITS)) << _SHIFT) + _HALF
        g = (((i >> BITS) & ((1 << BITS) - 1)) << _SHIFT) + _HALF
        b = ((i & ((1 << BITS) - 1)) << _SHIFT) + _HALF
        pal, order, greens = self.pal, self.order, self.greens
        best, found = 1 << 30, 0
        hi = bisect.bisect_left(greens, g)
        lo = hi - 1
        while lo >= 0 or hi < len(order):
            for j in (lo, hi):
                if 0 <= j < len(order):
                    c = pal[order[j]]
                    d = _W[0] * (c[0] - r) ** 2 + _W[1] * (c[1] - g) ** 2 + _W[2] * (c[2] - b) ** 2
                    if d < best or (d == best and order[j] < found):
                        best, found = d, order[j]
            gap = min(g - greens[lo] if lo >= 0 else 1 << 10, greens[hi] - g if hi < len(order) else 1 << 10)
            if _W[1] * gap * gap > best:
                break
            lo, hi = lo - 1, hi + 1
        return found

    def nearest_all(self, cells: list[int]) -> list[int]:
        """nearest() of each cell, found for all of them at once by libvips (a new palette brings a couple of
        thousand colours: one by one in Python they took 70 ms, a third of a picture).

        The weighted distance from a cell's centre c to a palette colour p, less the part that is c's alone, is
        sum(w p^2) - 2 sum(w c p): a matrix product and a row added. Each of those scores (whole numbers), shifted
        to be positive, times 256, plus p's index, gives one number per pair whose least in a row of the palette
        names the nearest colour (the first, where two are as near); rows are halved with minpair until one is
        left.
        """
        if len(cells) < _BATCH or len(self.pal) < 2:
            return [self.nearest(i) for i in cells]
        mask = (1 << BITS) - 1
        values = [v for i in cells for v in (((i >> (2 * BITS)) << _SHIFT) + _HALF,
                                             (((i >> BITS) & mask) << _SHIFT) + _HALF, ((i & mask) << _SHIFT) + _HALF)]
        centres = pyvips.Image.new_from_memory(struct.pack(f"={len(values)}d", *values), 3, len(cells), 1, "double")
        n, size = len(cells), 1 << (len(self.pal) - 1).bit_length()           # a power of two: halved evenly
        pal = self.pal + [self.pal[0]] * (size - len(self.pal))               # (the padding never wins a tie)
        across = pyvips.Image.new_from_list([[-2 * _W[k] * c[k] for c in pal] for k in range(3)])
        own = pyvips.Image.new_from_list([[sum(w * v * v for w, v in zip(_W, c)) for c in pal]])
        column = pyvips.Image.xyz(size, n)[0]
        score = ((centres.matrixmultiply(across) + own.replicate(1, n) + _OFFSET) * 256 + column).cast("double")
        score = score.copy_memory()
        while score.width > 1:                  # (each half kept: else every level would draw the one below twice)
            half = score.width // 2
            score = score.crop(0, 0, half, n).minpair(score.crop(half, 0, half, n)).copy_memory()
        return [int(v) % 256 for v in struct.unpack(f"={n}d", score.write_to_memory())]

    def fill(self, present: bytes) -> bytes:
        """The table, with an entry for every 15-bit colour marked in `present` (one byte each, 0 or not)."""
        with self.lock:
            # Colours present and not yet known, as the set bits of one big number: a picture of a board already
            # drawn usually brings none, and looking at the 32,768 entries one by one in Python took 6 ms.
            new = int.from_bytes(present.translate(_NONZERO), "little") & ~int.from_bytes(self.known, "little")
            if new:
                todo = new.to_bytes(len(present), "little")     # 1 where a colour is to be looked up
                cells = []
                i = todo.find(1)
                while i >= 0:
                    cells.append(i)
                    i = todo.find(1, i + 1)
                for i, k in zip(cells, self.nearest_all(cells)):
                    self.lut[i], self.known[i] = k, 1
            return bytes(self.lut)


_tables: OrderedDict[tuple[Colour, ...], _Table] = OrderedDict()
_tables_lock = threading.Lock()


def _table(pal: list[Colour], exact: int) -> _Table:
    key = tuple(pal)
    with _tables_lock:
        table = _tables.get(key)
        if table is None:
            table = _tables[key] = _Table(pal, exact)
            while len(_tables) > MAX_TABLES:
                _tables.popitem(last=False)
        _tables.move_to_end(key)
        return table


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def palette_of(svg: str) -> tuple[list[Colour], int] | None:
    """The SVG's palette and how many of its first entries the SVG names itself; None past 256 named colours."""
    colours = colours_of(svg)
    pal = palette(colours)
    return None if pal is None else (pal, len(colours))


def codes(image: pyvips.Image) -> pyvips.Image:
    """Each pixel's colour to 5 bits a channel, as one 15-bit number (ushort), in memory: the key to the palette."""
    return image.extract_band(0, n=3).maplut(_LUT).bandbool("or").copy_memory()


def encode(index: pyvips.Image, pal: list[Colour], exact: int, compression: int = 6) -> bytes:
    """The 8-bit palette PNG of a picture's colour codes (judge.picture.quantise.codes) in the palette `pal`, whose
    first `exact` colours are drawn as themselves."""
    return palette_png(indices(index, pal, exact), pal, compression)


def indices(index: pyvips.Image, pal: list[Colour], exact: int) -> pyvips.Image:
    """Each pixel's entry in the palette `pal` (uchar), from the picture's colour codes."""
    table = _table(pal, exact)
    present = bytes((index.hist_find() > 0).write_to_memory())    # a byte per colour up to the highest present
    lut = pyvips.Image.new_from_memory(table.fill(present), 1 << (3 * BITS), 1, 1, "uchar")
    return index.maplut(lut)


def palette_png(entries: pyvips.Image, pal: list[Colour], compression: int = 6) -> bytes:
    """The 8-bit palette PNG of an image of palette entries (uchar) in the palette `pal`."""
    grey = entries.write_to_buffer(".png", compression=compression, filter="none", keep="none")
    # An 8-bit grey PNG's pixel data is byte for byte that of an 8-bit palette PNG: say so in the header and add the
    # palette.
    assert grey[:8] == b"\x89PNG\r\n\x1a\n" and grey[12:16] == b"IHDR"
    ihdr = bytearray(grey[16:29])
    ihdr[9] = 3                                     # colour type 3: palette indices
    plte = bytes(v for c in pal for v in c)
    return grey[:8] + _chunk(b"IHDR", bytes(ihdr)) + _chunk(b"PLTE", plte) + grey[33:]


def png(image: pyvips.Image, svg: str, compression: int = 6) -> bytes:
    """An RGB(A) rendering of `svg` as an 8-bit palette PNG, its palette from the SVG's colours."""
    found = palette_of(svg)
    if found is None:
        return image.write_to_buffer(".png", palette=True, effort=1, dither=0, compression=compression)
    return encode(codes(image), *found, compression)
