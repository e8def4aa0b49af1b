"""The deadline scheduler: APScheduler's real AsyncIOScheduler, on an injected clock."""
import asyncio
from datetime import timedelta

from judge.daemon.scheduler import Deadlines
from tests.e2e.conftest import Clock


def test_jobs_fire_when_the_clock_reaches_them(tmp_path):
    asyncio.run(_scenario())


async def _scenario():
    clock = Clock()
    fired: list[str] = []

    async def fire(game):
        fired.append(game)

    d = Deadlines(clock, fire)
    d.start()
    try:
        d.plan("a", clock() + timedelta(hours=72))
        d.plan("b", clock() + timedelta(hours=1))
        d.plan("c", clock() + timedelta(hours=2))
        d.plan("c", None)                                  # unplanned
        await asyncio.sleep(0.05)
        assert fired == [] and not d.busy
        clock.advance(hours=3)
        d.clock_moved()
        for _ in range(100):
            if fired:
                break
            await asyncio.sleep(0.01)
        assert fired == ["b"] and set(d.wakeups) == {"a"}
        clock.advance(hours=70)
        assert d.due() == ["a"] and d.busy
        d.clock_moved()
        for _ in range(100):
            if len(fired) == 2:
                break
            await asyncio.sleep(0.01)
        assert fired == ["b", "a"] and d.wakeups == {}
    finally:
        d.shutdown()


def test_planning_before_the_start_looks_nothing_up(tmp_path):
    asyncio.run(_before_start())


async def _before_start():
    """At start-up every game is planned before the scheduler runs; APScheduler then finds a job only by scanning
    all pending ones, so a game with nothing planned must not be looked up (10,000 games: quadratic)."""
    clock = Clock()

    async def fire(game):
        pass

    d = Deadlines(clock, fire)

    def scan(*a, **k):
        raise AssertionError("looked up")
    real_remove = d.scheduler.remove_job
    d.scheduler.get_job = scan
    d.scheduler.remove_job = scan
    for i in range(100):
        d.plan(f"done{i}", None)                   # finished games: nothing to remove, nothing looked up
    d.plan("a", clock() + timedelta(hours=1))
    d.plan("b", clock() + timedelta(hours=2))
    d.scheduler.remove_job = real_remove
    d.plan("b", None)                              # planned, then not: removed
    d.start()
    try:
        assert [j.id for j in d.scheduler.get_jobs()] == ["a"] and set(d.wakeups) == {"a"}
    finally:
        d.shutdown()
