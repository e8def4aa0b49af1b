"""Real SMTP on 127.0.0.1: a recording relay, the daemon on an ephemeral port, an injectable clock."""
from __future__ import annotations

import asyncio
import email
import email.policy
import smtplib
import time
from pathlib import Path

from aiosmtpd.smtp import SMTP

from judge import config
from judge.daemon.service import Daemon
from tests.e2e.conftest import READ, Clock


class Relay:
    """An SMTP relay that records every message it is handed (the judge's outgoing mail ends here)."""

    def __init__(self):
        self.messages: list[tuple[str, list[str], email.message.EmailMessage]] = []
        self.raw: list[bytes] = []                # each message's bytes as it came (dot-stuffing undone)
        self.peers: list[tuple] = []             # the client's (address, port) of each message taken: its connection
        self.server = None
        self.port = 0
        self.refuse = False
        self.refuse_if = lambda msg: False       # refuse only the messages this says yes to
        self.refusal = "554 5.6.0 this one not, for the test"

    async def handle_DATA(self, server, session, envelope):
        if self.refuse:
            return "451 4.3.0 relay down for the test"
        msg = email.message_from_bytes(envelope.original_content or envelope.content, policy=READ)
        if self.refuse_if(msg):
            return self.refusal
        self.messages.append((envelope.mail_from, list(envelope.rcpt_tos), msg))
        self.raw.append(envelope.original_content or envelope.content)
        self.peers.append(session.peer)
        return "250 OK"

    async def start(self) -> int:
        loop = asyncio.get_running_loop()
        self.server = await loop.create_server(lambda: SMTP(self, hostname="relay.test", loop=loop), "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self.port

    async def stop(self) -> None:
        self.server.close()
        await self.server.wait_closed()

    def to(self, address: str) -> list[email.message.EmailMessage]:
        return [m for _, rcpts, m in self.messages if address in rcpts]


def settings_for(root: Path, relay_port: int | None = None):
    values = {"judge_games_dir": root / "games", "judge_outbox_dir": root / "outbox",
              "judge_inbox_dir": root / "inbox", "relay_maildir": root / "maildir", "web_port": 0}
    s = config.load(None).with_values(**values)
    if relay_port:
        s = s.with_values(relay_host="127.0.0.1", relay_port=relay_port)
    return s


async def send(port: int, sender: str, body: str, to: str = "judge@localhost", subject: str = "orders",
               message_id: bool = True) -> dict:
    """Send one plain message over SMTP (in a thread, as a mail client would; without a Message-ID, as some scripts
    do); returns refused recipients."""
    mid = f"Message-ID: <{time.time_ns()}@test>\r\n" if message_id else ""
    raw = (f"From: {sender}\r\nTo: {to}\r\nSubject: {subject}\r\n{mid}\r\n" + body.replace("\n", "\r\n")).encode()

    def go():
        with smtplib.SMTP("127.0.0.1", port, timeout=10) as s:
            try:
                return s.sendmail(sender, [to], raw)
            except smtplib.SMTPRecipientsRefused as exc:     # every recipient refused
                return exc.recipients
    return await asyncio.to_thread(go)


async def settle(daemon: Daemon, timeout: float = 20.0) -> None:
    """Wait until every accepted message is processed and the outbox is empty (not a deadline: work in flight)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        spool_empty = not any(next((daemon.spool.root / d).iterdir(), None) for d in ("new", "cur"))
        # (a message being sent may still write mail: the keeper's, when the relay refuses it for good)
        if spool_empty and daemon.idle.is_set() and not daemon.lanes.busy and not daemon.judge.outbox.paths() \
                and not daemon.deadlines.busy and not daemon.sender._busy:
            return
        daemon.kick.set()
        await asyncio.sleep(0.01)
    raise AssertionError("the daemon did not settle")


def assert_clock_as_at_start(daemon: Daemon) -> None:
    """The scheduler's jobs are exactly what a fresh start-up would plan from the games on disk."""
    planned, broken = daemon.judge.store.wakeups()
    fresh = {g: w for g, w in planned.items() if w is not None}
    assert not broken, broken
    assert daemon.deadlines.wakeups == fresh, (daemon.deadlines.wakeups, fresh)
    jobs = daemon.deadlines.jobs()
    assert jobs == fresh, (jobs, fresh)


__all__ = ["assert_clock_as_at_start", "Relay", "settings_for", "send", "settle", "Clock", "Daemon"]
