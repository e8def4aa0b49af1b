"""A processed phase's picture that processing did not draw (its results mail carried none, or only the SVG): drawn
when a page or client first asks, in a worker thread, once however many ask at the same time, then kept in memory.

Kept in memory, not on disk: a picture is a pure function of what it is drawn from (the kept picture source or SVG,
judge.picture.source), the same bytes as processing would have drawn, so it is named by those bytes' SHA-256 and can
never be stale, whatever a ROLLBACK does; nothing is written, so no game file is ever touched outside its commit and
lock, and there is no folder to bound or clean. The price: after a restart a phase's PNG is drawn again on its first
request (about 125 ms of CPU; its SVG about 20 ms).
"""
from __future__ import annotations

import asyncio
import hashlib
from concurrent.futures import ThreadPoolExecutor
import logging
import os
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable

from judge import picture
from judge.maps import Map
from judge.picture import source as picture_source

log = logging.getLogger("judge.web")
KEPT_BYTES = 32 * 1024 * 1024       # about 330 crowded boards (palette PNGs of 90-100 KB; an SVG is 60-80 KB)
# Drawings run one at a time in a thread of their own: a visitor asking for many new pictures at once (a crawler
# going through every phase) queues behind them, and never takes the threads that read the pages from the others.
DRAWERS = 1
NICE = 10                           # the drawing thread yields the processor to the loop and the page readers


def _lower_priority() -> None:
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)     # Linux: this thread alone
    except (AttributeError, OSError):
        pass


@dataclass(frozen=True)
class Source:
    """A picture still to draw: its name (the kind and the SHA-256 of what it is drawn from: also its ETag) and the
    drawing itself, to run in a worker thread."""
    key: str
    make: Callable[[], bytes]


def png_of_svg(svg: bytes) -> Source:
    return Source("png-" + hashlib.sha256(svg).hexdigest(), lambda: picture.png(svg.decode("utf-8")))


def of_source(m: Map, data: bytes, kind: str) -> Source:
    """The phase's SVG or PNG from its kept picture source (judge.picture.source), on the game's map."""
    def make() -> bytes:
        svg = picture_source.svg(m, data)
        return picture.png(svg) if kind == "png" else svg.encode("utf-8")
    return Source(f"{kind}-" + hashlib.sha256(data).hexdigest(), make)


class DrawingFailed(Exception):
    """What the picture is drawn from could not be read or drawn (a damaged file): a 500 for the visitor, logged
    for the keeper."""


class PhasePictures:
    """Pictures drawn on request, least recently used first out once they pass `limit` bytes. Used on the event
    loop only (no locks); the drawing itself runs in a worker thread of its own, through `draw` (tests slow it
    down)."""

    def __init__(self, limit: int = KEPT_BYTES):
        self.limit = limit
        self.draw: Callable[[Callable[[], bytes]], bytes] = lambda make: make()
        self.size = 0
        self.drawn = 0                         # pictures drawn so far (tests: concurrent first requests draw once)
        self._kept: OrderedDict[str, bytes] = OrderedDict()
        self._drawing: dict[str, asyncio.Future] = {}
        self._pool = ThreadPoolExecutor(DRAWERS, thread_name_prefix="judge-picture", initializer=_lower_priority)

    def close(self) -> None:
        """No new drawing starts (one under way finishes in its thread)."""
        self._pool.shutdown(wait=False, cancel_futures=True)

    async def get(self, source: Source) -> bytes:
        data = self._kept.get(source.key)
        if data is not None:
            self._kept.move_to_end(source.key)
            return data
        pending = self._drawing.get(source.key)
        if pending is None:
            self.drawn += 1
            pending = asyncio.get_running_loop().run_in_executor(self._pool, self._draw_one, source.make)
            self._drawing[source.key] = pending
            pending.add_done_callback(lambda done: self._drawn(source.key, done))
        # shielded: a visitor who leaves does not stop the drawing the others wait for
        return await asyncio.shield(pending)

    def _draw_one(self, make: Callable[[], bytes]) -> bytes:
        try:
            return self.draw(make)
        except Exception as exc:
            log.exception("could not draw a phase's picture from what its results kept")
            raise DrawingFailed() from exc

    def _drawn(self, key: str, done: asyncio.Future) -> None:
        self._drawing.pop(key, None)
        if done.cancelled() or done.exception() is not None:
            return                              # nothing kept: the next request tries again
        data = done.result()
        if len(data) > self.limit:
            return
        self._kept[key] = data
        self.size += len(data)
        while self.size > self.limit:
            _, old = self._kept.popitem(last=False)
            self.size -= len(old)
