"""Which messages were being applied when the judge stopped dead.

A message for a game is applied before its 250, without a spool file (judge/daemon/service.py): its reply and the
game's change are one durable commit, and a message sent again because its 250 never came is known by its key and
not applied twice. What the spool also gave such a message is a count of the times its processing was cut short,
so that a message that kills the judge (a crash in a library) is set aside after a few tries instead of taking the
judge down every time its sender's MTA tries again. That count is kept here: a line `+KEY` when a message's work
starts and `-KEY` when it ends, appended to `inbox/applying.log`. A start with no end after it is an interruption.
The lines are written, not flushed to the disk: they must outlive the process, not the machine (a power cut is no
message's fault).

At start-up the file is read, the interruptions counted per key and the file written again with only those; while
the daemon runs it is written afresh, with the messages at work and the counts, whenever it passes MAX_BYTES."""
from __future__ import annotations

import os
import threading
from pathlib import Path

from judge.storage.atomic import FILE_MODE, atomic_write

LOG_NAME = "applying.log"
MAX_BYTES = 1 << 20          # written afresh beyond this (about 10,000 messages)
KEEP = 1000                  # interrupted keys kept at most (the most recent): a sender may never try again


class Applying:
    def __init__(self, inbox: Path):
        self.path = Path(inbox) / LOG_NAME
        self.lock = threading.Lock()
        self.active: dict[str, int] = {}                 # key -> messages with that key at work now
        self.interrupted = read(self.path)
        for left in self.path.parent.glob(f".{LOG_NAME}.*.tmp"):      # a rewrite a kill cut short
            left.unlink(missing_ok=True)
        self.fd = -1
        self.size = 0
        self._rewrite()

    def tries(self, key: str) -> int:
        """How many times this message's processing was cut short before."""
        return self.interrupted.get(key, 0)

    def begin(self, key: str) -> None:
        line = f"+{key}\n".encode()
        with self.lock:
            self.active[key] = self.active.get(key, 0) + 1
            self._append(line)

    def end(self, key: str) -> None:
        """The message's work is over (applied, or handed to the spool): it was not interrupted."""
        line = f"-{key}\n".encode()
        with self.lock:
            left = self.active.get(key, 1) - 1
            if left:
                self.active[key] = left
            else:
                self.active.pop(key, None)
            self.interrupted.pop(key, None)
            self._append(line)

    def forget(self, key: str) -> None:
        """A message once interrupted here has been dealt with another way (through the spool)."""
        if key in self.interrupted:
            with self.lock:
                self.interrupted.pop(key, None)
                self._append(f"-{key}\n".encode())

    def close(self) -> None:
        with self.lock:
            if self.fd >= 0:
                os.close(self.fd)
                self.fd = -1

    def _append(self, line: bytes) -> None:
        if self.fd < 0:
            return                                       # closed: the daemon is stopping
        self.size += os.write(self.fd, line)
        if self.size > MAX_BYTES:
            self._rewrite()

    def _rewrite(self) -> None:
        """The file written afresh with what still counts: each interruption once, each message at work once."""
        kept = list(self.interrupted.items())[-KEEP:]
        self.interrupted = dict(kept)
        text = "".join(f"+{key}\n" * count for key, count in kept)
        text += "".join(f"+{key}\n" * count for key, count in self.active.items())
        atomic_write(self.path, text, sync_dir=False, sync=False)
        self.size = len(text)
        old, self.fd = self.fd, os.open(self.path, os.O_WRONLY | os.O_APPEND, FILE_MODE)
        if old >= 0:
            os.close(old)


def read(path: Path) -> dict[str, int]:
    """key -> how many starts have no end after them, in the order the keys were last met."""
    counts: dict[str, int] = {}
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return counts
    for line in data.decode("ascii", "replace").splitlines():
        key = line[1:].strip()
        if not key or line[0] not in "+-":
            continue                                     # a line cut short by the kill, or garbage
        if line[0] == "+":
            counts[key] = counts.pop(key, 0) + 1
        else:
            counts.pop(key, None)
    return counts
