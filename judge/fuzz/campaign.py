"""The campaign: many phases on one map or on every variant, optionally on several processes; the report."""
from __future__ import annotations

import dataclasses
import json
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from judge import maps
from judge.adjudicator.crosscheck import run_both
from judge.fuzz.cases import case_document, signature, write_case
from judge.fuzz.census import features
from judge.fuzz.generate import generate
from judge.fuzz.shrink import shrink
from judge.rules import parse_rules
from judge.fuzz.verdict import EXPLAINED_SAFE_CONVOYS, UNEXPLAINED, Engines, classify, legal_orders, nature, \
    still_fails

SHRINKS_PER_SHAPE = 3     # a signature seen this often before shrinking, in one process, is only counted after that
STANDARD = "standard"     # the map `bin/judge fuzz` runs on unless told (judge.maps.load's default)


def variant_names() -> list[str]:
    """Every map `judge.maps` can load, standard first (just the standard map where it lists none)."""
    listing = getattr(maps, "variants", None)
    # Names, or the maps themselves: either way, the names load() takes.
    names = [v if isinstance(v, str) else v.name for v in listing()] if callable(listing) else [STANDARD]
    return sorted(names, key=lambda n: (n != STANDARD, n))


@dataclass
class Tally:
    phases: int = 0
    unexplained: int = 0
    explained: int = 0
    cases: list[dict] = field(default_factory=list)          # minimal case documents
    unshrunk: Counter = field(default_factory=Counter)      # rough signature -> findings counted, not shrunk
    census: Counter = field(default_factory=Counter)


def run_chunk(seed: int, start: int, count: int, known: bool = False, engines: Engines = run_both,
              census: bool = False, seen: Counter | None = None, variant: str = STANDARD,
              rules: tuple[str, ...] = ()) -> Tally:
    """Phases start..start+count-1 of the run: classify each, shrink the disagreements, return what was found.
    `rules`: rule words set on every phase, over the ones drawn at random (e.g. convoy_intent=via_only)."""
    m = maps.load(variant)
    seen = Counter() if seen is None else seen
    tally = Tally()
    for index in range(start, start + count):
        trial = generate(seed, index, known, m)
        if rules:
            trial = dataclasses.replace(trial, rules=parse_rules(rules, trial.rules))
        found = classify(trial, m, engines)
        tally.phases += 1
        if census:
            _, legal, errors = legal_orders(trial, m)
            tally.census.update(features(m, trial.position(), legal, errors))
        if found is None:
            continue
        kind, subject, verdict = found
        if kind == UNEXPLAINED:
            tally.unexplained += 1
        else:
            tally.explained += 1
        rough = signature(kind, None, verdict.differences)
        seen[rough] += 1
        if seen[rough] > SHRINKS_PER_SHAPE:
            tally.unshrunk[rough] += 1
            continue
        small = shrink(subject, still_fails(kind, nature(verdict.differences), m, engines), m)
        tally.cases.append(dict(case_document(kind, small, m, engines), rough=rough))
    return tally


_WORKER_SEEN: Counter = Counter()


def _worker(args: tuple[int, int, int, bool, str, tuple[str, ...]]) -> Tally:
    seed, start, count, known, variant, rules = args
    return run_chunk(seed, start, count, known, seen=_WORKER_SEEN, variant=variant, rules=rules)


@dataclass
class Report:
    phases: int
    seconds: float
    unexplained: int
    explained: int
    cases: dict[str, dict]               # signature -> {"class", "file", "hits"}
    out: Path
    variant: str = STANDARD

    @property
    def rate(self) -> float:
        return self.phases / self.seconds if self.seconds else 0.0

    def lines(self) -> list[str]:
        distinct = Counter(c["class"] for c in self.cases.values())
        out = [f"phases run: {self.phases} in {self.seconds:.1f} s ({self.rate:.0f} phases/s)",
               (f"disagreements: {self.unexplained} unexplained ({distinct[UNEXPLAINED]} distinct minimal cases), "
                f"{self.explained} explained: safe_convoys ({distinct[EXPLAINED_SAFE_CONVOYS]} distinct)")]
        if self.cases:
            out.append(f"minimal cases written to {self.out}/")
            for sig, c in sorted(self.cases.items(), key=lambda kv: (kv[1]["class"] != UNEXPLAINED, kv[0])):
                out.append(f"  {c['class']}: {c['file']} (seen {c['hits']}x; {c['units']} units)")
        else:
            out.append("no minimal cases to write")
        return out


def campaign(phases: int, seed: int = 1, jobs: int = 1, out: Path | str = "fuzz-cases", known: bool = False,
             chunk: int = 1000, progress: Callable[[str], None] | None = None, variant: str = STANDARD,
             rules: tuple[str, ...] = ()) -> Report:
    """Run `phases` phases on one map (on `jobs` processes), write each distinct minimal case to `out`, and report."""
    out = Path(out)
    t0 = time.perf_counter()
    tasks = [(seed, s, min(chunk, phases - s), known, variant, rules) for s in range(0, phases, chunk)]
    total = Tally()
    cases: dict[str, dict] = {}
    rough_to: dict[str, str] = {}       # rough signature -> the signature its minimal cases got
    last = t0

    def take(t: Tally) -> None:
        nonlocal last
        total.phases += t.phases
        total.unexplained += t.unexplained
        total.explained += t.explained
        for doc in t.cases:
            rough_to.setdefault(doc["rough"], doc["signature"])
            entry = cases.get(doc["signature"])
            if entry is None:
                path = write_case(doc, out)
                cases[doc["signature"]] = {"class": doc["class"], "file": path.name, "hits": 1, "units": doc["units"]}
            else:
                entry["hits"] += 1
        for rough, n in t.unshrunk.items():
            # Shrinking is rationed per process, and a process shrinks a rough signature before it skips one, so
            # the minimal case it belongs to is known by now.
            cases[rough_to[rough]]["hits"] += n
        now = time.perf_counter()
        if progress and now - last > 15:
            last = now
            progress(f"fuzz: {variant}: {total.phases}/{phases} phases, {total.phases / (now - t0):.0f}/s, "
                     f"{total.unexplained} unexplained, {total.explained} explained")

    if jobs <= 1:
        seen: Counter = Counter()
        for s, start, count, kn, v, r in tasks:
            take(run_chunk(s, start, count, kn, seen=seen, variant=v, rules=r))
    else:
        import multiprocessing
        with multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn").Pool(jobs) as pool:
            for t in pool.imap_unordered(_worker, tasks):
                take(t)
    report = Report(total.phases, time.perf_counter() - t0, total.unexplained, total.explained, cases, out, variant)
    if cases:
        summary = {"variant": variant, "seed": seed, "phases": report.phases, "seconds": round(report.seconds, 1),
                   "unexplained": report.unexplained, "explained": report.explained, "cases": cases}
        (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return report


def command(phases: int, seed: int, out: str, jobs: int, known: bool, variant: str = STANDARD,
            rules: tuple[str, ...] = ()) -> int:
    """`bin/judge fuzz`: run on one variant or on 'all' of them, print each report, exit 1 on any unexplained
    disagreement (2 for a variant that does not exist)."""
    def progress(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)
    try:
        parse_rules(rules)
    except ValueError as exc:
        print(f"fuzz: {exc}", file=sys.stderr)
        return 2
    names = variant_names()
    if variant != "all" and variant not in names:
        print(f"fuzz: no variant {variant!r}; known: {', '.join(names)}, or all", file=sys.stderr)
        return 2
    chosen = names if variant == "all" else [variant]
    status = 0
    for name in chosen:
        # Several variants' cases go to a folder each: a case replays only on its own map.
        where = Path(out) / name if len(chosen) > 1 else Path(out)
        report = campaign(phases, seed, jobs, where, known, progress=progress, variant=name, rules=rules)
        print(f"fuzz: variant {name}, seed {seed}, {jobs} job(s), "
              f"safe_convoys {'also on (--known)' if known else 'off'}"
              + (f", every phase with {' '.join(rules)}" if rules else ""))
        print("\n".join(report.lines()))
        status = status or (1 if report.unexplained else 0)
    return status
