#!/usr/bin/env python3
"""Median milliseconds to draw a late-game results picture: the SVG (data and template), and the PNG from it."""
from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge import maps, picture  # noqa: E402
from judge.adjudicator import adjudicate  # noqa: E402
from judge.api import read_orders, read_rules  # noqa: E402
from judge.orders.sets import build_order_set  # noqa: E402
from judge.orders.validate import Validator  # noqa: E402
from judge.picture import raster  # noqa: E402
from judge.position import Position  # noqa: E402

REQUEST = ROOT / "tests" / "picture" / "data" / "midgame.json"


def outcome_of(doc: dict):
    """The position before and the outcome of a request document (as judge.api adjudicates it)."""
    m = maps.load()
    before = Position.from_json(doc["state"], m)
    rules = read_rules(doc.get("rules"))
    validator = Validator(before, m, rules)
    texts = read_orders(doc.get("orders"), m)
    orders = [o for power in m.powers if power in texts
              for o in build_order_set(power, texts[power], before, m, rules, validator).orders]
    return m, before, adjudicate(m, before, orders, rules)


def timed(fn, runs: int) -> list[float]:
    fn()                                           # warm-up: template compiled, fonts registered, caches filled
    out = []
    gc.disable()
    try:
        for _ in range(runs):
            start = time.perf_counter()
            fn()
            out.append((time.perf_counter() - start) * 1000)
    finally:
        gc.enable()
    return out


def fig(ms: list[float]) -> str:
    return f"{statistics.median(ms):7.1f} ms (min {min(ms):5.1f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--width", type=int, default=1200)
    parser.add_argument("--request", default=str(REQUEST), help="request document to draw (default: the midgame)")
    args = parser.parse_args()
    doc = json.loads(Path(args.request).read_text(encoding="utf-8"))
    m, before, outcome = outcome_of(doc)

    def draw() -> str:
        return picture.results_svg(m, before, outcome, game="benchmark")

    svg = draw()
    svg_ms = timed(draw, args.runs)
    png_ms = timed(lambda: raster.png(svg, args.width), args.runs)
    both_ms = timed(lambda: raster.png(draw(), args.width), args.runs)
    small_ms = timed(lambda: raster.png(svg, args.width, palette=True), max(5, args.runs // 3))
    size, small = len(raster.png(svg, args.width)), len(raster.png(svg, args.width, palette=True))
    units = sum(len(v) for v in doc["state"]["units"].values())
    print(f"late-game results picture ({Path(args.request).name}: {units} units, "
          f"{sum(len(v) for v in doc['orders'].values())} orders), {args.width} px wide, median of {args.runs} runs:")
    print(f"  SVG (draw + template)   {fig(svg_ms)}   {len(svg) // 1024} KB")
    print(f"  PNG from the SVG        {fig(png_ms)}   {size // 1024} KB   (target < 100 ms)")
    print(f"  both, position to PNG   {fig(both_ms)}")
    print(f"  PNG, 256-colour palette {fig(small_ms)}   {small // 1024} KB")
    print(f"  (load average {os.getloadavg()[0]:.2f}; on the shared 2-core machine every figure here swings together, "
          "up to 1.7x: the SVG step's ~8 ms when it is quiet tells how fast it is now)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
