"""The palette PNG: a valid 8-bit palette PNG (read here chunk by chunk, not by libvips), at most 100 KB for a crowded
board at 1200 px, and the same picture as full colour to the eye: every pixel close, flat colours exact."""
from __future__ import annotations

import struct
import zlib

import pytest
import pyvips

from judge import maps, picture
from judge.picture import quantise
from judge.position import initial_position
from tests.picture.scenes import adjudicated, request


def chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """The PNG's chunks, each CRC checked."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    out, at = [], 8
    while at < len(data):
        (n,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + n]
        assert struct.unpack(">I", data[at + 8 + n:at + 12 + n])[0] == zlib.crc32(kind + body), kind
        out.append((kind, body))
        at += 12 + n
    return out


def decode(data: bytes) -> tuple[int, int, list[tuple[int, int, int]], bytes]:
    """(width, height, palette, indices) of an 8-bit palette PNG without filters (what quantise writes)."""
    parts = chunks(data)
    kinds = [k for k, _ in parts]
    assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND" and kinds.index(b"PLTE") < kinds.index(b"IDAT")
    w, h, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", parts[0][1])
    assert (depth, colour_type, interlace) == (8, 3, 0)
    plte = dict(parts)[b"PLTE"]
    pal = [tuple(plte[i:i + 3]) for i in range(0, len(plte), 3)]
    assert 0 < len(pal) <= 256
    raw = zlib.decompress(b"".join(body for kind, body in parts if kind == b"IDAT"))
    assert len(raw) == h * (w + 1)
    rows = [raw[y * (w + 1):(y + 1) * (w + 1)] for y in range(h)]
    assert all(r[0] == 0 for r in rows)                      # filter type none on every row
    indices = b"".join(r[1:] for r in rows)
    assert max(indices) < len(pal)
    return w, h, pal, indices


@pytest.fixture(scope="module")
def midgame() -> str:
    m, before, outcome = adjudicated(request("midgame"))
    return picture.results_svg(m, before, outcome, game="a-long-game-name")


def test_a_crowded_results_picture_is_a_palette_png_of_at_most_100_kb(midgame):
    data = picture.png(midgame)
    w, h, pal, indices = decode(data)
    assert w == 1200 and len(data) <= 100 * 1024, len(data)
    assert len(data) < len(picture.png(midgame, palette=False)) / 2.5


def test_the_palette_picture_looks_like_the_full_colour_one(midgame):
    full = pyvips.Image.new_from_buffer(picture.png(midgame, palette=False), "")[0:3]
    w, h, pal, indices = decode(picture.png(midgame))
    mapped = bytes(v for i in indices for v in pal[i])
    small = pyvips.Image.new_from_memory(mapped, w, h, 3, "uchar")
    diff = (small.cast("int") - full.cast("int")).abs().bandmean()
    assert diff.avg() < 1.0                                  # on average, well under a level in 255
    assert (diff > 32).avg() / 255 < 0.001                   # and only a few edge pixels noticeably off
    # every colour the picture names (power colours, tints, sea, land, ink) is in the palette as itself
    assert set(quantise.colours_of(midgame)) <= set(pal)


def test_each_power_of_chaos_keeps_its_own_colour():
    m = maps.load("chaos")
    svg = picture.position_svg(m, initial_position(m))
    _, _, pal, indices = decode(picture.png(svg))
    used = {pal[i] for i in set(indices)}
    named = quantise.colours_of(svg)
    assert len(named) > 100 and set(named) <= set(pal)
    # the colour of each power's chip in the legend is drawn, as itself
    from judge.picture.style import power_styles
    for st in power_styles(m).values():
        assert quantise._rgb(st.colour[1:]) in used, st.name


def test_pictures_naming_the_same_colours_in_another_order_share_one_palette():
    """The palette (and so the kept table, whose filling costs a new palette's first picture about a third more)
    depends on which colours a picture names, not on the order its elements come in."""
    named = ["#c2d9e8", "#f3ecd8", "#b8312f", "#2b3d8f", "#fff", "#3b8fd6"]

    def svg(colours):          # each colour in its own place, whatever the order of the elements
        rects = "".join(f'<circle cx="{named.index(c.lower()) * 10 + 5 if c.lower() in named else 95}" cy="5" '
                        f'r="4.5" fill="{c}"/>' for c in colours)
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="100" height="10">{rects}</svg>'
    one, other = quantise.palette_of(svg(named)), quantise.palette_of(svg(named[::-1] + ["#B8312F"]))
    assert one == other and one[1] == 2 + 5                   # white and black first, then the five others once
    assert quantise.palette_of(svg(named + ["#123456"])) != one
    # the same picture drawn from elements in another order: the same PNG, byte for byte
    assert picture.png(svg(named), 100) == picture.png(svg(named[::-1]), 100)


def test_a_picture_of_more_than_256_colours_is_still_drawn():
    rects = "".join(f'<rect x="{i % 20 * 10}" y="{i // 20 * 10}" width="10" height="10" '
                    f'fill="#{i // 2:02x}{i % 7 * 30:02x}80"/>' for i in range(300))
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="200" height="150">{rects}</svg>'
    assert len(quantise.colours_of(svg)) > 256
    data = picture.png(svg, 200)
    img = pyvips.Image.new_from_buffer(data, "")
    assert img.width == 200 and dict(chunks(data))[b"IHDR"][9] == 3


def test_the_table_looks_up_each_colour_when_it_first_turns_up_and_keeps_it():
    """A table kept from earlier pictures looks up the colours a new picture brings (and only those); each entry is
    the nearest palette colour to its cell's centre (found here by trying every palette colour) or, for a colour the
    picture names, that colour itself."""
    import random
    named = [(255, 255, 255), (0, 0, 0), (200, 49, 43), (39, 55, 140), (243, 236, 216)]
    pal = quantise.palette(named)
    cells = 1 << (3 * quantise.BITS)
    rng = random.Random(5)
    first, later = rng.sample(range(cells // 2), 300), rng.sample(range(cells // 2), 300)

    def marked(indices, length=cells) -> bytes:
        out = bytearray(length)
        for i in indices:
            out[i] = 255                                     # as hist_find > 0 marks them
        return bytes(out)

    table = quantise._Table(pal, len(named))
    table.fill(marked(first))
    seen = []
    table.nearest_all = lambda cells, find=table.nearest_all: seen.extend(cells) or find(cells)
    lut = table.fill(marked(first + later, cells // 2 + 1))  # (a histogram ends at the highest colour present)
    assert sorted(seen) == sorted(set(later) - set(first) - {quantise._Table.index(c) for c in named})

    shift, half, w = 8 - quantise.BITS, 1 << (7 - quantise.BITS), (2, 4, 3)
    exact = {quantise._Table.index(c): c for c in reversed(named)}
    for i in set(first + later):
        got = pal[lut[i]]
        if i in exact:
            assert got == exact[i]
            continue
        centre = [((i >> (2 * quantise.BITS)) << shift) + half, (((i >> quantise.BITS) & 31) << shift) + half,
                  ((i & 31) << shift) + half]
        dist = [sum(k * (a - b) ** 2 for k, a, b in zip(w, c, centre)) for c in pal]
        assert dist[lut[i]] == min(dist), i


@pytest.mark.parametrize("count", [40, 3000])
def test_the_nearest_colours_of_many_cells_at_once_are_those_found_one_by_one(count):
    """A new palette brings thousands of colours, looked up together by libvips (a few, one by one in Python): both
    find the same entry, the nearest (of those as near, the first: a picture's bytes never depend on which way its
    colours were looked up before), whatever the palette's size (padded to 256 for libvips)."""
    import random
    for named in ([(255, 255, 255), (0, 0, 0), (200, 49, 43), (39, 55, 140), (243, 236, 216)],
                  [(255, 255, 255), (0, 0, 0), (194, 217, 232)]):
        pal = quantise.palette(named)
        pal = pal[:len(pal) - 7]                             # not a power of two
        table = quantise._Table(pal, len(named))
        cells = random.Random(count).sample(range(1 << (3 * quantise.BITS)), count)
        found = table.nearest_all(cells)
        assert len(found) == count and max(found) < len(pal)
        shift, half, w = 8 - quantise.BITS, 1 << (7 - quantise.BITS), (2, 4, 3)
        for i, k, one in zip(cells, found, (table.nearest(i) for i in cells)):
            centre = [((i >> (2 * quantise.BITS)) << shift) + half, (((i >> quantise.BITS) & 31) << shift) + half,
                      ((i & 31) << shift) + half]
            dist = [sum(f * (a - b) ** 2 for f, a, b in zip(w, c, centre)) for c in pal]
            assert k == one and dist[k] == min(dist) and dist.index(min(dist)) == k, i
