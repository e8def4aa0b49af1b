"""Orders for the phase just processed, sent after it was, when the game is now in a phase of the same kind (Spring
Movement, then Fall Movement): each line names a unit that has moved on, and is refused as 'NO UNIT IN ...'. The
player is told the real reason too: the orders fit the phase processed (judge.game.ordering says it when the kinds
differ)."""
from __future__ import annotations

import json
from typing import Any

from judge.game import Game
from judge.orders.errors import DUPLICATE_ORDER, NO_UNIT
from judge.orders.sets import build_order_set
from judge.orders.validate import Validator

_NO_UNIT = NO_UNIT.split("{")[0]                     # "NO UNIT IN "
_DUPLICATE = DUPLICATE_ORDER.split("{")[0]


def too_late(s: Any, game: Game, power: str, texts: list[str], errors: list[tuple[str, str]]) -> str | None:
    """The refusal's first line when every error of `power`'s refused set is a unit not there and the whole set is
    valid in the phase processed last (its snapshot, as ROLLBACK keeps it); None otherwise."""
    if not errors or not all(why.startswith(_NO_UNIT) for _, why in errors) or game.position is None:
        return None
    snaps = s.store.snapshots(game.name)
    if not snaps:
        return None
    try:
        before = Game.from_json(json.loads(snaps[-1].read_text(encoding="utf-8"))).position
    except (OSError, ValueError, KeyError, TypeError):
        return None                                  # (a snapshot unreadable: the plain refusal stands)
    now = game.position.phase
    if before is None or before.phase.kind != now.kind or before.phase == now:
        return None
    oset = build_order_set(power, list(texts), before, game.map, game.rules, Validator(before, game.map, game.rules))
    if any(not why.startswith(_DUPLICATE) for _, why in oset.errors):
        return None
    return (f"TOO LATE: THESE ARE ORDERS FOR {before.phase.describe().upper()}, WHICH HAS BEEN PROCESSED. THE GAME IS "
            f"NOW IN {now.describe().upper()}: SEND ORDERS FOR THAT PHASE")
