"""Copies of an accepted order set beyond the sender's reply, as the house rules ask (DPjudge ALWAYS_CONFIRM: the
master and the power's own address; BROADCAST_ORDERS: everyone in the game). One copy per power and message: a
later set in the same message replaces the earlier copy. No copy names an address but to the master."""
from __future__ import annotations

from judge.commands.base import Session
from judge.game.processing import notified
from judge.game.roles import ACTIVE

TEMPLATE = "notice/orders.txt"


def copy_orders(s: Session, power: str, lines: list[str]) -> None:
    """The copies of `power`'s orders just accepted (`lines`, as the sender's reply shows them)."""
    game = s.game
    rules = game.rules
    if not (rules.always_confirm or rules.broadcast_orders):
        return
    title, phase = game.map.power_title(power), game.position.phase
    heading = f"Orders for {title} ({phase.describe()}):"
    # (a second order set for the power in one message: only the last one is copied, as it is the one that stands)
    s.effects = [e for e in s.effects if not (e.kind == "mail" and e.payload[1] == TEMPLATE
                                                 and e.payload[2]["heading"] == heading)]
    base = {"judge": s.settings.judge_name, "game": game.name, "variant": game.variant, "phase": phase.code,
            "heading": heading, "lines": lines}
    sender, master = s.sender.lower(), game.master_address
    by_master = sender == master.lower()
    if rules.broadcast_orders:
        to = [a for a in notified(game, "all", s.sender) if a.lower() != sender]
        who = f"The master has entered these orders for {title}" if by_master else f"{title} has entered these orders"
        why = f"{who}: every order is sent to everyone in game {game.name} (house rule broadcast_orders)."
        if to:
            s.effect("mail", (to, TEMPLATE, {**base, "why": why}))
        return
    if not by_master:
        s.effect("mail", ([master], TEMPLATE, {**base, "why": f"A copy for the master (house rule always_confirm): "
                                                             f"{s.sender} has entered these orders for {title}."}))
    player = game.player(power)
    own = player.address if player is not None and player.status == ACTIVE else ""
    if own and own.lower() != sender:
        who = "The master has" if by_master else "Someone signed on as your power from another address than yours has"
        s.effect("mail", ([own], TEMPLATE, {**base, "why": f"{who} entered these orders for {title} (house rule "
                                                           "always_confirm: every order set is confirmed to you)."}))
