"""The judge's SMTP server: the commands a mail server or client uses to hand a message over (RFC 5321: EHLO, HELO,
MAIL, RCPT, DATA, RSET, NOOP, VRFY, HELP, QUIT; PIPELINING, SIZE and 8BITMIME offered), on asyncio's protocol layer,
with the judge's bounds (`Connections`: the cap, silence, errors) and its idle, error and shutdown 421s.

The replies and limits are those of aiosmtpd's server, which the judge used before. Why its own: aiosmtpd reads
every command and every line of a message through a stream coroutine, which cost about 0.5 ms of CPU a mail, a
sixth of all the daemon does for an order mail. Here the bytes of each read are cut into commands in one pass, a
message's end is found by one search of its bytes, and the replies to commands sent together go out in one write.

Bounded: a command line (512 bytes, MAIL 538) and a message line (over 1,001 bytes with its CRLF) too long are
answered 500 after their end has come (what came is dropped as it comes); a message over `data_size_limit` is
answered 552 after its end, its bytes dropped as they come; commands a client sends ahead while the judge works on
its message are kept up to READ_AHEAD bytes, then the connection is not read until the judge has answered; a client
that does not read our replies is not read either (asyncio's write buffer limits)."""
from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any, Iterator

from judge.daemon import smtp_parts as parts
from judge.daemon import statuscodes as S
from judge.daemon.connections import Connections
from judge.daemon.smtp_parts import COMMAND_LIMIT, END, LINE_LIMIT, SIZE_PARAMETER, Envelope, Session

log = logging.getLogger("judge.smtp")

READ_AHEAD = 64 * 1024        # bytes taken in ahead of a message the judge is working on
BOGUS_LIMIT = 5               # unknown commands before the connection is closed
GREETING = "ESMTP judge"


class SMTPConnection(asyncio.Protocol):
    """One client's connection. `handler` answers RCPT (`rcpt(envelope, address)`: the reply; a 2xx adds the
    recipient) and a whole message (`await handle_DATA(connection, session, envelope)`: the reply)."""

    def __init__(self, handler: Any, connections: Connections, hostname: str, data_size_limit: int | None = None,
                 loop: asyncio.AbstractEventLoop | None = None):
        self.handler = handler
        self.connections = connections
        self.hostname = hostname
        self.data_size_limit = data_size_limit
        self.loop = loop or asyncio.get_running_loop()
        self.local_part_limit = 0
        self.transport: asyncio.Transport | None = None
        self.session = Session()
        self.envelope = Envelope()
        self.last_heard = self.loop.time()
        self.busy = 0                            # the judge is working on the client's message (at_work)
        self.errors = 0
        self.closing = False
        self.counted = False                     # in connections.open
        self._buf = bytearray()                  # bytes received and not yet taken
        self._out: list[bytes] | None = None     # replies gathered while taking commands, written together
        self._in_data = False                    # taking a message's bytes
        self._scanned = 0                        # ... of which these were searched for END already
        self._refused: str | None = None         # ... the reply if it is refused already (its bytes dropped)
        self._line_long = False                  # a command line is being dropped (too long)
        self._task: asyncio.Task | None = None   # the message being worked on
        self._bogus = 0
        self._paused: set[str] = set()           # why the connection is not read

    # -- asyncio's callbacks -----------------------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport               # type: ignore[assignment]
        self.session.peer = transport.get_extra_info("peername")
        self.last_heard = self.loop.time()
        if not self.counted:
            self.counted = True
            self.connections.started(self)
        self.reply(f"220 {self.hostname} {GREETING}")

    def connection_lost(self, error: Exception | None) -> None:
        self.connections.gone(self)
        self.transport = None
        if self._task is not None:
            self._task.cancel()                  # the client went away: Handler says what becomes of its message

    def eof_received(self) -> bool:
        if self._task is not None:
            self._task.cancel()
        return False                             # (the transport closes)

    def data_received(self, data: bytes) -> None:
        self.last_heard = self.loop.time()
        self._buf += data
        if self._task is None:
            self._take()
        if self._task is not None and len(self._buf) > READ_AHEAD:
            self._pause("read ahead")           # (checked after _take too: a read may bring a message and more)

    def pause_writing(self) -> None:
        self._pause("write")

    def resume_writing(self) -> None:
        self._resume("write")

    # -- replies -----------------------------------------------------------------------------------------------
    def reply(self, status: str) -> None:
        """Send one reply line; a 4xx or 5xx counts as an error, and too many close the connection."""
        if self.transport is None or self.closing:
            return
        line = status.encode("ascii", "replace") + b"\r\n"
        if self._out is not None:
            self._out.append(line)
        else:
            self.transport.write(line)
        if status[:1] in ("4", "5"):
            self.errors += 1
            if self.errors >= self.connections.limits.max_errors > 0:
                self.close_with(S.TOO_MANY_ERRORS.format(host=self.connections.hostname))

    def close_with(self, line: str = "") -> None:
        """Send the replies gathered, say why (a 421 line, if given) and close."""
        if self.closing or self.transport is None:
            return
        self.closing = True
        with contextlib.suppress(Exception):
            self._flush()
            if line:
                self.transport.write(line.encode("ascii") + b"\r\n")
        self.transport.close()

    def _flush(self) -> None:
        out, self._out = self._out, None
        if out and self.transport is not None:
            self.transport.write(b"".join(out))

    def _pause(self, why: str) -> None:
        if not self._paused and self.transport is not None:
            self.transport.pause_reading()
        self._paused.add(why)

    def _resume(self, why: str) -> None:
        if why in self._paused:
            self._paused.discard(why)
            if not self._paused and self.transport is not None and not self.closing:
                self.transport.resume_reading()

    # -- taking commands and messages --------------------------------------------------------------------------
    def _take(self) -> None:
        """Work through what has come, until it runs out or a message goes to the judge."""
        self._out = []
        try:
            while self._task is None and not self.closing and self.transport is not None:
                if not (self._take_message() if self._in_data else self._take_command()):
                    break
        finally:
            self._flush()

    def _take_command(self) -> bool:
        buf = self._buf
        end = buf.find(b"\n")
        if end < 0:
            if len(buf) > LINE_LIMIT:            # far too long: dropped as it comes, answered at its end
                self._line_long = True
                del buf[:]
            return False
        line = bytes(buf[:end + 1])
        del buf[:end + 1]
        if self._line_long or len(line) > LINE_LIMIT + 1:
            self._line_long = False
            self.reply("500 Command line too long")
            return True
        self._command(line.rstrip(b"\r\n"))
        return True

    def _command(self, line: bytes) -> None:
        if not line:
            return self.reply("500 Error: bad syntax")
        verb, _, arg_bytes = line.partition(b" ")
        try:
            command = verb.upper().decode("ascii")
        except UnicodeDecodeError:
            return self.reply("500 Error: bad syntax")
        arg: str | None = None
        if arg_bytes:
            try:
                arg = arg_bytes.strip().decode("ascii")
            except UnicodeDecodeError:
                return self.reply("500 Error: strict ASCII mode")
        limit = COMMAND_LIMIT + (SIZE_PARAMETER if command == "MAIL" and self.session.extended_smtp
                                 and self.data_size_limit else 0)
        if len(line) > limit:
            return self.reply("500 Command line too long")
        method = _COMMANDS.get(command)
        if method is None:
            self._bogus += 1
            if self._bogus >= BOGUS_LIMIT:
                self.reply("502 5.5.1 Too many unrecognized commands, goodbye.")
                return self.close_with()
            return self.reply(f'500 Error: command "{command}" not recognized')
        method(self, arg)

    def _take_message(self) -> bool:
        buf = self._buf
        if self._scanned == 0:
            if buf[:3] == b".\r\n":              # the end at once: an empty message
                del buf[:3]
                self._message_end(b"")
                return True
            if len(buf) < 3:
                return False
        at = buf.find(END, max(self._scanned - 4, 0))
        if at < 0:
            limit = self.data_size_limit
            if self._refused is None and limit and len(buf) > limit + LINE_LIMIT + 4:
                self._refused = parts.refusal(buf, limit)     # (decided by now: see parts.refusal)
            if self._refused is not None and len(buf) > 4:
                del buf[:-4]                     # refused: only the last bytes are kept (the end may span reads)
            self._scanned = len(buf)
            return False
        message = bytes(buf[:at + 2])
        del buf[:at + 5]
        self._message_end(message)
        return True

    def _message_end(self, message: bytes) -> None:
        refused, self._refused, self._scanned, self._in_data = self._refused, None, 0, False
        envelope, self.envelope = self.envelope, Envelope()
        if refused is None and len(message) > min(self.data_size_limit or LINE_LIMIT, LINE_LIMIT - 2):
            refused = parts.refusal(message, self.data_size_limit)
        if refused is not None:
            return self.reply(refused)
        message = message.replace(b"\r\n.", b"\r\n")        # dot-unstuffing (RFC 5321 4.5.2)
        if message[:1] == b".":
            message = message[1:]
        envelope.content = envelope.original_content = message
        self._task = self.loop.create_task(self._deliver(envelope))

    async def _deliver(self, envelope: Envelope) -> None:
        try:
            status = await self.handler.handle_DATA(self, self.session, envelope)
        except asyncio.CancelledError:
            raise
        except Exception:                         # never a traceback to the client; it will try again
            log.exception("SMTP: a message from %s could not be taken", envelope.mail_from)
            status = S.TEMPORARY_FAILURE
        self._task = None
        self.reply(status)
        self._resume("read ahead")
        if self._buf:
            self._take()

    # -- the commands ------------------------------------------------------------------------------------------
    def _helo(self, arg: str | None) -> None:
        self._hello("HELO", arg)

    def _ehlo(self, arg: str | None) -> None:
        self._hello("EHLO", arg)

    def _hello(self, command: str, arg: str | None) -> None:
        if not arg:
            return self.reply(f"501 Syntax: {command} hostname")
        self._reset()
        self.session.extended_smtp = command == "EHLO"
        self.session.host_name = arg
        if command == "HELO":
            return self.reply(f"250 {self.hostname}")
        lines = [self.hostname, "PIPELINING"]
        if self.data_size_limit:
            lines.append(f"SIZE {self.data_size_limit}")
        lines += ["8BITMIME", "HELP"]
        for line in lines[:-1]:
            self.reply(f"250-{line}")
        self.reply(f"250 {lines[-1]}")

    def _mail(self, arg: str | None) -> None:
        if self._helo_needed():
            return
        syntax = self._syntax("MAIL FROM: <address>")
        path = self._path("FROM:", arg, syntax)
        if path is None:
            return
        if self.envelope.mail_from:
            return self.reply("503 Error: nested MAIL command")
        address, options = path
        refused = parts.mail_parameters(options, syntax, self.data_size_limit)
        if refused:
            return self.reply(refused)
        self.envelope.mail_from = address
        self.envelope.mail_options.extend(options)
        self.reply("250 OK")

    def _rcpt(self, arg: str | None) -> None:
        if self._helo_needed():
            return
        if not self.envelope.mail_from:
            return self.reply("503 Error: need MAIL command")
        syntax = self._syntax("RCPT TO: <address>")
        path = self._path("TO:", arg, syntax)
        if path is None:
            return
        address, options = path
        params = parts.params(options)
        if params is None:
            return self.reply(syntax)
        if params:
            return self.reply("555 RCPT TO parameters not recognized or not implemented")
        self.reply(self.handler.rcpt(self.envelope, address))

    def _syntax(self, command: str) -> str:
        return f"501 Syntax: {command}" + (" [SP <mail-parameters>]" if self.session.extended_smtp else "")

    def _path(self, keyword: str, arg: str | None, syntax: str) -> tuple[str, list[str]] | None:
        """MAIL FROM's or RCPT TO's address and parameters (upper case); None when refused (the reply is given)."""
        arg = parts.keyword(keyword, arg)
        if arg is None:
            self.reply(syntax)
            return None
        address, rest = self._getaddr(arg)
        if address is None:
            self.reply("553 5.1.3 Error: malformed address")
            return None
        if not address or (rest and not self.session.extended_smtp):
            self.reply(syntax)
            return None
        return address, rest.upper().split()

    def _data(self, arg: str | None) -> None:
        if self._helo_needed():
            return
        if not self.envelope.rcpt_tos:
            return self.reply("503 Error: need RCPT command")
        if arg:
            return self.reply("501 Syntax: DATA")
        self._in_data = True
        self.reply("354 End data with <CR><LF>.<CR><LF>")

    def _rset(self, arg: str | None) -> None:
        if arg:
            return self.reply("501 Syntax: RSET")
        self._reset()
        self.reply("250 OK")

    def _noop(self, arg: str | None) -> None:
        self.reply("250 OK")

    def _quit(self, arg: str | None) -> None:
        if arg:
            return self.reply("501 Syntax: QUIT")
        self.reply("221 Bye")
        self.close_with()

    def _vrfy(self, arg: str | None) -> None:
        if not arg:
            return self.reply("501 Syntax: VRFY <address>")
        address, _ = self._getaddr(arg)
        self.reply(f"502 Could not VRFY {arg}" if address is None
                   else "252 Cannot VRFY user, but will accept message and attempt delivery")

    def _help(self, arg: str | None) -> None:
        if arg:
            syntax = parts.SYNTAX.get(arg.upper())
            if syntax is not None:
                return self.reply(f"250 Syntax: {syntax}")
        self.reply(f"{501 if arg else 250} Supported commands: {' '.join(sorted(parts.SYNTAX))}")

    def _not_offered(self, arg: str | None) -> None:
        self.reply("502 5.5.1 Command not implemented")

    def _helo_needed(self) -> bool:
        if self.session.host_name:
            return False
        self.reply("503 Error: send HELO first")
        return True

    def _reset(self) -> None:
        self.envelope = Envelope()

    def _getaddr(self, arg: str) -> tuple[str | None, str | None]:
        """(address, the rest) of a MAIL FROM or RCPT TO argument; (None, None) if it cannot be read."""
        return parts.read_path(arg, self.local_part_limit)


_COMMANDS = {"HELO": SMTPConnection._helo, "EHLO": SMTPConnection._ehlo, "MAIL": SMTPConnection._mail,
             "RCPT": SMTPConnection._rcpt, "DATA": SMTPConnection._data, "RSET": SMTPConnection._rset,
             "NOOP": SMTPConnection._noop, "QUIT": SMTPConnection._quit, "VRFY": SMTPConnection._vrfy,
             "HELP": SMTPConnection._help, "EXPN": SMTPConnection._not_offered,
             "STARTTLS": SMTPConnection._not_offered, "AUTH": SMTPConnection._not_offered}


@contextlib.contextmanager
def at_work(server: Any) -> Iterator[None]:
    """The judge is working on the client's message: the client waits for us, it is not idle; its silence counts
    again from the answer."""
    if not isinstance(server, SMTPConnection):
        yield
        return
    server.busy += 1
    try:
        yield
    finally:
        server.busy -= 1
        server.last_heard = server.loop.time()
