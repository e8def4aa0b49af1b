#!/usr/bin/env python3
"""The JSON path with cold caches, counted rather than timed: instructions and cache misses per request, by stage.

    python benchmarks/coldcache.py --requests FILE.jsonl        # request lines (benchmarks/replay.py --save FILE)
    python benchmarks/coldcache.py                              # run.py's late-game positions (needs `diplomacy`)
    python benchmarks/coldcache.py --against /tmp/prev          # and another checkout's whole path, same run
    python benchmarks/coldcache.py --timed                      # timed, not counted: after evictions of each size

run.py interleaves the engines, so each of the judge's requests starts with caches the other engines have filled:
a late-game request that takes about 250 us warm takes about 500 us there. This counts why, without timing noise:
under valgrind's cachegrind (a 64 KB first-level cache and a 1 MB last-level cache, as this machine's L1 and L2),
each request follows a read of 8 MB (what another engine's work leaves behind), and the same loop without the
requests is subtracted. Printed per request and per stage: instructions, and the lines the 1 MB cache had to fetch
(instructions and data). Stages are cumulative, as a request goes: the state read; then the rules, order texts and
legal orders; then the adjudication; then the next state written as a document; and the whole `api.adjudicate`.
Needs valgrind (`apt-get install valgrind`); a checkout given with --against is run with its own .venv if it has one.

--timed needs no valgrind: each request is timed (as run.py times it: the collector off) after a write of every
cache line of a buffer of each size in turn (none, 1, 4, 16 and 64 MB), and after 64 MB and then another request, or
one on another map (chaos's start, every unit holding: the same code, none of the standard map's data): which cache
level the penalty comes from, and how much of it is what every request reads alike (the code; the map and the
remembered orders) rather than its own data.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
STAGES = ("read", "orders", "adjudicate", "written", "whole")
CACHES = ["--I1=65536,4,64", "--D1=65536,4,64", "--LL=1048576,16,64"]
THRASH = 8 << 20
LOOPS = 2


def child(checkout: str, stage: str, requests_file: str) -> None:
    """Runs under cachegrind: warm up on every request, then LOOPS times over them, each after an 8 MB read."""
    import gc
    sys.path.insert(0, checkout)
    from judge import api
    if stage not in ("whole", "none"):      # (an older checkout, counted for its whole path only, may lack these)
        from judge import maps
        from judge.adjudicator import adjudicate
        from judge.orders.sets import legal_orders
        from judge.orders.validate import Validator
        from judge.position import Position
    reqs = [json.loads(x) for x in Path(requests_file).read_text(encoding="utf-8").splitlines() if x.strip()]
    junk = bytearray(THRASH)

    def upto(state: dict, orders: dict, last: str) -> None:
        base = maps.load("standard")
        position = Position.from_json(state, base)
        if last == "read":
            return
        m = base.at(position.phase)
        rules = api.read_rules(None, m)
        texts = api.read_orders(orders, m)
        validator = Validator(position, m, rules)
        legal: list = []
        for power in m.powers:
            if power in texts:
                legal += legal_orders(power, texts[power], position, m, rules, validator)[0]
        if last == "orders":
            return
        outcome = adjudicate(m, position, legal, rules)
        if last == "adjudicate":
            return
        outcome.position.to_json(m)

    gc.disable()                        # as run.py times a call
    for r in reqs:
        api.adjudicate(r["state"], r["orders"])
    gc.freeze()
    for _ in range(LOOPS):
        for r in reqs:
            junk[::64]                  # every line of 8 MB read: the caches hold nothing of ours after it
            if stage == "whole":
                api.adjudicate(r["state"], r["orders"])
            elif stage != "none":
                upto(r["state"], r["orders"], stage)


_TOTAL = re.compile(r"(I   refs|LLi misses|LLd misses):\s+([0-9,]+)")


def counted(python: str, checkout: Path, stage: str, requests_file: str) -> dict[str, int]:
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=yes", *CACHES,
                               f"--cachegrind-out-file={tmp}/out", python, __file__, "--child", str(checkout), stage,
                               requests_file], capture_output=True, text=True, check=False)
    found = {k: int(v.replace(",", "")) for k, v in _TOTAL.findall(proc.stderr)}
    if proc.returncode or len(found) != 3:
        raise SystemExit(f"cachegrind run failed ({checkout}, {stage}): {proc.stderr[-600:]}")
    return found


def per_request(python: str, checkout: Path, stage: str, requests_file: str, n: int,
                base: dict[str, int]) -> tuple[float, float, float]:
    got = counted(python, checkout, stage, requests_file)
    return tuple((got[k] - base[k]) / (n * LOOPS) for k in ("I   refs", "LLi misses", "LLd misses"))


def python_of(checkout: Path) -> str:
    own = checkout / ".venv" / "bin" / "python"
    return str(own) if own.exists() else sys.executable


def late_game_requests(count: int, seed: int) -> list[str]:
    """run.py's late-game positions (movement phases with >= 30 units from seeded random games)."""
    sys.path.insert(0, str(HERE))
    import randomplay as rp
    return [json.dumps(rp.request_doc(r), separators=(",", ":")) for r in rp.late_game(seed, count)[0]]


EVICTIONS = (0, 1, 4, 16, 64)        # MB written before each timed request (--timed)


def timed(checkout: Path, requests_file: str, reps: int = 6) -> None:
    """Medians per request after each eviction (see the module's text), in this process."""
    import gc
    import statistics
    import time
    sys.path.insert(0, str(checkout))
    from judge import api
    reqs = [json.loads(x) for x in Path(requests_file).read_text(encoding="utf-8").splitlines() if x.strip()]
    for r in reqs:
        api.adjudicate(r["state"], r["orders"])

    # A request on another map (chaos's start, every unit holding): the same code, none of the standard map's data
    # or remembered orders.
    from judge import maps
    from judge.position import initial_position
    chaos = maps.load("chaos")
    start = initial_position(chaos)
    elsewhere = {"state": start.to_json(chaos), "orders": {}, "variant": "chaos"}
    for u in start.units.values():
        elsewhere["orders"].setdefault(u[0], []).append(f"{u[1]} {u[2]} H")
    api.request(elsewhere)
    modes = [(mb, "") for mb in EVICTIONS] + [(EVICTIONS[-1], "another"), (EVICTIONS[-1], "elsewhere")]
    junk = bytearray(EVICTIONS[-1] << 20)
    ones = b"\x01" * (len(junk) // 64)
    per: dict[tuple[int, str], list[list[float]]] = {mode: [[] for _ in reqs] for mode in modes}
    for _ in range(reps):
        for mode in modes:                     # (the modes in turns: the machine's moods fall on all alike)
            mb, then = mode
            fill = ones[:(mb << 20) // 64]
            for i, r in enumerate(reqs):
                if mb:
                    junk[:mb << 20:64] = fill  # a write to every line of mb MB
                if then == "another":
                    other = reqs[i - 1]
                    api.adjudicate(other["state"], other["orders"])
                elif then == "elsewhere":
                    api.request(elsewhere)
                gc.disable()
                t = time.perf_counter()
                api.adjudicate(r["state"], r["orders"])
                per[mode][i].append(time.perf_counter() - t)
                gc.enable()
    print(f"  {'before each request':<44}{'us per request (median)':>24}")
    for mode in modes:
        mb, then = mode
        label = (f"{mb} MB written" if mb else "nothing (warm)") + {
            "": "", "another": ", then another request", "elsewhere": ", then one on another map"}[then]
        print(f"  {label:<44}{statistics.median(statistics.median(p) for p in per[mode]) * 1e6:>24.1f}")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:
        child(*argv[1:4])
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--requests", help="request lines (JSONL) instead of run.py's late-game positions")
    ap.add_argument("--count", type=int, default=50, help="requests used (default 50)")
    ap.add_argument("--against", action="append", default=[], metavar="CHECKOUT",
                    help="another checkout whose whole path is counted in the same run")
    ap.add_argument("--seed", type=int, default=1901)
    ap.add_argument("--timed", action="store_true", help="time requests after evictions of each size (no valgrind)")
    args = ap.parse_args(argv)
    if not args.timed and subprocess.run(["which", "valgrind"], capture_output=True, check=False).returncode:
        sys.exit("benchmarks/coldcache.py needs valgrind (apt-get install valgrind)")
    if args.requests:
        lines = [x for x in Path(args.requests).read_text(encoding="utf-8").splitlines() if x.strip()]
        origin = f"requests from {args.requests}"
    else:
        lines, origin = late_game_requests(args.count, args.seed), "run.py's late-game positions"
    lines = lines[:args.count]
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
        requests_file = f.name
    try:
        if args.timed:
            print(f"{len(lines)} {origin}, timed in this process")
            timed(REPO, requests_file)
            return 0
        print(f"{len(lines)} {origin}; each request after an 8 MB read, {LOOPS} passes; per request, under "
              f"cachegrind (64 KB L1, 1 MB last level): instructions, lines fetched into the 1 MB cache")
        print(f"  {'checkout':<26}{'stage (cumulative)':<22}{'instructions':>14}{'code lines':>12}{'data lines':>12}")
        for checkout, stages in [(REPO, STAGES)] + [(Path(a).resolve(), ("whole",)) for a in args.against]:
            python = python_of(checkout)
            base = counted(python, checkout, "none", requests_file)
            for stage in stages:
                ir, li, ld = per_request(python, checkout, stage, requests_file, len(lines), base)
                print(f"  {checkout.name:<26}{stage:<22}{ir:>14,.0f}{li:>12,.0f}{ld:>12,.0f}")
    finally:
        os.unlink(requests_file)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
