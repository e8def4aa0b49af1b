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


class Handler(web.RequestHandler):
    """aiohttp's connection handler, answering what it cannot read with `answer(status)`."""

    __slots__ = ("_answer",)

    def __init__(self, manager: web.Server, *, answer: Answer, **kwargs: Any):
        super().__init__(manager, **kwargs)
        self._answer = answer

    def handle_error(self, request: web.BaseRequest, status: int = 500, exc: BaseException | None = None,
                     message: str | None = None) -> web.StreamResponse:
        # aiohttp's own does the logging (judge.web.server_log counts malformed requests, without the request) and
        # refuses when part of an answer went out already; its page, which quotes the request, is not sent.
        super().handle_error(request, status, exc, message)
        response = self._answer(status)
        response.force_close()
        return response


async def listen(runner: web.AppRunner, host: str, port: int, answer: Answer, **handler: Any) -> asyncio.Server:
    """Serve `runner`'s application on host:port with Handler (`handler`: its settings: the logger, the access log),
    as aiohttp's TCPSite would with its own; the runner's clean-up still closes the open connections."""
    loop = asyncio.get_running_loop()
    server = runner.server
    if server is None:
        raise RuntimeError("the runner is not set up")
    idle = REQUEST_SECONDS            # (read now: a test may shorten it)
    # (lingering: after answering a request whose body did not all come, aiohttp reads on for a while, so that the
    # client gets the answer rather than a reset; no longer than a request may take)
    return await loop.create_server(lambda: Handler(server, loop=loop, answer=answer, keepalive_timeout=idle,
                                                    lingering_time=min(10.0, idle), **handler),
                                    host, port, backlog=128)
