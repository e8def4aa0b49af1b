"""What aiohttp's request handler logs (its `logger`), kept free of visitors' addresses and bounded.

aiohttp answers a request it cannot parse (a URL over 8 KB, a NUL in it, a bad header character, TLS spoken to the
HTTP port) with 400 itself, and logs "Error handling request from <peer>" with a traceback quoting the request. Anyone
can send such requests as fast as they like, and the README promises that no visitor's address is written. So here
they are only counted (with a body that cannot be read: judge.web.app answers those 400 and counts them here too):
one line at most a minute says how many there were, with neither address nor content. A client gone mid-request is
not an error. Any other line aiohttp logs keeps its traceback (an error of ours, for the keeper) but loses the peer.
"""
from __future__ import annotations

import asyncio
import logging
import sys
from typing import Any

from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.web_protocol import RequestPayloadError

EVERY = 60.0                         # seconds between two lines about malformed requests, at least
MALFORMED = (HttpProcessingError, RequestPayloadError)     # a request's head, or its body, that cannot be read
_PEER = "Error handling request from %s"


class ServerLog(logging.LoggerAdapter):
    """aiohttp's server logger ("aiohttp.server"), with malformed requests counted and peers left out."""

    def __init__(self, logger: logging.Logger | None = None, every: float = EVERY):
        super().__init__(logger or logging.getLogger("aiohttp.server"), {})
        self.every = every
        self.count = 0                               # malformed requests not told yet
        self._last: float | None = None              # (loop time) the last line about them
        self._timer: asyncio.TimerHandle | None = None
        self._counted: BaseException | None = None    # the last error counted (aiohttp may log it again)

    def log(self, level: int, msg: Any, *args: Any, **kwargs: Any) -> None:
        error = _error(kwargs.get("exc_info"))
        if isinstance(error, MALFORMED):
            self.malformed(error)
            return
        if isinstance(error, ConnectionError):
            super().log(logging.DEBUG, "a web client went away before its answer")
            return
        if msg == _PEER:
            msg, args = "Error handling a web request", ()
        super().log(level, msg, *args, **kwargs)

    def flush(self) -> None:
        """Tell the malformed requests counted since the last line, if any (also at the server's stop)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.count:
            self.logger.warning("%d malformed web request%s answered 400 (not readable as HTTP; at most one such line "
                                "a minute, no address kept)", self.count, "" if self.count == 1 else "s")
            self.count = 0
        try:
            self._last = asyncio.get_running_loop().time()
        except RuntimeError:
            self._last = None

    def malformed(self, error: BaseException | None = None) -> None:
        """Count one malformed request (once, however often its `error` is logged)."""
        if error is not None:
            if error is self._counted:
                return
            self._counted = error
        self.count += 1
        if self._timer is not None:
            return                                   # told with the others when the minute is over
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:                         # (aiohttp logs on its loop; anything else is told at once)
            self.flush()
            return
        wait = 0.0 if self._last is None else self._last + self.every - loop.time()
        if wait <= 0:
            self.flush()
        else:
            self._timer = loop.call_later(wait, self.flush)


def _error(exc_info: Any) -> BaseException | None:
    """The exception a logging call's exc_info names (an exception, a sys.exc_info() tuple, or True: the current)."""
    if isinstance(exc_info, BaseException):
        return exc_info
    if isinstance(exc_info, tuple) and len(exc_info) == 3:
        return exc_info[1]
    if exc_info is True:
        return sys.exc_info()[1]
    return None
