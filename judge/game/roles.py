"""Who is in a game: players and their standing, the game's statuses, and the errors a game raises. Pure."""
from __future__ import annotations

from dataclasses import dataclass, field, fields


class GameError(Exception):
    """A command the game refuses; str() is the reply's diagnostic."""


class DummySeat(GameError):
    """A TAKEOVER of a dummy that nothing else forbids: only the master can open it (and is told of the request)."""


class OrderSetError(GameError):
    """Some orders of a set cannot be used: each with its diagnostic."""

    def __init__(self, errors: list[tuple[str, str]]):
        super().__init__("ORDERS NOT ACCEPTED")
        self.errors = errors


# Player status
ACTIVE, VACANT, DUMMY = "active", "vacant", "dummy"
# Game status
FORMING, PLAYING, COMPLETED, TERMINATED = "forming", "active", "completed", "terminated"
MASTER = "MASTER"


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
    late_notices: int = 0
    reminded: bool = False
    late_count: int = 0              # phases this player let pass the deadline without orders (for the master)
    missed: bool = False             # this phase is counted in late_count already (once a phase)
    extensions: int = 0              # deadline extensions this player has asked for
    after_grace: bool = False        # took the power over after this deadline's grace period: not resigned for it

    def to_json(self) -> dict:
        return dict(self.__dict__)

    @classmethod
    def from_json(cls, doc: dict) -> "Player":
        names = _PLAYER_FIELDS
        return cls(**{k: v for k, v in doc.items() if k in names})


_PLAYER_FIELDS = frozenset(f.name for f in fields(Player))     # keys of a stored player the class still has
