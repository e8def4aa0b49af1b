"""Deadlines: one wake-up per game, at the next moment its clock has work, on the daemon's event loop.

The game files hold the truth: wake-ups are rebuilt from them at start-up and replanned after every change. The
moments wait in a heap; APScheduler 3 (AsyncIOScheduler) holds one job, the timer for the earliest (a planned
moment that was replanned since is dropped when it comes up). Time is injectable: moments are on the judge's clock
and the timer's delay is taken from it, so a test moves the clock (`clock_moved`) and what became due fires - no
test waits for a deadline. Planning is a dictionary entry and a heap push, so 100,000 games are planned at start-up
in a fraction of a second (a job per game in APScheduler, as before: 28 s to start with them).
"""
from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
from datetime import datetime, timedelta, timezone
from typing import Awaitable, Callable

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.date import DateTrigger

log = logging.getLogger("judge.scheduler")
LONGEST_WAIT = 60.0         # seconds: the timer looks again at least this often (the wall clock may have jumped)
TIMER = "earliest"          # the scheduler's one job


class Deadlines:
    def __init__(self, clock: Callable[[], datetime], fire: Callable[[str], Awaitable[None]], loop=None):
        self.clock = clock
        self.fire = fire                         # coroutine run when a game's moment comes
        self.wakeups: dict[str, datetime] = {}   # game -> moment on the judge's clock
        self.fired: dict[str, datetime] = {}     # game -> moment, fired and not planned again since
        self.running = 0
        self.loop = loop
        self._heap: list[tuple[datetime, int, str]] = []
        self._order = itertools.count()
        self.scheduler: AsyncIOScheduler | None = None
        self._started = False
        self._tasks: set[asyncio.Task] = set()

    def start(self) -> None:
        if self.loop is None:
            self.loop = asyncio.get_running_loop()
        self.scheduler = AsyncIOScheduler(event_loop=self.loop, timezone=timezone.utc)
        self.scheduler.start()
        self._started = True
        self._arm()

    def shutdown(self) -> None:
        self._started = False
        if self.scheduler is not None and self.scheduler.running:
            self.scheduler.shutdown(wait=False)

    def plan(self, game: str, moment: datetime | None) -> None:
        """(Re)plan a game's wake-up; None removes it."""
        self.fired.pop(game, None)
        if moment is None:
            self.wakeups.pop(game, None)         # its heap entry is dropped when it comes up
            return
        if self.wakeups.get(game) == moment:
            return                                # planned already (most messages leave the wake-up as it was)
        self.wakeups[game] = moment
        heapq.heappush(self._heap, (moment, next(self._order), game))
        if self._started and self._heap[0][2] == game and self._heap[0][0] == moment:
            self._arm()                           # the new earliest

    def jobs(self) -> dict[str, datetime]:
        """The wake-ups that will fire: each heap entry still planned (game -> moment)."""
        return {game: moment for moment, _, game in self._heap if self.wakeups.get(game) == moment}

    def kept(self) -> dict[str, datetime]:
        """Every wake-up to keep for the next start (judge.storage.wakeup_index): those planned, and those fired
        whose game was not planned again since (work a stop cut short is due again)."""
        return {**self.fired, **self.wakeups}

    def clock_moved(self) -> None:
        """The judge's clock jumped (tests): look at the earliest moment again."""
        if self._started:
            self._arm()

    def due(self) -> list[str]:
        now = self.clock()
        return sorted(g for g, t in self.wakeups.items() if t <= now)

    @property
    def busy(self) -> bool:
        """Is deadline work due or under way (for callers that wait until the judge is quiet)?"""
        return self.running > 0 or bool(self.due())

    def _arm(self) -> None:
        """Set the timer for the earliest moment still planned (stale heap entries go)."""
        heap = self._heap
        while heap and self.wakeups.get(heap[0][2]) != heap[0][0]:
            heapq.heappop(heap)
        if not self._started:
            return
        if not heap:
            if self.scheduler.get_job(TIMER) is not None:
                self.scheduler.remove_job(TIMER)
            return
        delay = min(max((heap[0][0] - self.clock()).total_seconds(), 0.0), LONGEST_WAIT)
        self.scheduler.add_job(self._due, DateTrigger(run_date=datetime.now(timezone.utc) + timedelta(seconds=delay)),
                               id=TIMER, replace_existing=True, misfire_grace_time=None, coalesce=True)

    async def _due(self) -> None:
        now = self.clock()
        heap = self._heap
        while heap and heap[0][0] <= now:
            moment, _, game = heapq.heappop(heap)
            if self.wakeups.get(game) != moment:
                continue                           # replanned or removed since
            del self.wakeups[game]                 # a job that has fired takes its entry away
            self.fired[game] = moment
            # Counted as running from this moment, not from the task's first step: in between, the game would be
            # neither due nor running, and a caller waiting for a quiet judge (`busy`) would stop waiting too soon.
            self.running += 1
            task = self.loop.create_task(self._run(game))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        self._arm()

    async def _run(self, game: str) -> None:
        try:
            await self.fire(game)
        except Exception:                          # a failing game must not stop the others' deadlines
            log.exception("deadline work for %s failed", game)
        finally:
            self.running -= 1
