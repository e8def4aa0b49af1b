"""DPjudge's TOUCH_PRESS and REMOTE_PRESS (house rule press_reach): which powers a power may write to privately, by
where the units stand. Pure: it asks the map which provinces a unit could support into, never the adjudicator."""
from __future__ import annotations

from judge.game.roles import GameError
from judge.rules import Press, PressReach


def check(game, r) -> None:
    """Refuse a power's press that press_reach does not allow, and an observer's broadcast without press=broadcast
    (`r` is a press_routing.Request; the master is not limited, and press to the master alone always goes)."""
    reach = game.rules.press_reach
    if reach is PressReach.ALL or r.role == "master" or game.position is None:
        return
    if r.to_master and not r.to and not r.broadcast:
        return
    name = f"{reach.value.upper()} PRESS (HOUSE RULE PRESS_REACH={reach.value.upper()})"
    if r.role != "power":
        # (an observer's broadcast, which observer_press allows: DPjudge's touch and remote press leave broadcasts
        # to PUBLIC_PRESS alone, for everyone)
        if r.broadcast and game.rules.press is not Press.BROADCAST:
            raise GameError(f"GAME {game.name} PLAYS {name}: NO BROADCASTS (ONLY WITH PRESS=BROADCAST); NOW ONLY "
                            "PRESS TO M")
        return
    allowed = reachable(game, r.power)
    title = game.map.power_title
    instead = (f"PRESS TO {' '.join(title(p).upper() for p in allowed)} OR TO M" if allowed else
               "NOW ONLY PRESS TO M")
    if r.broadcast:
        if game.rules.press is not Press.BROADCAST:
            # (DPjudge: "without the PUBLIC_PRESS rule, no broadcasts at all can be sent by the players")
            raise GameError(f"GAME {game.name} PLAYS {name}: NO BROADCASTS (ONLY WITH PRESS=BROADCAST); {instead}")
        return
    barred = [p for p in r.to if p not in allowed]
    if barred:
        why = ("NO UNIT OF EITHER COULD SUPPORT ONE OF THE OTHER TO HOLD" if reach is PressReach.TOUCH else
               "THEIR UNITS OR CENTRES ARE WITHIN REACH OF YOURS, OR THEY HAVE NO CENTRES")
        raise GameError(f"GAME {game.name} PLAYS {name}: NOT TO {', '.join(title(p).upper() for p in barred)} "
                        f"({why}); {instead}")


def reachable(game, power: str) -> list[str]:
    """The powers `power` may write to privately now, in the map's order."""
    pos, m = game.position, game.map
    mine = pos.units_of(power)
    reach = game.rules.press_reach

    def touching(other: str) -> bool:
        # DPjudge: one of my units could support one of theirs to hold, or one of theirs one of mine
        theirs = pos.units_of(other)
        return any(m.reaches_province(a.kind, a.loc, b.province) or m.reaches_province(b.kind, b.loc, a.province)
                   for a in mine for b in theirs)

    def remote(other: str) -> bool:
        centres = {p for p, owner in pos.centers.items() if owner == other}
        own = {p for p, owner in pos.centers.items() if owner == power}
        return bool(centres) and not touching(other) and not any(
            m.reaches_province(u.kind, u.loc, c) for u in mine for c in centres) and not any(
            m.reaches_province(u.kind, u.loc, c) for u in pos.units_of(other) for c in own)

    test = touching if reach is PressReach.TOUCH else remote
    return [p for p in m.powers if p != power and test(p)]
