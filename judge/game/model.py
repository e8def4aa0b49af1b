"""The Game aggregate: a game's state, and its persistence. What commands do to it lives beside it, one concern a
module, as mixins: judge.game.membership (who plays what), judge.game.ordering (phases and orders), judge.game.clock
(deadlines, pauses, absences) and judge.game.votes (draws, concessions, the end). Pure."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Any

from judge import maps
from judge.deadlines import Timing
from judge.game.clock import GameClock
from judge.game.membership import Membership
from judge.game.ordering import Ordering
from judge.game.roles import (ACTIVE, COMPLETED, DUMMY, FORMING, MASTER, PLAYING, TERMINATED, VACANT, GameError,
                              OrderSetError, Player)
from judge.game.votes import Voting
from judge.position import Position
from judge.rules import Ruleset, parse_rules, words

SEEN_KEPT = 200      # message ids remembered per game: far more than can be redelivered after a crash


@dataclass
class Game(Membership, Ordering, GameClock, Voting):
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
    monitors: list[str] = field(default_factory=list)        # DPjudge MONITOR: results and deadline news only
    history: list[str] = field(default_factory=list)       # phases processed, in order
    winner: str | None = None
    ready_since: datetime | None = None                      # when every needed order set was in
    preview_sent: bool = False
    private: bool = False
    privacy: str = ""                                        # hash of the game password of a private game
    created: datetime | None = None
    center_history: dict[str, dict[str, int]] = field(default_factory=dict)   # year -> centres per power
    seen: list[str] = field(default_factory=list)     # ids of the last messages applied (a redelivery is ignored)
    phase_started: datetime | None = None
    paused_since: datetime | None = None
    absences: list[dict] = field(default_factory=list)       # {"who", "from", "to"} (ISO times)
    votes: dict[str, str] = field(default_factory=dict)      # power -> its standing vote (judge.game.votes)
    result: dict | None = None                               # how the game ended (judge.game.votes.Voting.finish)
    tenures: list[dict] = field(default_factory=list)        # who played which power when
    victory: int | None = None                               # centres for a solo (None: the variant's count)
    variant: str = "standard"                                # the map and variant played (judge.maps)
    vote_news: datetime | None = None                        # when the gathered news of changed votes goes out
    phase_grace: float | None = None                         # this phase's grace hours, if SET GRACE changed them since
    # SET ADDRESS waiting for its code: power (or MASTER) -> {"address", "at"} (judge.commands.address)
    address_requests: dict[str, dict] = field(default_factory=dict)

    @property
    def map(self) -> maps.Map:
        """The variant's map as it is in the current phase (a variant may change in given phases)."""
        m = maps.load(self.variant)
        return m.at(self.position.phase) if m.changes and self.position is not None else m

    @property
    def over(self) -> bool:
        return self.status in (COMPLETED, TERMINATED)

    def set_rules(self, rule_words: list[str]) -> None:
        self.rules = parse_rules(rule_words, self.rules)

    # -- persistence -------------------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        m = self.map
        return {
            "name": self.name,
            "status": self.status,
            "phase": str(self.position.phase) if self.position else None,
            "deadline": _iso(self.deadline),
            "master": {"address": self.master_address, "password": self.master_password},
            "rules": list(_rule_words(self.rules)),
            "timing": self.timing.to_json(),
            "players": [p.to_json() for p in self.players],
            "observers": list(self.observers),
            "position": self.position.to_json(m) if self.position else None,
            "history": list(self.history),
            "winner": self.winner,
            "ready_since": _iso(self.ready_since),
            "preview_sent": self.preview_sent,
            "private": self.private,
            "privacy": self.privacy,
            "created": _iso(self.created),
            # (copied: processing keeps this document as the snapshot ROLLBACK restores, then counts the year it ends)
            "center_history": {year: dict(counts) for year, counts in self.center_history.items()},
            "seen": self.seen[-SEEN_KEPT:],
            "phase_started": _iso(self.phase_started),
            "paused_since": _iso(self.paused_since),
            "absences": list(self.absences),
            "votes": dict(self.votes),
            "result": self.result,
            "tenures": list(self.tenures),
            "victory": self.victory,
            "variant": self.variant,
            "vote_news": _iso(self.vote_news),
            # (written only when there is one: the files of games without are as they were)
            **({"address_requests": dict(self.address_requests)} if self.address_requests else {}),
            **({"phase_grace": self.phase_grace} if self.phase_grace is not None else {}),
            **({"monitors": list(self.monitors)} if self.monitors else {}),
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> "Game":
        g = cls(doc["name"], doc["master"]["address"], doc["master"]["password"])
        g.variant = doc.get("variant", "standard")          # games from before variants played the standard map
        m = maps.load(g.variant)
        g.status = doc["status"]
        rule_words = doc.get("rules", [])
        g.rules = (_ruleset(tuple(rule_words)) if all(isinstance(w, str) for w in rule_words)
                   else parse_rules(rule_words))            # (parse_rules says what is wrong)
        g.timing = Timing.from_json(doc.get("timing", {}))
        g.players = [Player.from_json(p) for p in doc.get("players", [])]
        # (a game saved before takes_part dropped them keeps a player or its master among its observers: LIST
        # counted them as observers)
        part = {g.master_address.lower(), *(p.address.lower() for p in g.players if p.address)}
        g.observers = [o for o in doc.get("observers", []) if o.lower() not in part]
        g.monitors = [o for o in doc.get("monitors", []) if o.lower() not in part]
        g.position = Position.from_json(doc["position"], m) if doc.get("position") else None
        g.deadline = _time(doc.get("deadline"))
        g.history = list(doc.get("history", []))
        g.winner = doc.get("winner")
        g.ready_since = _time(doc.get("ready_since"))
        g.preview_sent = bool(doc.get("preview_sent"))
        g.private = bool(doc.get("private"))
        g.privacy = doc.get("privacy") or ""
        g.created = _time(doc.get("created"))
        g.center_history = dict(doc.get("center_history", {}))
        g.seen = list(doc.get("seen", []))
        g.phase_started = _time(doc.get("phase_started"))
        g.paused_since = _time(doc.get("paused_since"))
        g.absences = list(doc.get("absences", []))
        g.votes = dict(doc.get("votes", {}))
        g.result = doc.get("result")
        g.tenures = list(doc.get("tenures", []))
        g.victory = doc.get("victory")
        g.vote_news = _time(doc.get("vote_news"))
        g.address_requests = dict(doc.get("address_requests") or {})
        g.phase_grace = doc.get("phase_grace")
        return g

    def copy(self) -> "Game":
        return copy.deepcopy(self)


# A game's rules are read and written with every message; games share a handful of rule sets. (Ruleset is frozen:
# the one kept is never changed.)
@lru_cache(maxsize=256)
def _ruleset(rule_words: tuple[str, ...]) -> Ruleset:
    return parse_rules(rule_words)


@lru_cache(maxsize=256)
def _rule_words(rules: Ruleset) -> tuple[str, ...]:
    return tuple(words(rules))


def _time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


__all__ = ["Game", "Player", "GameError", "OrderSetError", "ACTIVE", "VACANT", "DUMMY", "FORMING", "PLAYING",
           "COMPLETED", "TERMINATED", "MASTER", "SEEN_KEPT"]
