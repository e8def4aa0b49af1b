#!/usr/bin/env python3
"""The JSON path compiled with mypyc against the same code as Python, side by side in one run.

    # needs a C compiler and Python's headers (pip fetches mypy, whose mypyc compiles, for the build)
    python benchmarks/compiled.py --requests FILE.jsonl       # request lines (benchmarks/replay.py --save FILE)
    python benchmarks/compiled.py --requests FILE.jsonl --keep /tmp/compiled   # and keep the compiled copy

A copy of this checkout is made (the judge package, bin/, templates/, benchmarks/, the DATC cases) and the compiled
build's wheel is built from this checkout as an operator builds it (`JUDGE_COMPILE=1 pip wheel`, tools/build_backend.py:
the modules of the JSON path, COMPILED there, compiled with mypyc); its extension modules are put beside the copy's
sources, which they shadow, so the copy runs the shipped compiled build. Before anything is timed, the compiled copy
must pass the DATC with both engines and give byte for byte the same `judge adjudicate --batch` output as the
checkout on the request lines. Then, the two in turns, `--rounds` times: the whole `--batch` process over all the
lines, and in one process each, the first `--count` lines' requests one after another (`api.adjudicate`, warm) and
their adjudication alone (checked orders in). Printed: medians and the ratio. With --keep, benchmarks/run.py and
benchmarks/replay.py run from the kept copy measure the compiled judge against the peer engines.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "tools"))
from build_backend import COMPILED as MODULES  # noqa: E402  (the compiled build's modules)

ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

# Run in a child process of each checkout: per request, warm, api.adjudicate and the adjudication alone.
_INPROCESS = r"""
import gc, json, sys, time
sys.path.insert(0, sys.argv[1])
from judge import api, maps
from judge.adjudicator import adjudicate
from judge.orders.sets import legal_orders
from judge.orders.validate import Validator
from judge.position import Position
reqs = [json.loads(x) for x in open(sys.argv[2], encoding="utf-8") if x.strip()][:int(sys.argv[3])]
core = []
for r in reqs:
    m = maps.load(r.get("variant", "standard"))
    p = Position.from_json(r["state"], m)
    m = m.at(p.phase)
    rules = api.read_rules(r.get("rules"), m)
    v = Validator(p, m, rules)
    legal = []
    for power, texts in r["orders"].items():
        legal += legal_orders(power, texts, p, m, rules, v)[0]
    core.append((m, p, legal, rules))
gc.disable()
def best(f):
    return min((lambda t0: (f(), time.perf_counter() - t0)[1])(time.perf_counter()) for _ in range(30)) / len(reqs)
whole = best(lambda: [api.adjudicate(r["state"], r["orders"], r.get("rules")) for r in reqs])
alone = best(lambda: [adjudicate(*c) for c in core])
print(json.dumps({"whole": whole, "alone": alone}))
"""


def build(target: Path) -> None:
    """A copy of this checkout in `target` with the compiled build's extension modules beside its sources."""
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyc")
    for part in ("judge", "bin", "templates", "benchmarks", "tests/data/datc"):
        if (REPO / part).exists():
            shutil.copytree(REPO / part, target / part, ignore=ignore)
    shutil.copy2(REPO / "pyproject.toml", target)       # (what marks a checkout: judge.shipped finds its files)
    dist = target / "dist"
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(dist), str(REPO)],
                          capture_output=True, text=True, env={**ENV, "JUDGE_COMPILE": "1"}, check=False)
    wheels = list(dist.glob("judge-*.whl"))
    if proc.returncode or not wheels:
        sys.exit(f"the compiled wheel did not build:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")
    with zipfile.ZipFile(wheels[0]) as whl:
        whl.extractall(target, [n for n in whl.namelist() if n.endswith(".so")])
    missing = [m for m in MODULES if not list((target / m).parent.glob(Path(m).stem + ".*.so"))]
    if missing:
        sys.exit(f"the compiled wheel lacks {missing}")


def check(target: Path, lines_file: str) -> None:
    """The compiled copy passes the DATC with both engines and answers the request lines byte for byte alike."""
    for engine in ("dpjudge", "equations"):
        out = subprocess.run([sys.executable, str(target / "bin" / "judge"), "datc", "--engine", engine],
                             capture_output=True, text=True, env=ENV, check=False).stdout
        if "DATC 3.1: 164/164 passed" not in out:
            sys.exit(f"the compiled copy fails the DATC with --engine {engine}:\n{out[-1500:]}")
    payload = Path(lines_file).read_text(encoding="utf-8")
    answers = [subprocess.run([sys.executable, str(root / "bin" / "judge"), "adjudicate", "--batch"], input=payload,
                              capture_output=True, text=True, env=ENV, check=False).stdout for root in (REPO, target)]
    if answers[0] != answers[1] or not answers[0]:
        sys.exit("the compiled copy's --batch output differs from this checkout's")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--requests", required=True, help="request lines (JSONL), e.g. replay.py --save's")
    ap.add_argument("--count", type=int, default=100, help="requests timed one by one in a process (default 100)")
    ap.add_argument("--rounds", type=int, default=5, help="turns of each measurement (default 5)")
    ap.add_argument("--keep", metavar="DIR", help="build the compiled copy in DIR (must not exist) and keep it")
    args = ap.parse_args(argv)
    target = Path(args.keep).resolve() if args.keep else Path(tempfile.mkdtemp(prefix="judge-compiled-"))
    if args.keep:
        target.mkdir(parents=True)
    try:
        t0 = time.perf_counter()
        build(target)
        print(f"built the compiled wheel ({len(MODULES)} modules) in {time.perf_counter() - t0:.0f} s ({target})")
        check(target, args.requests)
        n = sum(1 for x in Path(args.requests).read_text(encoding="utf-8").splitlines() if x.strip())
        print(f"the compiled copy passes the DATC (both engines) and answers the {n} requests byte for byte alike")
        payload = Path(args.requests).read_text(encoding="utf-8")
        runs: dict[str, dict[str, list[float]]] = {k: {"batch": [], "whole": [], "alone": []}
                                                    for k in ("python", "compiled")}
        for _ in range(args.rounds):
            for name, root in (("python", REPO), ("compiled", target)):
                t = time.perf_counter()
                subprocess.run([sys.executable, str(root / "bin" / "judge"), "adjudicate", "--batch"],
                               input=payload, capture_output=True, text=True, env=ENV, check=True)
                runs[name]["batch"].append(time.perf_counter() - t)
                got = json.loads(subprocess.run([sys.executable, "-c", _INPROCESS, str(root), args.requests,
                                                 str(args.count)], capture_output=True, text=True, env=ENV,
                                                check=True).stdout)
                runs[name]["whole"].append(got["whole"])
                runs[name]["alone"].append(got["alone"])
        med = {k: {m: statistics.median(v) for m, v in d.items()} for k, d in runs.items()}
        print(f"  {'':<44}{'Python':>12}{'compiled':>12}{'ratio':>8}")
        rows = (("batch", f"whole --batch process, {n} requests (s)", 1),
                ("whole", f"api.adjudicate, first {args.count}, per request (us)", 1e6),
                ("alone", f"adjudication alone, first {args.count}, per request (us)", 1e6))
        for key, label, scale in rows:
            a, b = med["python"][key] * scale, med["compiled"][key] * scale
            print(f"  {label:<44}{a:>12.3f}{b:>12.3f}{a / b:>7.2f}x")
    finally:
        if not args.keep:
            shutil.rmtree(target, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
