"""DPjudge's house rules on when a power may write, and to whom: BACKSEAT_PRESS, MUST_ORDER, LATE_SEND and
NO_LATE_RECEIVE (observers' press is judge.game.press_routing's). Pure: judge.game.press_routing asks here before
it routes; a refusal is a GameError that names the rule and what the player may do instead. Press to the master
alone is never refused here (DPjudge lets every power reach it)."""
from __future__ import annotations

from datetime import datetime

from judge.game.roles import GameError


def check(game, r, now: datetime | None) -> None:
    """Refuse press from a power that the rules on orders and lateness silence. `r` is a press_routing.Request."""
    if r.role != "power" or (r.to_master and not r.to and not r.broadcast):
        return
    rules = game.rules
    name, title = game.name, game.map.power_title
    if rules.backseat_press:
        raise GameError(f"GAME {name} PLAYS BACKSEAT PRESS (HOUSE RULE BACKSEAT_PRESS): ITS POWERS WRITE ONLY TO THE "
                        "MASTER (PRESS TO M); ONLY ITS OBSERVERS BROADCAST")
    if rules.must_order and r.power in {p.power for p in game.late_players()}:
        # (DPjudge's latePowers: a power with nothing to order this phase is not waited for, so it may write)
        raise GameError(f"{title(r.power).upper()} HAS NO ORDERS IN FOR THIS PHASE: IN GAME {name} A POWER SENDS "
                        "PRESS ONLY ONCE IT HAS SENT ORDERS (HOUSE RULE MUST_ORDER; ANY ORDERS WILL DO); TILL THEN "
                        "ONLY TO THE MASTER (PRESS TO M)")
    if r.broadcast:
        return                               # (lateness silences private press only: broadcasts still go)
    late = late_powers(game, now)
    if r.power in late and not rules.late_send:
        raise GameError(f"THE DEADLINE HAS PASSED AND {title(r.power).upper()}'S ORDERS ARE NOT IN: IN GAME {name} A "
                        "LATE POWER SENDS NO PRIVATE PRESS (HOUSE RULE LATE_SEND IS OFF); SEND YOUR ORDERS FIRST, "
                        "OR BROADCAST, OR PRESS TO M")
    barred = [p for p in r.to if p in late] if rules.no_late_receive else []
    if barred:
        names = ", ".join(title(p).upper() for p in barred)
        raise GameError(f"NO PRIVATE PRESS TO A LATE POWER IN GAME {name} (HOUSE RULE NO_LATE_RECEIVE): THE DEADLINE "
                        f"HAS PASSED AND THE ORDERS OF {names} ARE NOT IN; BROADCASTS STILL REACH "
                        f"{'IT' if len(barred) == 1 else 'THEM'}")


def late_powers(game, now: datetime | None) -> set[str]:
    """The powers late now: past the deadline (not the grace period's end: DPjudge counts from the deadline), with
    something to order and no orders in. A dummy is never late (nobody plays it)."""
    if now is None or not game.deadline_passed(now):
        return set()
    return {p.power for p in game.owing_players()}
