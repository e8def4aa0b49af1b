"""The SMTP server's bounds, over real SMTP on 127.0.0.1: recipients per message (452), error replies per
connection, idle connections closed with 421 (a slow upload is not idle), the connection cap (421 beyond it),
stress closing idle connections sooner; and an accept() that fails for want of descriptors neither spins nor
floods the log."""
import asyncio
import errno
import logging
import socket
import time

from judge.daemon import listener as listener_module
from judge.daemon import statuscodes as S
from judge.daemon.connections import Connections, Limits
from judge.daemon.listener import Listener
from tests.daemon.conftest import Daemon, settings_for, settle


class Client:
    """A raw SMTP client on a socket, to see every reply line as the server sends it."""

    def __init__(self, port: int):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.buf = b""

    def line(self) -> str:
        while b"\r\n" not in self.buf:
            chunk = self.sock.recv(4096)
            if not chunk:
                return ""                                  # closed
            self.buf += chunk
        line, self.buf = self.buf.split(b"\r\n", 1)
        return line.decode()

    def reply(self) -> str:
        """The last line of a (possibly multi-line) reply."""
        while True:
            line = self.line()
            if len(line) < 4 or line[3] != "-":
                return line

    def say(self, text: str) -> str:
        self.sock.sendall(text.encode() + b"\r\n")
        return self.reply()

    def closed(self) -> bool:
        return self.line() == ""

    def close(self):
        self.sock.close()


def settings(tmp_path, **values):
    base = dict(smtp_rate_per_hour=0, smtp_max_recipients=3, smtp_max_errors=6, smtp_max_connections=4,
                smtp_idle_seconds=1.5, smtp_stress_idle_seconds=1.5)
    base.update(values)
    return settings_for(tmp_path).with_values(**base)


def test_recipients_and_errors_are_bounded(tmp_path):
    asyncio.run(_recipients(tmp_path))


async def _recipients(tmp_path):
    daemon = Daemon(settings(tmp_path), send_interval=0.05)
    _, port = await daemon.start("127.0.0.1", 0)
    try:
        def session():
            c = Client(port)
            assert c.reply().startswith("220 ")
            assert c.say("EHLO client.example").startswith("250")
            assert c.say("MAIL FROM:<a@example.org>").startswith("250")
            answers = [c.say("RCPT TO:<judge@localhost>") for _ in range(5)]
            data = c.say("DATA")
            c.sock.sendall(b"From: a@example.org\r\nSubject: hi\r\nMessage-ID: <r1@example.org>\r\n\r\nHELP\r\n.\r\n")
            accepted = c.reply()
            # A client that goes on making errors is sent away (2 recipients refused so far: 4 more errors).
            errors = [c.say("RCPT TO:<judge@localhost>") for _ in range(4)]
            closing = c.reply()
            gone = c.closed()
            c.close()
            return answers, data, accepted, errors, closing, gone
        answers, data, accepted, errors, closing, gone = await asyncio.to_thread(session)
        assert answers[:3] == [S.RCPT_OK] * 3
        assert answers[3:] == [S.TOO_MANY_RECIPIENTS] * 2          # RFC 5321 4.5.3.1.10: 452
        assert data.startswith("354") and accepted == S.ACCEPTED
        assert [e[:3] for e in errors] == ["503"] * 4               # no MAIL FROM after the message
        assert closing == S.TOO_MANY_ERRORS.format(host="judge.localhost") and gone
        await settle(daemon)
        assert daemon.processed == 1                               # the message was taken once, not 3 or 5 times
        replies = list((tmp_path / "maildir" / "new").iterdir())
        assert len(replies) == 1 and b"To: a@example.org" in replies[0].read_bytes()
    finally:
        await daemon.stop()


def test_idle_connections_are_closed_and_the_cap_answers_421(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="judge.smtp")
    asyncio.run(_idle_and_cap(tmp_path))
    lines = [r.getMessage() for r in caplog.records if r.name == "judge.smtp"]
    # One line when the cap is met, one when stress begins: not one per connection.
    assert len(lines) == 2, lines
    assert "the cap" in lines[0] and "under stress" in lines[1]


async def _idle_and_cap(tmp_path):
    # idle 3 s; the cap 4 connections, stress from 3 of them (then the idle limit is 0.5 s). (Far apart, so that a
    # loaded machine cannot make one look like the other: with 1.5 s, a run at load 8 waited 1.46 s under stress.)
    daemon = Daemon(settings(tmp_path, smtp_idle_seconds=3, smtp_stress_idle_seconds=0.5), send_interval=0.05)
    _, port = await daemon.start("127.0.0.1", 0)
    try:
        def idle_then_slow():
            idle = Client(port)
            assert idle.reply().startswith("220 ")
            slow = Client(port)                            # sends its message a line every 0.3 s: never silent
            assert slow.reply().startswith("220 ")
            assert slow.say("HELO client.example").startswith("250")
            assert slow.say("MAIL FROM:<b@example.org>").startswith("250")
            assert slow.say("RCPT TO:<judge@localhost>").startswith("250")
            assert slow.say("DATA").startswith("354")
            t = time.monotonic()
            slow.sock.sendall(b"From: b@example.org\r\nSubject: slow\r\n\r\n")
            for _ in range(12):
                time.sleep(0.3)
                slow.sock.sendall(b"HELP\r\n")
            slow.sock.sendall(b".\r\n")
            done = slow.reply()
            assert time.monotonic() - t > 3.6                 # longer than the idle limit, all told
            closed = idle.reply(), idle.closed()
            idle.close()
            slow.close()
            return closed, done
        (closing, gone), done = await asyncio.to_thread(idle_then_slow)
        assert closing == S.IDLE.format(host="judge.localhost") and gone
        assert done == S.ACCEPTED

        def crowd():
            clients = [Client(port) for _ in range(4)]
            greetings = [c.reply() for c in clients]
            extra = Client(port)
            beyond = extra.reply(), extra.closed()
            t = time.monotonic()
            # Under stress (3 or more of 4), the silent ones go after 0.5 s, not 3 s.
            closed = [c.reply() for c in clients]
            waited = time.monotonic() - t
            for c in clients + [extra]:
                c.close()
            return greetings, beyond, closed, waited
        greetings, beyond, closed, waited = await asyncio.to_thread(crowd)
        assert all(g.startswith("220 ") for g in greetings)
        assert beyond == (S.BUSY.format(host="judge.localhost"), True)
        assert closed == [S.IDLE.format(host="judge.localhost")] * 4 and waited < 2.2
        assert daemon.connections.stressed
    finally:
        await daemon.stop()


class FailingSocket(socket.socket):
    """A listening socket whose accept() fails as when the process has no descriptor left."""
    attempts = 0

    def accept(self):
        FailingSocket.attempts += 1
        raise OSError(errno.EMFILE, "Too many open files")


def test_accept_failures_pause_and_are_logged_once(monkeypatch, caplog):
    monkeypatch.setattr(listener_module, "ACCEPT_RETRY_SECONDS", 0.1)
    caplog.set_level(logging.INFO)
    asyncio.run(_accept_fails())
    # About one try per pause (0.1 s) in 0.55 s, where asyncio's own accept loop tried thousands of times.
    assert 3 <= FailingSocket.attempts <= 8, FailingSocket.attempts
    lines = [r.getMessage() for r in caplog.records]
    # One line for the failure, one for the stress it starts: not one (with a traceback) per try.
    assert len(lines) == 2, lines
    assert "cannot accept connections (Too many open files)" in lines[0] and "under stress" in lines[1]


async def _accept_fails():
    loop = asyncio.get_running_loop()
    limits = Limits(max_connections=10, reserved_files=16, idle_seconds=300, stress_idle_seconds=5,
                    max_recipients=100, max_errors=20)
    connections = Connections(limits, "judge.test", cap=10, file_limit=None)
    listener = Listener(loop, connections, lambda: None)
    sock = FailingSocket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen()
    sock.setblocking(False)
    listener.sockets.append(sock)
    loop.add_reader(sock.fileno(), listener._ready, sock)
    client = socket.create_connection(sock.getsockname())     # makes the listening socket readable
    try:
        await asyncio.sleep(0.55)
    finally:
        listener.close()
        client.close()


def test_the_quick_reading_of_a_path_gives_what_aiosmtpd_gives():
    """MAIL FROM / RCPT TO arguments: SMTPConnection reads `<plain address> params` itself and leaves the rest to
    aiosmtpd's parser; both must give the same (address, parameters) for every argument."""
    import random

    from aiosmtpd.smtp import SMTP

    from judge.daemon.smtp import SMTPConnection
    from tests.test_addresses import generated

    bare, limited = SMTPConnection.__new__(SMTPConnection), SMTPConnection.__new__(SMTPConnection)
    bare.local_part_limit, limited.local_part_limit = 0, 8          # (no connection needed to read an argument)
    rng = random.Random(3)
    tails = ["", " SIZE=650", "  SIZE=10 BODY=8BITMIME", "SIZE=1", " (comment) SIZE=2", "\tSIZE=3 ", " x"]
    quick = 0
    for address in generated(3000):
        for arg in (f"<{address}>{rng.choice(tails)}", f" <{address}>", f"{address} SIZE=1", f"<{address}"):
            for conn in (bare, limited):
                try:
                    expected = SMTP._getaddr(conn, arg)
                except Exception as exc:  # noqa: BLE001 - aiosmtpd's own parser failing is an answer too
                    expected = type(exc)
                try:
                    got = conn._getaddr(arg)
                except Exception as exc:  # noqa: BLE001
                    got = type(exc)
                assert got == expected, (arg, conn.local_part_limit)
                quick += "<" in arg and ">" in arg
    assert quick > 1000
