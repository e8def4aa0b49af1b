"""Deadlines on APScheduler 3 (AsyncIOScheduler): one job per game, at the next moment its clock has work.

The game files hold the truth: jobs are rebuilt from them at start-up and replanned after every change. Time is
injectable: jobs are planned on the judge's clock and mapped onto the real one, so a test moves the clock and
the real scheduler fires what became due - no test waits for a deadline.
"""
from __future__ import annotations

import logging
from datetime import datetime, timedelta, timezone
from typing import Awaitable, Callable

from apscheduler.jobstores.base import JobLookupError
from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.date import DateTrigger

log = logging.getLogger("judge.scheduler")


class Deadlines:
    def __init__(self, clock: Callable[[], datetime], fire: Callable[[str], Awaitable[None]], loop=None):
        self.clock = clock
        self.fire = fire                         # coroutine run when a game's moment comes
        self.wakeups: dict[str, datetime] = {}   # game -> moment on the judge's clock
        self.running = 0
        self.scheduler = AsyncIOScheduler(event_loop=loop, timezone=timezone.utc)

    def start(self) -> None:
        self.scheduler.start()

    def shutdown(self) -> None:
        if self.scheduler.running:
            self.scheduler.shutdown(wait=False)

    def plan(self, game: str, moment: datetime | None) -> None:
        """(Re)plan a game's job; None removes it."""
        if moment is None:
            # A game has a job only while it has a wake-up here (a job that has fired took its entry away): no
            # look-up otherwise. Before the scheduler starts, APScheduler looks jobs up by scanning every pending
            # job, which made planning 10,000 games at start-up quadratic.
            if self.wakeups.pop(game, None) is not None:
                try:
                    self.scheduler.remove_job(game)
                except JobLookupError:
                    pass
            return
        self.wakeups[game] = moment
        real = datetime.now(timezone.utc) + max(moment - self.clock(), timedelta(0))
        # A job replans its game from inside its own run, so the new run may start before the old one is over:
        # allow two (the daemon's work lock keeps a game's work in order).
        self.scheduler.add_job(self._run, DateTrigger(run_date=real), args=[game], id=game, replace_existing=True,
                               misfire_grace_time=None, coalesce=True, max_instances=2)

    def clock_moved(self) -> None:
        """The judge's clock jumped (tests): map every planned moment onto real time again."""
        for game, moment in list(self.wakeups.items()):
            self.plan(game, moment)

    def due(self) -> list[str]:
        now = self.clock()
        return sorted(g for g, t in self.wakeups.items() if t <= now)

    @property
    def busy(self) -> bool:
        """Is deadline work due or under way (for callers that wait until the judge is quiet)?"""
        return self.running > 0 or bool(self.due())

    async def _run(self, game: str) -> None:
        self.running += 1
        self.wakeups.pop(game, None)
        try:
            await self.fire(game)
        except Exception:                          # a failing game must not stop the others' deadlines
            log.exception("deadline work for %s failed", game)
        finally:
            self.running -= 1
