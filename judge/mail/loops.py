"""Mail loops: the same refused message again and again from one sender, and the same message delivered again (too
many messages per sender: judge.storage.rates).

Every table is bounded: a flood of new senders pushes the oldest out instead of growing without end."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import Enum
from pathlib import Path

from judge.storage.claims import Claim, Claims
from judge.storage.counters import FOLDER, Counters, until

REPEAT_LIMIT = 3                   # the same refused text from one sender answered this often an hour, then once more
SENDERS_KEPT = 10_000              # senders remembered by each table (the least recently seen are forgotten)
SHARDS = 16                        # the loop guard's counts in this many files (each rewritten when it changes)
ANSWERED_FOR = timedelta(days=5)   # how long an answered Message-ID is known (an MTA retries for up to 5 days)
ANSWERED_KEPT = 48_000             # answered Message-IDs known at most (the oldest forgotten first)


class Verdict(Enum):
    ANSWER = "answer"      # a reply as usual
    LAST = "last"          # a reply, saying that the same text gets no more replies for a while, and until when
    SILENT = "silent"      # no reply (and the message counts for nothing, a wrong password included)


class Repeats:
    """Tells a mail loop from a person resending. A loop (an auto-responder that sets none of the headers that would
    say so, mail software forwarding a message round and round) says the same thing each round, and each round is a
    refusal, answered; a person may send the same refused orders again too (and have forgotten the password again).

    So only refused messages are counted, per sender and text, over the hour, on disk (judge.storage.counters: a
    restart or the next `judge deliver` process knows them). The same message again (the same Message-ID: mail
    software delivering it once more) gets no second reply. Otherwise the first `limit` copies are answered as usual
    and the next one too, saying that this text gets no more replies until a given time and how to be answered
    sooner (change any line); only after that is a copy silent, and a silent copy counts for nothing. A person is
    thus never silenced without being told; a loop gets at most limit + 1 replies an hour and stops, since every
    round of a loop answers a reply."""

    def __init__(self, games: Path, limit: int = REPEAT_LIMIT, kept: int = SENDERS_KEPT):
        self.limit = limit
        self.counters = Counters(games, kept=max(1, kept // SHARDS))     # per file

    def verdict(self, sender: str, lines: list[str], message_id: str, now: datetime) -> Look:
        """What to do with this refused message; `count(look)` once its reply is written (a message a crash
        interrupted before that is delivered again, and must then still be answered)."""
        digest = hashlib.sha256("\n".join(lines).encode("utf-8", "surrogatepass")).hexdigest()[:24]
        key = f"{sender.lower()} {digest}"
        table = f"repeats-{int(digest[:4], 16) % SHARDS:02d}"
        tag = hashlib.sha256(message_id.encode("utf-8", "surrogatepass")).hexdigest()[:12] if message_id else ""
        seen = self.counters.events(table, key, now)
        if tag and any(t == tag for _, t in seen):
            return Look(Verdict.SILENT, now, table, key, tag, len(seen))
        if len(seen) > self.limit:
            return Look(Verdict.SILENT, until(seen, self.limit + 1), table, key, tag, len(seen))
        if len(seen) < self.limit:
            return Look(Verdict.ANSWER, now, table, key, tag, len(seen) + 1)
        # this copy is the limit + 1st: the hour frees up when the oldest of the limit copies before it leaves it
        return Look(Verdict.LAST, until(seen + [(now.timestamp(), tag)], self.limit + 1), table, key, tag,
                    len(seen) + 1)

    def count(self, look: Look, now: datetime) -> None:
        """Count an answered copy (a silent one counts for nothing)."""
        if look.verdict is not Verdict.SILENT:
            with self.counters.changing() as change:
                change.add(look.table, look.key, now, look.tag)


@dataclass(frozen=True)
class Look:
    verdict: Verdict
    until: datetime            # LAST, SILENT: when this text is answered again
    table: str
    key: str
    tag: str
    copies: int                # the copies of this text refused within the hour, this one included if answered


class Answered:
    """Mail about no game (HELP, LIST, a stranger's questions), answered: known by its sender and Message-ID for
    ANSWERED_FOR, so that the same message delivered again (an MTA retrying after a crash, or a client sending it
    twice) is answered once, as mail for a game is (its game keeps the messages it applied). Judge-wide, on disk for
    every process of the judge, bounded. The answer is claimed before it is given (judge.storage.claims): of two
    processes handed the same message at the same moment (a `judge serve` and a `judge deliver` beside it, or two
    `judge deliver`s), one answers and the other waits for it and says nothing. A message without a Message-ID is
    answered every time: a script's same text sent again on purpose cannot be told from a redelivery."""

    def __init__(self, games: Path):
        self.claims = Claims(Path(games) / FOLDER / "answered", ANSWERED_KEPT, ANSWERED_FOR.total_seconds())

    def claim(self, sender: str, message_id: str) -> Claim | Unclaimed | None:
        """The right to answer this message (`done()` once its reply is in the outbox, `release()` if none is
        given), or None if it is answered already. Waits while another process answers it."""
        if not message_id:
            return Unclaimed()
        digest = hashlib.sha256(f"{sender.lower()}\n{message_id}".encode("utf-8", "surrogatepass")).hexdigest()
        return self.claims.take(digest[:32])


class Unclaimed:
    """The answer to a message without a Message-ID: given every time, claimed by nobody."""

    def done(self) -> None:
        pass

    def release(self) -> None:
        pass
