"""Notices to the judge keeper (config.ini [judge] keeper): what the judge could not do on its own."""
from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from judge.mail import outbound
from judge.storage import told
from judge.storage.recent import recent
from judge.templating import render

if TYPE_CHECKING:
    from judge.daemon.sender import GivenUp

log = logging.getLogger("judge.keeper")
QUIET = timedelta(hours=1)          # the same problem is told at most once an hour
PENDING_KEPT = 50                   # notices that could not be written, kept to be tried again (the oldest dropped)
DAEMON_LOG = "the judge's log"     # where a notice sends the keeper for details (judge.cli_log.PIPE_LOG without it)
RETRY_LONGEST = 60.0                # seconds: notices still unwritable are tried again less often, up to this


class Keeper:
    def __init__(self, settings, outbox, clock):
        self.settings = settings
        self.outbox = outbox
        self.clock = clock
        self.address = settings.get("judge", "keeper")
        self.log_name = DAEMON_LOG
        self._told: OrderedDict[str, datetime] = OrderedDict()
        # Notices that could not be written (a full disk): key -> (title, lines, when first due, why not written)
        self._pending: OrderedDict[str, tuple[str, list[str], datetime, str]] = OrderedDict()
        self._retry_at, self._retry_pause = 0.0, 1.0        # (time.monotonic) the next `retry`, and the pause after it
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
        return new and self._put(key, title, lines)

    def mail(self, key: str, title: str, lines: list[str]) -> bool:
        """`tell` without the log line, for a caller that has said the problem already (cron's `judge process`)."""
        return self._first(key) and self._put(key, title, lines)

    @property
    def pending(self) -> bool:
        """Are notices waiting to be written again?"""
        return bool(self._pending)

    def retry(self) -> int:
        """Write the notices that could not be written when they were due (a full disk), unless another process
        has told the same problem since: `judge serve` calls this every second or so, `judge deliver` and `judge
        process` before they send their mail; while they still cannot be written, less and less often (up to once
        a minute, a line in the log each time). Returns how many were written."""
        if time.monotonic() < self._retry_at:
            return 0
        with self._lock:
            waiting = list(self._pending.items())
        written, failed = 0, []
        for key, (title, lines, due, why) in waiting:
            if not self._first(key):
                with self._lock:
                    self._pending.pop(key, None)           # told meanwhile
            elif self._put(key, title, lines, (due, why)):
                written += 1
            else:
                failed.append(title)
        self._retry_pause = 1.0 if not failed else min(self._retry_pause * 2, RETRY_LONGEST)
        self._retry_at = time.monotonic() + (self._retry_pause if failed else 0.0)
        if failed:
            log.warning("keeper: %d notice(s) still cannot be written (%s); tried again in %.0f s", len(failed),
                        "; ".join(failed), self._retry_pause)
        return written

    def _first(self, key: str) -> bool:
        """Is the problem untold within the hour (in this process, then by any: judge.storage.told)? If so it
        counts as told now."""
        now = self.clock()
        with self._lock:
            last = self._told.get(key)
            if last is not None and recent(last, now, QUIET):
                return False
            last = told.first_in(self.settings.games_dir, key, now, QUIET)
            self._told[key] = now if last is None else last
            self._told.move_to_end(key)
            while len(self._told) > told.KEPT:
                self._told.popitem(last=False)
        return last is None

    def _put(self, key: str, title: str, lines: list[str], late: tuple[datetime, str] | None = None) -> bool:
        """Write the notice; one that cannot be written is not counted as told (so that whoever meets the problem
        next tells it) and is kept to be tried again (`retry`). `late`: (when it was due, why it was not written)."""
        if not self.address:
            return False
        said = lines if late is None else lines + [
            f"(This notice was due at {late[0]:%Y-%m-%d %H:%M} UTC but could not be written then: {late[1]}.)"]
        try:
            subject, body = render("notice/keeper.txt", judge=self.settings.judge_name, title=title, lines=said)
            self.outbox.put(outbound.build(self.settings, self.address, subject, body))
        except Exception as exc:                       # the keeper's mail must never stop the judge's work
            if late is None:                           # (a retry's failure is said by `retry`, in one line)
                log.exception("could not write a notice to the keeper (%s): it is tried again later", title)
            self._untold(key)
            with self._lock:
                self._pending[key] = (title, lines, *(late or (self.clock(), f"{type(exc).__name__}: {exc}")))
                self._pending.move_to_end(key)
                while len(self._pending) > PENDING_KEPT:
                    _, (what, *_) = self._pending.popitem(last=False)
                    log.error("keeper: the notice '%s' could not be written and is given up (too many waiting)", what)
            return False
        with self._lock:
            self._pending.pop(key, None)
        return True

    def _untold(self, key: str) -> None:
        """The problem counts as untold again, here and for every process (the record on disk)."""
        with self._lock:
            when = self._told.pop(key, None)
        if when is not None:
            told.forget(self.settings.games_dir, key, when)

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
                    f"hour is kept too, without a notice of its own ({self.log_name} names each).")])
