"""VOTE: draws and concessions (njudge's SET DRAW, SET NODRAW, SET CONCEDE come here too)."""
from __future__ import annotations

from judge.commands.base import CommandError, Continue, Session
from judge.game import GameError
from judge.game.clock import VOTE_NEWS_DELAY
from judge.rules import DrawVotes


def apply_vote(s: Session, words: list[str]) -> None:
    """Cast or withdraw the signed-on power's vote; the others are told as the house rule says, and the game ends if
    every survivor agrees, once the message is read (actions.votes_settled)."""
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
    # The votes are settled once the whole message is read (actions.votes_settled): the last vote followed by
    # orders, press or SET WAIT in the same message had those refused as sent to a finished game.
    s.voted = True
    if game.rules.draw_votes is not DrawVotes.SECRET and game.vote_news is None:
        # The others learn the votes as they stand a few minutes on: a round of votes is one notice, not one each.
        game.vote_news = s.now + VOTE_NEWS_DELAY

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
