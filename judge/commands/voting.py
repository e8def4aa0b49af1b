"""VOTE: draws and concessions (njudge's SET DRAW, SET NODRAW, SET CONCEDE come here too)."""
from __future__ import annotations

from judge.commands.base import CommandError, Continue, Session
from judge.deadlines import show
from judge.game import GameError
from judge.game.clock import VOTE_NEWS_DELAY
from judge.game.ending import describe_result
from judge.rules import DrawVotes
from judge.templating import para


def apply_vote(s: Session, words: list[str]) -> None:
    """Cast or withdraw the signed-on power's vote; tell the others as the house rule says; end the game if every
    survivor now agrees."""
    if s.role == "master":
        raise CommandError("THE MASTER HAS NO VOTE: DRAWS AND CONCESSIONS ARE THE POWERS' TO VOTE (THE MASTER MAY "
                           "TERMINATE THE GAME)")
    power = s.need_power()
    game = s.need_game()
    s.not_over(Vote.over_words)
    withdraw = bool(words) and words[0].upper() in ("NONE", "WITHDRAW", "NO", "NODRAW", "NOCONCEDE")
    if withdraw and power not in game.votes and power in game.voters():
        s.say(f"{game.map.power_title(power)} has no vote standing: nothing to withdraw.")
        return                                   # nothing changed: the others are not told anything
    try:
        vote = None if withdraw else game.read_vote(words)
        game.cast_vote(power, vote)
    except GameError as exc:
        raise CommandError(str(exc)) from None
    name = game.map.power_title(power)
    s.say(f"{name} withdraws its vote." if vote is None else f"{name} votes for {game.vote_words(vote)}.")
    if game.settle_votes(s.now) is not None:
        s.effect("ended", None)
        s.say(f"Every survivor agrees: the game is over ({describe_result(game.result, game.map)}).")
    elif game.rules.draw_votes is not DrawVotes.SECRET:
        # The others learn the votes as they stand a few minutes on: a round of votes is one notice, not one each.
        if game.vote_news is None:
            game.vote_news = s.now + VOTE_NEWS_DELAY
        told = f"Everyone in the game is told the votes as they stand at {show(game.vote_news, game.timing)}."
        if para(told).split("\n")[0] not in s.lines:      # (said once a reply, however many votes the message casts)
            s.say(told)


class Vote:
    name, aliases, block_end = "VOTE", (), None
    over_words = "NO MORE VOTES"
    syntax = "VOTE DRAW | VOTE DRAW <powers> | VOTE CONCEDE <power> | VOTE NONE"
    help = ("Vote for a draw of all survivors, a draw among some (if the house rules allow), a concession to one "
            "power, or withdraw your vote. When every survivor agrees, the game ends.")

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        if not args:
            raise CommandError("VOTE WHAT? " + self.syntax)
        apply_vote(s, args)
        return Continue.YES
