"""VOTE: draws and concessions (njudge's SET DRAW, SET NODRAW, SET CONCEDE come here too)."""
from __future__ import annotations

from judge.commands.base import CommandError, Continue, Session
from judge.game import GameError
from judge.game.processing import describe_result
from judge.rules import DrawVotes


def describe_vote(vote: str) -> str:
    if vote == "DRAW":
        return "a draw including all survivors"
    if vote.startswith("DRAW:"):
        names = [p.title() for p in vote[5:].split(",")]
        return "a draw between " + ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
    return f"conceding the game to {vote.split(':', 1)[1].title()}"


def apply_vote(s: Session, words: list[str]) -> None:
    """Cast or withdraw the signed-on power's vote; tell the others as the house rule says; end the game if every
    survivor now agrees."""
    power = s.need_power()
    game = s.need_game()
    if game.over:
        raise CommandError(f"GAME {game.name} IS OVER ({describe_result(game.result).upper()}): NO MORE VOTES")
    withdraw = bool(words) and words[0].upper() in ("NONE", "WITHDRAW", "NO", "NODRAW", "NOCONCEDE")
    if withdraw and power not in game.votes and power in game.voters():
        s.say(f"{power.title()} has no vote standing: nothing to withdraw.")
        return                                   # nothing changed: the others are not told anything
    try:
        vote = None if withdraw else game.read_vote(words)
        game.cast_vote(power, vote)
    except GameError as exc:
        raise CommandError(str(exc)) from None
    s.say(f"{power.title()} withdraws its vote." if vote is None else
          f"{power.title()} votes for {describe_vote(vote)}.")
    rule = game.rules.draw_votes
    if rule is DrawVotes.NAMES:
        lines = [f"{power.title()} {'has withdrawn its vote' if vote is None else 'votes for ' + describe_vote(vote)}."]
        lines += _standings(game)
        s.effect("notify", ("votes", lines, "all"))
    elif rule is DrawVotes.COUNTS:
        # Counted among the powers that vote (a dummy has no vote), not among all survivors.
        lines = ["The votes have changed."] + [f"{n} of the {len(game.voters())} powers with a vote "
                                              f"{'is' if n == 1 else 'are'} for {describe_vote(v)}."
                                              for v, n in sorted(game.vote_counts().items())]
        if not game.vote_counts():
            lines.append("No vote stands.")
        s.effect("notify", ("votes", lines, "all"))
    result = game.agreed()
    if result is not None:
        game.finish(result, s.now)
        s.effect("ended", None)
        s.say(f"Every survivor agrees: the game is over ({describe_result(game.result)}).")


def _standings(game) -> list[str]:
    return [f"  {p.title()}: {describe_vote(game.votes[p]) if p in game.votes else 'no vote'}" for p in game.voters()]


class Vote:
    name, aliases, block_end = "VOTE", (), None
    syntax = "VOTE DRAW | VOTE DRAW <powers> | VOTE CONCEDE <power> | VOTE NONE"
    help = ("Vote for a draw of all survivors, a draw among some (if the house rules allow), a concession to one "
            "power, or withdraw your vote. When every survivor agrees, the game ends.")

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        if not args:
            raise CommandError("VOTE WHAT? " + self.syntax)
        apply_vote(s, args)
        return Continue.YES
