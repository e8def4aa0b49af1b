"""The SMTP listening sockets, accepting connections itself rather than through loop.create_server: a connection
beyond the cap is answered 421 and closed at once (its descriptor freed before the next accept), and an accept()
that fails for want of descriptors pauses accepting for a second. (asyncio's own accept loop, on the same failure,
goes on trying within the same wake-up and schedules a retry and a logged traceback for each try: 90,000 tracebacks
in 30 s with the file limit at 256.)"""
from __future__ import annotations

import asyncio
import socket
from typing import Callable

from judge.daemon import statuscodes as S
from judge.daemon.connections import Connections

BACKLOG = 100                   # the kernel's queue of connections not yet accepted (Postfix's default too)
ACCEPTS_PER_WAKEUP = 32         # connections taken per readiness event, so one flood cannot starve the loop
ACCEPT_RETRY_SECONDS = 1.0      # pause after accept() failed for want of resources


class CannotListen(OSError):
    """A listening socket (mail's, or the web pages') that cannot be had: `judge serve` says "cannot listen", exit
    71. Any other OSError of start-up is not the network's (a game's files, the spool): said as what it is."""


class Listener:
    """Listens on host:port; `factory()` makes the protocol of each admitted connection."""

    def __init__(self, loop: asyncio.AbstractEventLoop, connections: Connections,
                 factory: Callable[[], asyncio.Protocol]):
        self.loop = loop
        self.connections = connections
        self.factory = factory
        self.sockets: list[socket.socket] = []
        self._tasks: set[asyncio.Task] = set()
        self._closed = False

    def listen(self, host: str | None, port: int) -> None:
        """Bind every address `host` stands for (all interfaces when empty), as create_server does; CannotListen if
        one cannot be bound."""
        seen = set()
        try:
            infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
            for family, kind, proto, _, address in infos:
                if (family, address) in seen:
                    continue
                seen.add((family, address))
                sock = socket.socket(family, kind, proto)
                self.sockets.append(sock)
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if family == socket.AF_INET6 and hasattr(socket, "IPPROTO_IPV6"):
                    sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                sock.bind(address)
                sock.listen(BACKLOG)
                sock.setblocking(False)
        except OSError as exc:
            self.close()
            raise CannotListen(exc.errno, exc.strerror or str(exc)) from exc
        for sock in self.sockets:
            self.loop.add_reader(sock.fileno(), self._ready, sock)

    def _ready(self, sock: socket.socket) -> None:
        for _ in range(ACCEPTS_PER_WAKEUP):
            try:
                conn, _ = sock.accept()
            except (BlockingIOError, InterruptedError):
                return
            except ConnectionAbortedError:
                continue
            except OSError as exc:                   # EMFILE and the like: logged once, until accept() works
                self.connections.accept_failed(exc)
                self.loop.remove_reader(sock.fileno())
                self.loop.call_later(ACCEPT_RETRY_SECONDS, self._resume, sock)
                return
            if not self.connections.admit():
                _refuse(conn, S.BUSY.format(host=self.connections.hostname))
                continue
            task = self.loop.create_task(self._start(conn))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def _resume(self, sock: socket.socket) -> None:
        if not self._closed and sock.fileno() >= 0:
            self.loop.add_reader(sock.fileno(), self._ready, sock)

    async def _start(self, conn: socket.socket) -> None:
        protocol = self.factory()
        try:
            await self.loop.connect_accepted_socket(lambda: protocol, conn)
        except BaseException as exc:
            if not getattr(protocol, "counted", False):      # never counted as open: its place is free again
                self.connections.start_failed()
            conn.close()
            if not isinstance(exc, Exception):
                raise

    def close(self) -> None:
        """Stop listening (the connections open are the caller's: Connections.close_all)."""
        self._closed = True
        for sock in self.sockets:
            if sock.fileno() >= 0:
                self.loop.remove_reader(sock.fileno())
                sock.close()


def _refuse(conn: socket.socket, line: str) -> None:
    """Answer a connection beyond the cap and close it now, freeing its descriptor before the next accept."""
    try:
        conn.setblocking(False)
        conn.send(line.encode("ascii") + b"\r\n")
    except OSError:
        pass
    finally:
        conn.close()
