"""Where a power stands in the current phase: each unit with its order or what it does without one, dislodged
units with their retreats, builds or removals owed. Shown by order confirmations, STATUS and POSITION. Pure."""
from __future__ import annotations

from judge.orders import Build, Remove, Waive, unit_key
from judge.orders.sets import adjustment_count, build_order_set
from judge.position import initial_position
from judge.phrases import listed


def power_lines(game, power: str, texts: list[str] | None = None) -> list[str]:
    """One line per unit (or per build/removal owed): its order as the judge reads it, or what happens without
    one. `texts` are the power's orders (the stored ones by default)."""
    pos, m = game.position, game.map
    if pos is None:
        return []
    if texts is None:
        texts = game.player(power).orders if game.player(power) else []
    oset = build_order_set(power, texts, pos, m, game.rules)
    by_unit = {unit_key(o): o for o in oset.orders if not isinstance(o, (Build, Waive))}
    kind = pos.phase.kind
    if kind == "M":
        return [f"{by_unit[u.province]}" if u.province in by_unit else f"{u}: no order (defaults to hold)"
                for u in pos.units_of(power)]
    if kind == "R":
        out = []
        for d in sorted(pos.dislodged.values(), key=lambda d: d.unit.loc):
            if d.unit.power != power:
                continue
            options = ", ".join(d.retreats) if d.retreats else "none"
            order = by_unit.get(d.unit.province)
            out.append(f"{order}" if order else f"{d.unit}: no order (disbands); may retreat to {options}")
        return out
    due = adjustment_count(pos, power, game.map)
    builds = [o for o in oset.orders if isinstance(o, (Build, Waive))]
    removes = [o for o in oset.orders if isinstance(o, Remove)]
    out = [str(o) for o in builds + removes]
    if due > 0 and len(builds) < due:
        left = due - len(builds)
        out.append(f"{left} build{'s' if left != 1 else ''} not ordered (waived if none comes)")
    if due < 0 and len(removes) < -due:
        left = -due - len(removes)
        out.append(f"{left} removal{'s' if left != 1 else ''} not ordered (the judge chooses by the house rule)")
    return out


def standing(game, power: str, status: str) -> str:
    """A power's status as STATUS and LIST show it: 'eliminated' once it has no centre and no unit left, 'active, no
    centres left' while its last units wait to be removed; 'active, no centres' for a power that never held one (a
    map whose powers start with a unit and no centre). A power still to build its first unit (mobilize) is on the
    board."""
    pos = game.position
    if pos is None or pos.centers_of(power):
        return status
    if pos.eliminated(power):
        return OUT
    if pos.units_of(power) or any(d.unit.power == power for d in pos.dislodged.values()):
        return f"{status}, no centres left" if held_centres(game, power) else f"{status}, no centres"
    return status                   # (still to build its first unit)


OUT = "eliminated"             # a power with no centre and no unit left


def held_centres(game, power: str) -> bool:
    """Has the power held a supply centre at some time: at the start, or at the end of a year played (ownership
    changes only there), or now?"""
    if game.position is not None and game.position.centers_of(power):
        return True
    if any(counts.get(power) for counts in game.center_history.values()):
        return True
    return bool(initial_position(game.map, game.rules).centers_of(power))


def owed(game, power: str) -> str:
    """'builds 2', 'removes 1' or '' in an adjustment phase."""
    pos = game.position
    if pos is None or pos.phase.kind != "A":
        return ""
    due = adjustment_count(pos, power, game.map)
    return f"builds {due}" if due > 0 else (f"removes {-due}" if due < 0 else "")


def final_counts(game) -> list[dict]:
    """Each power's centres and units at the end, for the end mail and the game page, in the order a reader looks
    for: the winner of a solo or a concession first (whatever its count), then more centres first; at equal centres
    a power in the draw before one outside it, then more units, then the map's order of the powers."""
    pos, m, result = game.position, game.map, game.result or {}
    if pos is None:
        return []
    named = result.get("powers", [])
    won = named if result.get("kind") in ("solo", "concession") else []
    rows = [{"power": p, "centers": len(pos.centers_of(p)), "units": len(pos.units_of(p))} for p in m.powers]
    return sorted(rows, key=lambda r: (r["power"] not in won, -r["centers"], r["power"] not in named, -r["units"],
                                       m.powers.index(r["power"])))


def victory_tie(game) -> str:
    """Why the game goes on although the victory count is reached: two powers or more share the most centres
    (a tie wins nothing). Empty when there is no such tie."""
    if game.position is None:
        return ""
    leaders = game.victory_leaders()
    if len(leaders) < 2:
        return ""
    names = [game.map.power_title(p) for p in leaders]
    said = listed(names)
    held = game.victory_counts()[leaders[0]]
    return (f"{said} each hold {held} supply centres, at least the {game.victory_centers()} needed to win: the "
            "count is reached but tied, and a tie wins nothing, so the game goes on.")


def victory_reached(game) -> str:
    """SET VICTORY's note: a count now reached, by one power (it wins when supply centres next change hands, as
    processing checks a solo then) or tied (victory_tie). Empty when nobody has reached it."""
    leaders = game.victory_leaders() if game.position is not None else []
    if len(leaders) != 1:
        return victory_tie(game)
    name, held, needed = game.map.power_title(leaders[0]), game.victory_counts()[leaders[0]], game.victory_centers()
    return (f"{name} already holds {held} supply centres, at least the {needed} needed to win: it wins alone the "
            f"next time supply centres change hands, if it still holds {needed} or more, and more than any other "
            "power, then.")

