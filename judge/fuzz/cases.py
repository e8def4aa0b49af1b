"""Case files: a finding's signature, the replayable JSON document of a minimal case, writing and replaying it."""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

from judge.adjudicator.crosscheck import replayable, run_both
from judge.fuzz.generate import Trial
from judge.fuzz.verdict import UNEXPLAINED, Engines, adjudge, legal_orders
from judge.maps import Map
from judge.rules import words

_LOC_RE = re.compile(r"\b[A-Z]{3}(?:/[NSEW]C)?\b")
_PATH_RE = re.compile(r"(?: - _){2,}")
_KIND_RE = re.compile(r"\b[AF] _")


def _abstract(line: str) -> str:
    """A difference line with places and unit types blanked out and written convoy paths folded, so that the same
    fault elsewhere on the board (or with a longer route) looks alike."""
    line = _LOC_RE.sub("_", line)
    return _KIND_RE.sub("U _", _PATH_RE.sub(" - <path>", line))


def signature(kind: str, trial: Trial | None, differences: list[str]) -> str:
    """The finding's class, the rule options it needs, and the shape of its differences. Minimal cases with equal
    signatures count as one fault: the first is written, the others are counted. Without a trial (before
    shrinking, when the rule options are still random) it is the rough signature that rations shrinking."""
    rules = words(trial.rules) if trial else ["(rules not yet known)"]
    # The same shape on another map is filed apart: its case only replays on that map.
    where = [f"variant={trial.variant}"] if trial and trial.variant != "standard" else []
    return hashlib.sha1("\n".join([kind, *where, *rules, *sorted({_abstract(d) for d in differences})])
                        .encode()).hexdigest()[:12]


def _outcome_json(outcome: Any) -> dict:
    return {"orders": {str(r.order): list(r.marks) for r in outcome.results},
            "units": sorted(f"{u.power} {u}" for u in outcome.units.values()),
            "dislodged": {str(d.unit): list(d.retreats) for d in outcome.dislodged.values()}}


def case_document(kind: str, trial: Trial, m: Map, engines: Engines = run_both) -> dict:
    """A minimal case as JSON: the replayable request, the differences, both engines' outcomes, where it came from."""
    from judge.adjudicator import dpjudge, equations
    position, legal, _ = legal_orders(trial, m)
    v = adjudge(trial, m, engines)
    req = replayable(m, position, legal, trial.rules, v.differences)
    differences = req.pop("differences")
    if m.name != "standard":
        req["variant"] = m.name             # the JSON interface's map field (the standard map when left out)
    doc: dict[str, Any] = {
        "signature": signature(kind, trial, differences),
        "class": kind,
        "variant": m.name,
        "seed": trial.seed,
        "phase": trial.index,
        "scenario": trial.scenario,
        "request": req,
        "differences": differences,
        "texts": [[p, t] for p, t in trial.orders],
        "units": len(trial.units),
    }
    for name, fn in (("port", dpjudge.resolve_movement), ("equations", equations.resolve_movement)):
        try:
            doc[name] = _outcome_json(fn(m, position, legal, trial.rules))
        except Exception as exc:  # noqa: BLE001 - the crash is the finding; recorded instead of an outcome
            doc[name] = {"error": f"{type(exc).__name__}: {exc}"}
    return doc


def replay(doc: dict) -> list[str]:
    """Run a case file's request through the JSON interface; the differences the cross-check reports."""
    from judge import api
    return api.request(doc["request"])["crosscheck"]["differences"]


def write_case(doc: dict, out: Path) -> Path:
    """Write a case document to `out` as <class>-<signature>.json; the path written."""
    out.mkdir(parents=True, exist_ok=True)
    prefix = "unexplained" if doc["class"] == UNEXPLAINED else "explained"
    path = out / f"{prefix}-{doc['signature']}.json"
    path.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    return path
