"""The hide_dummies house rule (DPjudge HIDE_DUMMIES): players and observers are not told which powers are dummies.
Wherever a power's seat is shown to them, a dummy looks like a power whose player is merely silent; the master
always sees the truth. Pure: each place that shows a seat asks here what a given reader may see. (`game` is a
judge.game.model.Game, unnamed here: the game's own modules ask here too, and the model imports them.)"""
from __future__ import annotations

from judge.game.roles import ACTIVE, DUMMY, Player
from judge.position import initial_position


def hidden(game, master: bool) -> bool:
    """Must this reader be kept from learning which powers are dummies? (The master never is; and a finished game
    keeps no secret, as DPjudge shows vassals once the game is completed.)"""
    return game.rules.hide_dummies and not master and not game.over


def seat_status(game, player: Player, master: bool) -> str:
    """The player's seat status as this reader may see it: a dummy shows as played ('active')."""
    if player.status == DUMMY and hidden(game, master):
        return ACTIVE
    return player.status


def dummies(game) -> set[str]:
    """The powers that are dummies (for the places that must treat them as silent players)."""
    return {p.power for p in game.players if p.status == DUMMY and p.power}


def tenures_shown(game, master: bool) -> list[dict]:
    """Every player's turn at a power as this reader may see it (game.tenures unchanged when nothing is hidden).
    A hidden dummy's last player reads as playing it still (their turn's end says nobody plays it now), and a dummy
    nobody ever played reads as played from the start by a first player (no turn at all would name it)."""
    if not hidden(game, master):
        return game.tenures
    hide = dummies(game)
    last = {t["power"]: i for i, t in enumerate(game.tenures)}
    out = [{**t, "to": ""} if t["power"] in hide and last[t["power"]] == i else t
           for i, t in enumerate(game.tenures)]
    unplayed = [p for p in hide if p not in last]
    if unplayed and game.position is not None:
        start = str(initial_position(game.map, game.rules).phase)
        rank = game.map.powers.index
        for power in sorted(unplayed, key=rank):     # (in the map's order of powers, as every turn is kept)
            at = sum(1 for t in out if rank(t["power"]) <= rank(power))
            out.insert(at, {"power": power, "address": "", "from": start, "to": ""})
    return out
