"""The sender: to the relay, retrying with back-off while it refuses; to a local Maildir when there is none."""
import asyncio
import mailbox

from judge.daemon.sender import BACKOFF_START, Sender
from judge.mail import outbound
from judge.storage.outbox import Outbox
from tests.daemon.conftest import Relay, settings_for


class Ticks:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


def test_relay_and_back_off(tmp_path):
    asyncio.run(_relay(tmp_path))


async def _relay(tmp_path):
    relay = Relay()
    await relay.start()
    settings = settings_for(tmp_path, relay.port)
    outbox = Outbox(settings.outbox_dir)
    ticks = Ticks()
    sender = Sender(settings, outbox, monotonic=ticks)
    outbox.put(outbound.make(settings, ["x@example.org", "y@example.org"], "results", "body"))
    try:
        relay.refuse = True
        assert await asyncio.to_thread(sender.drain) == 0
        assert len(outbox.paths()) == 1                     # kept until a relay takes it
        relay.refuse = False
        assert await asyncio.to_thread(sender.drain) == 0   # backing off: not tried again yet
        ticks.t += BACKOFF_START + 0.1
        assert await asyncio.to_thread(sender.drain) == 1
        assert outbox.paths() == []
        mail_from, rcpts, msg = relay.messages[0]
        assert mail_from == settings.address and rcpts == ["x@example.org", "y@example.org"]
        assert msg["Subject"] == "results" and msg["X-Loop"] == settings.address
    finally:
        await relay.stop()


def test_local_maildir_without_a_relay(tmp_path):
    settings = settings_for(tmp_path)
    outbox = Outbox(settings.outbox_dir)
    outbox.put(outbound.make(settings, "x@example.org", "hello", "text"))
    assert Sender(settings, outbox).drain() == 1
    box = mailbox.Maildir(tmp_path / "maildir", create=False)
    assert [m["Subject"] for m in box] == ["hello"] and outbox.paths() == []
