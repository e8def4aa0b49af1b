"""The limits on strangers (config.ini [limits]): who may create games, and how many games one address, and the
judge as a whole, may create, join or start observing (or monitoring) in an hour; and how many addresses a player's
SET ADDRESS may mail a code. A command checks its limit (and the message is refused, saying the limit and when to
try again); the count is taken when the message is committed, under one lock with a second look, so that messages
handled side by side cannot together pass a limit."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from judge.config import Settings
from judge.deadlines import show_utc
from judge.storage.counters import Counters, until

EVERYONE = "*"                     # the key of a judge-wide count


class LimitError(Exception):
    """Over a limit: str() is the refusal."""


@dataclass(frozen=True)
class Claim:
    """One event to count if the message is accepted: table, key, the limit (0: none) and what the refusal says."""
    table: str
    key: str
    limit: int
    refusal: str                   # "... {limit} ... {until}" filled in when refused

    def check(self, events: list, now: datetime) -> None:
        if self.limit and len(events) >= self.limit:
            when = show_utc(until(events, self.limit))
            raise LimitError(self.refusal.format(limit=self.limit, until=when))


def may_create(settings: Settings, sender: str) -> bool:
    """Is this address on the list of who may create games ([limits] creators; an empty list lets anyone)?"""
    allowed = [a.strip().lower() for a in settings.get("limits", "creators")]
    if not allowed:
        return True
    address = sender.strip().lower()
    domain = address.rpartition("@")[2]
    return any(a == address if "@" in a.lstrip("@") else a.lstrip("@") == domain for a in allowed)


def creations(settings: Settings, sender: str) -> list[Claim]:
    return [Claim("create", sender.lower(), settings.get("limits", "create_per_sender"),
                  "THIS JUDGE LETS ONE ADDRESS CREATE {limit} GAMES AN HOUR, AND YOURS HAS: TRY AGAIN AFTER {until}"),
            Claim("create", EVERYONE, settings.get("limits", "create_per_hour"),
                  "THIS JUDGE CREATES AT MOST {limit} GAMES AN HOUR, AND THAT MANY HAVE BEEN CREATED: TRY AGAIN "
                  "AFTER {until}")]


def joins(settings: Settings, sender: str) -> list[Claim]:
    return [Claim("join", sender.lower(), settings.get("limits", "join_per_sender"),
                  "THIS JUDGE LETS ONE ADDRESS JOIN {limit} GAMES AN HOUR, AND YOURS HAS: TRY AGAIN AFTER {until}")]


def observations(settings: Settings, sender: str) -> list[Claim]:
    return [Claim("observe", sender.lower(), settings.get("limits", "observe_per_sender"),
                  "THIS JUDGE LETS ONE ADDRESS START OBSERVING OR MONITORING {limit} GAMES AN HOUR, AND YOURS HAS: "
                  "TRY AGAIN AFTER {until}")]


ADDRESS_CODES = 3                  # SET ADDRESS codes mailed for one power (or the master) of a game in an hour


def address_codes(game: str, who: str) -> list[Claim]:
    """Each SET ADDRESS mails an address the player chose: a stranger's mailbox is not theirs to fill."""
    return [Claim("address", f"{game}:{who}", ADDRESS_CODES,
                  "SET ADDRESS MAILS A CODE AT MOST {limit} TIMES AN HOUR FOR ONE POWER (OR THE MASTER), AND IT HAS: "
                  "TRY AGAIN AFTER {until}")]


def check(counters: Counters, claims: list[Claim], now: datetime) -> None:
    """Raise LimitError if any claim is over its limit now (a first look, without the lock)."""
    for c in claims:
        c.check(counters.events(c.table, c.key, now), now)


def take(counters: Counters, claims: list[Claim], now: datetime) -> None:
    """Count every claim, or none and raise LimitError: all under the lock, limits looked at again first."""
    if not claims:
        return
    with counters.changing() as change:
        for c in claims:
            c.check(change.events(c.table, c.key, now), now)
        for c in claims:
            change.add(c.table, c.key, now)
