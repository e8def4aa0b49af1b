"""Who plays what in a game: joining, the start, resigning, dummies, takeovers, ejections, and the record of who
played which power when. A mixin of judge.game.Game; pure."""
from __future__ import annotations

import random
from datetime import datetime

from judge.position import initial_position
from judge.game.hidden_dummies import hidden
from judge.game.roles import ACTIVE, DUMMY, FORMING, PLAYING, VACANT, DummySeat, GameError, Player


class Membership:
    """Game methods about its players (the fields live in Game)."""

    def player(self, power: str) -> Player | None:
        return next((p for p in self.players if p.power == power), None)

    def players_at(self, address: str) -> list[Player]:
        return [p for p in self.players if p.address.lower() == address.lower()]

    def is_observer(self, address: str) -> bool:
        return address.lower() in (o.lower() for o in self.observers)

    def is_monitor(self, address: str) -> bool:
        return address.lower() in (o.lower() for o in self.monitors)

    def takes_part(self, address: str) -> None:
        """`address` now plays or masters the game: it observes or monitors no more (OBSERVE and MONITOR refuse
        anyone who takes part), or it would get every broadcast or result twice."""
        self.observers = [o for o in self.observers if o.lower() != address.lower()]
        self.monitors = [o for o in self.monitors if o.lower() != address.lower()]

    def join(self, address: str, password_hash: str, preference: str = "") -> Player:
        if self.status != FORMING:
            if self.over or not self.open_powers():
                raise GameError(f"GAME {self.name} IS NOT FORMING AND HAS NO OPEN POWER TO TAKE OVER")
            raise GameError(f"GAME {self.name} IS NOT FORMING: USE TAKEOVER FOR AN OPEN POWER")
        if address.lower() == self.master_address.lower():
            raise GameError(f"YOU ARE THE MASTER OF GAME {self.name}: A MASTER CANNOT ALSO PLAY IN IT")
        if self.players_at(address):
            raise GameError(f"{address} HAS ALREADY JOINED GAME {self.name}")
        if len(self.players) >= len(self.map.playable_powers):
            raise GameError(f"GAME {self.name} IS FULL")
        self._may_ask_for(preference)
        player = Player(address, password_hash, preference=preference)
        self.players.append(player)
        self.takes_part(address)
        return player

    def _may_ask_for(self, preference: str) -> None:
        """Refuse a JOIN's powers that the house rule power_assignment does not let it have (DPjudge POWER_CHOICE:
        a power already asked for is taken; without the rule no power may be asked for)."""
        how = self.rules.power_assignment.value
        if how == "random" and preference:
            raise GameError(f"IN GAME {self.name} THE POWERS ARE DRAWN BY LOT (HOUSE RULE POWER_ASSIGNMENT=RANDOM): "
                            f"JOIN {self.name} <password>, NAMING NO POWER")
        if how == "first_come" and preference:
            claimed = {p.preference[:1].upper() for p in self.players if p.preference}
            if preference[0].upper() in claimed:
                m = self.map
                asked = next(p for p in m.playable_powers if m.power_letters[p] == preference[0].upper())
                free = [p for p in m.playable_powers if m.power_letters[p] not in claimed]
                raise GameError(f"{asked} IS TAKEN IN GAME {self.name} (HOUSE RULE "
                                f"POWER_ASSIGNMENT=FIRST_COME): ASK FOR ONE STILL FREE ({', '.join(free)}), OR "
                                "FOR NONE")

    def activate(self, now: datetime, seed: int | None = None) -> None:
        """Start the game: assign powers (first preferences first, the rest at random) and set the deadline. The
        variant's dummies (DPjudge DUMMY) are nobody's: played as dummies from the start."""
        if self.status != FORMING:
            raise GameError(f"GAME {self.name} HAS ALREADY STARTED")
        m = self.map
        playable = m.playable_powers
        if len(self.players) != len(playable):
            raise GameError(f"GAME {self.name} HAS {len(self.players)} OF {len(playable)} PLAYERS")
        # (from the system's randomness: seeded by anything a player can know, the name say, anyone could work out
        # who gets what, or time a JOIN for a power; a seed is for tests)
        rng = random.Random(seed) if seed is not None else random.SystemRandom()
        free = list(playable)
        letters = {m.power_letters[p]: p for p in playable}
        waiting = list(self.players)
        how = self.rules.power_assignment.value
        for rank in range(len(playable)):
            if how == "preference":          # (first_come: who joined first has their powers first)
                rng.shuffle(waiting)
            for player in list(waiting):
                prefs = [letters[c] for c in player.preference.upper() if c in letters and how != "random"]
                if rank < len(prefs) and prefs[rank] in free:
                    player.power = prefs[rank]
                    free.remove(prefs[rank])
                    waiting.remove(player)
        rng.shuffle(free)
        for player, power in zip(waiting, free):
            player.power = power
        self.players.extend(Player("", "", power=d, status=DUMMY) for d in m.dummies)
        self.players.sort(key=lambda p: m.powers.index(p.power))
        self.status = PLAYING
        dummies = frozenset(p.power for p in self.players if p.power and p.status == DUMMY)
        self.position = initial_position(m, self.rules, dummies)
        for player in self.players:
            if player.address:
                self._tenure_starts(player)
        chosen = self.deadline                # (the master's SET DEADLINE while the game formed, if any)
        self.start_phase(now)
        if chosen is not None and chosen > now and self.deadline is not None:
            self.deadline = chosen            # the first deadline the master chose holds, while it is still ahead

    def takeover(self, power: str, address: str, password_hash: str, now: datetime | None = None) -> Player:
        """A vacant power taken by a newcomer. A dummy is not open: the master REVIVEs it first. One person plays
        one power, unless the house rule allows several."""
        player = self.player(power)
        if player is None or player.status == ACTIVE:
            raise GameError(f"{power} IS NOT OPEN FOR TAKEOVER")
        if player.status == DUMMY and hidden(self, address.lower() == self.master_address.lower()):
            # hide_dummies: refused as a played power is; the master is still told of the request
            raise DummySeat(f"{power} IS NOT OPEN FOR TAKEOVER")
        if self.eliminated(power):
            raise GameError(f"{power} IS ELIMINATED (NO UNIT AND NO SUPPLY CENTRE LEFT): NOTHING TO TAKE OVER")
        # Who may never take it first: a dummy's refusal tells the master of the request, which from the master
        # himself, or from a player who could not take it anyway, would be a request nobody can grant.
        if address.lower() == self.master_address.lower():
            raise GameError(f"YOU ARE THE MASTER OF GAME {self.name}: A MASTER CANNOT ALSO PLAY IN IT")
        if self.players_at(address) and not self.rules.multiple_powers:
            raise GameError(f"YOU ALREADY PLAY {self.players_at(address)[0].power} IN GAME {self.name}: ONE POWER "
                            "PER PLAYER")
        if player.status == DUMMY:
            raise DummySeat(f"{power} IS A DUMMY: ONLY THE MASTER CAN OPEN IT FOR TAKEOVER (REVIVE); THE MASTER "
                            "HAS BEEN TOLD YOU ASKED")
        player.address, player.password, player.status = address, password_hash, ACTIVE
        self.takes_part(address)
        # The newcomer starts with a clean record: the lateness counts and extensions were the last player's.
        player.late_notices, player.late_count, player.extensions = 0, 0, 0
        # Taken after the deadline: the newcomer never had it to meet, so this phase does not count them late.
        player.missed = now is not None and self.deadline_passed(now)
        # Taken after the grace period (a power resigned for lateness, as the notice invites): late_powers=resign
        # had its turn then, and would resign the newcomer at once, before any order could come. The game waits for
        # their orders (or the master's PROCESS!, or a new deadline, whose grace is theirs to meet).
        player.after_grace = now is not None and self.deadline is not None and self.deadline_passed(now) and \
            now >= self.grace_until()
        if self.status == PLAYING:
            self._tenure_starts(player)
        return player

    def vacate(self, power: str, status: str = VACANT, why: str = "") -> Player:
        """The power's player leaves (resigned, ejected) or it is made a dummy: its seat is open or played by
        default orders; the player's address and password go. `why` is kept with the player's tenure, so that a
        later sign-on can be told ("removed by the master")."""
        player = self.player(power)
        if player.address:
            self._tenure_ends(player, why)
        player.status, player.address, player.password, player.wait = status, "", "", False
        # The absences and the vote were the leaving player's: they move no later deadline and a newcomer does not
        # inherit a vote they never cast.
        self.absences = [a for a in self.absences if a["who"] != power]
        self.votes.pop(power, None)
        return player

    def resign(self, power: str, why: str = "resigned") -> None:
        self.vacate(power, VACANT, why)

    def open_notice(self, power: str, why: str) -> str:
        """The news that a power is open, as everyone in the game reads it (no address: anonymous games stay so);
        `why` says how it came to be open. One sentence for every way (RESIGN, EJECT, REVIVE, lateness)."""
        return (f"{self.map.power_title(power)} in game {self.name} {why}. A new player may take it over: "
                f"{self.takeover_line(power)}.")

    def takeover_line(self, power: str) -> str:
        """The line that takes the power over, as anyone not in the game writes it (a player resigned too)."""
        # (a newcomer to a private game adds its game password, or the line is refused: say so where it is given)
        extra = " <game password> (the game is private: its master gives the game password)" \
            if self.private and self.privacy else ""
        return f"TAKEOVER {self.map.power_letters[power]}{self.name} <password>{extra}"

    def open_powers(self) -> list[str]:
        """The powers offered for takeover: vacant, and still on the board (DPjudge's Power.resign offers no
        eliminated power either: there is nothing to play)."""
        return [p.power for p in self.players if p.power and p.status == VACANT and not self.eliminated(p.power)]

    def eliminated(self, power: str) -> bool:
        """Is the power off the board in the game's position (no unit, no centre, no dislodged unit)?"""
        return self.position is not None and self.position.eliminated(power)

    # -- the record of who played which power when ---------------------------------------------------------------
    def _phase_now(self) -> str:
        return str(self.position.phase) if self.position else ""

    def _tenure_starts(self, player: Player) -> None:
        # Kept in the map's order of powers, a power's players one after the other (the end mail and SUMMARY list
        # them so: a replacement is read under the power it took over, not at the end of the list).
        rank = self.map.powers.index
        at = sum(1 for t in self.tenures if rank(t["power"]) <= rank(player.power))
        self.tenures.insert(at, {"power": player.power, "address": player.address, "from": self._phase_now(),
                                 "to": ""})

    def _tenure_ends(self, player: Player, why: str = "") -> None:
        for t in reversed(self.tenures):
            if t["power"] == player.power and not t["to"]:
                t["to"] = self._phase_now()
                if why:
                    t["why"] = why
                return

    def move_address(self, player: Player, new: str) -> str:
        """A player's new address (SET ADDRESS), in the record of who played what too: the old one is not shown
        again, not even at the end. Returns the old address."""
        old, player.address = player.address, new
        for t in self.tenures:
            # (this power's record only: another power's, played from the same address, is another player's)
            if t["power"] == player.power and t["address"].lower() == old.lower():
                t["address"] = new
        return old

    def tenures_of(self, power: str) -> list[dict]:
        return [t for t in self.tenures if t["power"] == power]
