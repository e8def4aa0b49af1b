#!/usr/bin/env python3
"""The `diplomacy` package (MILA) behind our JSON interface: request lines in, result lines out, as
`judge adjudicate --batch` does (benchmarks only; shared/spec/judge-json.md for the documents).

    python benchmarks/mila_adapter.py --batch < requests.jsonl > results.jsonl
    python benchmarks/mila_adapter.py --check < requests.jsonl      # the reused Game against a fresh one per request

Each request's state is put into one reused `Game` with `set_state` (every power's units, dislodged units, centres
and the standard home centres), the orders are given with `set_orders` (MILA's own parser and checks) and
`process()` adjudicates; the result document gives the adjudicated orders with MILA's result words, the orders it
did not take under "errors", and the next state in our notation. Reusing one Game is MILA's fastest correct way
(`Game()` costs as much as `set_state`, about 2.5 ms each); `--check` shows that it gives the same documents as a
fresh Game for every request.
"""
from __future__ import annotations

import json
import sys

from diplomacy import Game

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")


def mila_state(state: dict, homes: dict) -> dict:
    """Our request state -> the state dict Game.set_state reads (every power named, so that nothing is left over
    from the previous request)."""
    units = state.get("units", {})
    centers = state.get("centers", {})
    dislodged = state.get("dislodged", {})
    return {
        "name": state["phase"],
        "units": {p: list(units.get(p, ())) + ["*" + u for u in dislodged.get(p, {})] for p in POWERS},
        "retreats": {p: {u: list(r) for u, r in dislodged.get(p, {}).items()} for p in POWERS},
        "centers": {p: list(centers.get(p, ())) for p in POWERS},
        "homes": homes,
        "influence": {p: sorted({*centers.get(p, ()), *(u[2:5] for u in units.get(p, ()))}) for p in POWERS},
        "civil_disorder": {p: 0 for p in POWERS},
    }


def our_state(state: dict) -> dict:
    """MILA's state after process() -> our result state (dislodged units under `dislodged` in retreat phases)."""
    doc = {
        "phase": state["name"],
        "units": {p: [u for u in us if not u.startswith("*")] for p, us in state["units"].items()},
        "centers": {p: list(cs) for p, cs in state["centers"].items() if cs},
    }
    doc["units"] = {p: us for p, us in doc["units"].items() if us}
    if state["name"].endswith("R"):
        doc["dislodged"] = {p: {u: list(r) for u, r in rs.items()} for p, rs in state["retreats"].items() if rs}
    return doc


class Mila:
    def __init__(self, reuse: bool = True):
        self.reuse = reuse
        self.game = Game()
        self.homes = {p: list(self.game.map.homes[p]) for p in POWERS}

    def request(self, doc: dict) -> dict:
        game = self.game if self.reuse else Game()
        game.dislodged, game.popped = {}, []     # (what process() leaves behind; a fresh Game has neither)
        game.set_state(mila_state(doc["state"], self.homes))
        given = doc.get("orders") or {}
        for power, orders in given.items():
            game.set_orders(power, orders)
        phase = game.get_current_phase()
        taken = {p: list(game.get_orders(p)) for p in given}
        game.process()
        results = game.result_history[phase] if phase in game.result_history else {}
        orders, errors = [], []
        for power, texts in given.items():
            mine = taken.get(power, [])
            for text in mine:
                unit = " ".join(text.split()[:2])
                orders.append({"power": power, "order": text, "result": [str(r) for r in results.get(unit, ())]})
            errors += [{"power": power, "order": t, "error": "not taken"} for t in texts if t not in mine]
        return {"phase": phase, "orders": orders, "errors": errors, "state": our_state(game.get_state())}


def main(argv: list[str]) -> int:
    if argv not in (["--batch"], ["--check"]):
        print(__doc__, file=sys.stderr)
        return 2
    mila = Mila()
    fresh = Mila(reuse=False) if argv == ["--check"] else None
    status, differ, count = 0, 0, 0
    out = sys.stdout
    for lineno, line in enumerate(sys.stdin, 1):
        if not line.strip():
            continue
        doc = json.loads(line)
        try:
            result = mila.request(doc)
        except Exception as exc:  # noqa: BLE001 - a request MILA cannot take is answered, as the judge does
            result, status = {"error": f"line {lineno}: {type(exc).__name__}: {exc}"}, 1
        if fresh is not None:
            count += 1
            try:
                other = fresh.request(doc)
            except Exception as exc:  # noqa: BLE001
                other = {"error": f"line {lineno}: {type(exc).__name__}: {exc}"}
            if other != result:
                differ += 1
                if differ <= 3:
                    print(f"line {lineno}: reused {json.dumps(result)[:300]}\n  fresh {json.dumps(other)[:300]}",
                          file=sys.stderr)
            continue
        out.write(json.dumps(result, separators=(",", ":")))
        out.write("\n")
        out.flush()
    if fresh is not None:
        print(f"{count} requests: the reused Game and a fresh Game differ on {differ}")
        return 1 if differ else 0
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
