"""Seeded random play with the `diplomacy` package, and the conversions of its positions and orders.

Everything here runs outside the timed sections: it produces the positions and the orders that every engine is
then given. Orders are uniformly random legal orders from `Game.get_all_possible_orders()` (one per orderable
unit, lists sorted first so that a seed gives the same game whatever PYTHONHASHSEED is), except in adjustment
phases, where a power builds as many units as it may (random free home centres, random unit type; never waives)
and removes exactly as many as it must (random units) - without that, random play waives most builds and the
board never fills up to the 30+ units the late-game scenario needs.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from diplomacy import Game

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
# The parts of Game.get_state() that Game.set_state() reads (the rest is a timestamp, a hash and derived data).
STATE_KEYS = ("name", "units", "retreats", "centers", "homes", "influence", "civil_disorder")


@dataclass
class PhaseRecord:
    """One phase of a random game: the position before it, the orders given, the position after it."""
    game: int                       # seed of the game it comes from
    phase: str                      # "S1905M"
    state: dict                     # diplomacy state (STATE_KEYS) before the phase
    orders: dict                    # {power: [order text as diplomacy writes it]}
    after: dict = field(default_factory=dict)   # diplomacy state after processing

    @property
    def kind(self) -> str:
        return self.phase[-1]

    @property
    def n_units(self) -> int:
        return sum(len(units) for units in self.state["units"].values())


def snapshot(game: Game) -> dict:
    state = game.get_state()
    return {key: _copy(state[key]) for key in STATE_KEYS}


def _copy(value):
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_copy(v) for v in value]
    return value


def random_orders(game: Game, rng: random.Random) -> dict[str, list[str]]:
    """Random legal orders for every power in the game's current phase (see the module docstring)."""
    possible = game.get_all_possible_orders()
    kind = game.get_current_phase()[-1]
    state = game.get_state() if kind == "A" else None
    orders: dict[str, list[str]] = {}
    for power in POWERS:
        locs = sorted(game.get_orderable_locations(power))
        if kind == "A":
            count = state["builds"][power]["count"]
            if count > 0:
                sites = sorted(state["builds"][power]["homes"])
                chosen = rng.sample(sites, min(count, len(sites)))
                power_orders = [rng.choice(sorted(o for o in possible[loc] if o != "WAIVE")) for loc in chosen]
            elif count < 0:
                chosen = rng.sample(locs, min(-count, len(locs)))
                power_orders = [sorted(possible[loc])[0] for loc in chosen]
            else:
                power_orders = []
        else:
            power_orders = [rng.choice(sorted(possible[loc])) for loc in locs if possible[loc]]
        if power_orders:
            orders[power] = power_orders
    return orders


def play_game(seed: int, years: int) -> list[PhaseRecord]:
    """A seeded random game from S1901M up to (not including) spring of 1901+years, or until it ends."""
    rng = random.Random(seed)
    game = Game()
    records = []
    while not game.is_game_done and int(game.get_current_phase()[1:5]) < 1901 + years:
        before = snapshot(game)
        orders = random_orders(game, rng)
        for power, power_orders in orders.items():
            game.set_orders(power, power_orders)
        game.process()
        records.append(PhaseRecord(seed, before["name"], before, orders, snapshot(game)))
    return records


def late_game(seed: int, count: int, years: int = 12) -> tuple[list[PhaseRecord], int]:
    """`count` late-game movement phases (>= 30 units) of seeded random games, in game and phase order: twice as many
    as needed are played for (at most 200 games), then a seeded sample is taken. Also how many games were played."""
    pool: list[list[PhaseRecord]] = []
    late: list[PhaseRecord] = []
    while len(late) < 2 * count and len(pool) < 200:
        pool.append(play_game(seed * 1000 + len(pool), years))
        late += [r for r in pool[-1] if r.kind == "M" and r.n_units >= 30]
    return sorted(random.Random(seed).sample(late, min(count, len(late))), key=lambda r: (r.game, r.phase)), len(pool)


def random_start_order_sets(count: int, seed: int) -> list[PhaseRecord]:
    """`count` distinct random order sets for the S1901M start position."""
    rng = random.Random(seed)
    game = Game()
    state = snapshot(game)
    seen, records = set(), []
    while len(records) < count:
        orders = random_orders(game, rng)
        key = tuple(sorted((p, tuple(o)) for p, o in orders.items()))
        if key in seen:
            continue
        seen.add(key)
        records.append(PhaseRecord(-1, "S1901M", state, orders))
    return records


def game_at(state: dict) -> Game:
    """A fresh diplomacy Game set to a recorded position (not timed by the benchmark)."""
    game = Game()
    game.set_state(state)
    return game


# --- our judge's JSON documents (shared/spec/judge-json.md) ---------------------------------------------------------

def judge_state(state: dict) -> dict:
    """Our request `state` from a diplomacy state: dislodged units ('*A MUN') go under `dislodged` with their
    retreat options (diplomacy's `retreats`), only in retreat phases."""
    units = {p: [u for u in us if not u.startswith("*")] for p, us in state["units"].items()}
    doc = {
        "phase": state["name"],
        "units": {p: us for p, us in units.items() if us},
        "centers": {p: list(cs) for p, cs in state["centers"].items() if cs},
    }
    if state["name"].endswith("R"):
        dislodged = {p: {u: list(locs) for u, locs in r.items()} for p, r in state["retreats"].items() if r}
        if dislodged:
            doc["dislodged"] = dislodged
    return doc


def judge_orders(orders: dict) -> dict:
    """diplomacy's order text is given to our parser unchanged ('A PAR - BUR', 'A LON - BEL VIA', 'F NTH C A LON -
    BEL', 'A VEN R PIE', 'A BER B', 'F KIE D', 'WAIVE' are all DPjudge-style text the judge reads)."""
    return {p: list(o) for p, o in orders.items()}


def request_doc(record: PhaseRecord) -> dict:
    return {"state": judge_state(record.state), "orders": judge_orders(record.orders)}


# --- comparing outcomes ---------------------------------------------------------------------------------------------

def outcome_of_diplomacy(state: dict) -> tuple[frozenset, frozenset, dict]:
    """(units on the board, dislodged units, {dislodged unit: retreat options}) as (power, 'A PAR') pairs."""
    units, dislodged = set(), set()
    for power, us in state["units"].items():
        for u in us:
            (dislodged if u.startswith("*") else units).add((power, u.lstrip("*")))
    options = {(p, u): frozenset(locs) for p, r in state["retreats"].items() for u, locs in r.items()}
    return frozenset(units), frozenset(dislodged), options


def outcome_of_judge(result: dict) -> tuple[frozenset, frozenset, dict]:
    state = result["state"]
    units = frozenset((p, u) for p, us in state["units"].items() for u in us)
    options = {(p, u): frozenset(locs) for p, d in state.get("dislodged", {}).items() for u, locs in d.items()}
    return units, frozenset(options), options


def _as_judge_writes(order: str, kind: str) -> str:
    words = order.split()
    if kind == "A" and len(words) == 3 and words[2] in ("B", "D"):
        return f"{'BUILD' if words[2] == 'B' else 'REMOVE'} {words[0]} {words[1]}"
    return order


def silently_changed(orders: dict, kind: str, result: dict) -> list[tuple[str, str, list[str]]]:
    """Orders given that the judge neither refused (under `errors`) nor adjudicated as given: (power, order, what
    the judge adjudicated for that unit's province instead)."""
    refused = {(e["power"], e["order"]) for e in result["errors"]}
    adjudicated = {(o["power"], o["order"]) for o in result["orders"]}
    out = []
    for power, texts in orders.items():
        for text in texts:
            if (power, text) in refused or text == "WAIVE" or (power, _as_judge_writes(text, kind)) in adjudicated:
                continue
            province = text.split()[1][:3]
            instead = [o["order"] for o in result["orders"] if o["power"] == power and province in o["order"]]
            out.append((power, text, instead))
    return out
