"""A message for a game applied before its 250, without a spool file, and the log that counts the times such work
was cut short (judge/daemon/applying.py). Real SMTP to the daemon on 127.0.0.1, games in a temporary folder."""
import asyncio
import contextlib
import smtplib
import threading
import time

import pytest

from judge.daemon import applying, at_once
from judge.daemon.applying import Applying
from judge.daemon.spool import MAX_INTERRUPTED
from judge.mail import inbound
from judge.service import Judge
from tests.daemon.conftest import Daemon, send, settings_for, settle
from tests.e2e.conftest import compose


# -- the log ------------------------------------------------------------------------------------------------------
def test_a_start_without_an_end_counts_as_an_interruption_at_the_next_start(tmp_path):
    log = Applying(tmp_path)
    log.begin("k1")
    log.end("k1")
    log.begin("k2")                      # the process dies here
    log.begin("k3")
    log.end("k3")
    assert Applying(tmp_path).tries("k2") == 1          # (the first log was never closed: as after a kill)
    again = Applying(tmp_path)
    assert again.tries("k2") == 1 and again.tries("k1") == 0 and again.tries("k3") == 0
    again.begin("k2")                                    # tried again, and cut short again
    third = Applying(tmp_path)
    assert third.tries("k2") == 2
    third.forget("k2")                                   # dealt with through the spool
    assert third.tries("k2") == 0 and Applying(tmp_path).tries("k2") == 0


def test_an_end_clears_the_count_and_garbage_lines_are_ignored(tmp_path):
    (tmp_path / applying.LOG_NAME).write_bytes(b"+a\n+a\n+b\nnonsense\n\n-\n+\n-b\n+c")     # the last cut short
    log = Applying(tmp_path)
    assert (log.tries("a"), log.tries("b"), log.tries("c")) == (2, 0, 1)
    log.begin("a")
    log.end("a")
    assert log.tries("a") == 0 and Applying(tmp_path).tries("a") == 0


def test_the_file_is_written_afresh_keeping_the_work_in_hand_and_the_counts(tmp_path, monkeypatch):
    (tmp_path / applying.LOG_NAME).write_text("+old\n")
    monkeypatch.setattr(applying, "MAX_BYTES", 200)
    log = Applying(tmp_path)
    log.begin("busy")                                    # at work while the file is written afresh
    for i in range(100):
        log.begin(f"m{i}")
        log.end(f"m{i}")
    size = (tmp_path / applying.LOG_NAME).stat().st_size
    assert size <= 200 + 20, size                        # bounded: not 100 messages' lines
    after = Applying(tmp_path)                           # as if killed now
    assert after.tries("busy") == 1 and after.tries("old") == 1 and after.tries("m5") == 0
    assert not list(tmp_path.glob(".*.tmp"))


def test_only_the_most_recent_interruptions_are_kept_and_a_cut_rewrite_is_cleaned(tmp_path, monkeypatch):
    monkeypatch.setattr(applying, "KEEP", 3)
    (tmp_path / applying.LOG_NAME).write_text("".join(f"+k{i}\n" for i in range(10)))
    (tmp_path / f".{applying.LOG_NAME}.abc123.tmp").write_text("+half")
    log = Applying(tmp_path)
    assert [log.tries(f"k{i}") for i in range(10)] == [0] * 7 + [1] * 3
    assert not list(tmp_path.glob(".*.tmp"))


# -- the daemon ---------------------------------------------------------------------------------------------------
def _game(tmp_path, name="alpha"):
    settings = settings_for(tmp_path)
    judge = Judge(settings)
    assert judge.deliver(compose(f"gm@{name}.org", f"CREATE {name} pw-{name}")).accepted
    return settings, judge


def _watch_spool(daemon: Daemon) -> list[int]:
    calls = []
    put = daemon.spool.put

    def watched(raw, envelope_sender, attempts=0):
        calls.append(attempts)
        return put(raw, envelope_sender, attempts)
    daemon.spool.put = watched
    return calls


def _replies(tmp_path) -> list[str]:
    """The replies to the test's messages (the CREATE's reply, sent by the daemon too, left out)."""
    folder = tmp_path / "maildir" / "new"
    texts = [p.read_text(errors="replace") for p in folder.iterdir()] if folder.exists() else []
    return [t for t in texts if "Subject: Re: test " in t]


def test_a_game_message_is_applied_when_its_250_comes_and_never_spooled(tmp_path):
    async def run():
        settings, judge = _game(tmp_path)
        daemon = Daemon(settings, send_interval=0.05)
        spooled = _watch_spool(daemon)
        _, port = await daemon.start("127.0.0.1", 0)
        try:
            assert await send(port, "gm@alpha.org", "SIGNON Malpha pw-alpha\nSET GRACE 13", subject="test grace") == {}
            # the 250 came only once the change was on disk
            assert judge.store.load("alpha").timing.grace_hours == 13
            assert spooled == []
            assert await send(port, "someone@example.org", "HELP", subject="test help") == {}         # about no game: the spool
            await settle(daemon)
            assert spooled == [0] and daemon.processed == 2
            lines = (tmp_path / "inbox" / applying.LOG_NAME).read_text().split()
            assert len(lines) == 2 and lines[0] == "+" + lines[1][1:] and lines[1].startswith("-")
        finally:
            await daemon.stop()
        replies = _replies(tmp_path)
        assert len(replies) == 2 and sum("test grace" in r for r in replies) == 1, replies
    asyncio.run(run())


def test_a_failure_while_applying_leaves_the_message_to_the_spool_which_applies_it_once(tmp_path):
    async def run():
        settings, judge = _game(tmp_path)
        daemon = Daemon(settings, send_interval=0.05)
        daemon.retry_start = 0.05
        spooled = _watch_spool(daemon)
        deliver, calls = daemon.judge.deliver, []

        def flaky(*args, **kwargs):
            calls.append(1)
            if len(calls) == 1:
                raise OSError(28, "No space left on device")
            return deliver(*args, **kwargs)
        daemon.judge.deliver = flaky
        _, port = await daemon.start("127.0.0.1", 0)
        try:
            assert await send(port, "gm@alpha.org", "SIGNON Malpha pw-alpha\nSET GRACE 14", subject="test flaky") == {}
            await settle(daemon)
            assert spooled == [0] and len(calls) == 2
            assert judge.store.load("alpha").timing.grace_hours == 14
            assert Applying(tmp_path / "inbox").tries("anything") == 0
        finally:
            await daemon.stop()
        assert len(_replies(tmp_path)) == 1
    asyncio.run(run())


def test_a_message_cut_short_before_goes_through_the_spool_with_its_count(tmp_path):
    """A message whose work was interrupted (the judge killed mid-way) is not applied at once again: the spool takes
    it with the count so far, so that one which kills the judge each time is set aside after MAX_INTERRUPTED."""
    raw = (b"From: gm@alpha.org\r\nTo: judge@localhost\r\nSubject: orders\r\nMessage-ID: <cut@test>\r\n\r\n"
           b"SIGNON Malpha pw-alpha\r\nSET GRACE 15\r\n")
    key = inbound.message_key(raw)

    async def run():
        settings, judge = _game(tmp_path)
        inbox = tmp_path / "inbox"
        inbox.mkdir(exist_ok=True)
        (inbox / applying.LOG_NAME).write_text(f"+{key}\n" * (MAX_INTERRUPTED - 1))
        daemon = Daemon(settings, send_interval=0.05)
        spooled = _watch_spool(daemon)
        _, port = await daemon.start("127.0.0.1", 0)
        try:
            def go():
                with smtplib.SMTP("127.0.0.1", port, timeout=10) as s:
                    return s.sendmail("gm@alpha.org", ["judge@localhost"], raw)
            assert await asyncio.to_thread(go) == {}
            await settle(daemon)
            assert spooled == [MAX_INTERRUPTED - 1]
            assert judge.store.load("alpha").timing.grace_hours == 15
            assert daemon.applying.tries(key) == 0              # dealt with: the count is gone
        finally:
            await daemon.stop()
        assert Applying(inbox).tries(key) == 0
    asyncio.run(run())


@contextlib.asynccontextmanager
async def _busy_lane(tmp_path):
    """A daemon whose game 'alpha' has a long job in its lane until `release` is set: (daemon, judge, port, spool
    puts, release, the long job)."""
    settings, judge = _game(tmp_path)
    daemon = Daemon(settings, send_interval=0.05)
    spooled = _watch_spool(daemon)
    _, port = await daemon.start("127.0.0.1", 0)
    release = threading.Event()
    try:
        busy = asyncio.ensure_future(daemon.in_lane("alpha", lambda: release.wait(10)))
        await asyncio.sleep(0.05)
        yield daemon, judge, port, spooled, release, busy
    finally:
        release.set()
        await daemon.stop()


def test_a_message_whose_lane_stays_busy_goes_to_the_spool_and_waits_its_turn(tmp_path, monkeypatch):
    monkeypatch.setattr(at_once, "START_WAIT", 0.2)

    async def run():
        async with _busy_lane(tmp_path) as (daemon, judge, port, spooled, release, busy):
            started = time.monotonic()
            assert await send(port, "gm@alpha.org", "SIGNON Malpha pw-alpha\nSET GRACE 16") == {}
            waited = time.monotonic() - started
            assert spooled == [0] and 0.2 <= waited < 5
            assert judge.store.load("alpha").timing.grace_hours != 16     # taken, not yet applied: it waits its turn
            release.set()
            await busy
            await settle(daemon)
            assert judge.store.load("alpha").timing.grace_hours == 16 and daemon.processed == 1
    asyncio.run(run())


def test_a_message_waiting_for_its_lane_when_the_judge_is_paused_waits_in_the_spool(tmp_path, monkeypatch):
    monkeypatch.setattr(at_once, "START_WAIT", 5.0)

    async def run():
        async with _busy_lane(tmp_path) as (daemon, judge, port, spooled, release, busy):
            sending = asyncio.ensure_future(send(port, "gm@alpha.org", "SIGNON Malpha pw-alpha\nSET GRACE 17"))
            await asyncio.sleep(0.3)                     # queued behind the long job, to be applied at once
            (tmp_path / "inbox" / "PAUSE").touch()
            release.set()
            await busy
            assert await sending == {} and spooled == [0]
            await asyncio.sleep(0.3)
            assert judge.store.load("alpha").timing.grace_hours != 17      # held while paused
            (tmp_path / "inbox" / "PAUSE").unlink()
            await settle(daemon)
            assert judge.store.load("alpha").timing.grace_hours == 17 and daemon.processed == 1
    asyncio.run(run())


def test_a_message_still_waiting_for_its_lane_when_the_judge_stops_is_not_answered_and_applied_once_later(
        tmp_path, monkeypatch):
    """Stopped while a game's message waits behind a long job: no 250 and nothing applied; the client sends the same
    message again to the next judge, which applies it once and answers it once."""
    monkeypatch.setattr(at_once, "START_WAIT", 30.0)
    raw = (b"From: gm@alpha.org\r\nTo: judge@localhost\r\nSubject: test stop\r\nMessage-ID: <stop@test>\r\n\r\n"
           b"SIGNON Malpha pw-alpha\r\nSET GRACE 18\r\n")

    def sending(port: int):
        def go():
            with smtplib.SMTP("127.0.0.1", port, timeout=10) as s:
                return s.sendmail("gm@alpha.org", ["judge@localhost"], raw)
        return asyncio.to_thread(go)

    async def run():
        async with _busy_lane(tmp_path) as (daemon, judge, port, spooled, release, busy):
            first = asyncio.ensure_future(sending(port))
            await asyncio.sleep(0.3)
            stopping = asyncio.ensure_future(daemon.stop())
            await asyncio.sleep(0.3)
            release.set()                                # the long job ends; the stop goes through
            await stopping
            await busy
            with pytest.raises(smtplib.SMTPException):
                await first                              # no 250
            assert judge.store.load("alpha").timing.grace_hours != 18
        again = Daemon(settings_for(tmp_path), send_interval=0.05)
        _, port = await again.start("127.0.0.1", 0)
        try:
            assert await sending(port) == {}             # sent again, as an MTA would
            await settle(again)
            assert judge.store.load("alpha").timing.grace_hours == 18
            assert len(judge.store.load("alpha").seen) == len(set(judge.store.load("alpha").seen))
        finally:
            await again.stop()
        assert len([r for r in _replies(tmp_path) if "Subject: Re: test stop" in r]) == 1
    asyncio.run(run())
