"""ORDERS (a no-op keyword) and CLEAR. Order lines themselves are collected by the reader."""
from __future__ import annotations

from judge.commands.base import SIGNED_ON, Continue, Session


class Orders:
    name, aliases, block_end = "ORDERS", ("ORDER",), None
    after_end = SIGNED_ON
    syntax = "ORDERS"
    help = "Accepted before order lines; means nothing."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        return Continue.YES


class Clear:
    name, aliases, block_end = "CLEAR", (), None
    syntax = "CLEAR"
    help = "Forget the orders you have sent for this phase."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        power = s.need_power()
        s.orders.pop(power, None)
        game = s.not_over()
        game.clear_orders(power, s.now)
        s.say(f"Orders for {game.map.power_title(power)} cleared.")
        return Continue.YES
