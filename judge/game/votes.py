"""Draw and concession votes: what a vote is, who must agree, and whether the game ends by agreement. A mixin of
judge.game.Game; pure.

A vote is a string: "DRAW" (a draw among all survivors), "DRAW:FRANCE,GERMANY" (a draw among those powers, when
the house rule allows draws without all survivors) or "CONCEDE:FRANCE" (the game conceded to France)."""
from __future__ import annotations

from datetime import datetime

from judge.game.roles import ACTIVE, DUMMY, PLAYING, GameError
from judge.maps import Map
from judge.rules import Draws, DrawVotes, DummyVotes, VoteExpiry


def describe_vote(vote: str, m: Map) -> str:
    """A vote in words: 'a draw including all survivors', 'a draw between France and Germany', 'conceding ...'
    (the powers by the names the map shows)."""
    if vote == "DRAW":
        return "a draw including all survivors"
    if vote.startswith("DRAW:"):
        names = [m.power_title(p) for p in vote[5:].split(",")]
        return "a draw between " + ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
    return f"conceding the game to {m.power_title(vote.split(':', 1)[1])}"


class Voting:
    """Game methods about votes and the end of a game (the fields live in Game)."""

    def survivors(self) -> list[str]:
        """Powers still on the board (a centre, a unit, or a first build still owed under mobilize), in the map's
        order."""
        pos = self.position
        alive = set(pos.centers.values()) | {u.power for u in pos.units.values()}
        if pos.house is not None:
            alive |= pos.house.owing()
        return [p for p in self.map.powers if p in alive]

    def voters(self) -> list[str]:
        """The survivors whose vote is asked for: the active players (a dummy agrees or is left out)."""
        return [p for p in self.survivors() if getattr(self.player(p), "status", DUMMY) == ACTIVE]

    def draw_members(self) -> list[str]:
        """Who shares a draw of all survivors: every survivor, or only the non-dummies (dummy_votes=exclude)."""
        if self.rules.dummy_votes is DummyVotes.EXCLUDE:
            return self.voters()
        return self.survivors()

    def read_vote(self, words: list[str]) -> str:
        """'DRAW', 'DRAW France Germany', 'CONCEDE France' -> the vote's string; GameError if the rules forbid it."""
        if not words:
            raise GameError("VOTE WHAT? VOTE DRAW, VOTE DRAW <powers>, VOTE CONCEDE <power> OR VOTE NONE")
        head, rest = words[0].upper(), words[1:]
        if head == "DRAW" and self.rules.no_draw:
            raise GameError(f"GAME {self.name} ALLOWS NO DRAWS (HOUSE RULE NO_DRAW): IT ENDS IN A SOLO VICTORY OR A "
                            "CONCESSION")
        if head == "DRAW" and not rest:
            return "DRAW"
        if head == "DRAW":
            if self.rules.draws is not Draws.ANY:
                raise GameError(f"GAME {self.name} ALLOWS ONLY DRAWS INCLUDING ALL SURVIVORS (VOTE DRAW)")
            powers = sorted({self.power_named(w) for w in rest}, key=self.map.powers.index)
            dead = [p for p in powers if p not in self.survivors()]
            if dead:
                raise GameError(f"{', '.join(dead)} IS NOT ON THE BOARD: A DRAW IS AMONG SURVIVORS")
            left_out = [p for p in powers if p not in self.draw_members()]
            if left_out:
                raise GameError(f"{', '.join(left_out)} HAS NO PLAYER AND NO SHARE IN A DRAW IN GAME {self.name} "
                                "(HOUSE RULE DUMMY_VOTES=EXCLUDE)")
            # Naming every survivor is the plain draw. Under dummy_votes=exclude, naming only the players' powers
            # is not: the plain draw would take in a dummy's seat once it has a player again, which was not named.
            if powers == self.survivors():
                return "DRAW"
            if len(powers) < 2:
                raise GameError("A DRAW IS BETWEEN TWO POWERS OR MORE (VOTE CONCEDE <power> GIVES ONE POWER THE GAME)")
            return "DRAW:" + ",".join(powers)
        if head in ("CONCEDE", "CONCESSION"):
            if not self.rules.concessions:
                raise GameError(f"GAME {self.name} ALLOWS NO CONCESSIONS")
            if len(rest) != 1:
                raise GameError("USE VOTE CONCEDE <power>")
            power = self.power_named(rest[0])
            if power not in self.survivors():
                raise GameError(f"{power} IS NOT ON THE BOARD: NOTHING TO CONCEDE TO")
            if power not in self.draw_members():
                # (the rule leaves a dummy out of draws: the whole game is no more its to take)
                raise GameError(f"{power} HAS NO PLAYER AND NO PART IN VOTES IN GAME {self.name}: THE GAME CANNOT BE "
                                "CONCEDED TO IT (HOUSE RULE DUMMY_VOTES=EXCLUDE)")
            return f"CONCEDE:{power}"
        raise GameError(f"UNKNOWN VOTE: {head} (VOTE DRAW, VOTE DRAW <powers>, VOTE CONCEDE <power>, VOTE NONE)")

    def power_named(self, word: str) -> str:
        """A power from its name, adjective or letter ('France', 'french', 'F')."""
        m = self.map
        w = word.strip().rstrip(":,").lower()
        letters = {letter.lower(): p for p, letter in m.power_letters.items()}
        power = letters.get(w) if len(w) == 1 else m.power(w)
        if power is None:
            raise GameError(f"UNKNOWN POWER: {word.upper()}")
        return power

    def cast_vote(self, power: str, vote: str | None) -> None:
        """Record (or, with None, withdraw) a power's vote."""
        if self.status != PLAYING:
            raise GameError(f"GAME {self.name} IS OVER: NO MORE VOTES")
        if power not in self.survivors():
            # (its player may still sign on, to read and write press: the vote alone is gone with the power)
            raise GameError(f"{power} IS ELIMINATED (NO UNIT AND NO SUPPLY CENTRE LEFT): IT HAS NO VOTE IN GAME "
                            f"{self.name}")
        if power not in self.voters():
            raise GameError(f"{power} HAS NO VOTE IN GAME {self.name}")
        if vote is None:
            self.votes.pop(power, None)
        else:
            if vote == f"CONCEDE:{power}":
                raise GameError("YOU CANNOT CONCEDE TO YOURSELF")
            self.votes[power] = vote

    def agreed(self) -> dict | None:
        """The result every voter agrees on, if they do: {'kind': 'draw' | 'concession', 'powers': [...]}."""
        voters = self.voters()
        if not voters:
            return None
        # Votes agree on a draw when they share it among the same powers ("DRAW" and a list of those very powers
        # alike), and only among powers that may share one: never an excluded dummy (dummy_votes=exclude), even one
        # named while it still had a player.
        draws = {tuple(self.draw_of(self.votes.get(p, ""))) for p in voters}
        if len(draws) == 1:
            powers = list(next(iter(draws)))
            if powers and set(powers) <= set(self.draw_members()):
                return {"kind": "draw", "powers": powers}
        return self._concession(voters)

    def draw_of(self, vote: str) -> list[str]:
        """The powers a draw vote shares the game among as the game stands ([] for any other vote)."""
        if vote == "DRAW":
            return self.draw_members()
        return vote[5:].split(",") if vote.startswith("DRAW:") else []

    def vote_words(self, vote: str) -> str:
        """A vote in words as the game stands: describe_vote's, and who a draw leaves out or cannot include under
        dummy_votes=exclude (a survivor without a player has no share)."""
        out = [p for p in self.survivors() if p not in self.draw_members()]
        names = " and ".join(self.map.power_title(p) for p in out)
        if vote == "DRAW" and out:
            return f"a draw including every survivor with a player (not {names})"
        barred = [p for p in self.draw_of(vote) + self._conceded_to(vote) if p in out]
        if barred:
            who = " and ".join(self.map.power_title(p) for p in barred)
            return (f"{describe_vote(vote, self.map)}, which cannot pass while {who} "
                    f"{'has' if len(barred) == 1 else 'have'} no player (house rule dummy_votes=exclude)")
        return describe_vote(vote, self.map)

    @staticmethod
    def _conceded_to(vote: str) -> list[str]:
        return [vote.split(":", 1)[1]] if vote.startswith("CONCEDE:") else []

    def _concession(self, voters: list[str]) -> dict | None:
        """Every voter but the one conceded to concedes to it (that power's own vote is not needed). Never to a
        power left out under dummy_votes=exclude, even one voted for while it still had a player."""
        for power in voters + [p for p in self.survivors() if p not in voters and p in self.draw_members()]:
            others = [p for p in voters if p != power]
            if others and all(self.votes.get(p) == f"CONCEDE:{power}" for p in others):
                return {"kind": "concession", "powers": [power]}
        return None

    def settle_votes(self, now: datetime, processed: bool = False) -> dict | None:
        """Decide the standing votes again: the game ends, as a last vote would end it, if every power with a vote
        now agrees. Called after each vote and whenever the powers with a vote may have changed (a player resigned,
        resigned for lateness, ejected or made a dummy, a power off the board, a TAKEOVER: a newcomer has no vote
        yet, so that ends nothing). Returns the result, or None while the game goes on."""
        if self.status != PLAYING or not self.votes:
            return None             # (no vote standing, nothing agreed: the usual case, after every order mail)
        result = self.agreed()
        if result is not None:
            self.finish(result, now, processed)
        return result

    def votes_after_phase(self, phase) -> None:
        """Votes expire with the phase (house rule), and a power off the board has no vote any more."""
        if self.rules.vote_expiry is VoteExpiry.PHASE:
            self.votes = {}
        alive = set(self.voters())
        # A vote for a draw with, or a concession to, a power that has left the board can no longer pass as cast.
        survivors = set(self.survivors())
        self.votes = {p: v for p, v in self.votes.items()
                      if p in alive and set(v.partition(":")[2].split(",") if ":" in v else []) <= survivors}

    def vote_news_lines(self) -> list[str]:
        """The votes as the house rule lets everyone see them ('counts' or 'names'), for the gathered notice."""
        if self.rules.draw_votes is DrawVotes.NAMES:
            return ["The votes now stand:"] + [
                f"  {self.map.power_title(p)}: "
                f"{self.vote_words(self.votes[p]) if p in self.votes else 'no vote'}"
                for p in self.voters()]
        counts = self.vote_counts()
        # Counted among the powers that vote (a dummy has no vote), not among all survivors.
        return ["The votes have changed."] + [f"{n} of the {len(self.voters())} powers with a vote "
                                              f"{'is' if n == 1 else 'are'} for {self.vote_words(v)}."
                                              for v, n in sorted(counts.items())] + ([] if counts else
                                                                                    ["No vote stands."])

    def vote_counts(self) -> dict[str, int]:
        """How many voters vote for each proposal (for the 'counts' house rule)."""
        out: dict[str, int] = {}
        same: dict[tuple, str] = {}  # a draw's powers -> the first vote for it: one draw is counted once, however named
        for p in self.voters():
            v = self.votes.get(p)
            if v:
                v = same.setdefault(tuple(self.draw_of(v)), v) if v.startswith("DRAW") else v
                out[v] = out.get(v, 0) + 1
        return out

    def finish(self, result: dict, now: datetime, processed: bool = False) -> None:
        """The game is over (a solo, an agreed draw or concession, or the master's TERMINATE).

        processed: the phase just processed ended it (a solo, or the last holdout's elimination). Then the end mail
        says "over after F1905M" (the position's phase is the next one, never played); otherwise a vote or the
        master ended it during the current phase, before its orders were processed: "over in S1903M".
        """
        if processed:
            phase, when = (self.history[-1] if self.history else ""), "after"
        else:
            phase, when = (str(self.position.phase) if self.position else ""), "in"
        result = {**result, "phase": phase, "when": when, "at": now.isoformat()}
        self.vote_news = None                      # the end mail says how the votes ended it
        self.result = result
        self.winner = result["powers"][0] if result["kind"] == "solo" else None
        self.status = "completed" if result["kind"] != "terminated" else "terminated"
        self.deadline = None
        self.paused_since = None
