"""What the keeper hears when outgoing mail is refused for good: once an hour per kind of refusal, never a notice
about a notice to him that was refused in turn (a relay refusing everything made one every few seconds, for ever),
under `judge deliver` and cron's `judge process` as under `judge serve`."""
import asyncio

from tests.daemon.conftest import Daemon, Relay, send, settings_for, settle
from tests.e2e.conftest import compose
from tests.test_pipe import judge_run, relay_config

KEEPER = "keeper@example.org"


def failed_messages(tmp) -> list:
    folder = tmp / "outbox" / "failed"
    return sorted(folder.glob("*.eml")) if folder.exists() else []


def test_a_relay_refusing_everything_costs_the_pipe_one_notice_and_no_chain(tmp_path):
    asyncio.run(_pipe_refused(tmp_path))


async def _pipe_refused(tmp):
    relay = Relay()
    relay.refuse_if = lambda msg: True                   # 554 for every message, the keeper's notices included
    await relay.start()
    try:
        cfg = relay_config(tmp, relay.port)
        p = await asyncio.to_thread(judge_run, cfg, "deliver", stdin=compose("a@example.org", "HELP"))
        assert p.returncode == 0, p.stderr
        # The reply was given up, then the keeper's notice about it; about that one only the log says it.
        failed = failed_messages(tmp)
        assert len(failed) == 2, [f.read_text()[:300] for f in failed]
        assert sum(f"To: {KEEPER}" in f.read_text() for f in failed) == 1
        assert list((tmp / "outbox").glob("*.eml")) == []
        assert "mail to the keeper himself was given up" in p.stderr.decode()
        for _ in range(2):                               # cron, minute after minute: nothing more
            p = await asyncio.to_thread(judge_run, cfg, "process")
            assert p.returncode == 0, p.stderr
        assert len(failed_messages(tmp)) == 2 and list((tmp / "outbox").glob("*.eml")) == []
        # Another message refused the same way within the hour: kept, logged, no second notice.
        p = await asyncio.to_thread(judge_run, cfg, "deliver", stdin=compose("b@example.org", "HELP"))
        assert p.returncode == 0, p.stderr
        failed = failed_messages(tmp)
        assert len(failed) == 3 and sum(f"To: {KEEPER}" in f.read_text() for f in failed) == 1
        assert relay.messages == []
    finally:
        await relay.stop()


def test_the_daemon_tells_the_keeper_once_per_kind_of_refusal_and_never_about_his_own_notice(tmp_path):
    asyncio.run(_daemon_refused(tmp_path))


async def _daemon_refused(tmp):
    relay = Relay()
    await relay.start()
    settings = settings_for(tmp, relay.port).with_values(judge_keeper=KEEPER)
    daemon = Daemon(settings, send_interval=0.05)
    _, port = await daemon.start("127.0.0.1", 0)
    try:
        # Three replies refused for good (one kind: 554 5.6.0): one notice reaches the keeper, naming the kind.
        relay.refuse_if = lambda msg: str(msg["To"]).startswith("player")
        for n in range(3):
            assert await send(port, f"player{n}@example.org", "HELP", subject="help") == {}
            await settle(daemon)
        notices = relay.to(KEEPER)
        assert len(notices) == 1 and "554 5.6.0" in notices[0].get_content(), [m.get_content() for m in notices]
        assert len(failed_messages(tmp)) == 3
        # Now the relay refuses everything: a refusal of another kind is told (and that notice refused in turn),
        # and nothing more is written, however many rounds the sender makes.
        relay.refusal = "550 5.7.1 refused for the test"
        relay.refuse_if = lambda msg: True
        assert await send(port, "player9@example.org", "HELP", subject="help") == {}
        await settle(daemon)
        await asyncio.sleep(1.0)                         # twenty rounds of the sender
        await settle(daemon)
        failed = failed_messages(tmp)
        assert len(failed) == 5, [f.read_text()[:200] for f in failed]
        assert sum(f"To: {KEEPER}" in f.read_text() for f in failed) == 1
        assert daemon.judge.outbox.paths() == []
    finally:
        await daemon.stop()
        await relay.stop()
