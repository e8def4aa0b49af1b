"""PURGE <game> <master password>: the master removes a game nobody has joined yet, as DPjudge allows (a game once
joined or started belongs to all in it; TERMINATE ends one). Nothing is deleted: the game's folder goes to the
games' `_purged/` folder for the judge keeper, and the name is free for a new game."""
from __future__ import annotations

from judge.commands._util import need_args
from judge.commands.base import CommandError, Continue, Session
from judge.commands.signon import in_place
from judge.game import FORMING, Game


def as_master(s: Session, name: str, password: str) -> Game:
    """The game, once `password` is its master's: checked as SIGNON M<game> checks it (wrong ones count against the
    master's budget; a lock-out holds), without its "Signed on" line (the reply says what the command did)."""
    in_place(s, f"M{name}", password, said=False)
    return s.need_master()


class Purge:
    name, aliases, block_end = "PURGE", (), None
    syntax = "PURGE <game> <master password>"
    unread_note = "PURGE ends the message: the {n} line(s) after it were not read."
    help = ("Remove a game that has not started and that nobody has joined (its folder is kept for the judge keeper; "
            "the name is free again). A game joined or started is its players' too: TERMINATE ends it.")

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        need_args(args, 2, self.syntax)
        if len(args) > 2:
            # (never echoed: a password may be among them)
            raise CommandError("PURGE TAKES TWO WORDS, THE GAME AND ITS MASTER'S PASSWORD: NOTHING WAS DONE")
        if s.game_is_new:
            raise CommandError(f"ONE MESSAGE IS ONE GAME'S BUSINESS: ALREADY WORKING ON {s.game.name}")
        # The master's password, with the master's sign-on budget (wrong ones count; a lock-out holds), as SIGNON.
        game = as_master(s, args[0], args[1])
        if game.status != FORMING:
            raise CommandError(f"GAME {game.name} HAS STARTED: IT BELONGS TO ITS PLAYERS AS MUCH AS TO ITS MASTER, SO "
                               "IT IS NOT PURGED. TERMINATE ENDS IT (ITS RECORD STAYS); TO HAVE IT REMOVED ALL THE "
                               "SAME, ASK THE JUDGE KEEPER")
        if game.players:
            n = len(game.players)
            raise CommandError(f"{n} PLAYER{'S HAVE' if n > 1 else ' HAS'} JOINED GAME {game.name}: IT IS NOT THE "
                               f"MASTER'S ALONE ANY MORE, SO IT IS NOT PURGED. A PLAYER LEAVES WITH RESIGN {game.name} "
                               "<THEIR PASSWORD>; ONCE NOBODY IS LEFT, PURGE REMOVES IT")
        if any(e.kind != "notify" for e in s.effects):
            raise CommandError("PURGE GOES IN A MESSAGE OF ITS OWN: NOTHING WAS DONE")
        kept = s.store.purged_name(game.name, s.now)
        s.effects.clear()                     # (a notice of a change made earlier in the message: moot now)
        s.effect("purge", kept)
        s.say(f"Game {game.name} purged: it is no longer on this judge, and the name {game.name} is free for a new "
              f"game. Nothing was deleted: the judge keeper has its folder, as _purged/{kept} in the games folder.")
        if game.observers:
            s.say(f"Its {len(game.observers)} observer(s) get no more mail about it.")
        s.log.append(f"PURGE {game.name}")
        return Continue.STOP
