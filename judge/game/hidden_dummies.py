"""The hide_dummies house rule (DPjudge HIDE_DUMMIES): players and observers are not told which powers are dummies.
Wherever a power's seat is shown to them, a dummy looks like a power whose player is merely silent; the master
always sees the truth. Pure: each place that shows a seat asks here what a given reader may see."""
from __future__ import annotations

from typing import TYPE_CHECKING

from judge.game.roles import ACTIVE, DUMMY, Player

if TYPE_CHECKING:                       # (the game's own modules ask here too: no import of the model at run time)
    from judge.game.model import Game


def hidden(game: Game, master: bool) -> bool:
    """Must this reader be kept from learning which powers are dummies? (The master never is; and a finished game
    keeps no secret, as DPjudge shows vassals once the game is completed.)"""
    return game.rules.hide_dummies and not master and not game.over


def seat_status(game: Game, player: Player, master: bool) -> str:
    """The player's seat status as this reader may see it: a dummy shows as played ('active')."""
    if player.status == DUMMY and hidden(game, master):
        return ACTIVE
    return player.status


def dummies(game: Game) -> set[str]:
    """The powers that are dummies (for the places that must treat them as silent players)."""
    return {p.power for p in game.players if p.status == DUMMY and p.power}


def tenure_shown(game: Game, tenure: dict, master: bool) -> dict:
    """A player's turn at a power as this reader may see it: the last player of a hidden dummy reads as playing it
    still (their turn's end would say that nobody plays it now)."""
    player = game.player(tenure["power"])
    if player is None or player.status != DUMMY or not hidden(game, master):
        return tenure
    last = [t for t in game.tenures if t["power"] == tenure["power"]][-1]
    return {**tenure, "to": ""} if last is tenure else tenure
