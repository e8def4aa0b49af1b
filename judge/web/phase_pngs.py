"""The PNG of a processed phase whose results kept only its SVG (map_picture none or svg): drawn from that SVG when a
page or client first asks, in a worker thread, once however many ask at the same time, then kept in memory.

Kept in memory, not on disk: the PNG is a pure function of the SVG's bytes (it is what processing would have drawn
from them, byte for byte), so it is named by their SHA-256 and can never be stale, whatever a ROLLBACK does; nothing
is written, so no game file is ever touched outside its commit and lock, and there is no folder to bound or clean.
The price: after a restart a phase's PNG is drawn again on its first request (about 125 ms of CPU).
"""
from __future__ import annotations

import asyncio
import hashlib
import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable

from judge import picture

log = logging.getLogger("judge.web")
KEPT_BYTES = 32 * 1024 * 1024       # about 330 crowded boards (palette PNGs of 90-100 KB)


@dataclass(frozen=True)
class Source:
    """A kept SVG to draw a PNG from: its bytes and their SHA-256 (the PNG's name and ETag)."""
    key: str
    svg: bytes

    @classmethod
    def of(cls, svg: bytes) -> Source:
        return cls(hashlib.sha256(svg).hexdigest(), svg)


class DrawingFailed(Exception):
    """The kept SVG could not be rasterised (a damaged file): a 500 for the visitor, logged for the keeper."""


def _draw(svg: bytes) -> bytes:
    return picture.png(svg.decode("utf-8"))


class PhasePngs:
    """Pictures drawn on request, least recently used first out once they pass `limit` bytes. Used on the event
    loop only (no locks): the drawing itself runs in a worker thread."""

    def __init__(self, limit: int = KEPT_BYTES, draw: Callable[[bytes], bytes] = _draw):
        self.limit = limit
        self.draw = draw
        self.size = 0
        self.drawn = 0                         # pictures drawn so far (tests: concurrent first requests draw once)
        self._kept: OrderedDict[str, bytes] = OrderedDict()
        self._drawing: dict[str, asyncio.Future] = {}

    async def png(self, source: Source) -> bytes:
        data = self._kept.get(source.key)
        if data is not None:
            self._kept.move_to_end(source.key)
            return data
        pending = self._drawing.get(source.key)
        if pending is None:
            self.drawn += 1
            pending = asyncio.ensure_future(asyncio.to_thread(self._draw_one, source.svg))
            self._drawing[source.key] = pending
            pending.add_done_callback(lambda done: self._drawn(source.key, done))
        try:
            # shielded: a visitor who leaves does not stop the drawing the others wait for
            return await asyncio.shield(pending)
        except DrawingFailed:
            raise
        except Exception as exc:  # noqa: BLE001 - reported as a failed drawing
            raise DrawingFailed() from exc

    def _draw_one(self, svg: bytes) -> bytes:
        try:
            return self.draw(svg)
        except Exception as exc:
            log.exception("could not draw a phase's PNG from its kept SVG")
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
