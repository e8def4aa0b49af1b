"""The answer to a request aiohttp cannot read (a bad request line or method, a bad or oversized header, TLS spoken to
the HTTP port). aiohttp answers those itself, before any route or middleware runs, with a text that quotes the bad
part of the request back and none of the headers our pages carry. Its connection handler builds that answer
(RequestHandler.handle_error), so the judge's pages are served by a handler of its own whose answer is one of ours: a
fixed page, the same headers as every other page, the connection closed."""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from aiohttp import web

Answer = Callable[[int], web.Response]          # status -> our page for it (never built from the request)
# A request must come whole within this (its headers, then a form's body), and a connection idle between requests is
# closed after as long: aiohttp waited an hour for headers and for ever for a body, so that clients sending half a
# request held a file descriptor each, until the judge had none left for its games and mail.
REQUEST_SECONDS = 60.0


class Gate:
    """The web connections open at once, at most `cap` ([web] max_connections): one more is answered 503 and closed,
    as SMTP answers 421 beyond its own, so that visitors never take the file descriptors the games and mail need.
    Said in the log once each time the cap is reached."""

    def __init__(self, cap: int, log: Callable[[str], Any] | None = None):
        self.cap, self.open, self._log, self._full = cap, 0, log, False
        self.busy = b""                 # the answer beyond the cap, whole (listen makes it from our 503 page)

    def enter(self) -> bool:
        if self.open >= self.cap:
            if not self._full and self._log is not None:
                self._log(f"web: as many connections open as [web] max_connections allows ({self.cap}): more are "
                          "answered 503 until one closes")
            self._full = True
            return False
        self.open += 1
        return True

    def leave(self) -> None:
        self.open -= 1
        if self.open < self.cap:
            self._full = False


class Handler(web.RequestHandler):
    """aiohttp's connection handler, answering what it cannot read with `answer(status)`, and a connection beyond
    the gate's cap with the gate's busy answer."""

    __slots__ = ("_answer", "_gate", "_counted", "_stall", "_handling")

    def __init__(self, manager: web.Server, *, answer: Answer, gate: Gate | None = None, **kwargs: Any):
        super().__init__(manager, **kwargs)
        self._answer = answer
        self._gate = gate
        self._counted = False
        self._stall: asyncio.TimerHandle | None = None
        self._handling = 0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        if self._gate is not None and not self._gate.enter():
            transport.write(self._gate.busy)    # type: ignore[attr-defined]   # (no request is read)
            transport.close()
            return
        self._counted = self._gate is not None
        super().connection_made(transport)
        self._arm()

    # A request's headers must come within REQUEST_SECONDS of the connection or of the answer before (its body is
    # bounded where a form is read: judge.web.forms.posted). By a timer of our own: aiohttp 3.9 (the lowest the judge
    # takes) times neither a new connection nor half-sent headers, only the wait after an answer.
    def _arm(self) -> None:
        self._disarm()
        self._stall = asyncio.get_running_loop().call_later(REQUEST_SECONDS, self._stalled)

    def _disarm(self) -> None:
        if self._stall is not None:
            self._stall.cancel()
            self._stall = None

    def _stalled(self) -> None:
        self._stall = None
        if not self._handling and self.transport is not None:
            self.transport.close()

    def request_began(self) -> None:
        """A request's headers are in (the pages' middleware says so): no longer timed here."""
        self._handling += 1
        self._disarm()

    def request_ended(self) -> None:
        """Its answer is made: the next request is timed from now."""
        self._handling -= 1
        if not self._handling and self.transport is not None:
            self._arm()

    def connection_lost(self, exc: BaseException | None) -> None:
        self._disarm()
        if self._gate is not None and not self._counted:
            return                              # (refused at once: aiohttp's handler never started)
        if self._counted:
            self._counted = False
            self._gate.leave()                  # type: ignore[union-attr]
        super().connection_lost(exc)

    def handle_error(self, request: web.BaseRequest, status: int = 500, exc: BaseException | None = None,
                     message: str | None = None) -> web.StreamResponse:
        # aiohttp's own does the logging (judge.web.server_log counts malformed requests, without the request) and
        # refuses when part of an answer went out already; its page, which quotes the request, is not sent.
        super().handle_error(request, status, exc, message)
        response = self._answer(status)
        response.force_close()
        return response


async def listen(runner: web.AppRunner, host: str, port: int, answer: Answer, gate: Gate | None = None,
                 **handler: Any) -> asyncio.Server:
    """Serve `runner`'s application on host:port with Handler (`handler`: its settings: the logger, the access log),
    as aiohttp's TCPSite would with its own; the runner's clean-up still closes the open connections."""
    loop = asyncio.get_running_loop()
    server = runner.server
    if server is None:
        raise RuntimeError("the runner is not set up")
    if gate is not None:
        gate.busy = _whole(answer(503), "Retry-After: 60\r\n")
    idle = REQUEST_SECONDS            # (read now: a test may shorten it)
    # (lingering: after answering a request whose body did not all come, aiohttp reads on for a while, so that the
    # client gets the answer rather than a reset; no longer than a request may take)
    return await loop.create_server(lambda: Handler(server, loop=loop, answer=answer, gate=gate,
                                                    keepalive_timeout=idle, lingering_time=min(10.0, idle),
                                                    **handler),
                                    host, port, backlog=128)


def _whole(page: web.Response, extra: str) -> bytes:
    """A page as the bytes of a whole HTTP/1.1 answer that closes its connection (written before any request is
    read: aiohttp's writer is not there to make it)."""
    body = page.body if isinstance(page.body, bytes) else b""
    head = "".join(f"{k}: {v}\r\n" for k, v in page.headers.items()
                   if k.lower() not in ("content-length", "connection"))
    status = f"HTTP/1.1 {page.status} {page.reason}\r\n"
    tail = f"Connection: close\r\nContent-Length: {len(body)}\r\n\r\n"
    return (status + head + extra + tail).encode("latin-1") + body
