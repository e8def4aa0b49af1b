"""The judge's SMTP server protocol (judge.daemon.smtp) over real sockets: the same replies and the same messages as
aiosmtpd's server (which it replaced) for random sessions sent in random pieces, and its bounds on what a client
may make it hold."""
from __future__ import annotations

import asyncio
import contextlib
import random
import socket

import aiosmtpd.smtp
from aiosmtpd.smtp import SMTP

from judge.daemon import smtp
from judge.daemon.connections import Connections, Limits
from judge.daemon.smtp import LINE_LIMIT, READ_AHEAD, SMTPConnection

LIMIT = 4000                     # data_size_limit of both servers
RECIPIENTS = {"judge@here.example", "gm@here.example"}


class Recorder:
    """Both servers' handler: the recipients the judge knows, every message taken."""

    def __init__(self, hold: asyncio.Event | None = None):
        self.messages: list[tuple[str, list[str], bytes]] = []
        self.hold = hold

    def rcpt(self, envelope, address: str) -> str:
        if address.lower() not in RECIPIENTS:
            return "550 5.1.1 No such recipient here"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 Recipient ok"

    async def handle_RCPT(self, server, session, envelope, address, options) -> str:     # (aiosmtpd's hook)
        return self.rcpt(envelope, address)

    async def handle_DATA(self, server, session, envelope) -> str:
        if self.hold is not None:
            await self.hold.wait()
        self.messages.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.original_content))
        return "250 2.0.0 Message accepted"


def _connections() -> Connections:
    limits = Limits(max_connections=50, reserved_files=10, idle_seconds=600, stress_idle_seconds=600,
                    max_recipients=100, max_errors=0)
    return Connections(limits, "judge.test", cap=50, file_limit=None)


async def _server(kind: str, handler: Recorder):
    loop = asyncio.get_running_loop()
    if kind == "aiosmtpd":
        def factory():
            return SMTP(handler, hostname="judge.test", data_size_limit=LIMIT, loop=loop)
    else:
        connections = _connections()
        connections.loop = loop

        def factory():
            return SMTPConnection(handler, connections, "judge.test", data_size_limit=LIMIT, loop=loop)
    server = await loop.create_server(factory, "127.0.0.1", 0)
    return server, server.sockets[0].getsockname()[1]


@contextlib.contextmanager
def _tracked():
    """The judge's connections made meanwhile, each closed at the end (none is left for the collector to find)."""
    conns: list[SMTPConnection] = []
    orig = SMTPConnection.connection_made

    def track(self, transport):
        conns.append(self)
        orig(self, transport)
    SMTPConnection.connection_made = track
    try:
        yield conns
    finally:
        SMTPConnection.connection_made = orig
        for conn in conns:
            if conn.transport is not None:
                conn.transport.abort()


def _codes(raw: bytes) -> list[str]:
    """The reply codes in a server's output, one per reply (a multi-line reply counts once)."""
    return [line[:3].decode() for line in raw.split(b"\r\n") if line[3:4] == b" " or line == line[:3] != b""]


def _body(rng: random.Random) -> bytes:
    lines = []
    for _ in range(rng.randint(0, 12)):
        kind = rng.randrange(10)
        if kind == 0:
            lines.append(b"." * rng.randint(1, 3) + b"dot at the start")
        elif kind == 1:
            lines.append(b"")
        elif kind == 2:
            lines.append(b"x" * rng.choice([998, 999, 1000, 1001, 1500]))          # around the line limit
        elif kind == 3:
            lines.append(bytes(rng.randrange(256) for _ in range(rng.randint(1, 40))).replace(b"\r\n", b""))
        elif kind == 4:
            lines.append(b"a bare\nline feed and a bare\rreturn")
        else:
            lines.append(f"line {rng.random()} SIGNON Mgame pw".encode())
    if rng.random() < 0.1:
        lines += [b"y" * 900] * 6                                               # over LIMIT
    return b"\r\n".join(lines) + (b"\r\n" if lines else b"")


def _session(rng: random.Random) -> bytes:
    """A client's whole side: commands right and wrong, messages, in any order."""
    out = []
    if rng.random() < 0.9:
        out.append(rng.choice([b"EHLO client.example", b"HELO client.example", b"ehlo x", b"EHLO"]))
    for _ in range(rng.randint(1, 6)):
        step = rng.randrange(14)
        if step < 6:                                  # a whole transaction
            good = rng.random() < 0.7
            sender = rng.choice([b"<p@x.example>", b"<p@x.example> SIZE=100", b"<p@x.example> BODY=8BITMIME",
                                 b"<>", b"<\"q uoted\"@x.example>"] if good else
                                [b"p@x.example", b"<p@x.example> SIZE=99999", b"<bad address",
                                 b"<p@x.example> SMTPUTF8", b"<p@x.example> FOO=1", b""])
            out.append(rng.choice([b"MAIL FROM:", b"mail from: ", b"MAIL FROM "] if not good else
                                  [b"MAIL FROM:", b"mail from:"]) + sender)
            rcpts = [b"<judge@here.example>", b"<GM@here.example>"] if good else []
            for _ in range(rng.randint(0, 3)):
                rcpts.append(rng.choice([b"<judge@here.example>", b"<other@x.example>", b"judge@here.example",
                                         b"<judge@here.example> NOTIFY=NEVER", b"<>"]))
            for rcpt in rng.sample(rcpts, rng.randint(1 if good else 0, len(rcpts))):
                out.append(b"RCPT TO:" + rcpt)
            out.append(b"DATA" if good or rng.random() < 0.5 else b"DATA x")
            out.append(_body(rng) + b".")
        elif step == 6:
            out.append(rng.choice([b"RSET", b"NOOP", b"NOOP anything", b"RSET x", b"VRFY <a@b.example>", b"VRFY"]))
        elif step == 7:
            out.append(b"")                           # an empty line
        elif step == 8:
            out.append(b"NOPE " + bytes(rng.randrange(33, 127) for _ in range(5)))
        elif step == 9:
            out.append(b"NOOP " + b"z" * rng.choice([100, 600, 3000]))              # command lines too long
        elif step == 10:
            out.append("MAIL FROM:<j\u00f6rg@x.example>".encode())                   # not ASCII
        elif step == 11:
            out.append(b"RCPT TO:<judge@here.example>")                             # out of order
        elif step == 12:
            out.append(b"DATA")
        else:
            out.append(b"HELO")
    out.append(b"QUIT")
    return b"\r\n".join(out) + b"\r\n"


async def _converse(port: int, session: bytes, cuts: list[int]) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    last = 0
    for cut in cuts + [len(session)]:
        writer.write(session[last:cut])
        await writer.drain()
        await asyncio.sleep(0.001)                    # a piece per read, mostly
        last = cut
    try:
        got = await asyncio.wait_for(reader.read(), 10)
    finally:
        writer.close()
    return got


def test_the_same_replies_and_messages_as_aiosmtpd_for_random_sessions(monkeypatch):
    # Neither server closes on unknown commands here (a refused DATA makes its lines commands): a close while the
    # client still sends resets the connection, and the replies in flight with it (the limit: the next test)
    monkeypatch.setattr(aiosmtpd.smtp, "BOGUS_LIMIT", 10 ** 6)
    monkeypatch.setattr(smtp, "BOGUS_LIMIT", 10 ** 6)

    async def main():
        theirs, ours = Recorder(), Recorder()
        (s1, p1), (s2, p2) = await _server("aiosmtpd", theirs), await _server("judge", ours)
        rng = random.Random(1901)
        messages = 0
        try:
            for _ in range(300):
                session = _session(rng)
                cuts = sorted(rng.sample(range(1, len(session)), min(len(session) - 1, rng.randint(0, 6))))
                before = len(ours.messages)
                a, b = await _converse(p1, session, cuts), await _converse(p2, session, cuts)
                assert _codes(b) == _codes(a), session
                assert ours.messages == theirs.messages, session
                messages += len(ours.messages) - before
        finally:
            s1.close()
            s2.close()
        return messages, ours.messages
    messages, taken = asyncio.run(main())
    assert messages > 100                             # the sessions did deliver messages ...
    assert any(m[2].startswith(b".") or b"\r\n." in m[2] for m in taken)     # ... with dots unstuffed
    assert any(m[0] == "<>" for m in taken)           # ... and bounces (the null sender, as aiosmtpd gives it)


def test_unknown_commands_close_the_connection_at_the_limit_as_aiosmtpd_does():
    async def main():
        out = {}
        for kind in ("aiosmtpd", "judge"):
            server, port = await _server(kind, Recorder())
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            got = [await reader.readline()]
            for i in range(smtp.BOGUS_LIMIT + 1):
                writer.write(b"FOO%d\r\n" % i)
                got.append(await reader.readline())
            out[kind] = [line[:3] for line in got], await reader.read()
            writer.close()
            server.close()
        return out
    out = asyncio.run(main())
    assert out["judge"] == out["aiosmtpd"]
    assert out["judge"] == ([b"220"] + [b"500"] * (smtp.BOGUS_LIMIT - 1) + [b"502", b""], b"")


def test_a_client_sending_ahead_is_not_read_while_its_message_is_worked_on():
    """Commands sent behind a message while the judge works on it are kept up to READ_AHEAD bytes; beyond that the
    connection is not read (the kernel's buffers fill and the client waits), and every command is answered once the
    judge has answered the message."""
    async def main():
        hold = asyncio.Event()
        handler = Recorder(hold)
        server, port = await _server("judge", handler)
        with _tracked() as conns:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            try:
                noops = 200_000
                writer.write(b"HELO c\r\nMAIL FROM:<p@x.example>\r\nRCPT TO:<judge@here.example>\r\nDATA\r\nhi\r\n"
                             b".\r\n" + b"NOOP\r\n" * noops + b"QUIT\r\n")
                drain = asyncio.ensure_future(writer.drain())
                await asyncio.sleep(1.0)
                conn, = conns
                held = set(conn._paused), len(conn._buf), list(handler.messages)
                hold.set()
                got = await asyncio.wait_for(reader.read(), 20)
                await drain
            finally:
                writer.close()
                server.close()
        return held, got, handler.messages
    (paused, buffered, early), got, messages = asyncio.run(main())
    assert paused == {"read ahead"} and early == []
    assert buffered <= READ_AHEAD + 256 * 1024          # what one read brings at most
    codes = _codes(got)
    assert codes[:5] == ["220", "250", "250", "250", "354"] and codes[5] == "250"
    assert codes[6:] == ["250"] * 200_000 + ["221"]
    assert messages == [("p@x.example", ["judge@here.example"], b"hi\r\n")]


def test_a_message_too_big_or_with_a_line_too_long_is_refused_and_dropped_as_it_comes():
    async def main():
        handler = Recorder()
        server, port = await _server("judge", handler)
        try:
            big = b"y" * 100 + b"\r\n"
            session = (b"EHLO c\r\nMAIL FROM:<p@x.example>\r\nRCPT TO:<judge@here.example>\r\nDATA\r\n"
                       + big * 10_000 + b".\r\n"
                       + b"MAIL FROM:<p@x.example>\r\nRCPT TO:<judge@here.example>\r\nDATA\r\n"
                       + b"z" * (LINE_LIMIT - 1) + b"\r\n.\r\n"
                       + b"MAIL FROM:<p@x.example>\r\nRCPT TO:<judge@here.example>\r\nDATA\r\nfine\r\n.\r\nQUIT\r\n")
            got = await _converse(port, session, list(range(5000, len(session), 7000)))
        finally:
            server.close()
        return got, handler.messages
    got, messages = asyncio.run(main())
    codes = _codes(got)
    assert codes == ["220", "250", "250", "250", "354", "552", "250", "250", "354", "500", "250", "250", "354",
                     "250", "221"]
    assert messages == [("p@x.example", ["judge@here.example"], b"fine\r\n")]


def test_a_client_that_reads_no_replies_is_not_read_either():
    """Commands whose replies the client never reads: once asyncio's write buffer is over its high-water mark the
    connection is not read, so the judge holds at most that buffer and one read's replies, however much is sent."""
    async def main():
        server, port = await _server("judge", Recorder())
        sent = 0
        with _tracked() as conns:
            sock = socket.create_connection(("127.0.0.1", port))
            try:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)     # replies pile up on the judge's side
                sock.setblocking(False)
                chunk = b"NOOP\r\n" * 10_000
                for _ in range(400):                     # up to 24 MB of commands, as fast as the judge takes them
                    try:
                        sent += sock.send(chunk)
                    except BlockingIOError:
                        await asyncio.sleep(0.01)
                await asyncio.sleep(0.5)
                conn, = conns
                held = conn.transport.get_write_buffer_size(), len(conn._buf), set(conn._paused)
            finally:
                sock.close()
                server.close()
        return sent, held
    sent, (replies, commands, paused) = asyncio.run(main())
    assert paused == {"write"}
    assert sent < 24_000_000                             # the client was held back ...
    assert replies <= 64 * 1024 + (256 * 1024 // 6 + 1) * 8 and commands <= 256 * 1024   # ... and little is held
