"""REVEAL: DPjudge's master command for a NO_REVEAL game once it has ended, when the time has come to show who
played which power (the house rule `reveal` becomes `all`)."""
from __future__ import annotations

from judge.commands.base import MASTER_ONLY, CommandError, Continue, Session
from judge.rule_values import Anonymous, Reveal as Shown


class Reveal:
    name, aliases, block_end = "REVEAL", (), None
    after_end = MASTER_ONLY
    syntax = "REVEAL"
    help = ("Master, once the game has ended: show everyone who played which power (the house rule reveal becomes "
            "'all': the final SUMMARY gives the players' addresses to anyone), as DPjudge's REVEAL does.")

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        game = s.need_master()
        if not game.over:
            raise CommandError(f"GAME {game.name} HAS NOT ENDED: REVEAL IS FOR A FINISHED GAME (UNTIL THE END, SET "
                               "RULE reveal=... SAYS WHAT THE END SHOWS)")
        if game.rules.anonymous is Anonymous.ALWAYS:
            raise CommandError(f"GAME {game.name} IS ANONYMOUS TO THE END (anonymous=always): NOBODY BUT ITS MASTER "
                               "LEARNS WHO PLAYED WHICH POWER")
        if game.rules.reveal is Shown.ALL:
            raise CommandError(f"NOTHING TO REVEAL: ANYONE SEES WHO PLAYED WHICH POWER IN GAME {game.name} ALREADY "
                               f"(SUMMARY {game.name})")
        game.rules = game.rules.replace(reveal=Shown.ALL)
        s.say(f"Revealed: anyone now sees who played which power in game {game.name} (SUMMARY {game.name}); its "
              "players and observers have been told.")
        s.effect("notify", ("the players revealed", [
            f"The master of game {game.name} has revealed who played which power: SUMMARY {game.name} shows it."],
            "all but master"))
        s.log.append(f"REVEAL {game.name}")
        return Continue.YES
