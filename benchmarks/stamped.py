#!/usr/bin/env python3
"""A results picture drawn from kept pieces: what the pictures' 0.7 would need, measured before it is built.

    pip install numpy                      # not a dependency of the judge: this prototype's compositing needs it
    python benchmarks/stamped.py [--pictures 40] [--seed 1901]

The judge draws every phase's picture whole with librsvg (about 45 ms of CPU), then quantises and encodes it (about
30 ms). This prototype draws the same SVG from pieces kept between pictures: each element of the layers (the page,
the provinces as one piece, each centre, each order, each label, each unit, each mark, the legend's parts) is drawn
once by librsvg alone on its own bounding box and kept, keyed by its markup; a picture lays its pieces over the page
in document order (numpy, "over"), then takes colour codes, palette indices and the PNG. Printed: CPU per picture
cold (nothing kept) and warm (pictures of other random Spring 1901 games drawn before: their pieces kept), how many
pieces each drew anew, and how far its pixels are from the judge's own PNG of the same SVG.

Spring 1901 games with random orders (the mail benchmark's order table), as `benchmarks/mail.py --process` makes
them, then the four scenes of tests/picture/scenes.py. Not the judge's code: a measurement of a design.
"""
from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))

try:
    import numpy as np
except ImportError:
    raise SystemExit("benchmarks/stamped.py needs numpy: pip install numpy")

import pyvips  # noqa: E402

from judge import picture  # noqa: E402
from judge.picture import quantise, raster  # noqa: E402
from mail import ORDERS  # noqa: E402

# Groups whose children are pieces of their own; every other element (a group too) is one piece.
CONTAINERS = {"map", "centres", "orders", "labels", "units", "dislodged", "marks", "legend"}
_TAG = re.compile(r"<(/?)([a-zA-Z]+)\b([^>]*?)(/?)>")
_ID = re.compile(r'\bid="([^"]+)"')
_ROOT = re.compile(r'<svg\b[^>]*>')
LOW = 8                                  # the bounding box is found on a drawing at 1/LOW scale
MARGIN = 8                               # pixels round it
TILE = 64                                # a kept piece is its tiles with something drawn


def pieces(svg: str) -> tuple[str, str, list[str]]:
    """(head up to </defs>, the root's open tag, each piece's markup wrapped in its ancestors' open and close tags)."""
    end = svg.index("</defs>") + len("</defs>")
    head, root = svg[:end], _ROOT.search(svg).group(0)
    out: list[str] = []
    stack: list[tuple[str, str]] = []          # (tag, open tag) of the containers we are inside
    i = end
    while True:
        m = _TAG.search(svg, i)
        if m is None or m.group(2) == "svg":
            break
        closing, name, attrs, empty = m.group(1), m.group(2), m.group(3), m.group(4)
        if closing:
            stack.pop()
            i = m.end()
            continue
        ident = _ID.search(attrs)
        if name == "g" and ident and ident.group(1) in CONTAINERS:
            stack.append((name, m.group(0)))
            i = m.end()
            continue
        stop = m.end() if empty else _close(svg, m.start(), name)
        wrap_open = "".join(t for _, t in stack)
        out.append(wrap_open + svg[m.start():stop] + "</g>" * len(stack))
        i = stop
    return head, root, out


def _close(svg: str, start: int, name: str) -> int:
    depth = 0
    for m in re.finditer(rf"<(/?){name}\b[^>]*?(/?)>", svg[start:]):
        if m.group(2):
            continue
        depth += -1 if m.group(1) else 1
        if depth == 0:
            return start + m.end()
    raise ValueError(f"unclosed <{name}>")


class Pieces:
    """Each piece drawn once, on its own bounding box, and kept as its tiles with something drawn in them."""

    def __init__(self) -> None:
        self.kept: dict[str, list | None] = {}
        self.drawn = 0

    def get(self, head: str, root: str, piece: str, width: int, height: float) -> list | None:
        """The piece's tiles (x, y, colour times alpha, 255 - alpha), drawn the first time it is asked for."""
        key = piece
        if key in self.kept:
            return self.kept[key]
        self.drawn += 1
        body = head[head.index(root) + len(root):] + piece + "</svg>"
        low = pyvips.Image.svgload_buffer((_root(root, width // LOW, height / LOW, 0, 0, width, height) + body)
                                          .encode())
        alpha = np.frombuffer(low.extract_band(3).write_to_memory(), np.uint8).reshape(low.height, low.width)
        ys, xs = np.nonzero(alpha)
        if len(xs) == 0:
            self.kept[key] = None
            return None
        x0, y0 = max(int(xs.min()) * LOW - MARGIN, 0), max(int(ys.min()) * LOW - MARGIN, 0)
        x1 = min((int(xs.max()) + 1) * LOW + MARGIN, width)
        y1 = min((int(ys.max()) + 1) * LOW + MARGIN, int(height + 0.999))
        img = pyvips.Image.svgload_buffer((_root(root, x1 - x0, y1 - y0, x0, y0, x1 - x0, y1 - y0) + body).encode())
        rgba = np.frombuffer(img.write_to_memory(), np.uint8).reshape(img.height, img.width, 4).astype(np.uint16)
        tiles = []                           # only the tiles with something drawn: a frame's rectangle is mostly air
        for ty in range(0, rgba.shape[0], TILE):
            for tx in range(0, rgba.shape[1], TILE):
                t = rgba[ty:ty + TILE, tx:tx + TILE]
                a = t[:, :, 3:4]
                if a.any():
                    tiles.append((x0 + tx, y0 + ty, t[:, :, :3] * a, 255 - a))
        self.kept[key] = tiles or None
        return self.kept[key]


def _root(root: str, w: float, h: float, x: float, y: float, vw: float, vh: float) -> str:
    root = re.sub(r'\swidth="[0-9.]+"', f' width="{w}"', root, count=1)
    root = re.sub(r'\sheight="[0-9.]+"', f' height="{h}"', root, count=1)
    return re.sub(r'\sviewBox="[^"]*"', f' viewBox="{x} {y} {vw} {vh}"', root, count=1)


def draw(svg: str, kept: Pieces, bases: dict) -> tuple[bytes, np.ndarray]:
    """The PNG of the SVG from kept pieces, and its RGB pixels."""
    head, root, parts = pieces(svg)
    width = int(float(re.search(r'\swidth="([0-9.]+)"', root).group(1)))
    height = float(re.search(r'\sheight="([0-9.]+)"', root).group(1))
    h = int(height + 0.999)
    # The board under everything (the page and the provinces: the first pieces up to the provinces), kept whole
    # with its colour codes and which codes it has.
    first = next((i for i, p in enumerate(parts) if 'id="provinces"' in p[:200]), 0) + 1
    key = (head, *parts[:first])
    base = bases.get(key)
    if base is None:
        canvas16 = np.zeros((h, width, 3), np.uint16)
        for piece in parts[:first]:
            for tile in kept.get(head, root, piece, width, height) or ():
                _over(canvas16, tile)
        rgb8 = canvas16.astype(np.uint8)
        c = _codes(rgb8)
        base = bases[key] = (rgb8, c, np.bincount(c.ravel(), minlength=1 << 15) > 0)
    rgb, codes, present = base[0].copy(), base[1].copy(), base[2].copy()
    for piece in parts[first:]:
        for x0, y0, pa, inv in kept.get(head, root, piece, width, height) or ():
            region = rgb[y0:y0 + pa.shape[0], x0:x0 + pa.shape[1]]
            r16 = region.astype(np.uint16)
            r16 *= inv
            r16 += pa
            r16 += 127
            r16 //= 255
            region[...] = r16
            c = _codes(region)
            codes[y0:y0 + pa.shape[0], x0:x0 + pa.shape[1]] = c
            present[c] = True               # (a code drawn over later stays marked: one more table entry, no harm)
    pal, exact = quantise.palette_of(svg)
    table = quantise._table(pal, exact)
    present = present.astype(np.uint8).tobytes()
    lut = np.frombuffer(table.fill(present), np.uint8)
    index = lut[codes]
    grey = pyvips.Image.new_from_memory(index.tobytes(), width, h, 1, "uchar").write_to_buffer(
        ".png", compression=6, filter="none", keep="none")
    ihdr = bytearray(grey[16:29])
    ihdr[9] = 3
    plte = bytes(v for c in pal for v in c)
    png = grey[:8] + quantise._chunk(b"IHDR", bytes(ihdr)) + quantise._chunk(b"PLTE", plte) + grey[33:]
    return png, rgb


def _codes(rgb: np.ndarray) -> np.ndarray:
    """15-bit colour codes (5 bits a channel), as judge.picture.quantise.codes makes them."""
    codes = (rgb[..., 0] >> 3).astype(np.uint16) << 10
    codes |= (rgb[..., 1] >> 3).astype(np.uint16) << 5
    codes |= rgb[..., 2] >> 3
    return codes


def _over(canvas16: np.ndarray, tile) -> None:
    x0, y0, pa, inv = tile
    region = canvas16[y0:y0 + pa.shape[0], x0:x0 + pa.shape[1]]
    region *= inv
    region += pa
    region += 127
    region //= 255


def rgb_of(png: bytes) -> np.ndarray:
    """A PNG's pixels as RGB (libvips reads a palette PNG as RGB already; a grey one is made RGB)."""
    img = pyvips.Image.new_from_buffer(png, "")
    if img.bands == 1:
        img = img.colourspace("srgb")
    img = img.extract_band(0, n=3)
    return np.frombuffer(img.write_to_memory(), np.uint8).reshape(img.height, img.width, 3)


def random_svgs(n: int, seed: int) -> list[str]:
    from tests.picture.scenes import adjudicated
    rng = random.Random(seed)
    base = json.loads((REPO / "judge" / "examples" / "spring-1901.json").read_text(encoding="utf-8"))
    out = []
    for _ in range(n):
        doc = dict(base)
        doc["orders"] = {p: [f"{u} {rng.choice(o)}" for u, o in units] for p, units in ORDERS.items()}
        m, before, outcome = adjudicated(doc)
        out.append(picture.results_svg(m, before, outcome, game="bench"))
    return out


def scene_svgs() -> list[tuple[str, str]]:
    from tests.picture.scenes import SCENES, adjudicated, request
    out = []
    for name in SCENES:
        m, before, outcome = adjudicated(request(name))
        out.append((name, picture.results_svg(m, before, outcome, game="bench")))
    return out


def cpu(fn):
    t = time.process_time()
    out = fn()
    return out, (time.process_time() - t) * 1000


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pictures", type=int, default=40, help="random Spring 1901 games: half warm the pieces up, "
                                                             "half are timed (40)")
    ap.add_argument("--seed", type=int, default=1901)
    args = ap.parse_args()
    pyvips.cache_set_max(0)
    raster.png(picture.results_svg(*_first()))          # fonts registered, the legend's key kept, imports done
    svgs = random_svgs(args.pictures, args.seed)
    kept, bases = Pieces(), {}
    half = len(svgs) // 2
    judge_ms, cold_ms, warm_ms, drawn, diffs = [], [], [], [], []
    for i, svg in enumerate(svgs):
        png_judge, ms = cpu(lambda: raster.png(svg))
        before = kept.drawn
        (png, rgb), ms2 = cpu(lambda: draw(svg, kept, bases))
        if i == 0:
            cold_ms.append(ms2)
        elif i >= half:
            judge_ms.append(ms)
            warm_ms.append(ms2)
            drawn.append(kept.drawn - before)
        d = np.abs(rgb_of(png_judge).astype(np.int16) - rgb_of(png).astype(np.int16))
        diffs.append((int(d.max()), float(d.mean())))
    print(f"{len(svgs)} random Spring 1901 results pictures, 1200 px; CPU ms a picture "
          f"(medians of the last {len(warm_ms)})")
    print(f"  the judge's PNG (librsvg whole, codes, palette PNG)         {statistics.median(judge_ms):7.1f}")
    print(f"  from kept pieces, the first picture (every piece drawn)    {cold_ms[0]:7.1f}")
    print(f"  from kept pieces, after {half} others                      {statistics.median(warm_ms):7.1f}"
          f"   (pieces drawn anew: median {statistics.median(drawn):.0f}, most {max(drawn)})")
    print(f"  pieces kept: {len(kept.kept)}; pixel difference from the judge's PNG: mean "
          f"{statistics.mean(x[1] for x in diffs):.3f} of 255, largest {max(x[0] for x in diffs)}")
    for name, svg in scene_svgs():
        before = kept.drawn
        (png, rgb), ms = cpu(lambda: draw(svg, kept, bases))
        (_, _), again = cpu(lambda: draw(svg, kept, bases))
        png_judge, jms = cpu(lambda: raster.png(svg))
        d = np.abs(rgb_of(png_judge).astype(np.int16) - rgb.astype(np.int16))
        print(f"  scene {name:9s}: first {ms:6.1f} ms ({kept.drawn - before} pieces drawn), again {again:5.1f} ms, "
              f"the judge {jms:5.1f} ms; difference mean {float(d.mean()):.3f}, largest {int(d.max())}")
    return 0


def _first():
    from tests.picture.scenes import adjudicated, request
    m, before, outcome = adjudicated(request("s1901"))
    return m, before, outcome


if __name__ == "__main__":
    raise SystemExit(main())
