"""Notices to the judge keeper (config.ini [judge] keeper): what the judge could not do on its own."""
from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from datetime import datetime, timedelta
from pathlib import Path

from judge.mail import outbound
from judge.templating import render

log = logging.getLogger("judge.keeper")
QUIET = timedelta(hours=1)          # the same problem is told at most once an hour
REMEMBERED = 1000                   # problems remembered (the oldest are forgotten first)


class Keeper:
    def __init__(self, settings, outbox, clock):
        self.settings = settings
        self.outbox = outbox
        self.clock = clock
        self.address = settings.get("judge", "keeper")
        self._told: OrderedDict[str, datetime] = OrderedDict()
        self._lock = threading.Lock()

    def tell(self, key: str, title: str, lines: list[str]) -> bool:
        """Mail the keeper about a problem (logged in any case); `key` names it, so that a problem that repeats
        is told once an hour, not with every message. Returns whether a mail was written."""
        log.warning("keeper: %s: %s", title, " ".join(lines))
        if not self.address:
            return False
        now = self.clock()
        with self._lock:
            last = self._told.get(key)
            if last is not None and now - last < QUIET:
                return False
            self._told[key] = now
            self._told.move_to_end(key)
            while len(self._told) > REMEMBERED:
                self._told.popitem(last=False)
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
