"""`judge serve` before it takes any mail: the commits a kill interrupted finished or dropped, leftovers deleted,
every game's wake-up read, and the mail accepted before the stop routed to its game's lane again."""
from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Callable

from judge.daemon import failures
from judge.daemon.failures import RETRY_MAX
from judge.daemon.sender import Sender
from judge.daemon.spool import Spool
from judge.mail import inbound
from judge.service import Clock, Judge
from judge.storage.commit import remove_temp_files

log = logging.getLogger("judge.daemon")
Route = Callable[[bytes, "str | None"], "tuple[str, inbound.Incoming | None]"]


def recover(judge: Judge, spool: Spool, sender: Sender, clock: Clock) -> dict[str, datetime | None]:
    """Finish or drop the commits a kill interrupted, delete its temp files. Returns every game's committed wake-up
    (a game whose file cannot be read is reported and looked at again later; the others start as usual)."""
    wakeups, broken, published = judge.store.scan()
    judge.outbox.note(published)
    removed = spool.clean() + remove_temp_files(judge.outbox.folder) + sender.clean_maildir()
    if removed:
        log.info("start-up: %d leftover temporary or expired files removed", removed)
    for game, why in broken.items():
        judge.keeper.tell(f"unavailable {game}", f"game {game} is unavailable",
                          [why, "Its mail is answered with 'unavailable' until the file is mended."])
        wakeups[game] = clock() + timedelta(seconds=RETRY_MAX)
    return wakeups


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
