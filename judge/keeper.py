"""Notices to the judge keeper (config.ini [judge] keeper): what the judge could not do on its own."""
from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from judge.mail import outbound
from judge.storage import told
from judge.templating import render

if TYPE_CHECKING:
    from judge.daemon.sender import GivenUp

log = logging.getLogger("judge.keeper")
QUIET = timedelta(hours=1)          # the same problem is told at most once an hour


class Keeper:
    def __init__(self, settings, outbox, clock):
        self.settings = settings
        self.outbox = outbox
        self.clock = clock
        self.address = settings.get("judge", "keeper")
        self._told: OrderedDict[str, datetime] = OrderedDict()
        self._lock = threading.Lock()

    def tell(self, key: str, title: str, lines: list[str], log_repeats: bool = True) -> bool:
        """Mail the keeper about a problem (logged in any case); `key` names it, so that a problem that repeats
        is told once an hour, not with every message, whichever process of the judge meets it. Without
        `log_repeats` (a web page, asked for any number of times) a repeat within the hour is not logged either.
        Returns whether a mail was written."""
        if log_repeats:
            log.warning("keeper: %s: %s", title, " ".join(lines))
            if not self.address:
                return False
        new = self._first(key)
        if new and not log_repeats:
            log.warning("keeper: %s: %s", title, " ".join(lines))
        return new and self._put(title, lines)

    def mail(self, key: str, title: str, lines: list[str]) -> bool:
        """`tell` without the log line, for a caller that has said the problem already (cron's `judge process`)."""
        return self._first(key) and self._put(title, lines)

    def _first(self, key: str) -> bool:
        """Is the problem untold within the hour (in this process, then by any: judge.storage.told)? If so it
        counts as told now."""
        now = self.clock()
        with self._lock:
            last = self._told.get(key)
            if last is not None and abs(now - last) < QUIET:
                return False
            last = told.first_in(self.settings.games_dir, key, now, QUIET)
            self._told[key] = now if last is None else last
            self._told.move_to_end(key)
            while len(self._told) > told.KEPT:
                self._told.popitem(last=False)
        return last is None

    def _put(self, title: str, lines: list[str]) -> bool:
        if not self.address:
            return False
        subject, body = render("notice/keeper.txt", judge=self.settings.judge_name, title=title, lines=lines)
        try:
            self.outbox.put(outbound.build(self.settings, self.address, subject, body))
        except Exception:                              # the keeper's mail must never stop the judge's work
            log.exception("could not write a notice to the keeper")
            return False
        return True

    def unsendable(self, given: GivenUp) -> None:
        """The sender gave up on an outgoing message; called from a sender thread. Told once an hour per kind of
        failure (not per message: a relay refusing everything would have the keeper mailed for every message), and
        never when the message was mail to the keeper: a notice about it would go the same way, and fail in turn,
        without end."""
        path = given.path
        if self.address and self.address.lower() in (to.lower() for to in given.recipients):
            log.error("keeper: mail to the keeper himself was given up (%s: %s); kept in %s, told here only (a "
                      "notice would go the same way)", path.name, given.why, path.parent)
            return
        self.tell(f"unsendable: {given.kind}", "an outgoing message could not be delivered",
                  [f"{given.kind[:1].upper()}{given.kind[1:]}.", f"{path.name} was given up: {given.why}.",
                   (f"It is kept in {path.parent}, where any other message given up for the same reason within the "
                    "hour is kept too, without a notice of its own (the judge's log names each).")])
