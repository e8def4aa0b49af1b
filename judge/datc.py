"""Run the DATC v3.1 cases kept as data (tests/data/datc) and score the judge: "DATC 3.1: N/164 passed"; then the
rule-option variants: the DATC's own, and our cases for house rules (rules.json)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge import maps, shipped
from judge.adjudicator import adjudicate
from judge.maps import Map
from judge.orders import Order, Support
from judge.orders.sets import build_order_set
from judge.orders.validate import Validator
from judge.position import Position
from judge.rules import Ruleset, parse_rules

DATA = shipped.datc_cases()
TOTAL = 164

# Which rule options reproduce a choice the DATC discusses: (issue, choice) -> rule words.
VARIANT_RULES: dict[tuple[str, str], list[str]] = {
    ("4.A.2", "1982"): ["convoy_paradox=1982"],
    ("4.A.3", "dptg"): ["convoy_intent=via_only"],
    ("4.A.4", "b"): ["convoy_cuts_origin_support"],
    ("4.A.5", "a"): ["no_retreat_to_convoy_origin"],
    ("4.D.8", "a"): ["removal_distance=home_centers"],
}


# Choices a DATC case discusses that the judge deliberately does not offer, and why.
NOT_OFFERED: dict[tuple[str, str], str] = {
    ("4.A.1", "a"): "1971 multi-route disruption: no modern rulebook uses it",
    ("4.A.2", "1971"): "the 1971 paradox rule leaves second-order paradoxes unresolved",
    ("4.A.2", "2000"): "the 2000/2023 paradox rule leaves paradoxes unresolved; Szykman settles them",
    ("4.A.3", "1971"): "1971 convoy-to-adjacent reading (convoy only against a unit moving the other way)",
    ("4.A.3", "fallback"): "DATC v2's fallback to the land route, also for a disrupted convoy (via_without_convoy="
                           "land falls back only when no fleets are ordered to carry the army, as godip and MILA do)",
    ("4.A.7", "a"): "the literal reading lets a dislodged unit never bounce anything; not offered",
    ("4.B.2", "b"): "a fleet move with an omitted but unambiguous coast is always followed",
    ("4.B.3", "a"): "an impossible coast is always illegal; the judge never rewrites an order",
    ("4.B.4", "strict"): "supports need not name the coast; a named coast must match",
    ("4.B.4", "calhamer"): "supports need not name the coast; a named coast must match",
    ("4.B.5", "a"): "the wrong coast of the ordered unit is always ignored",
    ("4.B.6", "a"): "unknown or irrelevant coasts are always ignored",
    ("4.C.4", "b"): "a fleet build inland is refused, never turned into an army",
    ("4.D.4", "a"): "excess builds: the first legal ones count",
    ("4.D.4", "c"): "excess builds: the first legal ones count",
    ("4.D.6", "a"): "excess removals: the first legal ones count",
    ("4.D.6", "c"): "excess removals: the first legal ones count",
}


@dataclass
class CaseResult:
    id: str
    title: str
    problems: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.problems


@dataclass
class Report:
    cases: list[CaseResult] = field(default_factory=list)
    variants: list[CaseResult] = field(default_factory=list)
    not_offered: list[str] = field(default_factory=list)

    def by_case(self) -> dict[str, bool]:
        """Pass/fail per DATC case; a case split into parts (6.J.9, 6.J.9b) passes when every part does."""
        out: dict[str, bool] = {}
        for c in self.cases:
            key = c.id.rstrip("abcdefgh")
            out[key] = out.get(key, True) and c.passed
        return out

    def summary(self) -> str:
        by_case = self.by_case()
        passed = sum(by_case.values())
        lines = [f"DATC 3.1: {passed}/{TOTAL} passed"]
        if len(by_case) != TOTAL:
            lines.append(f"  ({len(by_case)} cases found in the data)")
        for c in self.cases:
            if not c.passed:
                lines.append(f"  FAILED {c.id} {c.title}")
                lines.extend(f"      {p}" for p in c.problems)
        if self.variants:
            ok = sum(v.passed for v in self.variants)
            lines.append(f"Rule-option variants: {ok}/{len(self.variants)} passed")
            for v in self.variants:
                if not v.passed:
                    lines.append(f"  FAILED {v.id} {v.title}")
                    lines.extend(f"      {p}" for p in v.problems)
        if self.not_offered:
            lines.append(f"Variants for choices the judge does not offer: {len(self.not_offered)}")
            lines.extend(f"  {x}" for x in self.not_offered)
        return "\n".join(lines)


def load_cases(data: Path = DATA) -> list[dict]:
    cases = []
    for path in sorted(data.glob("6*.json")):
        cases.extend(json.loads(path.read_text(encoding="utf-8"))["cases"])
    return cases


def load_rule_cases(data: Path = DATA) -> list[dict]:
    """Cases of our own for house rules the DATC does not discuss (DPjudge's FRIENDLY_FIRE, NO_RETREAT, ...): each
    names the rule words it is played under (`rules`), and counts among the rule-option variants."""
    path = data / "rules.json"
    return json.loads(path.read_text(encoding="utf-8"))["cases"] if path.exists() else []


def run_case(case: dict, rules: Ruleset | None = None, variant: dict | None = None,
             m: Map | None = None, variant_step: int | None = None, engine: str = "dpjudge") -> list[str]:
    """Play a case's steps; return the differences from what the case expects (empty: it passes)."""
    m = m or maps.load("standard")       # the DATC cases are on the standard map
    rules = rules or Ruleset()
    problems: list[str] = []
    position = Position.from_json({"phase": "S1901M", **case["position"]}, m)
    for n, step in enumerate(case["steps"], 1):
        where = f"step {n}: " if len(case["steps"]) > 1 else ""
        applies = variant if variant_step in (None, n - 1) else None
        position, step_problems = _run_step(m, position, step, rules, applies, engine)
        problems.extend(where + p for p in step_problems)
    return problems


def _run_step(m: Map, position: Position, step: dict, rules: Ruleset, variant: dict | None,
              engine: str = "dpjudge"):
    problems = []
    validator = Validator(position, m, rules)
    texts: dict[str, list[str]] = {}
    for o in step["orders"]:
        texts.setdefault(o["power"], []).append(o["order"])
    legal: list[Order] = []
    verdicts: dict[str, list] = {}
    for power, lst in texts.items():
        oset = build_order_set(power, lst, position, m, rules, validator)
        legal.extend(oset.orders)
        verdicts[power] = list(oset.verdicts)
    outcome = adjudicate(m, position, legal, rules, engine=engine)
    marks = {str(r.order): r.marks for r in outcome.results}
    overrides = (variant or {}).get("results", {})
    for o in step["orders"]:
        verdict = verdicts[o["power"]].pop(0)
        want = overrides.get(f"{o['power']}: {o['order']}", overrides.get(o["order"], o.get("result")))
        if want is None:
            continue
        if isinstance(verdict, str):
            got, detail = "illegal", verdict
        else:
            got_marks = marks.get(str(verdict), ())
            got = "succeeds" if _succeeded(verdict, got_marks) else "fails"
            detail = f"{verdict} {list(got_marks)}"
        ok = got == want or (want == "fails" and got == "illegal")
        if not ok:
            problems.append(f"{o['power']}: {o['order']}: expected {want}, got {got} ({detail})")
    expect_dislodged = (variant or {}).get("dislodged", step.get("dislodged"))
    if expect_dislodged is not None and position.phase.kind == "M":
        got = sorted(str(d.unit) for d in outcome.position.dislodged.values()) \
            if outcome.position.phase.kind == "R" else []
        if got != sorted(expect_dislodged):
            problems.append(f"dislodged: expected {sorted(expect_dislodged)}, got {got}")
    expect_retreats = (variant or {}).get("retreats", step.get("retreats"))
    if expect_retreats is not None:
        got_r = {str(d.unit): sorted(d.retreats) for d in outcome.position.dislodged.values()}
        for unit, options in expect_retreats.items():
            if sorted(options) != got_r.get(unit):
                problems.append(f"retreats of {unit}: expected {sorted(options)}, got {got_r.get(unit)}")
    expect_units = (variant or {}).get("units", step.get("units"))
    if expect_units is not None:
        got_units: dict[str, list[str]] = {}
        for u in outcome.position.units.values():
            got_units.setdefault(u.power, []).append(str(u))
        want_units = {p: sorted(v) for p, v in expect_units.items() if v}
        got_units = {p: sorted(v) for p, v in got_units.items()}
        if want_units != got_units:
            problems.append(f"units: expected {want_units}, got {got_units}")
    return outcome.position, problems


def _succeeded(order: Order, marks: tuple[str, ...]) -> bool:
    """The FORMAT.md meaning of "succeeds". A support DPjudge marks "no convoy" was given and not cut: only the
    army it helped failed to get through (the page's Step 5 marks such supports), so the support itself stands."""
    if isinstance(order, Support):
        return set(marks) <= {"no convoy"}
    return not marks


def run_all(data: Path = DATA, rules: Ruleset | None = None, engine: str = "dpjudge") -> Report:
    m = maps.load("standard")
    report = Report()
    for case in load_cases(data):
        problems = _safely(run_case, case, rules, None, m, None, engine)
        report.cases.append(CaseResult(case["id"], case.get("title", ""), problems))
        for index, step in enumerate(case["steps"]):
            for v in step.get("variants", ()):
                words = VARIANT_RULES.get((v["issue"], v["choice"]))
                label = f"{case['id']} under {v['issue']} choice {v['choice']}"
                if words is None:
                    report.not_offered.append(f"{label}: {NOT_OFFERED.get((v['issue'], v['choice']), 'NO REASON')}")
                    continue
                vrules = parse_rules(words, rules or Ruleset())
                problems = _safely(run_case, case, vrules, v, m, index, engine)
                report.variants.append(CaseResult(label, case.get("title", ""), problems))
    for case in load_rule_cases(data):
        vrules = parse_rules(case["rules"], rules or Ruleset())
        problems = _safely(run_case, case, vrules, None, m, None, engine)
        report.variants.append(CaseResult(f"{case['id']} under {' '.join(case['rules'])}", case.get("title", ""),
                                          problems))
    return report


def _safely(fn, *args: Any) -> list[str]:
    try:
        return fn(*args)
    except Exception as exc:     # a crash is a failed case, reported with its cause, never a crashed run
        return [f"crashed: {type(exc).__name__}: {exc}"]
