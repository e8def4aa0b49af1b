"""What `judge serve` looks at now and then. Every 30 s the spool: messages put back by `judge requeue`, deferred
messages whose retry is due, and set-aside messages past their time (a daemon may run for months without a restart);
and the variants folder, for broken files put there meanwhile (judge.daemon.variant_files). Every second the games
changed by another process (judge.daemon.changed), and the keeper's notices that could not be written."""
from __future__ import annotations

import asyncio
import logging

from judge import malloc
from judge.daemon import changed, variant_files
from judge.daemon.lanes import NO_GAME, Job

log = logging.getLogger("judge.daemon")
SWEEP_INTERVAL = 30.0       # how often the spool is looked at for messages put there by other means (requeue)
WATCH_INTERVAL = 1.0        # how often games changed by another process are looked for (a listing of a folder)


def retry(daemon, name: str) -> None:
    """A deferred message's time has come: queue it again (unless a sweep or a restart took it meanwhile)."""
    if name in daemon._queued or not (daemon.spool.root / "new" / name).exists():
        return
    lane, parsed = NO_GAME, None
    try:
        raw, sender = daemon.spool.read(name)
        lane, parsed = daemon.route(raw, sender)
    except Exception:  # noqa: BLE001 - the worker meets the problem again
        pass
    daemon._enqueue(lane, Job(name, parsed))


async def sweep_loop(daemon) -> None:
    while True:
        await asyncio.sleep(SWEEP_INTERVAL)
        try:
            await sweep(daemon)
        except Exception:  # noqa: BLE001 - the next sweep tries again
            log.exception("spool sweep failed")
        await asyncio.to_thread(variant_files.check)   # a broken file put in the variants folder meanwhile: logged
        await asyncio.to_thread(malloc.trim)    # memory freed since the last sweep goes back to the system


async def sweep(daemon) -> int:
    """Queue the requeued messages nobody queued yet (returns how many); delete expired set-aside ones."""
    await asyncio.to_thread(daemon.spool.expire_set_aside)
    names = await asyncio.to_thread(lambda: sorted(p.name for p in (daemon.spool.root / "new").iterdir()))
    # Only requeued messages (named '<key>:0'): a new arrival is in new/ a moment before it is queued.
    found = [n for n in names if n.endswith(":0") and n not in daemon._queued]
    for name in found:
        retry(daemon, name)
    return len(found)


async def watch_loop(daemon) -> None:
    while True:
        await asyncio.sleep(WATCH_INTERVAL)
        try:
            await watch(daemon)
        except Exception:  # noqa: BLE001 - the next look tries again
            log.exception("looking for games changed by other processes failed")


async def watch(daemon) -> None:
    """Plan again the clock of each game another process changed, from its file; write the keeper's notices that
    could not be written before (a full disk), and send them."""
    def read() -> dict:
        return {game: daemon.wakeup(game) for game in changed.take(daemon.judge.store.root)}
    for game, moment in (await asyncio.to_thread(read)).items():
        if daemon.deadlines is not None:
            daemon.deadlines.plan(game, moment)
    keeper = daemon.judge.keeper
    if keeper.pending and await asyncio.to_thread(keeper.retry):
        daemon.kick.set()
