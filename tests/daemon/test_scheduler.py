"""The deadline scheduler: the daemon's event loop and its timer, on an injected clock."""
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


def test_planning_before_the_start_and_replanning(tmp_path):
    asyncio.run(_before_start())


async def _before_start():
    """At start-up every game is planned before the timer runs; a game planned, then not, or planned again at
    another moment, fires once at its last moment or not at all."""
    clock = Clock()
    fired: list[str] = []

    async def fire(game):
        fired.append(game)

    d = Deadlines(clock, fire)
    for i in range(100):
        d.plan(f"done{i}", None)                   # finished games: nothing planned
    d.plan("a", clock() + timedelta(hours=1))
    d.plan("b", clock() + timedelta(hours=2))
    d.plan("b", None)                              # planned, then not
    d.plan("c", clock() + timedelta(hours=1))
    d.plan("c", clock() + timedelta(hours=5))      # moved later: the earlier moment must not fire it
    d.start()
    try:
        assert d.jobs() == {"a": clock() + timedelta(hours=1), "c": clock() + timedelta(hours=5)}
        clock.advance(hours=3)
        d.clock_moved()
        for _ in range(100):
            if fired:
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)
        assert fired == ["a"] and set(d.jobs()) == {"c"}
        d.plan("c", clock() + timedelta(minutes=1))    # moved earlier than the timer: the timer follows
        d.plan("c", clock())
        for _ in range(100):
            if len(fired) == 2:
                break
            await asyncio.sleep(0.01)
        assert fired == ["a", "c"] and d.jobs() == {}
    finally:
        d.shutdown()


def test_the_timer_looks_again_even_if_nobody_says_the_clock_moved(tmp_path, monkeypatch):
    """A jump of the wall clock (the machine slept, the time was set) must not leave a deadline waiting for the
    delay reckoned before it: the timer never waits longer than LONGEST_WAIT."""
    from judge.daemon import scheduler
    monkeypatch.setattr(scheduler, "LONGEST_WAIT", 0.05)
    asyncio.run(_jump())


async def _jump():
    clock = Clock()
    fired: list[str] = []

    async def fire(game):
        fired.append(game)

    d = Deadlines(clock, fire)
    d.plan("a", clock() + timedelta(hours=1))
    d.start()
    try:
        await asyncio.sleep(0.1)
        assert fired == []
        clock.advance(hours=2)                     # no clock_moved()
        for _ in range(100):
            if fired:
                break
            await asyncio.sleep(0.01)
        assert fired == ["a"]
    finally:
        d.shutdown()
