"""STATUS: the orders the judge holds for you (all powers' for the master)."""
from __future__ import annotations

from judge.commands.base import CommandError, Continue, Session
from judge.deadlines import show
from judge.templating import render


class Status:
    name, aliases, block_end = "STATUS", (), None
    syntax = "STATUS"
    help = "Mails back the orders the judge holds for you, and the deadline."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        game = s.need_game()
        if s.role not in ("power", "master"):
            raise CommandError("YOU MUST SIGN ON FIRST")
        if game.position is None:
            raise CommandError(f"GAME {game.name} HAS NOT STARTED")
        pending = s.orders
        players = [p for p in game.players if p.power and (s.role == "master" or p.power == s.power)]
        rows = [{"power": p.power.title(), "status": p.status, "wait": p.wait,
                 "orders": pending.get(p.power, p.orders), "submitted": p.submitted or p.power in pending}
                for p in players]
        _, text = render("reply/status.txt", game=game.name, who=s.power or "all powers",
                         phase=game.position.phase.describe(), deadline=show(game.deadline, game.timing),
                         powers=rows)
        s.say(*text.rstrip("\n").split("\n"))
        return Continue.YES
