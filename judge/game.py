"""The Game aggregate: a game's players, position, orders, rules and deadline, and what commands do to them. Pure."""
from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from judge import maps
from judge.adjudicator import PhaseOutcome, adjudicate
from judge.deadlines import Timing, grace_end, next_deadline, reminder_time
from judge.orders import unit_key
from judge.orders.errors import DUPLICATE_ORDER, OrderError
from judge.orders.parser import parse
from judge.orders.sets import adjustment_count, build_order_set
from judge.orders.validate import Validator
from judge.position import Position, initial_position
from judge.rules import LatePowers, OrderSets, PartialOrders, Ruleset, parse_rules, words


_DUPLICATE = DUPLICATE_ORDER.split("{")[0]      # "MULTIPLE ORDERS FOR ONE UNIT: "


class GameError(Exception):
    """A command the game refuses; str() is the reply's diagnostic."""


SEEN_KEPT = 200      # message ids remembered per game: far more than can be redelivered after a crash

# Player status
ACTIVE, VACANT, DUMMY = "active", "vacant", "dummy"
# Game status
FORMING, PLAYING, COMPLETED, TERMINATED = "forming", "active", "completed", "terminated"


@dataclass
class Player:
    address: str
    password: str                    # a hash (judge.storage.passwords), never the password
    power: str = ""                  # empty while the game is forming
    preference: str = ""             # powers asked for when joining, in order (letters)
    status: str = ACTIVE
    wait: bool = False
    orders: list[str] = field(default_factory=list)
    submitted: bool = False          # an order set (possibly empty) has been accepted this phase
    absent_until: str = ""           # ISO date the player said they are away until (informational)
    late_notices: int = 0
    reminded: bool = False

    def to_json(self) -> dict:
        return dict(self.__dict__)

    @classmethod
    def from_json(cls, doc: dict) -> "Player":
        return cls(**doc)


@dataclass
class Game:
    name: str
    master_address: str
    master_password: str
    rules: Ruleset = field(default_factory=Ruleset)
    timing: Timing = field(default_factory=Timing)
    status: str = FORMING
    position: Position | None = None
    deadline: datetime | None = None
    players: list[Player] = field(default_factory=list)
    observers: list[str] = field(default_factory=list)
    history: list[str] = field(default_factory=list)       # phases processed, in order
    winner: str | None = None
    ready_since: datetime | None = None                      # when every needed order set was in
    preview_sent: bool = False
    private: bool = False
    created: datetime | None = None
    center_history: dict[str, dict[str, int]] = field(default_factory=dict)   # year -> centres per power
    seen: list[str] = field(default_factory=list)     # ids of the last messages applied (a redelivery is ignored)

    # -- players ---------------------------------------------------------------------------------------------------
    def player(self, power: str) -> Player | None:
        return next((p for p in self.players if p.power == power), None)

    def players_at(self, address: str) -> list[Player]:
        return [p for p in self.players if p.address.lower() == address.lower()]

    def join(self, address: str, password_hash: str, preference: str = "") -> Player:
        if self.status != FORMING:
            raise GameError(f"GAME {self.name} IS NOT FORMING: USE TAKEOVER FOR AN OPEN POWER")
        if self.players_at(address):
            raise GameError(f"{address} HAS ALREADY JOINED GAME {self.name}")
        if len(self.players) >= len(self.map.powers):
            raise GameError(f"GAME {self.name} IS FULL")
        player = Player(address, password_hash, preference=preference)
        self.players.append(player)
        return player

    def activate(self, now: datetime, seed: int | None = None) -> None:
        """Start the game: assign powers (first preferences first, the rest at random) and set the deadline."""
        if self.status != FORMING:
            raise GameError(f"GAME {self.name} HAS ALREADY STARTED")
        m = self.map
        if len(self.players) != len(m.powers):
            raise GameError(f"GAME {self.name} HAS {len(self.players)} OF {len(m.powers)} PLAYERS")
        rng = random.Random(seed if seed is not None else self.name)
        free = list(m.powers)
        letters = {m.power_letters[p]: p for p in m.powers}
        waiting = list(self.players)
        for rank in range(len(m.powers)):
            rng.shuffle(waiting)
            for player in list(waiting):
                prefs = [letters[c] for c in player.preference.upper() if c in letters]
                if rank < len(prefs) and prefs[rank] in free:
                    player.power = prefs[rank]
                    free.remove(prefs[rank])
                    waiting.remove(player)
        rng.shuffle(free)
        for player, power in zip(waiting, free):
            player.power = power
        self.players.sort(key=lambda p: m.powers.index(p.power))
        self.status = PLAYING
        self.position = initial_position(m)
        self.start_phase(now)

    def takeover(self, power: str, address: str, password_hash: str) -> Player:
        player = self.player(power)
        if player is None or player.status not in (VACANT, DUMMY):
            raise GameError(f"{power} IS NOT OPEN FOR TAKEOVER")
        player.address, player.password, player.status = address, password_hash, ACTIVE
        player.late_notices = 0
        return player

    def resign(self, power: str) -> None:
        player = self.player(power)
        player.status, player.address, player.password, player.wait = VACANT, "", "", False

    # -- phases and orders -----------------------------------------------------------------------------------------
    @property
    def map(self) -> maps.Map:
        return maps.load()

    def needs_orders(self, power: str) -> bool:
        """Does this power have anything to order in the current phase?"""
        pos = self.position
        if pos is None or self.status != PLAYING:
            return False
        kind = pos.phase.kind
        if kind == "M":
            return bool(pos.units_of(power))
        if kind == "R":
            return any(d.unit.power == power for d in pos.dislodged.values())
        due = adjustment_count(pos, power)
        if due < 0:
            return True
        return due > 0 and any(c not in pos.units and self.map.provinces[c].home == power
                               for c in pos.centers_of(power))

    def ordering_players(self) -> list[Player]:
        return [p for p in self.players if p.power and self.needs_orders(p.power)]

    def late_players(self) -> list[Player]:
        """Players who must still send orders (dummies never hold the game up)."""
        return [p for p in self.ordering_players() if p.status != DUMMY and not p.submitted]

    def all_in(self) -> bool:
        return not self.late_players()

    def submit_orders(self, power: str, texts: list[str], now: datetime,
                      notes: list[tuple[str, str]] | None = None) -> list[str]:
        """Store an order set for a power; returns the orders as the judge reads them. OrderSetError lists errors.

        Duplicate orders the duplicate_orders rule settles (hold, first, last) are no error: the set is accepted
        and each order that will not count is appended to `notes` with its diagnostic."""
        player = self.player(power)
        if self.status != PLAYING:
            raise GameError(f"GAME {self.name} IS NOT ACTIVE")
        pos = self.position
        m = self.map
        kept = list(texts)
        if self.rules.order_sets is OrderSets.MERGE and player.submitted:
            kept = self._merge(player.orders, texts)
        oset = build_order_set(power, kept, pos, m, self.rules, Validator(pos, m, self.rules))
        # The order set reports a settled duplicate like an error; under every duplicate_orders choice but
        # reject_set the DATC (4.D.3) says the set stands, so only the other diagnostics refuse it.
        errors = [(t, e) for t, e in oset.errors if not e.startswith(_DUPLICATE)]
        if errors:
            given = set(texts)
            raise OrderSetError([(t, e) for t, e in errors if t in given] or errors)
        if notes is not None:
            notes.extend((t, e) for t, e in oset.errors if e.startswith(_DUPLICATE))
        if self.rules.partial_orders is PartialOrders.REJECT and pos.phase.kind == "M":
            ordered = {unit_key(o) for o in oset.orders}
            missing = [str(u) for u in pos.units_of(power) if u.province not in ordered]
            if missing:
                raise GameError("ORDERS MISSING FOR: " + ", ".join(missing))
        player.orders = kept
        player.submitted = True
        self._note_readiness(now)
        return [str(o) for o in oset.orders]

    def _merge(self, old: list[str], new: list[str]) -> list[str]:
        """Combine order sets: a new order for a unit replaces the old one (DATC 4.D.1, 'merge' rule)."""
        def key(text: str) -> str:
            try:
                p = parse(text, self.map, self.position.phase.kind)
                return p.place.province if p.place else text
            except OrderError:
                return text
        replaced = {key(t) for t in new}
        return [t for t in old if key(t) not in replaced] + list(new)

    def clear_orders(self, power: str, now: datetime) -> None:
        player = self.player(power)
        player.orders, player.submitted = [], False
        self._note_readiness(now)

    def set_wait(self, power: str, wait: bool, now: datetime) -> None:
        self.player(power).wait = wait
        self._note_readiness(now)

    def _note_readiness(self, now: datetime) -> None:
        ready = self.all_in() and not any(p.wait for p in self.ordering_players())
        if not ready:
            self.ready_since = None
        elif self.ready_since is None:
            self.ready_since = now

    def start_phase(self, now: datetime) -> None:
        for p in self.players:
            p.orders, p.submitted, p.late_notices, p.reminded = [], False, 0, False
        self.preview_sent = False
        self.ready_since = None
        self.deadline = next_deadline(now, self.position.phase.kind, self.timing)
        self._note_readiness(now)

    # -- processing ---------------------------------------------------------------------------------------------------
    def due(self, now: datetime) -> str | None:
        """What the clock asks of the game now: 'process', 'remind', 'late' (notices), 'disorder', or None."""
        if self.status != PLAYING or self.deadline is None:
            return None
        early = self.early_time()
        if early is not None and now >= early:
            return "process"
        if now < self.deadline:
            remind = reminder_time(self.deadline, self.timing)
            if remind is not None and now >= remind and any(not p.reminded for p in self.late_players()):
                return "remind"
            return None
        if self.all_in():
            return "process"
        # 'late' and 'disorder' only when there is something to do: a scheduler asks next_wakeup(), which answers
        # "now" whenever due() is not None, and would otherwise spin through the whole grace period (notices
        # already sent) and forever after a preview or resignation (the game waits for a message).
        if now >= grace_end(self.deadline, self.timing):
            return "disorder" if self._disorder_pending() else None
        count = self.late_notice_count(now)
        return "late" if any(p.late_notices < count for p in self.late_players()) else None

    def late_notice_count(self, now: datetime) -> int:
        """How many late notices each late player should have had by `now` (one per interval from the deadline)."""
        interval = self.timing.late_notice_hours
        elapsed_hours = (now - self.deadline).total_seconds() / 3600
        return 1 + (int(elapsed_hours // interval) if interval > 0 else 0)

    def _disorder_pending(self) -> bool:
        """After the grace period: has the late_powers rule still something to do?"""
        rule = self.rules.late_powers
        if rule is LatePowers.PREVIEW:
            return not self.preview_sent
        if rule is LatePowers.RESIGN:
            return any(p.status == ACTIVE for p in self.late_players())
        return True

    def early_time(self) -> datetime | None:
        """When the game may be processed early (every order in, nobody waiting), if it may."""
        if self.ready_since is None or self.timing.early_minutes < 0:
            return None
        return self.ready_since + timedelta(minutes=self.timing.early_minutes)

    def next_wakeup(self, now: datetime) -> datetime | None:
        """The next moment the clock has something to do for this game (None: nothing until a message arrives)."""
        if self.status != PLAYING or self.deadline is None:
            return None
        moments = [self.deadline]
        early = self.early_time()
        if early is not None:
            moments.append(early)
        remind = reminder_time(self.deadline, self.timing)
        if remind is not None and any(not p.reminded for p in self.late_players()):
            moments.append(remind)
        if self.late_players():
            end = grace_end(self.deadline, self.timing)
            moments.append(end)
            step = self.timing.late_notice_hours
            if step > 0:
                t = self.deadline
                while t < end:
                    moments.append(t)
                    t += timedelta(hours=step)
        future = [t for t in moments if t > now]
        if self.due(now) is not None:
            return now
        return min(future) if future else None

    def adjudicate(self) -> tuple[PhaseOutcome, list[tuple[str, str, str]]]:
        """The outcome of the current phase from the stored orders (missing ones take defaults). Changes nothing."""
        legal, errors = self.legal_orders()
        return adjudicate(self.map, self.position, legal, self.rules), errors

    def legal_orders(self) -> tuple[list, list[tuple[str, str, str]]]:
        """The stored orders that can be used, and (power, text, diagnostic) for those that cannot."""
        m, pos = self.map, self.position
        validator = Validator(pos, m, self.rules)
        legal, errors = [], []
        for p in self.players:
            if p.power and p.orders:
                oset = build_order_set(p.power, p.orders, pos, m, self.rules, validator)
                legal.extend(oset.orders)
                errors.extend((p.power, t, e) for t, e in oset.errors)
        return legal, errors

    def advance(self, outcome: PhaseOutcome, now: datetime) -> None:
        """Move to the phase after the outcome (the caller has archived what it needs)."""
        before = self.position.phase
        self.history.append(str(before))
        self.position = outcome.position
        if before.season == "F" and not (outcome.position.phase.season == "F"):
            # A year ends when the Fall (with its retreats) is over: record the centre count for SUMMARY.
            self.center_history[str(before.year)] = {p: len(self.position.centers_of(p)) for p in self.map.powers}
        if outcome.winner:
            self.winner = outcome.winner
            self.status = COMPLETED
            self.deadline = None
            return
        self.start_phase(now)

    # -- master's settings ---------------------------------------------------------------------------------------------
    def set_rules(self, rule_words: list[str]) -> None:
        self.rules = parse_rules(rule_words, self.rules)

    # -- persistence -------------------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        m = self.map
        return {
            "name": self.name,
            "status": self.status,
            "phase": str(self.position.phase) if self.position else None,
            "deadline": self.deadline.isoformat() if self.deadline else None,
            "master": {"address": self.master_address, "password": self.master_password},
            "rules": words(self.rules),
            "timing": self.timing.to_json(),
            "players": [p.to_json() for p in self.players],
            "observers": list(self.observers),
            "position": self.position.to_json(m) if self.position else None,
            "history": list(self.history),
            "winner": self.winner,
            "ready_since": self.ready_since.isoformat() if self.ready_since else None,
            "preview_sent": self.preview_sent,
            "private": self.private,
            "created": self.created.isoformat() if self.created else None,
            "center_history": self.center_history,
            "seen": self.seen[-SEEN_KEPT:],
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> "Game":
        m = maps.load()
        g = cls(doc["name"], doc["master"]["address"], doc["master"]["password"])
        g.status = doc["status"]
        g.rules = parse_rules(doc.get("rules", []))
        g.timing = Timing.from_json(doc.get("timing", {}))
        g.players = [Player.from_json(p) for p in doc.get("players", [])]
        g.observers = list(doc.get("observers", []))
        g.position = Position.from_json(doc["position"], m) if doc.get("position") else None
        g.deadline = _time(doc.get("deadline"))
        g.history = list(doc.get("history", []))
        g.winner = doc.get("winner")
        g.ready_since = _time(doc.get("ready_since"))
        g.preview_sent = bool(doc.get("preview_sent"))
        g.private = bool(doc.get("private"))
        g.created = _time(doc.get("created"))
        g.center_history = dict(doc.get("center_history", {}))
        g.seen = list(doc.get("seen", []))
        return g

    def copy(self) -> "Game":
        return copy.deepcopy(self)


class OrderSetError(GameError):
    """Some orders of a set cannot be used: each with its diagnostic."""

    def __init__(self, errors: list[tuple[str, str]]):
        super().__init__("ORDERS NOT ACCEPTED")
        self.errors = errors


def _time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None
