"""Measure how many DPjudge map files this judge plays: load every .map file of the given folders under its own name
(as the judge would from its variants folder) and play each with random legal orders for some years.

    python tools/dpjudge_maps.py /work/ref/dpjudge/DPjudge/maps /work/ref/dpjudge/DPjudge/trials [--years 6] [-v]

Per file it prints: `loaded` (and the phases it played through: movement, retreats, adjustments), `refused` (the
judge's message, naming file and line) or `failed` (an exception while playing: a bug). The folders are linked into
one temporary variants folder, so that a file USEs another from any of them, as DPjudge's maps and trials do.
"""
from __future__ import annotations

import argparse
import random
import sys
import tempfile
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judge import api, builds, maps  # noqa: E402
from judge.maps import MapError, catalog  # noqa: E402
from judge.position import Position, initial_position  # noqa: E402
from judge.rules import Ruleset, parse_rules  # noqa: E402

KINDS = {"M": "movement", "R": "retreats", "A": "adjustments"}


def link_folders(folders: list[Path], into: Path) -> list[tuple[Path, str]]:
    """Every file of the folders, linked into `into` (the first folder wins a name); the .map files and the variant
    name each is offered under."""
    out = []
    for folder in folders:
        for path in sorted(folder.iterdir()):
            if path.is_file() and not (into / path.name).exists():
                (into / path.name).symlink_to(path.resolve())
                if path.suffix == ".map":
                    out.append((path, path.stem))
    return out


def random_orders(m: maps.Map, state: dict, rng: random.Random, rules: Ruleset) -> dict[str, list[str]]:
    """Random legal orders for every power in the state's phase, as order lines a player would write."""
    kind = phase_kind(state["phase"])
    orders: dict[str, list[str]] = {}
    if kind == "M":
        where = {u.split()[1][:3]: (power, u) for power, us in state["units"].items() for u in us}
        moves: dict[str, str] = {}
        for power, units in state["units"].items():
            moves.update(_attack(m, power, units, where, rng))
        still = set(state.get("dummies", ())) if rules.immobile_dummies else set()     # (their units only hold)
        for power, units in state["units"].items():
            orders[power] = [f"{u} H" if power in still else moves.get(u) or _other(m, u, moves, rng)
                             for u in units]
    elif kind == "R":
        for power, dislodged in state.get("dislodged", {}).items():
            orders[power] = [f"{u} R {rng.choice(r)}" if r and rng.random() < 0.8 else f"{u} D"
                             for u, r in dislodged.items()]
    else:
        position = Position.from_json(state, m)
        for power in m.powers:
            units = state["units"].get(power, [])
            due = builds.count(m, position, power)
            if due < 0:
                orders[power] = [f"REMOVE {u}" for u in rng.sample(units, -due)]
            elif due > 0:
                sites = builds.sites(m, power, position.units, position.centers, rules, position.house)
                groups = builds.alternative_groups(m, position.house, power, sites)
                chosen: list[str] = []
                for c in rng.sample(sites, len(sites)):       # (never every site of a group of alternatives)
                    if len(chosen) < due and not any(c in g and set(g) - {c} <= set(chosen) for g in groups):
                        chosen.append(c)
                orders[power] = [_build(m, c, rng) for c in chosen]
    return {p: o for p, o in orders.items() if o}


def phase_kind(phase: str) -> str:
    """M, R or A, from "S1901M" or "A.D. 1425 MOVEMENT"."""
    return phase[-1] if " " not in phase else phase.split()[-1][0]


def _near(m: maps.Map, unit: str) -> list[str]:
    kind, loc = unit.split()
    return sorted(d for d in (m.army_adj if kind == "A" else m.fleet_adj).get(loc, ()) if d[:3] != loc[:3])


def _attack(m: maps.Map, power: str, units: list[str], where: dict, rng: random.Random) -> dict[str, str]:
    """Most often, one attack on a neighbour's unit, with every unit of the power that can support it (so that units
    are dislodged and retreats are played)."""
    orders: dict[str, str] = {}
    targets = [(u, d) for u in units for d in _near(m, u) if d[:3] in where and where[d[:3]][0] != power]
    if targets and rng.random() < 0.7:
        unit, dest = rng.choice(targets)
        orders[unit] = f"{unit} - {dest}"
        for other in units:
            if other != unit and dest[:3] in {d[:3] for d in _near(m, other)}:
                orders[other] = f"{other} S {unit} - {dest[:3]}"
    return orders


def _other(m: maps.Map, unit: str, moves: dict[str, str], rng: random.Random) -> str:
    """A unit outside its power's attack: supports another power's move now and then, else moves or holds."""
    near = _near(m, unit)
    helps = [(u, o.split(" - ")[1]) for u, o in moves.items() if " - " in o and o.split(" - ")[1][:3] != unit[2:5]
             and o.split(" - ")[1][:3] in {d[:3] for d in near}]
    roll = rng.random()
    if helps and roll < 0.3:
        other, dest = rng.choice(helps)
        return f"{unit} S {other} - {dest[:3]}"
    return f"{unit} - {rng.choice(near)}" if near and roll < 0.6 else f"{unit} H"


def _build(m: maps.Map, centre: str, rng: random.Random) -> str:
    options = [f"A {centre}"] if m.can_hold("A", centre) else []
    options += [f"F {loc}" for loc in [centre] + [f"{centre}/{c}" for c in m.provinces[centre].coasts]
                if m.can_hold("F", loc)]
    return f"BUILD {rng.choice(options)}"


def play(m: maps.Map, years: int, seed: int) -> tuple[list[str], str]:
    """Random play from the variant's start for `years` years: the kinds of phase played and the last phase."""
    rng = random.Random(seed)
    rules = parse_rules(m.rules)                   # the house rules the map carries (RULE lines)
    state = initial_position(m, rules, frozenset(getattr(m, "dummies", ()))).to_json(m)
    first = state["phase"]
    seen: list[str] = []
    played, won = 0, ""
    while played < years * 5:
        phase = state["phase"]
        result = api.adjudicate(state, random_orders(m, state, rng, rules), variant=m.name)
        errors = result["errors"]
        if errors:
            raise AssertionError(f"{phase}: random legal orders refused: {errors[:3]}")
        kind = phase_kind(phase)
        if KINDS[kind] not in seen:
            seen.append(KINDS[kind])
        state = result["state"]
        played += 1
        if result.get("winner"):
            won = f", {result['winner']} wins"
            break
        if state["phase"] == phase:
            raise AssertionError(f"{phase}: the phase did not advance")
    return seen, f"{first} .. {state['phase']} ({played} phases{won})"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", nargs="+", type=Path)
    ap.add_argument("--years", type=int, default=10, help="years of random play per map (default 10)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-v", "--verbose", action="store_true", help="a traceback for every failure")
    args = ap.parse_args(argv)
    counts = {"loaded": 0, "played": 0, "refused": 0, "failed": 0}
    with tempfile.TemporaryDirectory() as tmp:
        files = link_folders(args.folders, Path(tmp))
        maps.use_folder(tmp)
        offered = {p.name: name for name, p in catalog.folder_variants().items()}
        for path, stem in files:
            name = offered.get(path.name, stem.lower().replace("-", "_"))
            label = f"{path.parent.name}/{path.name}"
            try:
                m = catalog.load(name)
            except MapError as exc:
                counts["refused"] += 1
                print(f"{label:32} refused: {str(exc).replace(tmp + '/', '')}")
                continue
            if m.source and not m.source.startswith(tmp):
                counts["refused"] += 1
                print(f"{label:32} refused: the name {name!r} is the shipped variant's ({m.source})")
                continue
            counts["loaded"] += 1
            try:
                seen, span = play(m, args.years, args.seed)
            except Exception as exc:            # a bug of ours: say where, and go on with the next map
                counts["failed"] += 1
                print(f"{label:32} loaded as {name}, failed while playing: {type(exc).__name__}: {exc}")
                if args.verbose:
                    traceback.print_exc()
                continue
            full = len(seen) == 3
            counts["played"] += full
            rules = f" (house rules: {', '.join(m.rules)})" if m.rules else ""
            print(f"{label:32} loaded as {name}, played {', '.join(seen)}: {span}{rules}")
        maps.use_folder(None)
    total = len(files)
    print(f"\n{total} files: {counts['loaded']} loaded, {counts['played']} played through movement, retreats and "
          f"adjustments, {counts['refused']} refused, {counts['failed']} failed while playing")
    return 0


if __name__ == "__main__":
    sys.exit(main())
