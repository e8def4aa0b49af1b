"""The daemon's outgoing mail loop: drains the outbox through the sender when kicked, and at least every interval."""
from __future__ import annotations

import asyncio
import logging
import time
from typing import Callable

from judge.daemon.sender import Sender

log = logging.getLogger("judge.daemon")


async def kicked(kick: asyncio.Event, timeout: float) -> bool:
    """Wait for a kick, at most `timeout` seconds. Not asyncio.wait_for: cancelled at the wrong moment, Python
    3.11's wait_for can wait for ever on the Event it wraps (it hung `stop()` about one time in ten)."""
    waiter = asyncio.ensure_future(kick.wait())
    try:
        done, _ = await asyncio.wait({waiter}, timeout=timeout)
        return bool(done)
    finally:
        waiter.cancel()


async def send_loop(sender: Sender, kick: asyncio.Event, interval: Callable[[], float]) -> None:
    """Runs until cancelled: a round of sending after each kick (mail committed), or after `interval()` seconds (a
    deferred message's retry); a relay connection left idle is closed meanwhile."""
    last_round = float("-inf")
    while True:
        if not await kicked(kick, min(interval(), sender.keep_open)):
            await asyncio.to_thread(sender.close_if_idle)
            if not kick.is_set() and time.monotonic() - last_round < interval():
                continue
        kick.clear()
        last_round = time.monotonic()
        try:
            await asyncio.to_thread(sender.drain)
        except Exception:                     # the next round tries again
            log.exception("sending failed")


def last_drain(sender: Sender, grace: float) -> None:
    """`judge serve` stops: what is ready goes now, within `grace` seconds whatever the relay does (a service manager
    kills a daemon slow to stop); the rest stays in the outbox for the next start."""
    sender.stop_by(time.monotonic() + grace)
    try:
        sender.drain()
    finally:
        sender.close()
    left = len(sender.outbox.paths())
    if left:
        log.info("%d outgoing message(s) wait in the outbox for the next start", left)
