"""`judge serve` before it takes any mail: the commits a kill interrupted finished or dropped, leftovers deleted,
every game's wake-up read, and the mail accepted before the stop routed to its game's lane again.

With many games (judge.storage.wakeup_index) the deadlines are first planned from the hint the daemon kept when it
last stopped, and every game is read right after mail is taken (`check_games`); a message for a game not read yet
finishes that game's interrupted commit itself (GameStore.open)."""
from __future__ import annotations

import asyncio
import logging
import threading
from datetime import datetime, timedelta
from pathlib import Path
from typing import Callable, Protocol

from judge.config import Settings
from judge.daemon import failures
from judge.daemon.failures import RETRY_MAX, RETRY_START
from judge.daemon.scheduler import Deadlines
from judge.daemon.sender import Sender
from judge.daemon.spool import Spool
from judge.mail import inbound
from judge.service import Clock, Judge
from judge.storage import wakeup_index
from judge.storage.commit import remove_temp_files
from judge.storage.old_files import remove_old_files

log = logging.getLogger("judge.daemon")
Route = Callable[[bytes, "str | None"], "tuple[str, inbound.Incoming | None]"]


class Daemon(Protocol):
    """What start-up uses of judge.daemon.service.Daemon."""
    judge: Judge
    spool: Spool
    sender: Sender
    clock: Clock
    deadlines: Deadlines | None
    checked: asyncio.Event                  # every game read since start-up
    kick: asyncio.Event                     # wakes the sender
    stopping: threading.Event               # set when the daemon begins to stop

    def _recover(self) -> dict[str, datetime | None]: ...

    def wakeup(self, game: str) -> datetime | None: ...


async def plan_wakeups(daemon: Daemon) -> dict[str, datetime | None] | None:
    """Before mail is taken: every game's wake-up planned, from the games themselves (read in the pass that
    finishes interrupted commits), or from the hint kept at the last stop when there is a usable one. Returns that
    hint (then `check_after_start` reads the games once mail is taken), or None."""
    hint = await asyncio.to_thread(wakeup_index.read, daemon.judge.store.root)
    if hint is None:
        wakeups = await asyncio.to_thread(daemon._recover)
    else:
        await asyncio.to_thread(clean, daemon.judge, daemon.spool, daemon.sender)
        wakeups = hint
    for game, moment in wakeups.items():
        daemon.deadlines.plan(game, moment)
    return hint


async def check_after_start(daemon: Daemon, hint: dict[str, datetime | None]) -> None:
    """After a start from the hint: every game read, and planned again where the hint was wrong, from its file as
    it is then (a message may have changed it since the pass read it). Sets `daemon.checked` when done."""
    try:
        found, retry = await asyncio.to_thread(check_games, daemon.judge, daemon.clock, daemon.stopping)
        if daemon.stopping.is_set():
            return
        changed = [game for game in hint.keys() | found.keys() if found.get(game) != hint.get(game)]
        for done, game in enumerate(changed, 1):
            daemon.deadlines.plan(game, found[game] if game in retry else daemon.wakeup(game))
            if done % 50 == 0:
                await asyncio.sleep(0)       # (each is a read of a file on the loop: mail is served in between)
        daemon.kick.set()                            # (the mail of the interrupted commits it finished)
        await keep_hint(daemon)
    except Exception:  # noqa: BLE001 - the daemon goes on with what it has planned; the log says why
        log.exception("start-up: the check of every game failed")
    finally:
        daemon.checked.set()


async def keep_hint(daemon: Daemon) -> None:
    """The wake-ups planned now, kept as the next start-up's hint (only with many games: wakeup_index)."""
    if daemon.deadlines is None:
        return
    try:
        await asyncio.to_thread(wakeup_index.write, daemon.judge.store.root, daemon.deadlines.kept())
    except OSError as exc:
        log.warning("the wake-up hint for the next start-up could not be written: %s", exc)


def say_where(settings: Settings, host: str, port: int, workers: int) -> None:
    """Two lines at start-up: where mail comes in and games live; where outgoing mail goes."""
    log.info("judge listening for mail on %s:%s (SMTP), games in %s, %d game workers", host, port,
             Path(settings.games_dir).resolve(), workers)
    relay = settings.get("relay", "host")
    if relay:
        log.info("outgoing mail goes to the relay %s:%s", relay, settings.get("relay", "port"))
    else:
        log.info("outgoing mail goes to the Maildir %s (no relay configured)",
                 Path(settings.get("relay", "maildir")).resolve())


def recover(judge: Judge, spool: Spool, sender: Sender, clock: Clock) -> dict[str, datetime | None]:
    """Finish or drop the commits a kill interrupted, delete its temp files. Returns every game's committed wake-up
    (a game whose file cannot be read is reported and looked at again later; the others start as usual)."""
    wakeups, _ = check_games(judge, clock)
    clean(judge, spool, sender)
    return wakeups


def clean(judge: Judge, spool: Spool, sender: Sender) -> None:
    """The leftovers of a kill outside the game folders: the spool's, the outbox's, the Maildir's and the games
    folder's own temp files; and the files of an earlier release that this one no longer reads. Only before mail is
    taken (a temp file then may be one being written)."""
    removed = (spool.clean() + remove_temp_files(judge.outbox.folder) + sender.clean_maildir()
               + remove_temp_files(judge.store.root) + remove_old_files(judge.store.root))
    if removed:
        log.info("start-up: %d leftover temporary or expired files removed", removed)


def check_games(judge: Judge, clock: Clock, cancel: threading.Event | None = None
                ) -> tuple[dict[str, datetime | None], set[str]]:
    """Every game read: its interrupted commit finished or dropped, its temp files deleted, its committed wake-up
    returned (a game whose file cannot be read is reported, and looked at again later), and the games whose
    interrupted commit could not be finished, planned for a retry soon (their clock work finishes it first). May
    run while mail is taken: each game is mended under its lock. Stops early once `cancel` is set."""
    found = judge.store.scan(cancel)
    judge.outbox.note(found.published)
    wakeups = found.wakeups
    for game, why in found.broken.items():
        judge.keeper.tell(f"unavailable {game}", f"game {game} is unavailable",
                          [why, "Its mail is answered with 'unavailable' until the file is mended."])
        wakeups[game] = clock() + timedelta(seconds=RETRY_MAX)
    for game, why in found.unfinished.items():
        log.warning("start-up: game %s: %s", game, why)
        judge.keeper.tell(f"unfinished {game}", f"game {game}: a change is not finished",
                          [why, "The change is made, but not all of it is in place: the rest (its mail among it) "
                                "waits in the game's folder, and the game's mail is deferred meanwhile. It is tried "
                                f"again in {RETRY_START:.0f} s, then less often (check the disk of the outbox)."])
        wakeups[game] = clock() + timedelta(seconds=RETRY_START)
    return wakeups, set(found.unfinished)


def route_pending(judge: Judge, spool: Spool, route: Route,
                  no_game: str) -> list[tuple[str, str, inbound.Incoming | None]]:
    """(spool name, lane, message as read) of each message accepted and not done, in arrival order; those whose
    processing was cut short too often are set aside and answered."""
    out = []
    names, set_aside = spool.pending()
    for name in set_aside:
        failures.answer_failure(spool, judge, name, "bad", "its processing was interrupted too many times")
    for name in names:
        try:
            raw, sender = spool.read(name)
            lane, parsed = route(raw, sender)
        except Exception:                       # the worker meets the problem again and puts the file aside
            log.exception("could not read spooled message %s", name)
            lane, parsed = no_game, None
        out.append((name, lane, parsed))
    return out
