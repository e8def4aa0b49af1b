"""Orders for the phase just processed, sent after it was: each line names a unit that has moved on ('NO UNIT IN
...', Spring Movement then Fall Movement), or is of the other phase's kind ('ORDER NOT ALLOWED IN A RETREAT PHASE').
The player is told the real reason too, only when the orders fit the board of the phase processed: Spring's orders
sent in the Winter before it are early, not late."""
from __future__ import annotations

import json
from typing import Any

from judge.game import Game
from judge.orders.errors import DUPLICATE_ORDER, NO_UNIT, WRONG_PHASE
from judge.orders.sets import build_order_set
from judge.orders.validate import Validator

_NO_UNIT = NO_UNIT.split("{")[0]                     # "NO UNIT IN "
_DUPLICATE = DUPLICATE_ORDER.split("{")[0]
_WRONG_PHASE = WRONG_PHASE.split("{")[0]             # "ORDER NOT ALLOWED IN "


def too_late(s: Any, game: Game, power: str, texts: list[str], errors: list[tuple[str, str]]) -> str | None:
    """The refusal's first line when every error of `power`'s refused set is a unit not there or an order of
    another phase's kind, and the whole set is valid in the phase processed last (its snapshot, as ROLLBACK keeps
    it); None otherwise."""
    if not errors or not all(why.startswith((_NO_UNIT, _WRONG_PHASE)) for _, why in errors) or game.position is None:
        return None
    # A PROCESS earlier in this same message (the master's): its phase is not in the store's snapshots until the
    # message is committed, and these orders are not late but placed after it.
    here = [e.payload for e in s.effects if e.kind == "processed"]
    try:
        if here:
            before = Game.from_json(here[-1].snapshot).position
        else:
            snaps = s.store.snapshots(game.name)
            if not snaps:
                return None
            before = Game.from_json(json.loads(snaps[-1].read_text(encoding="utf-8"))).position
    except (OSError, ValueError, KeyError, TypeError):
        return None                                  # (a snapshot unreadable: the plain refusal stands)
    now = game.position.phase
    if before is None or before.phase == now:
        return None
    oset = build_order_set(power, list(texts), before, game.map, game.rules, Validator(before, game.map, game.rules))
    if any(not why.startswith(_DUPLICATE) for _, why in oset.errors):
        return None
    if here:
        return (f"THESE ARE ORDERS FOR {before.phase.describe().upper()}, BUT THE PROCESS ABOVE THEM IN THIS MESSAGE "
                f"MOVES THE GAME TO {now.describe().upper()} FIRST: PUT THE ORDERS BEFORE THE PROCESS LINE")
    return (f"TOO LATE: THESE ARE ORDERS FOR {before.phase.describe().upper()}, WHICH HAS BEEN PROCESSED. THE GAME IS "
            f"NOW IN {now.describe().upper()}: SEND ORDERS FOR THAT PHASE")
