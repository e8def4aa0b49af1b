"""Running one phase: the real order pipeline, then both engines; crashes and hangs are findings, and classified."""
from __future__ import annotations

import dataclasses
import re
import signal
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from judge.adjudicator.crosscheck import run_both
from judge.fuzz.generate import Trial
from judge.maps import Map
from judge.orders import MovementOrder, unit_key
from judge.orders.sets import build_order_set
from judge.orders.validate import Validator
from judge.position import Position
from judge.rules import Ruleset

EXPLAINED_SAFE_CONVOYS = "explained: safe_convoys"
UNEXPLAINED = "unexplained"
PHASE_SECONDS = 10.0     # a phase taking longer than this is reported as a hang (an engine bug in itself)

# (map, position, legal orders by province, rules) -> (the port's outcome, the differences): crosscheck.run_both's
# shape, so that a test can put a stand-in for a second engine in its place.
Engines = Callable[[Map, Position, dict, Ruleset], tuple[Any, list[str]]]


@dataclass
class Verdict:
    differences: list[str]
    orders: dict[str, MovementOrder] = field(default_factory=dict)   # the legal orders, by province
    errors: list[str] = field(default_factory=list)                  # diagnostics of refused lines
    crashed: bool = False


class _Hang(Exception):
    """Raised by the alarm when one phase runs past PHASE_SECONDS."""


def _on_alarm(signum: int, frame: object) -> None:
    raise _Hang()


def legal_orders(trial: Trial, m: Map) -> tuple[Position, dict[str, MovementOrder], list[str]]:
    """The real order pipeline: order text -> build_order_set per power -> the legal orders by province."""
    position = trial.position()
    validator = Validator(position, m, trial.rules)
    texts = trial.texts()
    orders: dict[str, MovementOrder] = {}
    errors: list[str] = []
    for power in m.powers:
        if power in texts:
            oset = build_order_set(power, texts[power], position, m, trial.rules, validator)
            for o in oset.orders:
                orders[unit_key(o)] = o
            errors.extend(msg for _, msg in oset.errors)
    return position, orders, errors


def adjudge(trial: Trial, m: Map, engines: Engines = run_both) -> Verdict:
    """Both engines on one phase. A crash or a hang is a finding too, reported as a difference line."""
    armed = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if armed:
        old = signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, PHASE_SECONDS)
    stage = "order pipeline"
    orders: dict[str, MovementOrder] = {}
    errors: list[str] = []
    try:
        position, orders, errors = legal_orders(trial, m)
        stage = "engines"
        _, differences = engines(m, position, orders, trial.rules)
        return Verdict(differences, orders, errors)
    except _Hang:
        return Verdict([f"crash: {stage} ran over {PHASE_SECONDS:g} s"], orders, errors, True)
    except Exception as exc:  # noqa: BLE001 - a crash is a finding: report it with the phase that causes it
        if armed:
            signal.setitimer(signal.ITIMER_REAL, 0)     # _which runs the engines again: not against this clock
        return Verdict([f"crash: {stage}: {_which(trial, m, engines, stage)}{type(exc).__name__}: {exc}"],
                       orders, errors, True)
    finally:
        if armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)


def _which(trial: Trial, m: Map, engines: Engines, stage: str) -> str:
    """Which engine raised, when the real pair was running (so the report names the culprit)."""
    if stage != "engines" or engines is not run_both:
        return ""
    from judge.adjudicator import dpjudge, equations
    position, orders, _ = legal_orders(trial, m)
    culprits = []
    for name, fn in (("port", dpjudge.resolve_movement), ("equations", equations.resolve_movement)):
        try:
            fn(m, position, orders, trial.rules)
        except Exception:  # noqa: BLE001 - whichever exception: this engine is one that raised
            culprits.append(name)
    return f"{'+'.join(culprits) or 'compare'} raised "


def nature(differences: list[str]) -> str:
    """What kind of finding: a crash of a given kind, or a disagreement. Shrinking must not turn one into another."""
    for d in differences:
        if d.startswith("crash:"):
            return re.sub(r"(raised \w+|ran over).*", r"\1", d)
    return "disagree" if differences else ""


def without_safe_convoys(trial: Trial) -> Trial:
    """The same phase with safe_convoys off (the one option only the port reads)."""
    return dataclasses.replace(trial, rules=trial.rules.replace(safe_convoys=False))


def classify(trial: Trial, m: Map, engines: Engines = run_both) -> tuple[str, Trial, Verdict] | None:
    """None when the engines agree; else (class, the phase to shrink, its verdict). A disagreement that goes away
    when safe_convoys is turned off is the documented one (equations/README.md): explained."""
    v = adjudge(trial, m, engines)
    if not v.differences:
        return None
    if trial.rules.safe_convoys and not v.crashed:
        off = without_safe_convoys(trial)
        w = adjudge(off, m, engines)
        if not w.differences:
            return EXPLAINED_SAFE_CONVOYS, trial, v
        return UNEXPLAINED, off, w
    return UNEXPLAINED, trial, v


def still_fails(kind: str, found: str, m: Map, engines: Engines = run_both) -> Callable[[Trial], bool]:
    """The property the shrinker keeps: the same class and nature (`found`, from nature()) of finding."""
    def check(t: Trial) -> bool:
        v = adjudge(t, m, engines)
        if nature(v.differences) != found:
            return False
        if kind == EXPLAINED_SAFE_CONVOYS:
            return t.rules.safe_convoys and not adjudge(without_safe_convoys(t), m, engines).differences
        return True
    return check
