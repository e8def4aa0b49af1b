#!/usr/bin/env python3
"""A late-game results picture, as a results mail carries it: milliseconds to draw the SVG (data, placement,
template) and to turn it into the PNG (rasterise, encode), and the PNG's size; optionally side by side with another
checkout (the previous release), both measured in alternation in one run, as ratios.

    python benchmarks/picture.py                          # this checkout: stages, sizes, and the ideas measured
    python benchmarks/picture.py --against /tmp/prev      # ... and another checkout, e.g. git worktree add /tmp/prev
                                                          # 2756802, measured in turns with this one: ratios

Times are CPU milliseconds of the whole process (libvips' threads included: on a shared machine they move less
than wall time, which is printed beside them) and medians over the runs. Each checkout draws with its own code,
in a process of its own (`--worker`), and encodes the PNG as its mails do (`judge.picture.png(svg)`).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
REQUEST = "tests/picture/data/midgame.json"


def _load(root: Path):
    """The judge of the checkout at root (first on sys.path, before any installed one)."""
    sys.path.insert(0, str(root))
    from judge import maps, picture  # noqa: E402
    from judge.adjudicator import adjudicate  # noqa: E402
    from judge.api import read_orders, read_rules  # noqa: E402
    from judge.orders.sets import build_order_set  # noqa: E402
    from judge.orders.validate import Validator  # noqa: E402
    from judge.position import Position  # noqa: E402
    return maps, picture, adjudicate, read_orders, read_rules, build_order_set, Validator, Position


def _timed(fn, runs: int) -> tuple[list[float], list[float]]:
    """(CPU ms, wall ms) of each of `runs` calls, after one not counted (template compiled, fonts, caches)."""
    fn()
    cpu, wall = [], []
    for _ in range(runs):
        c, w = time.process_time(), time.perf_counter()
        fn()
        cpu.append((time.process_time() - c) * 1000)
        wall.append((time.perf_counter() - w) * 1000)
    return cpu, wall


def worker(root: Path, request: Path, runs: int, ideas: bool) -> dict:
    """The figures of the checkout at root, as a dict (printed as JSON by --worker)."""
    maps, picture, adjudicate, read_orders, read_rules, build_order_set, Validator, Position = _load(root)
    doc = json.loads(request.read_text(encoding="utf-8"))
    m = maps.load()
    before = Position.from_json(doc["state"], m)
    rules = read_rules(doc.get("rules"))
    validator = Validator(before, m, rules)
    texts = read_orders(doc.get("orders"), m)
    orders = [o for power in m.powers if power in texts
              for o in build_order_set(power, texts[power], before, m, rules, validator).orders]
    outcome = adjudicate(m, before, orders, rules)

    def draw() -> str:
        return picture.results_svg(m, before, outcome, game="benchmark")

    svg = draw()
    out: dict = {"svg_kb": len(svg.encode()) / 1024, "png_kb": len(picture.png(svg)) / 1024}
    for name, fn in (("svg", draw), ("png", lambda: picture.png(svg)), ("both", lambda: picture.png(draw()))):
        out[name] = _timed(fn, runs)
    if ideas:
        out["ideas"] = _ideas(svg, runs)
    return out


def _ideas(svg: str, runs: int) -> dict:
    """What else a PNG's time could be cut by, each measured on this checkout's picture."""
    from judge.picture import quantise, raster
    image = raster.render(svg)
    try:
        from judge.picture import bands
    except ImportError:                 # a checkout from before the key was kept
        bands = None
    no_text = re.sub(r"<text[^>]*>.*?</text>", "", svg, flags=re.S)
    no_regions = re.sub(r'<path id="(prov|other)-[^>]*>.*?</path>', "", svg, flags=re.S)
    # the per-phase part alone, on a transparent page (what would be drawn over a cached board layer)
    overlay = re.sub(r'<rect width="[0-9.]+" height="[0-9.]+" fill="#fbf9f4"/>', "", no_regions, count=1)
    over = raster.render(overlay)
    figures = {}
    if bands is not None:
        figures.update({
            "PNG as mails carry it (the legend's key from the band kept for the map)": (
                lambda: raster.png(svg), raster.png(svg)),
            "  the whole document drawn at once (the key drawn with every picture)": (
                lambda: quantise.png(raster.load(svg), svg), quantise.png(raster.load(svg), svg)),
            "  the key's band drawn anew (the first picture of a map in a process)": (
                lambda: (bands._kept.clear(), raster.png(svg))[1], None),
            "  ... after an RGBA copy of the drawing (as before: read twice)": (
                lambda: quantise.png(raster.render(svg), svg), None),
        })
    figures.update(_layered(svg, image))
    figures.update(_pieces(svg))
    figures.update({
        "rasterise only (librsvg, RGBA in memory)": (lambda: raster.render(svg), None),
        "  the same without any text (upper bound of drawing text as paths)": (lambda: raster.render(no_text), None),
        "  the same without the provinces (upper bound of a cached board layer)":
            (lambda: raster.render(no_regions), None),
        "  a cached board layer: the rest on a transparent page, then over the layer (libvips composite)": (
            lambda: image.composite2(raster.render(overlay), "over").copy_memory(), None),
        "    the composite alone": (lambda: image.composite2(over, "over").copy_memory(), None),
        "  rasterised at half the scale, enlarged to 1200 px": (
            lambda: raster.render(svg, 600).resize(2, kernel="linear"), None),
        "encode: palette PNG, our table (what mails carry)": (
            lambda: quantise.png(image, svg), quantise.png(image, svg)),
        "encode: palette PNG, libimagequant (pngsave palette=True)": (
            lambda: image.write_to_buffer(".png", palette=True, effort=1, dither=0),
            image.write_to_buffer(".png", palette=True, effort=1, dither=0)),
        "encode: full colour RGBA, zlib 3 (the previous release)": (
            lambda: image.write_to_buffer(".png", compression=3), image.write_to_buffer(".png", compression=3)),
        "encode: palette PNG, our table, zlib 9": (lambda: quantise.png(image, svg, 9), quantise.png(image, svg, 9)),
        "encode: palette PNG, our table, zlib 5": (lambda: quantise.png(image, svg, 5), quantise.png(image, svg, 5)),
    })
    return {name: (_timed(fn, runs)[0], len(data) / 1024 if data else None) for name, (fn, data) in figures.items()}


def _without_groups(svg: str, ids: tuple[str, ...]) -> str:
    """The SVG without the groups of these ids (each from its <g id="..."> to the matching </g>)."""
    from judge.picture.bands import _group_end
    for gid in ids:
        start = svg.find(f'<g id="{gid}"')
        end = _group_end(svg, start) if start >= 0 else -1
        if end >= 0:
            svg = svg[:start] + svg[end:]
    return svg


def _layered(svg: str, image) -> dict:
    """A layered drawing, costed by its parts: the board (provinces, centres, labels, the legend's key) kept as pixels
    per variant, and each phase only its own marks drawn and blended over it, then quantised. What a phase would still
    pay for, whatever the board costs: the page, the per-phase layer, the blend, the colour codes."""
    import pyvips
    from judge.picture import quantise, raster
    root = re.search(r'<svg\b[^>]*?\swidth="([0-9.]+)"[^>]*?\sheight="([0-9.]+)"', svg)
    page = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{root.group(1)}" height="{root.group(2)}" '
            f'viewBox="0 0 {root.group(1)} {root.group(2)}"><rect width="{root.group(1)}" height="{root.group(2)}" '
            'fill="#fbf9f4"/></svg>')
    layer = _without_groups(svg, ("provinces", "centres", "labels", "legend-key"))
    layer = re.sub(r'<rect width="[0-9.]+" height="[0-9.]+" fill="#fbf9f4"/>', "", layer, count=1)
    top = raster.render(layer)
    board = image.extract_band(0, n=3).copy_memory()
    provinces = pyvips.Image.black(board.width, board.height).cast("ushort").copy_memory()
    lut = pyvips.Image.black(65536, 1).cast("uchar").copy_memory()
    return {
        "layered: an empty page the picture's size (librsvg's least for any whole redraw)": (
            lambda: raster.render(page), None),
        "  the per-phase layer alone (orders, units, marks, title, powers), transparent page": (
            lambda: raster.render(layer), None),
        "  that layer blended over the board's colours (ifthenelse by its alpha)": (
            lambda: top.extract_band(3).ifthenelse(top.extract_band(0, n=3), board, blend=True).copy_memory(),
            None),
        "  the colour codes of a whole picture (any drawing is quantised whole)": (
            lambda: quantise.codes(board), None),
        "  a board's palette indices from a province index image (maplut)": (
            lambda: provinces.maplut(lut).copy_memory(), None),
    }


_PHASE_GROUPS = ("orders", "units", "dislodged", "marks", "title", "legend-powers")
_PIECE = re.compile(r"<g\b[^>]*>.*?</g>|<text\b[^>]*>.*?</text>|<circle\b[^>]*/>|<path\b[^>]*/>", re.S)
_PAGE_RECT = re.compile(r'<rect width="[0-9.]+" height="[0-9.]+" fill="#fbf9f4"/>')


def _piece_box(piece: str, top: float) -> tuple[float, float, float, float]:
    """A per-phase piece's box in picture units, roughly (from its own numbers, with room for strokes and words):
    a token or a mark by its translate(), a line or a ring by the points of its path data and circles."""
    moved = re.search(r"translate\(([-0-9.]+) ([-0-9.]+)\)", piece)
    if moved and piece.startswith("<g"):
        x, y = float(moved.group(1)), float(moved.group(2)) + top
        word = re.search(r">([^<]*)</text>", piece) if 'class="failed"' in piece else None
        reach = 12 + 7 * len(word.group(1)) if word else 20
        return (x - reach, y - 22, x + reach, y + 26)
    xs, ys = [], []
    for cx, cy, r in re.findall(r'cx="([-0-9.]+)" cy="([-0-9.]+)" r="([-0-9.]+)"', piece):
        xs += [float(cx) - float(r), float(cx) + float(r)]
        ys += [float(cy) - float(r), float(cy) + float(r)]
    for d in re.findall(r' d="([^"]*)"', piece):
        v = [float(n) for n in re.findall(r"-?[0-9.]+", d)]
        xs += v[0::2]
        ys += v[1::2]
    return (min(xs) - 8, min(ys) - 8 + top, max(xs) + 8, max(ys) + 8 + top) if xs else (0, top, 1, top + 1)


def _pieces(svg: str) -> dict:
    """Issue 20's palette-domain design, costed by what librsvg would still draw for each phase: a board kept as
    palette indices per map, and only the phase's own pieces (orders, units, marks, title, powers) drawn, in a
    compact sheet (an atlas), then put over the board's indices. Whatever the board costs, a phase pays for the
    pieces' elements (librsvg lays out every element and its text whatever the page's size), their pixels in the
    sheet, the sheet's colour codes, and the palette PNG's zlib. Boxes are rough (numbers of each piece's markup);
    pieces that overlap are drawn each in its cell (not in layer order): a lower bound of the real thing."""
    import pyvips
    from judge.picture import quantise, raster
    from judge.picture.bands import _group_end
    root = re.search(r'<svg\b[^>]*?\swidth="([0-9.]+)"[^>]*?\sheight="([0-9.]+)"[^>]*?\sviewBox="([^"]*)"', svg)
    width, height = float(root.group(1)), float(root.group(2))
    top = float(re.search(r'<g id="map" transform="translate\(0 ([0-9.]+)\)"', svg).group(1))
    head = _PAGE_RECT.sub("", svg[:svg.find('<g id="title">')], count=1)
    layer = _PAGE_RECT.sub("", _without_groups(svg, ("provinces", "centres", "labels", "legend-key")), count=1)

    def sized(doc: str, w: float, h: float, view: str | None = None) -> str:
        old = root.group(0)
        new = old.replace(f'width="{root.group(1)}"', f'width="{w:g}"', 1).replace(
            f'height="{root.group(2)}"', f'height="{h:g}"', 1).replace(
            f'viewBox="{root.group(3)}"', f'viewBox="{view or f"0 0 {w:g} {h:g}"}"', 1)
        return doc.replace(old, new, 1)

    def drawn(doc: str):
        data = doc.encode("utf-8")
        return lambda: pyvips.Image.svgload_buffer(data).copy_memory()

    pieces = []                         # (box, markup); the map's pieces in picture units, the title's and powers' too
    for gid in _PHASE_GROUPS:
        start = svg.find(f'<g id="{gid}"')
        end = _group_end(svg, start) if start >= 0 else -1
        if end < 0:
            continue
        inner = svg[svg.find(">", start) + 1:end - len("</g>")]
        shift = top if gid not in ("title", "legend-powers") else 0.0
        if gid == "title":
            pieces.append(((0.0, 0.0, width, top), svg[start:end]))
            continue
        for p in _PIECE.findall(inner):
            box = _piece_box(p, shift)
            pieces.append((box, f'<g transform="translate(0 {shift:g})">{p}</g>' if shift else p))
    raster._register_fonts()
    texts = layer.count("<text")
    tiny = sized(layer, 1, 1)
    figures: dict = {
        f"pieces: the phase's own elements alone on a 1x1 page (librsvg's floor; {texts} texts)": (drawn(tiny), None),
        "  the same without their text": (drawn(re.sub(r"<text[^>]*>.*?</text>", "", tiny, flags=re.S)), None),
    }
    # each piece in a cell of its own box, cells shelf-packed in rows of the picture's width
    cells, x, y, row = [], 0, 0, 0
    for box, p in pieces:
        w, h = int(box[2] - box[0]) + 1, int(box[3] - box[1]) + 1
        if x + w > width:
            x, y, row = 0, y + row, 0
        cells.append(f'<svg x="{x}" y="{y}" width="{w}" height="{h}" viewBox="{box[0]:g} {box[1]:g} {w} {h}">{p}</svg>')
        x, row = x + w, max(row, h)
    sheet_h = y + row
    sheet = sized(head, width, sheet_h) + '<g fill="none" stroke-linecap="round" stroke-linejoin="round">' + \
        "".join(cells) + "</g>\n</svg>\n"
    share = sheet_h * width / (width * height)
    sheet_image = drawn(sheet)()
    figures[f"  each piece in a cell of its own box (an atlas {share:.0%} of the picture: long lines' boxes)"] = (
        drawn(sheet), None)
    figures["  that atlas's colour codes"] = (lambda: quantise.codes(sheet_image), None)
    # the tiles pieces touch, each drawing every piece whose box it meets: small sheets, each piece drawn many times
    for size in (96, 48):
        tiles: dict[tuple[int, int], list[str]] = {}
        for box, p in pieces:
            for ty in range(max(0, int(box[1] // size)), int(box[3] // size) + 1):
                for tx in range(max(0, int(box[0] // size)), int(box[2] // size) + 1):
                    tiles.setdefault((tx, ty), []).append(p)
        across = int(width // size)
        cells = [f'<svg x="{(i % across) * size}" y="{(i // across) * size}" width="{size}" height="{size}" '
                 f'viewBox="{tx * size} {ty * size} {size} {size}">' + "".join(ps) + "</svg>"
                 for i, ((tx, ty), ps) in enumerate(sorted(tiles.items()))]
        sheet = sized(head, width, -(-len(tiles) // across) * size) + \
            '<g fill="none" stroke-linecap="round" stroke-linejoin="round">' + "".join(cells) + "</g>\n</svg>\n"
        copies = sum(len(ps) for ps in tiles.values())
        figures[f"  the {size} px tiles pieces touch ({len(tiles)}, {len(tiles) * size * size / (width * height):.0%} "
                f"of it; {copies} pieces drawn for {len(pieces)})"] = (drawn(sheet), None)
    found = quantise.palette_of(svg)
    if found is None:
        return figures
    entries = quantise.indices(quantise.codes(raster.load(svg)), *found).copy_memory()
    figures["  the palette PNG's zlib alone (the picture's own index image)"] = (
        lambda: quantise.palette_png(entries, found[0], raster.PALETTE_COMPRESSION), None)
    # the pieces' indices put back into the board's: a call per piece (pyvips without mutate() copies the whole
    # image for each draw), or one resampling of the sheet over the whole picture, kept where a mask says so
    cell = entries.crop(0, 0, 40, 28).copy_memory()

    def each() -> None:
        out = entries
        for i in range(len(pieces)):
            out = out.draw_image(cell, (i * 37) % (entries.width - 40), (i * 53) % (entries.height - 28))
    sheet_entries = entries.crop(0, 0, entries.width, max(1, min(entries.height, int(sheet_h)))).copy_memory()
    xy = pyvips.Image.xyz(entries.width, entries.height)
    where = (xy % [sheet_entries.width, sheet_entries.height]).cast("short").copy_memory()
    mask = ((xy[0] % 7) == 0).copy_memory()
    nearest = pyvips.Interpolate.new("nearest")
    figures[f"  putting the pieces back: a draw_image each ({len(pieces)})"] = (each, None)
    figures["  putting the pieces back: one mapim of the sheet over the picture, kept by a mask"] = (
        lambda: mask.ifthenelse(sheet_entries.mapim(where, interpolate=nearest), entries).copy_memory(), None)
    return figures


def run_worker(root: Path, request: Path, runs: int, ideas: bool = False) -> dict:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", "--tree", str(root), "--request",
           str(request), "--runs", str(runs)] + (["--ideas"] if ideas else [])
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=900, cwd=str(root))
    if done.returncode:
        raise SystemExit(f"the worker for {root} failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def med(values: list[float]) -> float:
    return statistics.median(values)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=10, help="calls per stage in each worker (10)")
    ap.add_argument("--turns", type=int, default=5, help="workers per checkout, in alternation (5)")
    ap.add_argument("--against", help="another checkout to measure in turns with this one (e.g. /tmp/prev)")
    ap.add_argument("--request", default=REQUEST, help=f"request document to draw ({REQUEST})")
    ap.add_argument("--no-ideas", action="store_true", help="skip the measurements of other ideas")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--tree", default=str(HERE), help=argparse.SUPPRESS)
    ap.add_argument("--ideas", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(Path(args.tree), Path(args.tree) / args.request, args.runs, args.ideas)))
        return 0
    trees = {"today": HERE}
    if args.against:
        trees["previous"] = Path(args.against).resolve()
    got: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
    size: dict[str, tuple[float, float]] = {}
    for turn in range(args.turns):
        order = list(trees)
        random.shuffle(order)
        for name in order:
            r = run_worker(trees[name], trees[name] / args.request, args.runs)
            size[name] = (r["svg_kb"], r["png_kb"])
            for stage in ("svg", "png", "both"):
                cpu, wall = r[stage]
                got[name].setdefault(stage + " cpu", []).extend(cpu)
                got[name].setdefault(stage + " wall", []).extend(wall)
    load = os.getloadavg()[0]
    print(f"late-game results picture ({args.request}), 1200 px, as a results mail carries it; CPU ms (wall ms), "
          f"median of {args.turns} x {args.runs} calls per stage, checkouts in alternation; load average {load:.1f}")
    labels = {"svg": "SVG: draw, place, template", "png": "PNG from the SVG: rasterise, encode",
              "both": "both: position to PNG"}
    for name in trees:
        print(f"  {name} ({trees[name]}): SVG {size[name][0]:.0f} KB, PNG {size[name][1]:.0f} KB")
        for stage, label in labels.items():
            print(f"    {label:38s} {med(got[name][stage + ' cpu']):7.1f} ({med(got[name][stage + ' wall']):7.1f})")
    if "previous" in trees:
        print("  today / previous:")
        for stage, label in labels.items():
            ratio = med(got["today"][stage + " cpu"]) / med(got["previous"][stage + " cpu"])
            print(f"    {label:38s} {ratio:5.2f}x the time")
        print(f"    PNG size                               {size['today'][1] / size['previous'][1]:5.2f}x the bytes")
    if not args.no_ideas:
        ideas = run_worker(HERE, HERE / args.request, args.runs, ideas=True)["ideas"]
        print("  ideas, on today's picture (CPU ms, median; size):")
        for idea, (cpu, kb) in ideas.items():
            print(f"    {idea:72s} {med(cpu):7.1f}" + (f"   {kb:4.0f} KB" if kb else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
