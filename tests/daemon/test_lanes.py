"""Games side by side, each game's work in order: the lanes, and the daemon's use of them over real SMTP."""
import asyncio
import threading
import time

from judge.daemon.lanes import Lanes
from judge.commands.named_game import game_named_in
from judge.service import Judge
from tests.daemon.conftest import Daemon, send, settings_for, settle
from tests.e2e.conftest import compose


def test_two_lanes_run_at_once_and_each_keeps_its_order():
    both = threading.Barrier(2, timeout=10)       # passes only if a job of each lane runs at the same moment
    record, running = [], {}
    lock = threading.Lock()

    def run(lane, job):
        with lock:
            running[lane] = running.get(lane, 0) + 1
            assert running[lane] == 1, "two jobs of one lane at once"
        if job == 0:
            both.wait()
        time.sleep(0.005)
        with lock:
            record.append((lane, job))
            running[lane] -= 1

    lanes = Lanes(run, workers=3)
    lanes.start()
    for job in range(6):
        for lane in ("a", "b"):
            lanes.put(lane, job)
    deadline = time.monotonic() + 10
    while lanes.busy and time.monotonic() < deadline:
        time.sleep(0.01)
    lanes.stop()
    assert not both.broken and not lanes.busy
    for lane in ("a", "b"):
        assert [j for name, j in record if name == lane] == list(range(6))


def test_stop_leaves_the_jobs_not_started():
    started, release = threading.Event(), threading.Event()

    def run(lane, job):
        started.set()
        release.wait(5)

    lanes = Lanes(run, workers=1)
    lanes.start()
    for job in range(3):
        lanes.put("a", job)
    started.wait(5)
    threading.Timer(0.1, release.set).start()
    lanes.stop()                                   # waits for the job under way
    assert lanes.pending() == [1, 2]


def test_the_daemon_works_on_two_games_at_once_and_keeps_each_games_order(tmp_path):
    asyncio.run(_daemon(tmp_path))


async def _daemon(tmp_path):
    settings = settings_for(tmp_path)
    judge = Judge(settings)
    for game in ("alpha", "beta"):
        assert judge.deliver(compose(f"gm@{game}.org", f"CREATE {game} pw-{game}")).accepted
    daemon = Daemon(settings, send_interval=0.05, workers=2)
    both = threading.Barrier(2, timeout=10)       # the first message of each game must be under way together
    calls, lock, inside = [], threading.Lock(), set()
    deliver = daemon.judge.deliver

    def watched(raw, envelope_sender=None, key=None, parsed=None):
        game = game_named_in(parsed.lines)
        with lock:
            assert game not in inside, "a game worked on twice at once"
            inside.add(game)
            first = all(g != game for g, _ in calls)
            calls.append((game, parsed.lines[-1]))
        try:
            if first:
                both.wait()
            return deliver(raw, envelope_sender, key, parsed)
        finally:
            with lock:
                inside.discard(game)
    daemon.judge.deliver = watched
    _, port = await daemon.start("127.0.0.1", 0)
    try:
        async def stream(game: str) -> None:       # each game's mail one after another: its arrival order
            for i in range(4):
                assert await send(port, f"gm@{game}.org", f"SIGNON M{game} pw-{game}\nSET GRACE {10 + i}") == {}
        # The two games' mail side by side: a message for a game is applied before its 250, so the first of each
        # game must be under way together for either to be answered.
        await asyncio.gather(stream("alpha"), stream("beta"))
        await settle(daemon)
        assert not both.broken and daemon.processed == 8
        for game in ("alpha", "beta"):
            lines = [line for g, line in calls if g == game]
            assert lines == [f"SET GRACE {10 + i}" for i in range(4)]     # in arrival order
            assert judge.store.load(game).timing.grace_hours == 13    # the last one sent is the last applied
    finally:
        await daemon.stop()
