"""`judge serve` with many games: deadlines planned from the hint kept at the last stop, mail taken at once, every
game read right after and planned again where the hint was wrong (judge.daemon.startup, judge.storage.wakeup_index).

The threshold is lowered to one game here, so that a handful of real games takes the path a big judge takes."""
import asyncio
import json
import shutil
import signal
import subprocess
import sys
import threading
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from judge import config
from judge.game import Game
from judge.service import Judge
from judge.storage import commit, wakeup_index
from tests.daemon.conftest import Clock, Daemon, Relay, settings_for, settle
from tests.e2e.conftest import compose

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def one_game_is_many(monkeypatch):
    monkeypatch.setattr(wakeup_index, "MIN_GAMES", 1)


def make_game(judge: Judge, name: str) -> None:
    """A started game (seven players): it has a deadline, so a wake-up."""
    judge.deliver(compose("gm@example.org", f"CREATE {name} gm-pass"))
    for letter in "AEFGIRT":
        judge.deliver(compose(f"{letter.lower()}.{name}@example.org", f"JOIN {name} pw-{letter} {letter}"))
    assert judge.store.load(name).status == "active"


def with_games(tmp_path, *names: str, relay_port: int | None = None) -> tuple[Clock, object, Judge]:
    """(clock, settings, judge) of a judge in tmp_path whose games `names` are started."""
    clock = Clock()
    settings = settings_for(tmp_path, relay_port)
    judge = Judge(settings, clock=clock)
    for name in names:
        make_game(judge, name)
    return clock, settings, judge


def fresh_plan(judge: Judge) -> dict:
    """What a start-up that reads every game plans: each game's committed wake-up."""
    wakeups, broken, _, _ = judge.store.scan()
    assert broken == {}
    return {game: moment for game, moment in wakeups.items() if moment is not None}


def kept(tmp_path) -> dict:
    return wakeup_index.read(tmp_path / "games")


async def with_relay(test, tmp_path) -> None:
    """Run `test(tmp_path, relay)` with a recording relay for the judge's outgoing mail."""
    relay = Relay()
    await relay.start()
    try:
        await test(tmp_path, relay)
    finally:
        await relay.stop()


async def quiet(daemon: Daemon) -> None:
    """Until the deadline work due has run and every message and mail is through."""
    end = time.monotonic() + 20
    while daemon.deadlines.busy and time.monotonic() < end:
        await asyncio.sleep(0.02)
    await settle(daemon)


def hold_scan(daemon: Daemon, release: threading.Event) -> None:
    """The daemon's pass over the games waits until `release` (or until the daemon stops)."""
    real = daemon.judge.store.scan

    def held(cancel=None):
        while not release.is_set() and not (cancel is not None and cancel.is_set()):
            time.sleep(0.01)
        return real(cancel)
    daemon.judge.store.scan = held


def test_a_stop_keeps_the_plan_and_the_next_start_uses_it(tmp_path):
    asyncio.run(_kept_and_used(tmp_path))


async def _kept_and_used(tmp_path):
    clock, settings, judge = with_games(tmp_path, "alpha", "beta", "gamma")
    judge.deliver(compose("gm@example.org", "CREATE delta gm-pass"))          # forming: no wake-up of its own
    daemon = Daemon(settings, clock=clock, send_interval=0.05)
    await daemon.start("127.0.0.1", 0)
    try:
        assert daemon.checked.is_set()                  # no hint yet: every game was read before mail was taken
        assert daemon.deadlines.jobs() == fresh_plan(judge)
    finally:
        await daemon.stop()
    assert kept(tmp_path) == fresh_plan(judge)          # the hint is the plan at the stop

    # Changed while the daemon is down, by another program: beta's deadline, gamma gone, epsilon new.
    beta_before = kept(tmp_path)["beta"]
    assert judge.deliver(compose("gm@example.org", "SIGNON Mbeta gm-pass\nSET DEADLINE +9d")).accepted
    assert fresh_plan(judge)["beta"] > beta_before + timedelta(days=5)
    shutil.rmtree(tmp_path / "games" / "gamma")
    make_game(judge, "epsilon")
    hint = kept(tmp_path)

    daemon = Daemon(settings, clock=clock, send_interval=0.05)
    release = threading.Event()
    hold_scan(daemon, release)
    _, port = await daemon.start("127.0.0.1", 0)
    try:
        # Taking mail, planned from the hint, before any game was read.
        assert not daemon.checked.is_set()
        assert daemon.deadlines.jobs() == hint
        assert daemon.deadlines.jobs()["beta"] == beta_before and "gamma" in daemon.deadlines.jobs()
        release.set()
        await asyncio.wait_for(daemon.checked.wait(), 20)
        # Every game read: the plan is what a start-up that reads every game makes, and so is the hint now.
        assert daemon.deadlines.jobs() == fresh_plan(judge)
        assert "gamma" not in daemon.deadlines.jobs() and "epsilon" in daemon.deadlines.jobs()
        assert kept(tmp_path) == fresh_plan(judge)
    finally:
        await daemon.stop()
    assert kept(tmp_path) == fresh_plan(judge)


def test_a_deadline_the_hint_puts_too_early_does_no_harm(tmp_path):
    asyncio.run(_too_early(tmp_path))


async def _too_early(tmp_path):
    clock, settings, judge = with_games(tmp_path, "alpha")
    status = (tmp_path / "games" / "alpha" / "status.json").read_text()
    deadline = judge.store.load("alpha").deadline
    real = fresh_plan(judge)["alpha"]                  # its first wake-up (a reminder before the deadline)
    clock.now = real - timedelta(hours=1)
    # A hint that says the deadline has come (a hint is only a hint: a stale one may say anything).
    wakeup_index.write(tmp_path / "games", {"alpha": clock.now - timedelta(minutes=5)})
    daemon = Daemon(settings, clock=clock, send_interval=0.05)
    release = threading.Event()
    hold_scan(daemon, release)
    await daemon.start("127.0.0.1", 0)
    try:
        await quiet(daemon)
        # It fired, found nothing due, and planned the game from its file: nothing processed, nothing changed.
        game = Game.from_json(json.loads((tmp_path / "games" / "alpha" / "status.json").read_text()))
        assert game.history == [] and game.deadline == deadline
        assert daemon.deadlines.jobs() == {"alpha": real} == fresh_plan(judge)
        release.set()
        await asyncio.wait_for(daemon.checked.wait(), 20)
        assert daemon.deadlines.jobs() == fresh_plan(judge)
    finally:
        await daemon.stop()
    assert (tmp_path / "games" / "alpha" / "status.json").read_text() == status


def test_the_check_finishes_an_interrupted_commit_and_sends_its_mail(tmp_path):
    asyncio.run(with_relay(_interrupted_with, tmp_path))


async def _interrupted_with(tmp_path, relay):
    clock, settings, judge = with_games(tmp_path, "alpha", "beta", relay_port=relay.port)
    wakeup_index.write(tmp_path / "games", fresh_plan(judge))
    # A commit of alpha's that a kill cut short right after its commit point: staged, manifest written, not applied.
    tx = judge.store.begin("alpha")
    tx.mail("20260105T120000000000-interrupted.eml",
            b"From: judge@localhost\nTo: x@example.org\nSubject: the interrupted commit's mail\n\nhello\n")
    staging = f"{tx.folder}/{commit.PENDING}"
    commit.durable.sync([f"{staging}/{op[1]}" for op in tx.ops] + [staging])
    commit._write_manifest(staging, json.dumps({"ops": tx.ops}))
    daemon = Daemon(settings, clock=clock, send_interval=0.05)
    await daemon.start("127.0.0.1", 0)
    try:
        await asyncio.wait_for(daemon.checked.wait(), 20)
        await settle(daemon)
        assert [m["Subject"] for m in relay.to("x@example.org")] == ["the interrupted commit's mail"]
        assert not (tmp_path / "games" / "alpha" / commit.PENDING / commit.MANIFEST).exists()
    finally:
        await daemon.stop()


def test_a_game_gone_while_down_is_no_deadline_and_no_alarm(tmp_path):
    asyncio.run(with_relay(_gone_with, tmp_path))


async def _gone_with(tmp_path, relay):
    clock, settings, judge = with_games(tmp_path, "alpha", "beta", relay_port=relay.port)
    settings = settings.with_values(judge_keeper="keeper@example.org")
    hint = fresh_plan(judge)
    wakeup_index.write(tmp_path / "games", {**hint, "beta": clock.now - timedelta(minutes=1)})
    shutil.rmtree(tmp_path / "games" / "beta")         # deleted by its keeper while the judge was down
    daemon = Daemon(settings, clock=clock, send_interval=0.05)
    await daemon.start("127.0.0.1", 0)
    try:
        await asyncio.wait_for(daemon.checked.wait(), 20)
        await quiet(daemon)
        assert daemon.deadlines.jobs() == {"alpha": hint["alpha"]}
        assert relay.to("keeper@example.org") == []     # nothing failed: a game that is gone has no deadline
    finally:
        await daemon.stop()


def test_a_stop_during_the_check_is_clean(tmp_path):
    asyncio.run(_stop_during(tmp_path))


async def _stop_during(tmp_path):
    clock, settings, judge = with_games(tmp_path, "alpha")
    hint = {"alpha": judge.store.load("alpha").deadline, "ghost": clock.now + timedelta(days=1)}
    wakeup_index.write(tmp_path / "games", hint)
    daemon = Daemon(settings, clock=clock, send_interval=0.05)
    hold_scan(daemon, threading.Event())              # never released: only the stop ends the pass
    await daemon.start("127.0.0.1", 0)
    assert daemon.deadlines.jobs() == hint
    await asyncio.wait_for(daemon.stop(), 20)
    assert daemon.checked.is_set()
    assert kept(tmp_path) == hint                     # what was planned, as it was (the next start checks again)


def test_many_wrong_wake_ups_are_all_put_right(tmp_path):
    asyncio.run(_many_wrong(tmp_path))


async def _many_wrong(tmp_path):
    clock, settings, judge = with_games(tmp_path, "alpha")
    right = fresh_plan(judge)
    # 300 games that are no more, and alpha a day off: put right in batches, the loop serving in between.
    hint = {f"gone{i:03d}": clock.now + timedelta(hours=i) for i in range(300)}
    hint["alpha"] = right["alpha"] + timedelta(days=1)
    wakeup_index.write(tmp_path / "games", hint)
    daemon = Daemon(settings, clock=clock, send_interval=0.05)
    await daemon.start("127.0.0.1", 0)
    try:
        await asyncio.wait_for(daemon.checked.wait(), 20)
        assert daemon.deadlines.jobs() == right
        assert kept(tmp_path) == right
    finally:
        await daemon.stop()


@pytest.mark.parametrize("content", [
    b"", b"{", b"not json", b"[]", b'{"version": 2, "wakeups": {}}', b'{"version": 1, "wakeups": []}',
    b'{"version": 1, "wakeups": {"alpha": "tomorrow"}}', b'{"version": 1, "wakeups": {"alpha": 5}}',
    b'{"version": 1, "wakeups": {"alpha": "2026-01-06T12:00:00"}}',            # no time zone
    b'{"version": 1, "wakeups": {"../etc": "2026-01-06T12:00:00+00:00"}}', b"\xff\xfe",
])
def test_a_hint_not_written_whole_is_ignored_and_every_game_read_first(tmp_path, content):
    asyncio.run(_bad_hint(tmp_path, content))


async def _bad_hint(tmp_path, content):
    clock, settings, judge = with_games(tmp_path, "alpha")
    wakeup_index.path(tmp_path / "games").write_bytes(content)
    daemon = Daemon(settings, clock=clock, send_interval=0.05)
    await daemon.start("127.0.0.1", 0)
    try:
        assert daemon.checked.is_set()
        assert daemon.deadlines.jobs() == fresh_plan(judge)
    finally:
        await daemon.stop()
    assert kept(tmp_path) == fresh_plan(judge)        # replaced by a good one at the stop


# -- the real program: `judge serve` in a process of its own, with as many games as need the hint -----------------

def _serve(tmp_path, cfg) -> tuple:
    """`judge serve` started (its ready file written); returns the process and the seconds it took."""
    ready = tmp_path / "ready"
    ready.unlink(missing_ok=True)
    t = time.monotonic()
    log = open(tmp_path / "serve.log", "ab")
    proc = subprocess.Popen([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "serve", "--port", "0",
                             "--ready-file", str(ready)], cwd=tmp_path, stdout=log, stderr=log)
    log.close()
    while not (ready.exists() and ready.read_text().endswith("\n")):
        assert proc.poll() is None, (tmp_path / "serve.log").read_text()
        assert time.monotonic() - t < 60, "judge serve did not start"
        time.sleep(0.02)
    return proc, time.monotonic() - t


def test_judge_serve_with_many_games_starts_from_the_hint_and_finds_what_changed(tmp_path, monkeypatch):
    monkeypatch.undo()                                  # the real threshold: as many games as need it
    text = config.render_ini().replace("rate_per_hour = 120", "rate_per_hour = 0").replace("port = 8080", "port = 0")
    cfg = tmp_path / "config.ini"
    cfg.write_text(text)
    judge = Judge(config.load(cfg))
    judge.deliver(compose("gm@example.org", "CREATE alpha gm-pass\nSET RULE late_powers=default\nSET GRACE 0"))
    for letter in "AEFGIRT":
        judge.deliver(compose(f"{letter.lower()}@example.org", f"JOIN alpha pw-{letter} {letter}"))
    games = tmp_path / "games"
    doc = json.loads((games / "alpha" / "status.json").read_text())
    assert doc["wakeup"] is not None
    for i in range(wakeup_index.MIN_GAMES):             # copies of it under other names, as a restore would write
        (games / f"t{i:04d}").mkdir()
        (games / f"t{i:04d}" / "status.json").write_text(json.dumps({**doc, "name": f"t{i:04d}"}))

    proc, _ = _serve(tmp_path, cfg)                     # no hint yet: every game read first
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(30) == 0
    hint = kept(tmp_path)
    assert hint is not None and len(hint) == wakeup_index.MIN_GAMES + 1
    assert hint["alpha"] == datetime.fromisoformat(doc["wakeup"])

    # While it is down, another program makes alpha due (its deadline passed); the hint still says days from now.
    past = (datetime.now(timezone.utc) - timedelta(minutes=5)).isoformat()
    (games / "alpha" / "status.json").write_text(json.dumps({**doc, "wakeup": past, "deadline": past}))
    proc, _ = _serve(tmp_path, cfg)
    proc.send_signal(signal.SIGKILL)                    # killed at once, while it reads the games
    proc.wait(30)
    proc, _ = _serve(tmp_path, cfg)
    try:
        end = time.monotonic() + 60
        while json.loads((games / "alpha" / "status.json").read_text())["phase"] == "S1901M":
            assert time.monotonic() < end, "the phase the hint did not know was due was never processed"
            time.sleep(0.1)
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0
    game = Game.from_json(json.loads((games / "alpha" / "status.json").read_text()))
    assert game.history == ["S1901M"]                   # processed once, though two starts saw it due
    assert kept(tmp_path)["alpha"] > datetime.now(timezone.utc)
    assert not list(games.glob(".*.tmp"))
