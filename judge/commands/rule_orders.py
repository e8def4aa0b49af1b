"""Held orders a change of the house rules makes unusable (SET RULE, SET NORULE): found, dropped, and the master
told."""
from __future__ import annotations

from judge.commands.base import Session
from judge.game import Game
from judge.game.roles import ACTIVE


def unusable_orders(game: Game) -> set[tuple[str, str, str]]:
    """The held orders processing could not use, as (power, text, diagnostic); none before the game runs."""
    if game.position is None or game.over:
        return set()
    return set(game.legal_orders()[1])


def drop_unusable(s: Session, game: Game, before: set[tuple[str, str, str]]) -> None:
    """Held orders the new rules make unusable (immobile_dummies: a dummy's move) are dropped and the master told:
    kept, they were set aside at processing unseen. (Several orders for one unit under duplicate_orders=hold are
    left: the unit holding is what that rule asks.)"""
    dropped = [e for e in sorted(unusable_orders(game) - before, key=lambda e: game.map.powers.index(e[0]))
               if not e[2].startswith("MULTIPLE ORDERS FOR ONE UNIT")]
    for power, text, _ in dropped:
        orders = game.player(power).orders
        if text in orders:
            orders.remove(text)
    if dropped:
        s.say("Orders the rules no longer allow, dropped: " + "; ".join(
            f"{game.map.power_title(power)}: {text} ({why})" for power, text, why in dropped) + ".")
    # Each player whose orders went is told too, of their own alone: what they sent no longer stands.
    for player in game.players:
        own = [f"{text} ({why})" for power, text, why in dropped if power == player.power]
        if own and player.address and player.status == ACTIVE and player.address.lower() != s.sender.lower():
            lines = [f"The master changed the house rules of game {game.name}, and these orders of "
                     f"{game.map.power_title(player.power)}'s no longer stand: they were dropped. {'; '.join(own)}.",
                     "Send new orders in their place if you wish."]
            s.effect("mail", ([player.address], "notice/event.txt",
                              {"game": game.name, "title": "orders dropped", "lines": lines}))
