"""LIST, SUMMARY, HISTORY and HELP: what anyone may ask about games."""
from __future__ import annotations

from judge.commands.base import CommandError, Continue, Session
from judge.deadlines import show
from judge.rules import describe
from judge.storage.gamedir import GameUnavailable
from judge.templating import render


def _block(s: Session, name: str, **ctx) -> None:
    _, text = render(name, **ctx)
    s.say(*text.rstrip("\n").split("\n"))


class List:
    name, aliases, block_end = "LIST", (), None
    syntax = "LIST [game]"
    help = "Lists the games, or one game's players, phase, deadline and house rules."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        if not args:
            games = []
            for name in s.store.names():
                try:
                    g = s.game if s.game and s.game.name == name else s.store.load(name)
                except (GameUnavailable, FileNotFoundError):
                    continue                  # one broken game (the keeper is told) hides nothing else
                if not g.private:
                    games.append({"name": g.name, "status": g.status,
                                  "phase": str(g.position.phase) if g.position else ""})
            _block(s, "reply/list.txt", judge=s.settings.judge_name, game=None, games=games)
            return Continue.YES
        g = s.open_game(args[0])
        if g.private and s.sender.lower() != g.master_address.lower() and not g.players_at(s.sender):
            raise CommandError(f"GAME {g.name} IS PRIVATE: ONLY ITS MASTER AND PLAYERS MAY LIST IT")
        info = {"name": g.name, "status": g.status, "phase": g.position.phase.describe() if g.position else "",
                "deadline": show(g.deadline, g.timing), "master": g.master_address,
                "players": [{"power": p.power.title(), "status": p.status, "orders": p.submitted, "wait": p.wait}
                            for p in g.players],
                "observers": len(g.observers), "rules": describe(g.rules),
                "timing": [f"{k} = {v}" for k, v in g.timing.to_json().items()]}
        _block(s, "reply/list.txt", judge=s.settings.judge_name, game=info, games=[])
        return Continue.YES


class Summary:
    name, aliases, block_end = "SUMMARY", (), None
    syntax = "SUMMARY <game>"
    help = "The supply-centre count of every power at the end of each year."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        if not args:
            raise CommandError("USE SUMMARY <game>")
        g = s.open_game(args[0])
        powers = list(g.map.powers)
        rows = [{"year": year, "counts": [counts.get(p, 0) for p in powers]}
                for year, counts in sorted(g.center_history.items())]
        _block(s, "reply/summary.txt", game=g.name, powers=[p.title() for p in powers], rows=rows)
        return Continue.YES


class History:
    name, aliases, block_end = "HISTORY", (), None
    syntax = "HISTORY <game>"
    help = "Every results mail of the game so far."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        if not args:
            raise CommandError("USE HISTORY <game>")
        g = s.open_game(args[0])
        results = [{"name": p.stem, "text": p.read_text(encoding="utf-8").rstrip("\n")}
                   for p in s.store.results(g.name)]
        _block(s, "reply/history.txt", game=g.name, results=results)
        return Continue.YES


class Help:
    name, aliases, block_end = "HELP", ("?",), None
    syntax = "HELP"
    help = "This list."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        from judge.commands.registry import COMMANDS
        rows = [{"syntax": c.syntax, "help": c.help} for c in COMMANDS]
        _block(s, "reply/help.txt", judge=s.settings.judge_name, address=s.settings.address, commands=rows)
        return Continue.YES
