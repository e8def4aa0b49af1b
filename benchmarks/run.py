#!/usr/bin/env python3
"""Speed of our judge against the PyPI engines `diplomacy` (MILA) and `pydip`, side by side in one run.

    pip install -e '.[bench]'          # or: pip install diplomacy==1.1.2 pydip==0.1.8
    python benchmarks/run.py           # default run, a minute or two on 2 cores
    python benchmarks/run.py --quick   # ~20 s smoke run

What is timed, and how, is written in benchmarks/README.md.
"""
from __future__ import annotations

import argparse
import cProfile
import gc
import json
import os
import platform
import pstats
import random
import statistics
import subprocess
import sys
import time
import traceback
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))       # run from a checkout without installing the judge
sys.path.insert(0, str(HERE))

try:
    import diplomacy  # noqa: F401
    import pydip  # noqa: F401
except ImportError as exc:          # pragma: no cover - an environment problem, said plainly
    sys.exit(f"benchmarks/run.py needs the peer engines: {exc}\n"
             f"    pip install -e '.[bench]'    (or: pip install diplomacy==1.1.2 pydip==0.1.8)")

from judge import api, maps  # noqa: E402
from judge.adjudicator import adjudicate as adjudicate_phase  # noqa: E402
from judge.orders.sets import build_order_set  # noqa: E402
from judge.orders.validate import Validator  # noqa: E402
from judge.position import Position  # noqa: E402
from judge.rules import Ruleset  # noqa: E402

import randomplay as rp  # noqa: E402
from pydip_adapter import PydipEngine  # noqa: E402

ENGINES = ("judge", "diplomacy", "pydip")
FAILURES = Path("/tmp/bench_failures")


# --- measuring ------------------------------------------------------------------------------------------------------

def timed(fn, *args):
    """(result, seconds) of one call, garbage collection off during the call as timeit does."""
    gc_was = gc.isenabled()
    gc.disable()
    try:
        t0 = time.perf_counter()
        result = fn(*args)
        return result, time.perf_counter() - t0
    finally:
        if gc_was:
            gc.enable()


def save_failure(name: str, request: dict, error: str) -> Path:
    FAILURES.mkdir(parents=True, exist_ok=True)
    path = FAILURES / f"{name}.json"
    path.write_text(json.dumps(request, indent=1) + "\n", encoding="utf-8")
    (FAILURES / f"{name}.txt").write_text(error, encoding="utf-8")
    return path


def diplomacy_phase(game, orders) -> float:
    """The timed diplomacy call: order entry (set_orders parses and checks the text) and Game.process().
    Returns the seconds spent in process() alone."""
    for power, power_orders in orders.items():
        game.set_orders(power, power_orders)
    t = time.perf_counter()
    game.process()
    return time.perf_counter() - t


class MovementBench:
    """One scenario: a list of movement phases, each adjudicated by the three engines, interleaved."""

    def __init__(self, name: str, records: list, reps: int, seed: int, pyd: PydipEngine):
        self.name, self.records, self.reps = name, records, reps
        self.rng = random.Random(seed)
        self.pyd = pyd
        self.requests = [rp.request_doc(r) for r in records]
        first = len(pyd.refused)
        self.pydip_in = [pyd.prepare(r.phase, r.state, r.orders) for r in records]
        self.pydip_refused = pyd.refused[first:]
        n = len(records)
        self.samples = {e: [[] for _ in range(n)] for e in ENGINES}
        self.samples["pydip_resolve"] = [[] for _ in range(n)]
        self.samples["diplomacy_process"] = [[] for _ in range(n)]
        self.samples["judge_core"] = [[] for _ in range(n)]
        self.samples["equations_core"] = [[] for _ in range(n)]
        self.core_in = [judge_core_input(r) for r in self.requests]   # checked orders: not timed
        self.outcomes = {e: [None] * n for e in ENGINES}
        self.judge_results = [None] * n
        self.failed = set()
        self.setup_mismatch = 0

    def run(self):
        # warm-up: every engine once on the first few positions (imports, caches, map loading)
        for i in range(min(3, len(self.records))):
            self.once(i, keep=False)
        for _ in range(self.reps):
            for i in range(len(self.records)):
                self.once(i, keep=True)

    def once(self, i: int, keep: bool):
        rec, req = self.records[i], self.requests[i]
        order = list(ENGINES)
        self.rng.shuffle(order)
        for engine in order:
            if engine == "judge":
                if i in self.failed:
                    continue
                try:
                    result, dt = timed(api.adjudicate, req["state"], req["orders"])
                except Exception as exc:  # noqa: BLE001 - a crash of ours is reported, not hidden
                    self.failed.add(i)
                    path = save_failure(f"{self.name}-{i}", req, traceback.format_exc())
                    print(f"  !! judge raised {type(exc).__name__}: {exc} (request saved to {path})")
                    continue
                if keep and self.outcomes["judge"][i] is None:
                    self.outcomes["judge"][i] = rp.outcome_of_judge(result)
                    self.judge_results[i] = result
                _, core_dt = timed(judge_core, *self.core_in[i])
                _, eq_dt = timed(equations_core, *self.core_in[i])
                if keep:
                    self.samples["judge_core"][i].append(core_dt)
                    self.samples["equations_core"][i].append(eq_dt)
            elif engine == "diplomacy":
                game = rp.game_at(rec.state)                        # setup: not timed
                process_dt, dt = timed(diplomacy_phase, game, rec.orders)
                if keep:
                    self.samples["diplomacy_process"][i].append(process_dt)
                if keep and self.outcomes["diplomacy"][i] is None:
                    after = rp.snapshot(game)
                    self.outcomes["diplomacy"][i] = rp.outcome_of_diplomacy(after)
                    if rec.after and rp.outcome_of_diplomacy(rec.after)[:2] != self.outcomes["diplomacy"][i][:2]:
                        self.setup_mismatch += 1
            else:
                (result, resolve_dt), dt = timed(self.pyd.run, self.pydip_in[i])
                if keep:
                    self.samples["pydip_resolve"][i].append(resolve_dt)
                    if self.outcomes["pydip"][i] is None:
                        self.outcomes["pydip"][i] = self.pyd.outcome(result)
            if keep:
                self.samples[engine][i].append(dt)

    # --- report ---
    def summary(self) -> dict:
        ok = [i for i in range(len(self.records)) if i not in self.failed]
        per = {e: [statistics.median(self.samples[e][i]) for i in ok] for e in self.samples}
        med = {e: statistics.median(v) for e, v in per.items()}
        ratio_of_medians = {e: med[e] / med["judge"] for e in per}
        median_of_ratios = {e: statistics.median(a / b for a, b in zip(per[e], per["judge"])) for e in per}
        units = [r.n_units for r in self.records]
        return {"positions": len(self.records), "judge_failures": len(self.failed), "reps": self.reps,
                "units_min": min(units), "units_median": statistics.median(units), "units_max": max(units),
                "median_ms": {e: v * 1e3 for e, v in med.items()},
                "p90_ms": {e: sorted(v)[int(0.9 * (len(v) - 1))] * 1e3 for e, v in per.items()},
                "ratio_of_medians": ratio_of_medians, "median_of_ratios": median_of_ratios}

    def agreement(self) -> dict:
        pairs = {"judge=diplomacy": ("judge", "diplomacy"), "pydip=diplomacy": ("pydip", "diplomacy"),
                 "judge=pydip": ("judge", "pydip")}
        out = {}
        for label, (a, b) in pairs.items():
            both = [i for i in range(len(self.records)) if self.outcomes[a][i] and self.outcomes[b][i]]
            same = [i for i in both if self.outcomes[a][i][:2] == self.outcomes[b][i][:2]]
            retreats = [i for i in same if self.outcomes[a][i][2] == self.outcomes[b][i][2]]
            out[label] = (len(same), len(both), len(retreats))
        return out

    def disagreements(self) -> list[int]:
        return [i for i in range(len(self.records)) if self.outcomes["judge"][i] and self.outcomes["diplomacy"][i]
                and self.outcomes["judge"][i][:2] != self.outcomes["diplomacy"][i][:2]]

    def refused(self, i: int) -> list[dict]:
        """Orders diplomacy generated as legal that our judge refused (listed under `errors`) in position i."""
        return self.judge_results[i]["errors"] if self.judge_results[i] else []

    def changed(self, i: int) -> list[tuple]:
        """Orders our judge adjudicated as something else without refusing them (see rp.silently_changed)."""
        if not self.judge_results[i]:
            return []
        return rp.silently_changed(self.records[i].orders, "M", self.judge_results[i])

    def cause(self, i: int) -> str:
        return likely_cause(self.judge_results[i], self.changed(i), self.outcomes["diplomacy"][i])


def describe_disagreement(bench: MovementBench, i: int) -> list[str]:
    rec = bench.records[i]
    ju, jd, jo = bench.outcomes["judge"][i]
    du, dd, do = bench.outcomes["diplomacy"][i]
    py = bench.outcomes["pydip"][i]
    lines = [f"  [{bench.name} #{i}] game seed {rec.game}, {rec.phase}, {rec.n_units} units"
             + (f"; pydip agrees with {'judge' if py[:2] == (ju, jd) else 'diplomacy' if py[:2] == (du, dd) else 'neither'}"
                if py else "")]
    fmt = lambda s: ", ".join(f"{p[:3]} {u}" for p, u in sorted(s)) or "-"  # noqa: E731
    if ju != du:
        lines.append(f"      units only in judge: {fmt(ju - du)} | only in diplomacy: {fmt(du - ju)}")
    if jd != dd:
        lines.append(f"      dislodged only in judge: {fmt(jd - dd)} | only in diplomacy: {fmt(dd - jd)}")
    provinces = {u.split()[1][:3] for _, u in (ju ^ du) | (jd ^ dd)}
    involved = [o for o in bench.judge_results[i]["orders"]
                if any(p in o["order"] for p in provinces)]
    lines.append("      judge: " + "; ".join(f"{o['order']}{' ' + '/'.join(o['result']) if o['result'] else ''}"
                                            for o in involved[:12]))
    for e in bench.refused(i)[:3]:
        lines.append(f"      judge refused {e['power'][:3]} {e['order']!r}: {e['error']}")
    for power, text, instead in bench.changed(i)[:3]:
        lines.append(f"      judge read {power[:3]} {text!r} as {' / '.join(instead) or 'nothing'} (no error)")
    return lines


def save_disagreements(bench: MovementBench, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for i in bench.disagreements():
        rec = bench.records[i]
        doc = {"request": bench.requests[i], "diplomacy_state_before": rec.state,
               "judge_result": bench.judge_results[i],
               "diplomacy_after": {"units": sorted(map(list, bench.outcomes["diplomacy"][i][0])),
                                   "dislodged": sorted(map(list, bench.outcomes["diplomacy"][i][1]))}}
        (folder / f"{bench.name}-{i}.json").write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")


def judge_core_input(request: dict):
    """Position and checked orders for the judge's movement adjudicator (what process()/resolve_turn receive)."""
    m = maps.load()
    position = Position.from_json(request["state"], m)
    rules = Ruleset()
    validator = Validator(position, m, rules)
    legal = []
    for power, texts in request["orders"].items():
        legal.extend(build_order_set(power, texts, position, m, rules, validator).orders)
    return m, position, legal, rules


def judge_core(m, position, legal, rules):
    """The judge's adjudication of one movement phase from checked orders (the counterpart of process())."""
    return adjudicate_phase(m, position, legal, rules)


def equations_core(m, position, legal, rules):
    """The same phase through the judge's second engine (DATC chapter 5 equations)."""
    return adjudicate_phase(m, position, legal, rules, engine="equations")


def print_movement(bench: MovementBench, target: bool) -> dict:
    s = bench.summary()
    print(f"\n== {bench.name}: {s['positions']} positions ({s['units_min']}-{s['units_max']} units, median "
          f"{s['units_median']:g}), {s['reps']} interleaved repetitions each ==")
    print(f"  {'engine':<34}{'median ms/phase':>16}{'p90 ms':>9}{'x judge (ratio of medians)':>28}"
          f"{'median of ratios':>18}")
    labels = {"judge": "judge  api.adjudicate", "judge_core": "judge  adjudicator only",
              "equations_core": "judge  equation engine only",
              "diplomacy": "diplomacy  set_orders+process",
              "pydip": "pydip  commands+resolve_turn", "pydip_resolve": "pydip  resolve_turn only",
              "diplomacy_process": "diplomacy  process() only"}
    print("  full path (order text in, result document out):")
    for e in ("judge", "diplomacy", "pydip"):
        print(f"  {labels[e]:<34}{s['median_ms'][e]:>16.3f}{s['p90_ms'][e]:>9.3f}"
              f"{s['ratio_of_medians'][e]:>28.2f}{s['median_of_ratios'][e]:>18.2f}")
    print("  adjudication only (checked orders in):")
    core = s["median_ms"]["judge_core"]
    for e in ("judge_core", "equations_core", "diplomacy_process", "pydip_resolve"):
        print(f"  {labels[e]:<34}{s['median_ms'][e]:>16.3f}{s['p90_ms'][e]:>9.3f}"
              f"{s['median_ms'][e] / core:>28.2f}")
    d_full, p_full = s["ratio_of_medians"]["diplomacy"], s["ratio_of_medians"]["pydip"]
    d_core = s["median_ms"]["diplomacy_process"] / core
    p_core = s["median_ms"]["pydip_resolve"] / core
    s["core_ratios"] = {"diplomacy_process/judge_core": d_core, "pydip_resolve/judge_core": p_core}
    print(f"  ratios, full path: diplomacy/judge = {d_full:.2f}, pydip/judge = {p_full:.2f}")
    print(f"  ratios, adjudication only: diplomacy process()/judge = {d_core:.2f}, "
          f"pydip resolve_turn/judge = {p_core:.2f}")
    if target:
        print(f"  target judge <= 1/10 of diplomacy's process(): {'MET' if d_core >= 10 else 'NOT MET'} "
              f"({d_core:.2f}x); judge <= 1/3 of pydip's resolve_turn: {'MET' if p_core >= 3 else 'NOT MET'} "
              f"({p_core:.2f}x)  [full path: {d_full:.2f}x and {p_full:.2f}x]")
    if bench.failed:
        print(f"  judge FAILED on {len(bench.failed)} position(s); requests saved under {FAILURES}/")
    agree = bench.agreement()
    n = len(bench.records)
    print("  agreement on units after the phase and dislodged units (and, of those, on retreat options):")
    for label, (same, both, retreats) in agree.items():
        print(f"    {label:<16} {same}/{both}  (retreat options also equal: {retreats})")
    if bench.setup_mismatch:
        print(f"  note: diplomacy set up with set_state() differed from the original game in "
              f"{bench.setup_mismatch}/{n} positions")
    refused = bench.pydip_refused
    if refused:
        print(f"  pydip refused {len(refused)} order(s) (given a hold instead), e.g. {refused[0][1]!r}")
    dis = bench.disagreements()
    n = len(bench.records)
    refusals = [e for i in range(n) for e in bench.refused(i)]
    changed = [c for i in range(n) for c in bench.changed(i)]
    print_refusals(refusals, sum(1 for i in range(n) if bench.refused(i)), changed)
    causes = {c: [i for i in dis if bench.cause(i) == c] for c in CAUSES}
    print_causes(len(dis), {c: len(v) for c, v in causes.items()})
    for i in causes["other"][:4] + causes["order"][:2] + causes["via"][:1] + causes["noretreat"][:1]:
        print("\n".join(describe_disagreement(bench, i)))
    if dis:
        folder = Path("/tmp/bench_disagreements")
        save_disagreements(bench, folder)
        print(f"  all {len(dis)} judge/diplomacy disagreements saved as request + both outcomes under {folder}/")
    s["agreement"] = {k: {"same": v[0], "compared": v[1], "retreats_same": v[2]} for k, v in agree.items()}
    s["disagreements"] = {c: len(v) for c, v in causes.items()}
    s["judge_refused_orders"] = len(refusals)
    return s


CAUSES = {
    "order": "the judge refused or silently re-read an order diplomacy took (see above)",
    "via": "an army ordered 'VIA' convoy with no convoy found: the judge says 'no convoy' and the army stays "
           "(DATC 4.A.3 / 2023 rules, pydip the same); diplomacy moves it over land when the provinces touch",
    "noretreat": "a dislodged unit with nowhere to go: the judge keeps it, with no retreat options, for a retreat "
                 "phase (centres change after it); diplomacy disbands it at once and skips that phase",
    "other": "none of those: to be investigated",
}


def likely_cause(result: dict, changed: list, theirs: tuple) -> str:
    """Why our result differs from diplomacy's outcome `theirs` = (units, dislodged units, options)."""
    if result["errors"] or changed:
        return "order"
    if any("VIA" in o["order"].split() and "no convoy" in o["result"] for o in result["orders"]):
        return "via"
    units, dislodged, options = rp.outcome_of_judge(result)
    if units == theirs[0] and theirs[1] <= dislodged and all(not options[u] for u in dislodged - theirs[1]):
        return "noretreat"
    return "other"


def print_causes(total: int, counts: dict) -> None:
    if not total:
        return
    print(f"  judge/diplomacy disagreements: {total}, by likely cause:")
    for c, text in CAUSES.items():
        print(f"    {counts[c]:>4}  {text}")
    print("  examples (unexplained ones first):")


def print_refusals(refusals: list[dict], positions: int, changed: list[tuple]) -> None:
    if refusals:
        kinds = {}
        for e in refusals:
            kinds[e["error"]] = kinds.get(e["error"], 0) + 1
        print(f"  orders diplomacy generated as legal that the judge refused: {len(refusals)} in {positions} "
              f"phases; by message: "
              + ", ".join(f"{k} x{v}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1])[:6]))
    if changed:
        print(f"  orders the judge adjudicated as a different order without an error: {len(changed)}, e.g. "
              + "; ".join(f"{t!r} -> {' / '.join(i) or 'nothing'}" for _, t, i in changed[:3]))


# --- batch throughput -----------------------------------------------------------------------------------------------

# The child may write its bytecode (as benchmarks/replay.py lets it): with PYTHONDONTWRITEBYTECODE set, a checkout whose
# sources changed since they were last compiled would compile them again at every start, timed as the judge's.
BYTECODE_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def judge_batch_subprocess(payload: str) -> tuple[float, str, str, int]:
    """One `bin/judge adjudicate --batch` process fed every request line; wall time from start to exit."""
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, str(REPO / "bin" / "judge"), "adjudicate", "--batch"],
                          input=payload, capture_output=True, text=True, check=False, env=BYTECODE_ENV)
    return time.perf_counter() - t0, proc.stdout, proc.stderr, proc.returncode


def judge_inprocess(lines: list[str]) -> float:
    t0 = time.perf_counter()
    for line in lines:
        try:
            json.dumps(api.request(json.loads(line)), separators=(",", ":"))
        except Exception:  # noqa: BLE001 - failures are collected by the subprocess run
            pass
    return time.perf_counter() - t0


def diplomacy_replay(games: list[list]) -> tuple[float, float, int]:
    """The same phases by the diplomacy package, each game replayed in one Game from S1901M with the recorded
    orders. Returns (sum of set_orders+process times, wall time incl. Game() creation, replays that diverged)."""
    from diplomacy import Game
    busy, diverged = 0.0, 0
    t0 = time.perf_counter()
    for records in games:
        game = Game()
        for rec in records:
            t = time.perf_counter()
            diplomacy_phase(game, rec.orders)
            busy += time.perf_counter() - t
        if rp.snapshot(game)["units"] != records[-1].after["units"]:
            diverged += 1
    return busy, time.perf_counter() - t0, diverged


def batch_throughput(games: list[list], reps: int, seed: int) -> dict:
    records = [r for g in games for r in g]
    lines = [json.dumps(rp.request_doc(r), separators=(",", ":")) for r in records]
    payload = "\n".join(lines) + "\n"
    kinds = {k: sum(r.kind == k for r in records) for k in "MRA"}
    print(f"\n== batch: {len(games)} random games, {len(records)} phases "
          f"({kinds['M']} movement, {kinds['R']} retreat, {kinds['A']} adjustment), {reps} interleaved repetitions ==")
    rng = random.Random(seed)
    times = {"judge --batch (subprocess wall)": [], "judge startup only (empty input)": [],
             "judge api.request in-process": [], "diplomacy set_orders+process": [],
             "diplomacy replay wall": []}
    output = stderr = None
    status = 0
    for _ in range(reps):
        jobs = ["batch", "startup", "inproc", "diplomacy"]
        rng.shuffle(jobs)
        for job in jobs:
            if job == "batch":
                wall, out, err, status = judge_batch_subprocess(payload)
                times["judge --batch (subprocess wall)"].append(wall)
                output, stderr = output or out, stderr if stderr is not None else err
            elif job == "startup":
                times["judge startup only (empty input)"].append(judge_batch_subprocess("")[0])
            elif job == "inproc":
                times["judge api.request in-process"].append(judge_inprocess(lines))
            else:
                busy, wall, diverged = diplomacy_replay(games)
                times["diplomacy set_orders+process"].append(busy)
                times["diplomacy replay wall"].append(wall)
    med = {k: statistics.median(v) for k, v in times.items()}
    n = len(records)
    print(f"  {'':<40}{'median s':>10}{'phases/s':>11}")
    for k, v in med.items():
        rate = "" if k.startswith("judge startup") else f"{n / v:>11.0f}"
        print(f"  {k:<40}{v:>10.3f}{rate}")
    net = med["judge --batch (subprocess wall)"] - med["judge startup only (empty input)"]
    print(f"  judge --batch less startup: {net:.3f} s = {n / net:.0f} phases/s")
    print(f"  ratio (phases/s) judge --batch / diplomacy = "
          f"{med['diplomacy set_orders+process'] / med['judge --batch (subprocess wall)']:.2f} (whole process incl. "
          f"startup), {med['diplomacy set_orders+process'] / med['judge api.request in-process']:.2f} (in-process)")

    # correctness of the batch output against the diplomacy game's own next state
    results = [json.loads(x) for x in output.splitlines()] if output else []
    error_lines = [i for i, r in enumerate(results) if "error" in r]
    for i in error_lines:
        save_failure(f"batch-{i}", json.loads(lines[i]), results[i]["error"])
    if status or len(results) != n:
        print(f"  !! judge --batch exit status {status}, {len(results)} result lines for {n} requests; "
              f"stderr: {stderr[-500:]!r}")
    agree = {k: [0, 0] for k in "MRA"}
    refusals, changed = [], []
    causes = {c: 0 for c in CAUSES}
    examples = {c: [] for c in CAUSES}
    for rec, res in zip(records, results):
        if "error" in res:
            continue
        agree[rec.kind][1] += 1
        refusals += res["errors"]
        changed_here = rp.silently_changed(rec.orders, rec.kind, res)
        changed += changed_here
        mine = (res["state"]["phase"], rp.outcome_of_judge(res)[:2],
                {p: sorted(c) for p, c in res["state"]["centers"].items() if c})
        theirs = (rec.after["name"], rp.outcome_of_diplomacy(rec.after)[:2],
                  {p: sorted(c) for p, c in rec.after["centers"].items() if c})
        if mine == theirs:
            agree[rec.kind][0] += 1
            continue
        cause = likely_cause(res, changed_here, rp.outcome_of_diplomacy(rec.after))
        causes[cause] += 1
        what = [w for w, a, b in zip(("next phase", "units/dislodged", "centres"), mine, theirs) if a != b]
        line = [f"    game seed {rec.game} {rec.phase}: differs in {', '.join(what)}"
                + (f" (judge {mine[0]}, diplomacy {theirs[0]})" if mine[0] != theirs[0] else "")]
        ju, jd = mine[1]
        du, dd = theirs[1]
        fmt = lambda s: ", ".join(f"{p[:3]} {u}" for p, u in sorted(s)) or "-"  # noqa: E731
        if ju != du:
            line.append(f"      units only in judge: {fmt(ju - du)} | only in diplomacy: {fmt(du - ju)}")
        if jd != dd:
            line.append(f"      dislodged only in judge: {fmt(jd - dd)} | only in diplomacy: {fmt(dd - jd)}")
        if mine[2] != theirs[2]:
            line.append(f"      centres judge {mine[2]} | diplomacy {theirs[2]}")
        line += [f"      judge refused {e['power'][:3]} {e['order']!r}: {e['error']}" for e in res["errors"][:2]]
        line += [f"      judge read {p[:3]} {t!r} as {' / '.join(i) or 'nothing'} (no error)"
                 for p, t, i in changed_here[:2]]
        line += [f"      judge: {o['power'][:3]} {o['order']} {'/'.join(o['result'])}" for o in res["orders"]
                 if "VIA" in o["order"].split() and "no convoy" in o["result"]][:2]
        examples[cause].append("\n".join(line))
    total_dis = sum(b - a for a, b in agree.values())
    print("  judge result vs the diplomacy game's next state (phase, units, dislodged, centres): "
          + ", ".join(f"{k} {a}/{b}" for k, (a, b) in agree.items()))
    print_refusals(refusals, sum(1 for r in results if r.get("errors")), changed)
    print_causes(total_dis, causes)
    shown = examples["other"][:4] + examples["order"][:2] + examples["via"][:1] + examples["noretreat"][:1]
    if shown:
        print("\n".join(shown))
    if error_lines:
        print(f"  !! {len(error_lines)} request(s) refused by the judge; saved under {FAILURES}/")
    diverged = diplomacy_replay(games[:1])[2]
    if diverged:
        print("  note: the diplomacy replay diverged from the recorded game")
    return {"phases": n, "kinds": kinds, "median_s": med, "phases_per_s": {k: n / v for k, v in med.items()},
            "agreement": {k: {"same": a, "compared": b} for k, (a, b) in agree.items()},
            "judge_error_lines": len(error_lines), "judge_refused_orders": len(refusals),
            "judge_silently_changed_orders": len(changed), "disagreements": causes}


# --- profile --------------------------------------------------------------------------------------------------------

def profile_judge(requests: list[dict], top: int = 10) -> None:
    prof = cProfile.Profile()
    prof.enable()
    for req in requests:
        try:
            api.adjudicate(req["state"], req["orders"])
        except Exception:  # noqa: BLE001 - reported by the timed run
            pass
    prof.disable()
    stats = pstats.Stats(prof).stats
    total = sum(v[2] for v in stats.values())
    print(f"\n== cProfile of judge api.adjudicate over the {len(requests)} late-game positions "
          f"(once each; {total:.3f} s of own time under the profiler), top {top} by own time ==")
    print(f"  {'calls':>9}{'own s':>9}{'cum s':>9}  function")

    def name(key):
        file, line, func = key
        path = Path(file)
        try:
            file = str(path.resolve().relative_to(REPO))
        except ValueError:
            file = path.name
        return f"{file}:{line}({func})"

    rows = sorted(stats.items(), key=lambda kv: kv[1][2], reverse=True)[:top]
    for key, (cc, nc, tt, ct, _) in rows:
        print(f"  {nc:>9}{tt:>9.3f}{ct:>9.3f}  {name(key)}")
    rows = sorted(((k, v) for k, v in stats.items() if "judge" in k[0]), key=lambda kv: kv[1][3], reverse=True)
    print("  top judge functions by cumulative time:")
    for key, (cc, nc, tt, ct, _) in rows[1:top + 1]:
        print(f"  {nc:>9}{tt:>9.3f}{ct:>9.3f}  {name(key)}")


# --- main -----------------------------------------------------------------------------------------------------------

def version(pkg: str) -> str:
    try:
        return metadata.version(pkg)
    except metadata.PackageNotFoundError:
        return "?"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="a ~20 s smoke run (fewer positions, games, repetitions)")
    ap.add_argument("--start", type=int, help="distinct random order sets on the 1901 position (default 200)")
    ap.add_argument("--late", type=int, help="late-game movement positions with >= 30 units (default 100)")
    ap.add_argument("--reps", type=int, help="repetitions of each position per engine (default 7)")
    ap.add_argument("--games", type=int, help="random games for the batch (default 10)")
    ap.add_argument("--years", type=int, help="years per random game (default 12)")
    ap.add_argument("--phases", type=int, help="batch size in phases: play as many games as needed, then cut")
    ap.add_argument("--batch-reps", type=int, help="repetitions of the batch measurement (default 5)")
    ap.add_argument("--seed", type=int, default=1901)
    ap.add_argument("--no-profile", action="store_true", help="skip the cProfile of our judge")
    ap.add_argument("--json", metavar="FILE", help="also write the figures to FILE as JSON")
    args = ap.parse_args(argv)
    d = dict(start=40, late=20, reps=3, games=3, years=6, batch_reps=2) if args.quick else \
        dict(start=200, late=100, reps=7, games=10, years=12, batch_reps=5)
    for k, v in d.items():
        if getattr(args, k) is None:
            setattr(args, k, v)

    t_start = time.perf_counter()
    print(f"judge {version('judge')} vs diplomacy {version('diplomacy')} vs pydip {version('pydip')}; "
          f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs; seed {args.seed}")

    # positions and orders (not timed)
    t = time.perf_counter()
    start = rp.random_start_order_sets(args.start, args.seed)
    late, played = rp.late_game(args.seed, args.late, max(args.years, 12))
    game_seed = args.seed * 1000
    batch_games = []
    i = 0
    while (len(batch_games) < args.games if args.phases is None
           else sum(len(g) for g in batch_games) < args.phases):
        batch_games.append(rp.play_game(game_seed + 500 + i, args.years))
        i += 1
    if args.phases is not None:
        total, cut = 0, []
        for g in batch_games:
            cut.append(g[:args.phases - total])
            total += len(cut[-1])
        batch_games = [g for g in cut if g]
    print(f"generated with diplomacy's random play in {time.perf_counter() - t:.1f} s (not timed): {len(start)} "
          f"order sets for S1901M, {len(late)} late-game positions from {played} games, "
          f"{sum(map(len, batch_games))} batch phases from {len(batch_games)} games")
    if len(late) < args.late:
        print(f"  note: only {len(late)} positions with >= 30 units were found")

    pyd = PydipEngine()
    report = {"settings": vars(args)}
    b1 = MovementBench("start-1901", start, args.reps, args.seed, pyd)
    b1.run()
    report["start"] = print_movement(b1, target=False)
    b2 = MovementBench("late-game", late, args.reps, args.seed + 1, pyd)
    b2.run()
    report["late"] = print_movement(b2, target=True)
    report["batch"] = batch_throughput(batch_games, args.batch_reps, args.seed)
    if not args.no_profile:
        profile_judge(b2.requests)
    print(f"\ntotal run time {time.perf_counter() - t_start:.0f} s")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1, default=str) + "\n", encoding="utf-8")
    failed = b1.failed or b2.failed or report["batch"]["judge_error_lines"]
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
