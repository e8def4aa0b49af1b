"""The SMTP server: unknown recipients refused at RCPT, 250 only after the spool write, size and rate limits,
a temporary failure (without details) when the spool cannot take the message."""
import asyncio
import shutil
import time
import smtplib

from judge.daemon import statuscodes as S
from judge.daemon.spool import Spool
from tests.daemon.conftest import Daemon, Relay, settings_for, settle


def code(reply: str) -> int:
    return int(reply[:3])


def test_smtp_replies(tmp_path):
    asyncio.run(_scenario(tmp_path))


async def _scenario(tmp_path):
    settings = settings_for(tmp_path).with_values(smtp_rate_per_hour=3, smtp_max_message_bytes=2000)
    daemon = Daemon(settings, send_interval=0.05)
    (tmp_path / "inbox").mkdir(parents=True, exist_ok=True)
    (tmp_path / "inbox" / "PAUSE").touch()              # keep accepted mail in the spool to look at it
    _, port = await daemon.start("127.0.0.1", 0)

    def session(sender, to, body):
        with smtplib.SMTP("127.0.0.1", port, timeout=10) as s:
            s.ehlo()
            s.mail(sender)
            rcpt = s.rcpt(to)
            if rcpt[0] != 250:
                return rcpt, None
            return rcpt, s.data(body)

    try:
        rcpt, _ = await asyncio.to_thread(session, "a@example.org", "other@example.org", b"hi")
        assert rcpt[0] == code(S.UNKNOWN_RECIPIENT)
        rcpt, data = await asyncio.to_thread(session, "a@example.org", "judge@localhost", b"Subject: 1\r\n\r\nLIST")
        assert rcpt[0] == code(S.RCPT_OK) and data == (250, S.ACCEPTED[4:].encode())
        assert len(list((tmp_path / "inbox" / "new").iterdir())) == 1   # on disk before the 250 came back
        big = b"Subject: big\r\n\r\n" + b"x" * 70 + b"\r\n" * 1 + (b"y" * 70 + b"\r\n") * 80
        _, data = await asyncio.to_thread(session, "a@example.org", "judge@localhost", big)
        assert data[0] == code(S.TOO_BIG)
        for _ in range(2):
            await asyncio.to_thread(session, "a@example.org", "judge@localhost", b"Subject: n\r\n\r\nLIST")
        _, data = await asyncio.to_thread(session, "a@example.org", "judge@localhost", b"Subject: n\r\n\r\nLIST")
        assert data == (451, S.RATE_LIMITED[4:].encode())
        _, data = await asyncio.to_thread(session, "b@example.org", "judge@localhost", b"Subject: n\r\n\r\nLIST")
        assert data[0] == 250                               # the limit is per sender
        # The spool cannot write: a temporary failure, nothing about why.
        shutil.rmtree(tmp_path / "inbox" / "tmp")
        (tmp_path / "inbox" / "tmp").write_text("not a folder")
        _, data = await asyncio.to_thread(session, "c@example.org", "judge@localhost", b"Subject: n\r\n\r\nLIST")
        assert data == (451, S.TEMPORARY_FAILURE[4:].encode())
        assert isinstance(daemon.spool, Spool)
    finally:
        await daemon.stop()


def test_flow_control(tmp_path):
    asyncio.run(_intake())


async def _intake():
    from judge.daemon.server import Intake
    paused = [False]
    intake = Intake(2, 0.2, lambda: paused[0])
    assert await intake.enter() and await intake.enter()          # two places
    loop = asyncio.get_running_loop()
    t = loop.time()
    assert not await intake.enter()                                # full: waited max_delay, then let in uncounted
    assert loop.time() - t >= 0.19 and intake.count == 2
    waiting = asyncio.create_task(intake.enter())
    await asyncio.sleep(0.01)
    intake.leave()                                                 # a message done: its place goes to the waiter
    assert await waiting and intake.count == 2
    paused[0] = True
    assert not await intake.enter()                                # paused: no limit (mail is held on purpose)
    paused[0] = False
    intake.leave()
    intake.leave()
    assert intake.count == 0 and await intake.enter()
    assert Intake(0, 1.0).count == 0 and not await Intake(0, 1.0).enter()     # no flow control at all


def test_the_answer_waits_while_the_backlog_is_full(tmp_path):
    asyncio.run(_backlog(tmp_path))


async def _backlog(tmp_path):
    settings = settings_for(tmp_path).with_values(smtp_rate_per_hour=0)
    daemon = Daemon(settings, send_interval=0.05, workers=1, backlog=1)
    gate = asyncio.Event()
    run = daemon._run_job

    def slow(lane, job):                       # the worker holds the first message until told to go on
        while not gate.is_set():
            time.sleep(0.01)
        run(lane, job)
    daemon.lanes.run = slow
    _, port = await daemon.start("127.0.0.1", 0)
    try:
        def one(n):
            with smtplib.SMTP("127.0.0.1", port, timeout=10) as s:
                t = time.monotonic()
                s.sendmail("a@example.org", ["judge@localhost"], f"Subject: {n}\r\n\r\nHELP\r\n".encode())
                return time.monotonic() - t
        assert await asyncio.to_thread(one, 1) < 0.5                   # room: answered at once
        daemon.intake.max_delay = 0.3
        assert await asyncio.to_thread(one, 2) >= 0.25                 # backlog full: the 250 waited
        assert daemon.intake.waited == 1
        gate.set()
        await settle(daemon)
        assert daemon.processed == 2
    finally:
        gate.set()
        await daemon.stop()


def test_a_bounce_is_taken_and_never_answered(tmp_path):
    """A delivery report comes with the null sender (MAIL FROM:<>): the judge takes it (RFC 5321 wants it taken; a
    refusal would make the mail server report the report) and answers nothing, while a player's mail beside it gets
    its answer."""
    async def main():
        relay = Relay()
        daemon = Daemon(settings_for(tmp_path, await relay.start()), send_interval=0.05)
        _, port = await daemon.start("127.0.0.1", 0)

        def go():
            with smtplib.SMTP("127.0.0.1", port, timeout=10) as s:
                bounce = s.sendmail("<>", ["judge@localhost"], b"From: MAILER-DAEMON@mx.example.org\r\n"
                                    b"Subject: Undelivered Mail Returned to Sender\r\n\r\nLIST\r\n")
                player = s.sendmail("p@example.org", ["judge@localhost"], b"From: p@example.org\r\n"
                                    b"Subject: list\r\n\r\nLIST\r\n")
                return bounce, player
        try:
            refused = await asyncio.to_thread(go)
            await settle(daemon)
        finally:
            await daemon.stop()
            await relay.stop()
        return refused, relay.messages
    refused, sent = asyncio.run(main())
    assert refused == ({}, {})                                         # both taken
    assert [rcpts for _, rcpts, _ in sent] == [["p@example.org"]]      # only the player is answered
