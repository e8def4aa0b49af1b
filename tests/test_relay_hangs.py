"""A relay that takes the connection and then stops answering (it hangs in DATA): the judge does not wait the whole
timeout again for every message queued behind the first (7 messages made one `judge deliver` take 2 minutes), no
process tries it again for a while, and `judge serve` stops promptly on SIGTERM whatever the relay does; the mail it
could not send stays queued, and goes once the relay answers again: never lost, never twice."""
import asyncio
import email
import os
import signal
import time
from collections import Counter
from pathlib import Path

from aiosmtpd.smtp import SMTP

from judge import config
from judge.mail import outbound
from judge.storage.outbox import Outbox
from tests.daemon.conftest import Relay
from tests.e2e.conftest import compose
from tests.serving import start_serve
from tests.test_pipe import judge_run, relay_config

QUEUED = 7


class HangingRelay(Relay):
    """Takes connections, greets, takes MAIL, RCPT and the message, and then gives no answer to it while `hang` is
    set (a relay stuck in its content filter); counts the messages it was handed."""

    def __init__(self):
        super().__init__()
        self.hang = True
        self.handed = 0
        self.release = asyncio.Event()

    async def handle_DATA(self, server, session, envelope):
        self.handed += 1
        if self.hang:
            await self.release.wait()
            return "451 4.3.0 released for the test"
        return await super().handle_DATA(server, session, envelope)

    async def start(self) -> int:
        loop = asyncio.get_running_loop()
        self.server = await loop.create_server(lambda: SMTP(self, hostname="relay.test", loop=loop, timeout=600),
                                               "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self.port

    async def answer_again(self) -> None:
        self.hang = False
        self.release.set()


def queue_mail(cfg: Path) -> list[str]:
    """QUEUED replies waiting in the outbox (as a run whose relay was down leaves them); their Message-IDs."""
    settings = config.load(cfg)
    outbox = Outbox(settings.outbox_dir)
    raws = [outbound.build(settings, f"p{n}@example.org", f"queued {n}", "hello") for n in range(QUEUED)]
    for raw in raws:
        outbox.put(raw)
    return [email.message_from_bytes(r)["Message-ID"] for r in raws]


def all_due_now(tmp: Path) -> None:
    """A minute later: the relay's pause and each message's back-off are over (their times are files' times)."""
    past = time.time() - 1
    for path in [*(tmp / "outbox").glob("*.eml"), *(tmp / "outbox").glob(".relay-paused")]:
        os.utime(path, (past, past))


def test_the_pipe_waits_for_a_hanging_relay_once_not_once_per_message(tmp_path):
    asyncio.run(_pipe_hangs(tmp_path))


async def _pipe_hangs(tmp):
    relay = HangingRelay()
    await relay.start()
    try:
        cfg = relay_config(tmp, relay.port)
        cfg.write_text(cfg.read_text().replace("\ntimeout = 30\n", "\ntimeout = 2\n"))
        queued = queue_mail(cfg)
        began = time.monotonic()
        p = await asyncio.to_thread(judge_run, cfg, "deliver", stdin=compose("a@example.org", "HELP"))
        took = time.monotonic() - began
        assert p.returncode == 0, p.stderr
        # One timeout per connection of the run (two side by side), not one per message: the rest wait.
        assert relay.handed <= 2, relay.handed
        assert took < 30, took                           # (8 messages one after the other: 16 s and more)
        assert "stopped answering" in p.stderr.decode(), p.stderr
        assert len(list((tmp / "outbox").glob("*.eml"))) == QUEUED + 1
        # The next runs within the pause do not try it at all (each would wait the timeout again).
        p = await asyncio.to_thread(judge_run, cfg, "process")
        assert p.returncode == 0 and relay.handed <= 2, (relay.handed, p.stderr)
        # The relay answers again; a minute later cron's run sends every message once.
        await relay.answer_again()
        all_due_now(tmp)
        p = await asyncio.to_thread(judge_run, cfg, "process")
        assert p.returncode == 0, p.stderr
        assert list((tmp / "outbox").glob("*.eml")) == [] and not (tmp / "outbox" / "failed").exists()
        got = Counter(str(m["Message-ID"]) for _, _, m in relay.messages)
        assert all(got[mid] == 1 for mid in queued) and set(got.values()) == {1}
        assert [str(m["Subject"]) for m in relay.to("a@example.org")] == ["Re: orders"]
    finally:
        relay.release.set()
        await relay.stop()



def test_serve_stops_promptly_on_sigterm_while_the_relay_hangs_and_keeps_the_mail(tmp_path):
    asyncio.run(_serve_hangs(tmp_path))


async def _serve_hangs(tmp):
    relay = HangingRelay()
    await relay.start()
    try:
        cfg = relay_config(tmp, relay.port)              # the relay's timeout as shipped: 30 s an answer
        queued = queue_mail(cfg)
        proc = await asyncio.to_thread(start_serve, tmp, cfg)
        try:
            for _ in range(500):                         # its first round of sending: stuck in the relay
                if relay.handed:
                    break
                await asyncio.sleep(0.02)
            assert relay.handed >= 1
            proc.send_signal(signal.SIGTERM)
            began = time.monotonic()
            code = await asyncio.to_thread(proc.wait, 60)
            took = time.monotonic() - began
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        assert code == 0, (tmp / "serve.log").read_text()
        assert took < 20, took                           # a grace of seconds, not 30 s per message (209 s before)
        # Nothing was lost and nothing given up: the mail waits for the next start.
        assert len(list((tmp / "outbox").glob("*.eml"))) == QUEUED
        assert not (tmp / "outbox" / "failed").exists() and relay.messages == []
        await relay.answer_again()
        proc = await asyncio.to_thread(start_serve, tmp, cfg)
        try:
            for _ in range(1500):
                if not list((tmp / "outbox").glob("*.eml")):
                    break
                await asyncio.sleep(0.02)
        finally:
            proc.send_signal(signal.SIGTERM)
            assert await asyncio.to_thread(proc.wait, 60) == 0
        got = Counter(str(m["Message-ID"]) for _, _, m in relay.messages)
        assert sorted(got) == sorted(queued) and set(got.values()) == {1}, got
    finally:
        relay.release.set()
        await relay.stop()
