"""RENAME <game> <new name> <master password>: the master gives a game that has not started another name (DPjudge
allows it at any time but warns that players may miss the change; here only before the start, while no order or
mail filter names it yet). The game's folder takes the new name; those who joined or observe it are told."""
from __future__ import annotations

from judge.commands._util import need_args
from judge.commands.base import CommandError, Continue, Session
from judge.commands.purge import as_master
from judge.game import FORMING
from judge.storage.gamedir import valid_name


class Rename:
    name, aliases, block_end = "RENAME", (), None
    syntax = "RENAME <game> <new name> <master password>"
    unread_note = "RENAME ends the message: the {n} line(s) after it were not read."
    help = "Give a game that has not started another name; those who joined or observe it are told."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        need_args(args, 3, self.syntax)
        if len(args) > 3:
            raise CommandError("RENAME TAKES THREE WORDS, THE GAME, ITS NEW NAME AND ITS MASTER'S PASSWORD: NOTHING "
                               "WAS DONE")
        new = args[1].lower()
        if not valid_name(new):
            raise CommandError(f"BAD GAME NAME: {args[1][:30]} (A LETTER, THEN UP TO 19 LETTERS, DIGITS, - OR _): "
                               "NOT RENAMED")
        if s.game_is_new:
            raise CommandError(f"ONE MESSAGE IS ONE GAME'S BUSINESS: ALREADY WORKING ON {s.game.name}")
        game = as_master(s, args[0], args[2])
        if game.status != FORMING:
            raise CommandError(f"GAME {game.name} HAS STARTED: ITS PLAYERS' ORDERS AND MAIL NAME IT, SO IT KEEPS ITS "
                               "NAME (THE JUDGE KEEPER CAN RENAME IT IF IT MUST BE)")
        if new == game.name:
            raise CommandError(f"GAME {game.name} IS CALLED {new} ALREADY: NOT RENAMED")
        if s.store.exists(new):
            raise CommandError(f"GAME {new} ALREADY EXISTS: NOT RENAMED")
        if any(e.kind != "notify" for e in s.effects):
            raise CommandError("RENAME GOES IN A MESSAGE OF ITS OWN: NOTHING WAS DONE")
        old = game.name
        s.effect("rename", new)
        s.say(f"Game {old} is now called {new}: JOIN, SIGNON and every other command name it {new} from now on.")
        s.effect("notify", ("game renamed", [f"The master has renamed game {old}: it is now called {new}. Name it "
                                             f"{new} from now on (SIGNON, LIST, OBSERVE...); your password is the "
                                             "same."], "all but master"))
        s.log.append(f"RENAME {old} {new}")
        return Continue.STOP
