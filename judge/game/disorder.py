"""What default orders do for a power in civil disorder, in the words the players read: the results' civil-disorder
note, and a dummy's line in LIST and on the game's page (which say it alike)."""
from __future__ import annotations

from judge.game.hidden_dummies import hidden
from judge.game.model import Game
from judge.game.roles import DUMMY, Player
from judge.orders.sets import adjustment_count


def default_orders(kind: str, game: Game, powers: list[str]) -> str:
    """What default orders do for these powers in this kind of phase ("units hold")."""
    if kind == "M":
        return "units hold"
    if kind == "R":
        return "dislodged units disband"
    owed = [adjustment_count(game.position, p, game.map) for p in powers]
    said = []
    if any(n > 0 for n in owed):
        said.append("builds made at random where it may (house rule cd_builds)" if game.rules.cd_builds
                    else "builds waived")
    if any(n < 0 for n in owed):
        said.append("units to remove chosen by the judge")
    return "; ".join(said) or "nothing to adjust"


def dummy_orders(game: Game, player: Player) -> str | None:
    """For a dummy without orders in a phase it has something to order in, what it will do: "no orders yet" would
    say the game waits for it, which it does not (cd_dummies on) or only until the deadline (off)."""
    if player.status != DUMMY or player.submitted or game.position is None:
        return None
    what = default_orders(game.position.phase.kind, game, [player.power])
    return f"in civil disorder: {what}" + ("" if game.rules.cd_dummies else " at the deadline")


def in_disorder(game: Game, master: bool = False) -> list[str]:
    """Powers whose player sent no orders (a dummy is played by default orders every phase: that is no news, except
    under hide_dummies, where the players must read of a dummy as of any power whose orders never came)."""
    quiet = hidden(game, master)
    return [p.power for p in game.ordering_players() if not p.submitted and (quiet or p.status != DUMMY)]
