"""PRESS ... ENDPRESS and BROADCAST ... ENDBROADCAST."""
from __future__ import annotations

from judge.commands._util import power_of
from judge.commands.base import CommandError, Continue, Session
from judge.game import ACTIVE, PLAYING
from judge.rules import Press as PressRule


def _sender_name(s: Session) -> str:
    return s.power.title() if s.role == "power" else "the Game Master"


def _check(s: Session) -> None:
    game = s.need_game()
    if s.role not in ("power", "master"):
        raise CommandError("YOU MUST SIGN ON BEFORE SENDING PRESS")
    if game.rules.press is PressRule.NONE and s.role != "master":
        raise CommandError(f"NO PRESS IS ALLOWED IN GAME {game.name}")
    if game.position is None:
        raise CommandError(f"GAME {game.name} HAS NOT STARTED: NO PRESS YET")
    if game.status != PLAYING and s.role != "master":
        raise CommandError(f"GAME {game.name} IS OVER: NO MORE PRESS")


class Press:
    name, aliases, block_end = "PRESS", (), "ENDPRESS"
    syntax = "PRESS [TO <powers>] ... ENDPRESS"
    help = "Send a message to some powers (TO France Germany, or TO FG), or to all without TO."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        _check(s)
        game = s.game
        if args and args[0].upper() != "TO":
            raise CommandError("USE PRESS TO <powers>, OR PRESS ALONE FOR EVERYONE")
        names = args[1:]
        if len(names) == 1 and len(names[0]) > 1 and all(c.upper() in "AEFGIRT" for c in names[0]) \
                and not game.map.power(names[0]):
            names = list(names[0])                           # "TO FG": letters run together
        powers = [power_of(w) for w in names] or [p.power for p in game.players if p.power]
        if not body:
            raise CommandError("EMPTY PRESS")
        recipients = [p for p in game.players if p.power in powers and p.status == ACTIVE and p.address
                      and p.power != s.power]
        ctx = {"game": game.name, "sender": _sender_name(s), "phase": str(game.position.phase), "body": body,
               "broadcast": False, "recipients": [p.title() for p in powers]}
        to = [p.address for p in recipients] + ([game.master_address] if s.role != "master" else [])
        s.effect("mail", (to, "notice/press.txt", ctx))
        s.effect("press", ctx)
        s.say(f"Press sent to {', '.join(p.title() for p in powers)}.")
        return Continue.YES


class Broadcast:
    name, aliases, block_end = "BROADCAST", (), "ENDBROADCAST"
    syntax = "BROADCAST ... ENDBROADCAST"
    help = "Send a message to every player and observer."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        _check(s)
        game = s.game
        if not body:
            raise CommandError("EMPTY BROADCAST")
        from judge.processing import audience
        to = [a for a in audience(game) if a.lower() != s.sender.lower()]
        ctx = {"game": game.name, "sender": _sender_name(s), "phase": str(game.position.phase), "body": body,
               "broadcast": True, "recipients": []}
        s.effect("mail", (to, "notice/press.txt", ctx))
        s.effect("press", ctx)
        s.say("Broadcast sent.")
        return Continue.YES
