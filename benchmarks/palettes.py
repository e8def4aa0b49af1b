#!/usr/bin/env python3
"""Results pictures of real games, as the daemon draws them one after another: how many palettes they fall in (each
new palette fills a colour table of its own, kept for the next pictures: judge.picture.quantise) and the CPU their
PNGs take, for this checkout and optionally another one, in turns, in one run.

    python benchmarks/replay.py GAMES --save FILE.jsonl               # real games' requests (see replay.py)
    python benchmarks/palettes.py --requests FILE.jsonl               # this checkout
    python benchmarks/palettes.py --requests FILE.jsonl --against /tmp/prev   # ... and another, in turns: ratios

Each turn is a fresh process (no table kept from an earlier turn) that draws the SVG of every sampled request (not
timed) and then its PNG (timed: CPU of the whole process, libvips' threads included). The sample is the same for
every checkout (--seed). Figures are medians over the turns.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def worker(tree: str, requests: str, count: int, seed: int) -> None:
    """In a process of its own: the PNGs of `count` sampled requests, drawn by the checkout at `tree`."""
    sys.path.insert(0, tree)
    from judge import api, maps, picture
    from judge.picture import quantise
    from judge.position import Position
    lines = [x for x in Path(requests).read_text(encoding="utf-8").splitlines() if x.strip()]
    sample = random.Random(seed).sample(lines, min(count, len(lines)))
    m = maps.load()
    svgs = []
    for line in sample:
        doc = json.loads(line)
        try:
            outcome = api._Adjudication(doc["state"], doc["orders"], doc.get("rules"), None, "standard").outcome
        except ValueError:
            continue
        svgs.append(picture.results_svg(m, Position.from_json(doc["state"], m), outcome, game="bench"))
    palettes = {tuple(found[0]) for found in map(quantise.palette_of, svgs) if found is not None}
    cpu, size = time.process_time(), 0
    for svg in svgs:
        size += len(picture.png(svg))
    cpu = time.process_time() - cpu
    print(json.dumps({"pictures": len(svgs), "palettes": len(palettes), "cpu": cpu, "bytes": size}))


def turn(tree: str, args: argparse.Namespace) -> dict:
    out = subprocess.run([sys.executable, __file__, "--worker", tree, "--requests", args.requests,
                          "--count", str(args.count), "--seed", str(args.seed)],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--requests", required=True, help="request lines (benchmarks/replay.py --save FILE)")
    ap.add_argument("--against", help="another checkout, measured in turns with this one")
    ap.add_argument("--count", type=int, default=150, help="requests sampled (150)")
    ap.add_argument("--turns", type=int, default=3, help="processes per checkout, in alternation (3)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--worker", metavar="TREE", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        worker(args.worker, args.requests, args.count, args.seed)
        return 0
    trees = {"this": str(HERE)}
    if args.against:
        trees["against"] = str(Path(args.against).resolve())
    runs: dict[str, list[dict]] = {name: [] for name in trees}
    for _ in range(args.turns):
        for name, tree in trees.items():
            runs[name].append(turn(tree, args))
    print(f"results pictures of {args.count} sampled real requests ({args.requests}), {args.turns} turns each")
    print(f"  {'checkout':<10}{'pictures':>9}{'palettes':>10}{'CPU s (median)':>16}{'ms a picture':>14}"
          f"{'KB a PNG':>10}")
    cpu = {}
    for name, rs in runs.items():
        cpu[name] = statistics.median(r["cpu"] for r in rs)
        n = rs[0]["pictures"]
        print(f"  {name:<10}{n:>9}{rs[0]['palettes']:>10}{cpu[name]:>16.2f}{cpu[name] / n * 1e3:>14.1f}"
              f"{rs[0]['bytes'] / n / 1024:>10.1f}  ({trees[name]})")
    if args.against:
        per_turn = ", ".join(f"{a['cpu'] / b['cpu']:.3f}" for a, b in zip(runs["this"], runs["against"]))
        print(f"  CPU this / against: {cpu['this'] / cpu['against']:.3f} (per turn: {per_turn})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
