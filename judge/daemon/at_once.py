"""A message for a game applied at once, in its game's lane, and answered 250 when its commit is durable.

The game's commit (its change and the reply) is what makes such a message ours, so it needs no spool file of its
own: none is written, flushed, renamed and deleted for it. The promises stay those of the spool: nothing is
confirmed before it is on disk; a message sent again because its 250 never came is known by its key and not applied
twice; a client that goes away before its job starts leaves nothing applied. The spool still takes mail about no
game (no game remembers its key), mail while the judge is paused, mail whose lane does not start it within
START_WAIT (a long deadline run), mail whose processing fails (its retries and set-aside deal with it), and a message
whose processing was cut short before (judge.daemon.applying counts those, as the spool's file names do)."""
from __future__ import annotations

import asyncio
import concurrent.futures
import logging
from typing import Protocol

from judge.daemon import statuscodes as S
from judge.daemon.applying import Applying
from judge.daemon.lanes import NO_GAME, Job
from judge.mail import inbound
from judge.service import Judge

log = logging.getLogger("judge.daemon")
START_WAIT = 1.0            # the longest a message waits for its lane to start it (then: the spool)


class Daemon(Protocol):
    """What this uses of judge.daemon.service.Daemon."""
    judge: Judge
    applying: Applying | None
    loop: asyncio.AbstractEventLoop | None

    def paused(self) -> bool: ...

    def _enqueue(self, lane: str, job: Job) -> None: ...


async def apply_now(daemon: Daemon, route: tuple[str, inbound.Incoming | None] | None) -> tuple[str | None, int]:
    """A message as Daemon.route read it: (the SMTP answer, 0) once it is applied and durable; (None, attempts) when
    the spool should take it, `attempts` being how often its processing was cut short before (the spool's count goes
    on from there)."""
    if route is None or daemon.paused() or daemon.applying is None:
        return None, 0
    lane, parsed = route
    if lane == NO_GAME or parsed is None or not parsed.key:
        return None, 0
    tries = daemon.applying.tries(parsed.key)
    if tries:
        log.info("a message from %s was cut short %d time(s) while it was applied: it goes through the spool",
                 parsed.sender, tries)
        return None, tries
    # `applied` decides between the worker starting the job and this giving up on it; the answer comes with the
    # loop's news of finished jobs (Daemon._flush: one wake-up of the loop for all the jobs done meanwhile).
    job = Job(parsed=parsed, applied=concurrent.futures.Future(), answer=daemon.loop.create_future())
    daemon._enqueue(lane, job)
    try:
        await asyncio.wait((job.answer,), timeout=START_WAIT)
        if not job.answer.done():
            if job.applied.cancel():
                return None, 0                       # its lane is busy (a long deadline run): the spool takes it
            await asyncio.wait((job.answer,))        # started just now: it is applied
    except asyncio.CancelledError:
        job.applied.cancel()                         # not started: never applied; started: applied, known by its key
        raise
    # (None: dropped by stop() before it started; False: not applied: the spool takes it either way)
    return (S.ACCEPTED, 0) if job.answer.result() else (None, 0)


def apply(daemon: Daemon, job: Job, games: set[str]) -> bool:
    """In a worker thread: the message applied, its start and end noted (judge.daemon.applying). Returns whether it
    was; if not (cancelled, paused meanwhile, failed), the handler puts it in the spool."""
    if not job.applied.set_running_or_notify_cancel():
        return False
    if daemon.paused():                              # paused since it came: it waits in the spool like the rest
        return False
    key = job.parsed.key
    daemon.applying.begin(key)
    try:
        result = daemon.judge.deliver(b"", key=key, parsed=job.parsed)
    except Exception:  # noqa: BLE001 - the spool's retries and set-aside deal with it
        log.exception("%s: applying a message failed; it goes to the spool", job.parsed.sender)
        result = None
    daemon.applying.end(key)                         # (not cut short, whether applied or failed)
    if result is None:
        return False
    if result.game:
        games.add(result.game)
    return True
