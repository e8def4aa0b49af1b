#!/usr/bin/env python3
"""The JSON path compiled with mypyc against the same code as Python, side by side in one run.

    pip install mypy                                          # mypyc comes with it; a C compiler is needed too
    python benchmarks/compiled.py --requests FILE.jsonl       # request lines (benchmarks/replay.py --save FILE)
    python benchmarks/compiled.py --requests FILE.jsonl --keep /tmp/compiled   # and keep the compiled copy

A copy of this checkout is made (the judge package, bin/, templates/, benchmarks/, the DATC cases) and the modules of the JSON path
(MODULES: order entry, the state read and written, the DPjudge port, retreats, adjustments, the phase sequence, the
interface) are compiled there with mypyc to C extensions; the sources are unchanged, so the copy runs the same code.
mypyc compiles a module only when mypy passes it, and these modules were not written for mypy: the copy gets a
mypy.ini that turns off the checks they do not pass (COMPILE_CONFIG). Before anything is timed, the compiled copy
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
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
MODULES = ["judge/api.py", "judge/position.py", "judge/result_text.py", "judge/phases.py",
           "judge/orders/parser.py", "judge/orders/validate.py", "judge/orders/sets.py",
           "judge/adjudicator/__init__.py", "judge/adjudicator/retreats.py", "judge/adjudicator/adjustments.py",
           "judge/adjudicator/dpjudge/__init__.py", "judge/adjudicator/dpjudge/board.py",
           "judge/adjudicator/dpjudge/steps.py", "judge/adjudicator/dpjudge/subroutines.py",
           "judge/adjudicator/dpjudge/paradox.py"]
COMPILE_CONFIG = """[mypy]
ignore_missing_imports = True
follow_imports = silent
disable_error_code = union-attr, index, no-redef, var-annotated, assignment, attr-defined, arg-type, return-value,
    operator, misc, call-overload, has-type, dict-item, list-item, override, valid-type, call-arg, func-returns-value,
    return, type-var, str-bytes-safe, name-defined
"""
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
    """A copy of this checkout in `target`, its JSON path compiled with mypyc."""
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyc")
    for part in ("judge", "bin", "templates", "benchmarks", "tests/data/datc"):
        if (REPO / part).exists():
            shutil.copytree(REPO / part, target / part, ignore=ignore)
    shutil.copy2(REPO / "pyproject.toml", target)       # (what marks a checkout: judge.shipped finds its files)
    (target / "mypy.ini").write_text(COMPILE_CONFIG, encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "mypyc", *MODULES], cwd=target, capture_output=True, text=True,
                          env=ENV, check=False)
    missing = [m for m in MODULES if not list((target / m).parent.glob(Path(m).stem + ".*.so"))]
    if proc.returncode or missing:
        sys.exit(f"mypyc failed (not compiled: {missing}):\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")


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
    try:
        import mypyc  # noqa: F401
    except ImportError:
        sys.exit("benchmarks/compiled.py needs mypyc: pip install mypy (and a C compiler)")
    target = Path(args.keep).resolve() if args.keep else Path(tempfile.mkdtemp(prefix="judge-compiled-"))
    if args.keep:
        target.mkdir(parents=True)
    try:
        t0 = time.perf_counter()
        build(target)
        print(f"compiled {len(MODULES)} modules with mypyc in {time.perf_counter() - t0:.0f} s ({target})")
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
