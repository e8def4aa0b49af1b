"""A relay that stopped answering (a timeout in the middle of a transaction, or in its greeting) is left alone for a
while by every process of the judge: each try would cost the whole timeout, message after message. The pause is a
file in the outbox whose modification time is when it ends, as the outbox keeps each message's next try."""
from __future__ import annotations

import logging
import os
import threading
from pathlib import Path

log = logging.getLogger("judge.sender")
RELAY_PAUSE = 60.0              # seconds no process sends to a relay that stopped answering before it is tried again
PAUSE_FILE = ".relay-paused"    # in the outbox (a dot name: never taken for a message)


class RelayPause:
    def __init__(self, outbox: Path):
        self.path = Path(outbox) / PAUSE_FILE
        self._until = 0.0                       # (wall time) this process's own pause, should the file be unwritable
        self._lock = threading.Lock()

    def on(self, now: float) -> bool:
        """Is the relay resting at `now` (wall time)?"""
        if now < self._until:
            return True
        try:
            until = os.stat(self.path).st_mtime
        except OSError:
            return False
        return now < until <= now + RELAY_PAUSE        # (further ahead: the clock was put back since)

    def start(self, now: float) -> bool:
        """The relay stopped answering: a pause from `now`. False if this process was pausing it already (said)."""
        with self._lock:
            if now < self._until:
                return False
            self._until = now + RELAY_PAUSE
        try:
            os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o600))
            os.utime(self.path, (self._until, self._until))
        except OSError as exc:
            log.warning("could not write %s (%s): other processes of the judge may try the relay sooner", self.path,
                        exc)
        return True
