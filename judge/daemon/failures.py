"""What the daemon does when work fails: a message deferred (temporary trouble) or set aside and answered, a game's
deadline work retried after a back-off; the keeper is told either way."""
from __future__ import annotations

import logging
from datetime import datetime, timedelta

from judge.cli_log import place
from judge.daemon.lanes import Job
from judge.daemon.spool import Spool
from judge.keeper import Keeper
from judge.mail import inbound
from judge.service import Judge
from judge.storage.gamedir import GameUnavailable

log = logging.getLogger("judge.daemon")
RETRY_START, RETRY_MAX = 30.0, 3600.0     # seconds before a deferred message or failed clock work is tried again


def clock_failed(failing: dict[str, tuple[int, datetime]], game: str, exc: Exception, now: datetime,
                 retry_start: float, keeper: Keeper) -> None:
    """Deadline work that raised: tried again after a back-off that doubles up to an hour (`failing`: game ->
    failed runs and not before when); the keeper is told."""
    count = failing.get(game, (0, now))[0] + 1
    delay = min(retry_start * 2 ** (count - 1), RETRY_MAX)
    failing[game] = (count, now + timedelta(seconds=delay))
    if isinstance(exc, GameUnavailable):
        keeper.tell(f"unavailable {game}", f"game {game} is unavailable",
                    [str(exc), f"Its deadline work is tried again in {delay:.0f} s."])
    else:
        log.error("deadline work for %s failed", game, exc_info=exc)
        keeper.tell(f"clock {game}", f"deadline work for game {game} failed",
                    [f"{type(exc).__name__}: {exc}", where(exc),
                     f"It is tried again in {delay:.0f} s (then less often, up to once an hour)."])


def message_failed(spool: Spool, judge: Judge, job: Job, exc: Exception, retry_start: float) -> float | None:
    """A message whose processing raised. Temporary trouble (the disk, memory): back to the spool and tried
    again after a back-off, as an MTA defers. Anything else: set aside, answered, reported. Returns the delay
    before the retry, if there is one."""
    name = job.name
    attempts = Spool.attempts(name)
    if isinstance(exc, FileNotFoundError) and not any((spool.root / box / name).exists() for box in ("new", "cur")):
        log.info("message %s is gone from the spool (taken by another job): nothing to do", name)
        return None
    if isinstance(exc, (OSError, MemoryError)):
        delay = min(retry_start * 2 ** attempts, RETRY_MAX)
        log.warning("message %s deferred (%s: %s); next try in %.0f s", name, type(exc).__name__, exc, delay)
        try:
            job.name = spool.defer(name)
        except OSError:
            log.exception("could not defer %s; it is retried at the next start", name)
            return None
        judge.keeper.tell("deferred", "mail is being deferred",
                          [f"Processing a message failed with {type(exc).__name__}: {exc}.",
                           "The message is kept and tried again; check the disk and the judge's log."])
        return delay
    log.error("message %s could not be processed; set aside in %s", name, spool.root / "bad", exc_info=exc)
    try:
        spool.set_aside(name, f"{type(exc).__name__}: {exc} ({where(exc)})")
    except OSError:
        log.exception("could not set %s aside", name)
        return None
    answer_failure(spool, judge, name, "bad", f"{type(exc).__name__}: {exc} ({where(exc)})", job.parsed)
    return None


def spool_failed(keeper: Keeper, exc: Exception) -> None:
    """A message could not be put in the spool (a full disk): its sender's server was answered 451 and tries again
    later; the keeper is told (once an hour, as every problem)."""
    keeper.tell("spool", "incoming mail is being turned away for now",
                [f"A message could not be stored in the spool: {type(exc).__name__}: {exc}.",
                 "Its sender's server was answered 451 and tries again later; until the spool can be written, all "
                 "mail is turned away so. Check the disk (the inbox folder) and the judge's log."])


def answer_failure(spool: Spool, judge: Judge, name: str, folder: str, why: str,
                   parsed: inbound.Incoming | None = None) -> None:
    """A message set aside for good: its sender learns it was not carried out, the keeper why."""
    try:
        raw, sender = spool.read(name, folder) if parsed is None else (b"", None)
    except OSError:
        raw, sender = b"", None
    judge.set_aside_notice(name, spool.root / folder, why, raw, sender, parsed)


def where(exc: BaseException) -> str:
    """The file and line an exception came from (for the log and the keeper; never shown to players)."""
    return place(exc)
