"""JOIN, OBSERVE, RESIGN and TAKEOVER."""
from __future__ import annotations

from judge.commands._util import need_args, power_and_game
from judge.commands.base import CommandError, Continue, Session
from judge.game import FORMING, PLAYING, GameError
from judge.storage.passwords import hash_password


class Join:
    name, aliases, block_end = "JOIN", (), None
    syntax = "JOIN <game> <password> [power letters you prefer]"
    help = "Join a game that is forming; it starts when it is full (or when the master activates it)."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        need_args(args, 2, self.syntax)
        game = s.open_game(args[0])
        try:
            game.join(s.sender, hash_password(args[1]), "".join(args[2:]).upper())
        except GameError as exc:
            raise CommandError(str(exc)) from None
        s.say(f"You have joined game {game.name} ({len(game.players)} of {len(game.map.powers)} players).")
        s.log.append(f"JOIN {game.name}")
        if len(game.players) == len(game.map.powers):
            from judge.commands.master import start_game
            start_game(s, game)
        return Continue.YES


class Observe:
    name, aliases, block_end = "OBSERVE", ("WATCH",), None
    syntax = "OBSERVE <game>"
    help = "Receive the game's results and broadcasts."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        need_args(args, 1, self.syntax)
        game = s.open_game(args[0])
        if game.private:
            raise CommandError(f"GAME {game.name} IS PRIVATE: ASK ITS MASTER")
        if s.sender.lower() not in (o.lower() for o in game.observers):
            game.observers.append(s.sender)
        s.say(f"You are observing game {game.name}.")
        return Continue.YES


class Resign:
    name, aliases, block_end = "RESIGN", (), None
    syntax = "RESIGN"
    help = "Give up your power; it waits for someone to take it over."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        power = s.need_power()
        game = s.need_game()
        game.resign(power)
        s.role, s.power = None, None
        s.say(f"You have resigned {power.title()} in game {game.name}.")
        s.effect("notify", ("player resigned", [f"{power.title()} has resigned from game {game.name}. "
                                                f"It can be taken over with TAKEOVER."], "master"))
        return Continue.YES


class Takeover:
    name, aliases, block_end = "TAKEOVER", ("TAKE-OVER",), None
    syntax = "TAKEOVER <power letter><game> <password>"
    help = "Take over a power that was resigned or is a dummy; the password becomes yours."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        need_args(args, 2, self.syntax)
        who, name = power_and_game(args[0])
        game = s.open_game(name)
        if game.status not in (FORMING, PLAYING):
            raise CommandError(f"GAME {name} IS OVER: NOTHING TO TAKE OVER")
        if game.status == FORMING or who == "MASTER":
            raise CommandError(f"NOTHING TO TAKE OVER IN {name}: USE JOIN")
        try:
            game.takeover(who, s.sender, hash_password(args[1]))
        except GameError as exc:
            raise CommandError(str(exc)) from None
        s.role, s.power = "power", who
        s.say(f"You now play {who.title()} in game {name}.")
        s.log.append(f"TAKEOVER {who} {name}")
        s.effect("notify", ("takeover", [f"{who.title()} in game {name} has been taken over by {s.sender}."],
                            "master"))
        return Continue.YES
