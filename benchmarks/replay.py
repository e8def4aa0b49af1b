#!/usr/bin/env python3
"""Captured requests of real games through `judge adjudicate --batch` and through MILA behind the same JSON
interface (benchmarks/mila_adapter.py), whole processes, side by side in one run.

    python benchmarks/replay.py GAMES...                   # game records (files or folders), see below
    python benchmarks/replay.py --requests FILE.jsonl      # request lines captured before (--save writes them)
    python benchmarks/replay.py                            # no games given: seeded random games (randomplay.py)
    python benchmarks/replay.py GAMES --against /tmp/prev  # and another checkout's judge in the same run
    python benchmarks/replay.py GAMES --python python3.13  # and this checkout's judge on another Python

Game records are JSON in the saved-game form of the `diplomacy` package (and of Cicero's published games): an object
with "phases", each with "name", "state" (units, centers, retreats) and "orders". Every phase with orders becomes
one request: the state before it, the orders its players gave, `"rules": []`. No game data is in the repository;
benchmarks/README.md says where real games can be had.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent


def game_files(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        out += sorted(p.rglob("*.json")) if p.is_dir() else [p]
    return out


def judge_state(state: dict) -> dict:
    """A recorded state (MILA's form: dislodged units as '*A MUN' with their options under "retreats") -> ours."""
    units = {p: [u for u in us if not u.startswith("*")] for p, us in state["units"].items()}
    doc = {"phase": state["name"], "units": {p: us for p, us in units.items() if us},
           "centers": {p: list(cs) for p, cs in state["centers"].items() if cs}}
    if state["name"].endswith("R"):
        dislodged = {p: {u: list(r) for u, r in rs.items()} for p, rs in state.get("retreats", {}).items() if rs}
        if dislodged:
            doc["dislodged"] = dislodged
    return doc


def requests_of_game(game: dict) -> list[dict]:
    """One request per phase that has orders (a finished game's last phase often has none)."""
    out = []
    for phase in game.get("phases", []):
        orders = {p: list(o) for p, o in (phase.get("orders") or {}).items() if o}
        if not orders or phase["name"] in ("COMPLETED", "FORMING"):
            continue
        out.append({"state": judge_state(phase["state"]), "orders": orders, "rules": []})
    return out


def captured_lines(args) -> tuple[list[str], str]:
    if args.requests:
        lines = [x for x in Path(args.requests).read_text(encoding="utf-8").splitlines() if x.strip()]
        return lines, f"{len(lines)} captured requests from {args.requests}"
    if args.games:
        files = game_files(args.games)
        games = [json.loads(f.read_text(encoding="utf-8")) for f in files]
        games = [g for g in games if g.get("map", "standard") == "standard"]
        lines = [json.dumps(r, separators=(",", ":")) for g in games for r in requests_of_game(g)]
        return lines, f"{len(lines)} requests from {len(games)} recorded games ({len(files)} files)"
    sys.path.insert(0, str(HERE))
    import randomplay as rp
    games = [rp.play_game(args.seed * 1000 + 500 + i, 12) for i in range(args.random_games)]
    lines = [json.dumps({**rp.request_doc(r), "rules": []}, separators=(",", ":")) for g in games for r in g]
    return lines, (f"no recorded games given: {len(lines)} requests from {len(games)} seeded random games "
                   f"(benchmarks/randomplay.py); real games move the figures (benchmarks/README.md)")


# Children run as an installed program does: from compiled bytecode (written by the warm-up run). A machine that
# sets PYTHONDONTWRITEBYTECODE would otherwise make a checkout's judge compile its sources at every start, while
# MILA, installed by pip, has its bytecode.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run(cmd: list[str], payload: str) -> tuple[float, float, str, str, int]:
    """(wall seconds, CPU seconds of the child, stdout, stderr, status) of one whole process fed `payload`."""
    before = os.times()
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, input=payload, capture_output=True, text=True, check=False, env=ENV)
    wall = time.perf_counter() - t0
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return wall, cpu, proc.stdout, proc.stderr, proc.returncode


def python_of(checkout: Path) -> str:
    venv = checkout / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


def plain_python(where: str) -> str:
    """An interpreter as a user's normal install runs: a fresh venv (no pip) whose one .pth puts this interpreter's
    site-packages on the path (MILA comes from there) without running their .pth files. A development install of
    the judge (`pip install -e`) adds one that loads its finder, and pathlib and more with it, into every process
    started, MILA's too (about 6 M instructions each); an installed judge has none, and bin/judge finds its
    checkout itself."""
    import site
    import venv
    venv.EnvBuilder(with_pip=False, symlinks=True).create(where)
    python = Path(where) / "bin" / "python"
    own = subprocess.run([str(python), "-c", "import site; print(site.getsitepackages()[0])"],
                         capture_output=True, text=True, check=True).stdout.strip()
    Path(own, "replay_deps.pth").write_text("\n".join(site.getsitepackages()) + "\n", encoding="utf-8")
    return str(python)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*", help="game record files or folders of them (*.json)")
    ap.add_argument("--requests", help="a file of captured request lines instead of games")
    ap.add_argument("--save", help="write the request lines to this file (outside the repository) and go on")
    ap.add_argument("--against", action="append", default=[], metavar="CHECKOUT",
                    help="another checkout whose bin/judge runs in the same run (its .venv's python if it has one)")
    ap.add_argument("--python", action="append", default=[], metavar="INTERPRETER",
                    help="this checkout's bin/judge also run by another Python (adjudicate needs only the stdlib)")
    ap.add_argument("--reps", type=int, default=5, help="repetitions of each process, interleaved (default 5)")
    ap.add_argument("--random-games", type=int, default=40, help="random games when no games are given (40)")
    ap.add_argument("--seed", type=int, default=1901)
    ap.add_argument("--json", metavar="FILE", help="also write the figures to FILE as JSON")
    ap.add_argument("--editable", action="store_true",
                    help="run the processes by this interpreter as it is (with a development install's finder, "
                         "if any) and other checkouts by their .venv's python, as before; default: as installed")
    args = ap.parse_args(argv)

    lines, origin = captured_lines(args)
    if args.save:
        Path(args.save).write_text("\n".join(lines) + "\n", encoding="utf-8")
    payload = "\n".join(lines) + "\n"
    kinds = {k: sum(json.loads(x)["state"]["phase"].endswith(k) for x in lines) for k in "MRA"}
    print(f"Python {platform.python_version()}, {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.1f}; {origin}: {kinds['M']} movement, {kinds['R']} retreat, "
          f"{kinds['A']} adjustment; {args.reps} interleaved repetitions of each whole process")
    scratch = tempfile.TemporaryDirectory(prefix="replay-python-")
    python = sys.executable if args.editable else plain_python(scratch.name)
    print("  every process run by " + ("this interpreter as it is, other checkouts by their .venv's" if args.editable
                                       else "a plain venv of this interpreter (no development install's finder)"))
    jobs = {"judge": [python, str(REPO / "bin" / "judge"), "adjudicate", "--batch"],
            "mila": [python, str(HERE / "mila_adapter.py"), "--batch"]}
    for other in args.against:
        path = Path(other).resolve()
        jobs[f"judge@{path.name}"] = [python_of(path) if args.editable else python, str(path / "bin" / "judge"),
                                      "adjudicate", "--batch"]
    for python in args.python:
        version = subprocess.run([python, "-c", "import platform; print(platform.python_version())"],
                                 capture_output=True, text=True, check=True).stdout.strip()
        jobs[f"judge, Python {version}"] = [python, str(REPO / "bin" / "judge"), "adjudicate", "--batch"]
    wall = {name: [] for name in jobs}
    cpu = {name: [] for name in jobs}
    start_wall = {name: [] for name in jobs}
    outputs: dict[str, str] = {}
    failed = 0
    rng = random.Random(args.seed)
    for cmd in jobs.values():
        run(cmd, "\n".join(lines[:20]) + "\n")        # warm-up: bytecode written, files in the page cache
    for _ in range(args.reps):
        order = [(n, "batch") for n in jobs] + [(n, "start") for n in jobs]
        rng.shuffle(order)
        for name, what in order:
            if what == "start":     # start-up alone: interpreter, imports, an empty batch
                start_wall[name].append(run(jobs[name], "")[0])
                continue
            w, c, out, err, status = run(jobs[name], payload)
            wall[name].append(w)
            cpu[name].append(c)
            outputs.setdefault(name, out)
            if status or out.count("\n") != len(lines):
                failed += 1
                print(f"  !! {name}: exit status {status}, {out.count(chr(10))} result lines for {len(lines)}; "
                      f"stderr: {err[-300:]!r}")
    n = len(lines)
    med = {k: statistics.median(v) for k, v in wall.items()}
    print(f"  {'process':<28}{'wall s':>9}{'CPU s':>9}{'requests/s':>12}{'start-up s':>12}{'MILA / it':>11}")
    for name in jobs:
        ratio = med["mila"] / med[name]
        print(f"  {name:<28}{med[name]:>9.3f}{statistics.median(cpu[name]):>9.3f}{n / med[name]:>12.0f}"
              f"{statistics.median(start_wall[name]):>12.3f}{ratio:>10.2f}x")
    for name in jobs:
        if name == "mila":
            continue
        net_j = med[name] - statistics.median(start_wall[name])
        net_m = med["mila"] - statistics.median(start_wall["mila"])
        print(f"  {name}: {med['mila'] / med[name]:.2f}x MILA whole processes (each run's own ratios: "
              f"{', '.join(f'{m / j:.2f}' for m, j in zip(wall['mila'], wall[name]))}); "
              f"less start-up on both sides {net_m / net_j:.2f}x")
    agree = compare(outputs, lines)
    for name in jobs:                   # (in the order given, each against this checkout's judge on this Python)
        if name not in ("judge", "mila") and name in outputs and "judge" in outputs:
            print(f"  {name}: the same bytes as judge: {outputs[name] == outputs['judge']}")
    if args.json:
        Path(args.json).write_text(json.dumps({"origin": origin, "requests": n, "kinds": kinds, "wall": wall,
                                               "cpu": cpu, "startup": start_wall, "agreement": agree}, indent=1)
                                   + "\n", encoding="utf-8")
    return 1 if failed else 0


def compare(outputs: dict[str, str], lines: list[str]) -> dict:
    """Loose cross-check: next phase, units and centres of each judge's results against MILA's and each other."""
    def outcome(line: str):
        doc = json.loads(line)
        if "error" in doc:
            return ("error",)
        st = doc["state"]
        return (st["phase"], sorted((p, u) for p, us in st["units"].items() for u in us),
                sorted((p, c) for p, cs in st.get("centers", {}).items() for c in cs),
                sorted((p, u) for p, d in st.get("dislodged", {}).items() for u in d))
    res = {name: [outcome(x) for x in out.splitlines()] for name, out in outputs.items()}
    agree = {}
    names = list(res)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            same = sum(x == y for x, y in zip(res[a], res[b]))
            agree[f"{a}={b}"] = same
            print(f"  same next phase, units, dislodged units and centres: {a} and {b} on {same} of {len(lines)}")
    return agree


if __name__ == "__main__":
    raise SystemExit(main())
