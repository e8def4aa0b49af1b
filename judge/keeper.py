"""Notices to the judge keeper (config.ini [judge] keeper): what the judge could not do on its own."""
from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from datetime import datetime, timedelta
from pathlib import Path

from judge.mail import outbound
from judge.storage import told
from judge.templating import render

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

    def unsendable(self, path: Path, why: str) -> None:
        """The sender gave up on an outgoing message (kept at `path`); called from a sender thread."""
        self.tell(f"unsendable {path.name}", "an outgoing message could not be delivered",
                  [f"The relay refused {path.name} for good: {why}.", f"It is kept in {path.parent}."])
