"""How many messages each sender sent in the last hour ([smtp] rate_per_hour), kept on disk beside the games, so
that restarting `judge serve`, or the next `judge deliver` process, does not give a flood its full rate back; one
count for `judge serve`, every `judge deliver` and the web forms of one games folder.

A sender is the envelope sender with the message's From: players behind one mail server that rewrites the envelope
sender (a mailing list, a forwarder) each get a count of their own. Since a From is as easy to forge as anything,
every message under one envelope sender also counts against that envelope's larger cap ([smtp] rate_per_envelope):
a flood of forged From addresses is cut off there, and is refused uncounted, so it adds nothing to the files.

The daemon asks for every message, hundreds a second, so a question costs a few system calls and no parsing of the
whole table: each table is a file of lines "<time> <sender's digest>" appended to (O_APPEND, under a lock on the
file), and a process keeps what it has read of each file and reads only what others appended since. A file grown
past MAX_BYTES is replaced whole (temp file, rename) by one holding only the last hour's counts of its most recently
counted senders, so a flood of forged senders pushes the oldest out instead of growing the files without end."""
from __future__ import annotations

import fcntl
import hashlib
import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from judge.storage.atomic import atomic_write, open_created
from judge.storage.counters import FOLDER
from judge.storage.recent import SKEW, recent_stamp

log = logging.getLogger("judge.limits")
WINDOW = 3600.0                    # seconds: the hour a count lasts
SHARDS = 16                        # tables, a sender's by its digest: smaller files to read, and to lock
MAX_BYTES = 64 * 1024              # a table is shortened to half this once it grows past it (about 2,000 counts)
SENDERS_KEPT = 10_000              # senders a shortening keeps at most, over all tables
LOCK_TRIES = 20                    # a table's lock busy for 20 ms (a process stopped while holding it): count anyway
_DIGEST = 16                       # hex digits of a sender's digest (the address itself is not written)
LINE = 32                          # bytes a count takes: "<time with milliseconds> <digest>\n"
_ENVELOPE = "envelope\n"           # before an envelope sender, for the digest of its cap's count
AHEAD = SKEW.total_seconds()       # a count further ahead of the clock is expired (judge.storage.recent)


@dataclass
class _Table:
    """What this process has read of one table's file."""
    file: tuple[int, int] | None = None              # (device, inode): another file means start again
    read: int = 0                                    # bytes read, up to the end of the last whole line
    clean: bool = True                               # the file ends with a whole line
    times: dict[str, list[float]] = field(default_factory=dict)     # digest -> its counts' times, oldest first


class RateLimit:
    """At most `per_hour` messages per sender in any hour (0: no limit), counted in games/.limits/rate-NN.txt; with
    `per_envelope`, a sender is an envelope sender and From address together, and at most `per_envelope` messages
    pass under one envelope sender (without: the From is not looked at, one count per envelope sender)."""

    def __init__(self, games: Path, per_hour: int, kept: int = SENDERS_KEPT, max_bytes: int = MAX_BYTES,
                 clock: Callable[[], float] = time.time, per_envelope: int = 0):
        self.folder = Path(games) / FOLDER
        self.per_hour = per_hour
        self.per_envelope = per_envelope if per_hour > 0 else 0
        self.kept = max(1, kept // SHARDS)           # per table
        # Room for senders at the limit, however high: an envelope at its cap has as many counts again from its
        # From addresses, in the same table.
        self.max_bytes = max(max_bytes, 4 * LINE * max(per_hour, 2 * self.per_envelope))
        self.clock = clock                           # the wall clock: counts outlive the process that took them
        self.tables = [_Table() for _ in range(SHARDS)]
        self.paths = [os.path.join(self.folder, f"rate-{shard:02d}.txt") for shard in range(SHARDS)]
        self.guard = threading.Lock()                # (the daemon's loop and the web forms share one RateLimit)

    def over(self, sender: str, author: str = "") -> bool:
        """Count a message from envelope sender `sender` with From address `author` (none: the sender's own);
        True (and not counted) if it is over the limit."""
        if self.per_hour <= 0 or not sender:
            return False
        sender = sender.lower()
        author = (author or sender).lower() if self.per_envelope else sender
        # A sender writing as itself keeps the digest a count had before the From was looked at: its count
        # goes on across an upgrade, and is the one the web forms count (the player's address alone).
        envelope = _digest(sender)
        digests = [envelope if author == sender else _digest(f"{sender}\n{author}")]
        if self.per_envelope:
            digests.append(_digest(_ENVELOPE + sender))
        shard = int(envelope[:4], 16) % SHARDS       # the envelope's table holds all its counts: one lock, one write
        with self.guard:
            try:
                return self._over(shard, digests, self.clock())
            except OSError:
                # A disk that cannot be written must not stop the mail: it is taken, uncounted, and the keeper's
                # log says why (the spool's own write will fail loudly if the disk is full).
                log.exception("could not count a message in %s", self.paths[shard])
                return False

    def _over(self, shard: int, digests: list[str], now: float) -> bool:
        path, table = self.paths[shard], self.tables[shard]
        fd = self._open_locked(path, table)
        try:
            size = self._follow(table, fd)
            earliest, latest = now - WINDOW, now + AHEAD
            counts = []
            for digest in digests:
                times = [t for t in table.times.pop(digest, ()) if earliest < t < latest]
                table.times[digest] = times          # (last in the dict: the most recently asked about)
                counts.append(times)
            if any(len(times) >= cap for times, cap in zip(counts, (self.per_hour, self.per_envelope))):
                for digest, times in zip(digests, counts):
                    if not times:
                        del table.times[digest]      # (a forged From refused: nothing kept of it, on disk or here)
                return True
            data = "".join(f"{now:.3f} {digest}\n" for digest in digests).encode()
            if not table.clean:
                data = b"\n" + data                  # after a line a crash cut short: that line stays alone, unread
            os.write(fd, data)                       # not fsynced: a power cut may lose the last counts, no more
            for times in counts:
                times.append(now)
            table.read, table.clean = size + len(data), True
            if table.read > self.max_bytes:
                self._shorten(path, table, now)
            return False
        finally:
            os.close(fd)                             # (and the lock with it)

    def _open_locked(self, path: str, table: _Table) -> int:
        """The table's file, open and locked. A table this process has not read yet is read before the lock is
        taken, so that the lock is held for a few system calls: a `judge deliver` reading a whole table does not
        hold up the daemon."""
        while True:
            fd = open_created(path, os.O_RDWR | os.O_APPEND)
            try:
                if table.file is None:
                    self._follow(table, fd)
                if not self._lock(fd):
                    log.warning("the lock of %s is held too long: a message counted without it", path)
                    return fd
                same = os.fstat(fd)
                now = os.stat(path)
            except FileNotFoundError:
                os.close(fd)
                continue
            except BaseException:
                os.close(fd)
                raise
            if (same.st_dev, same.st_ino) == (now.st_dev, now.st_ino):
                return fd
            os.close(fd)                             # shortened meanwhile: the new file is the table now

    @staticmethod
    def _lock(fd: int) -> bool:
        for _ in range(LOCK_TRIES):
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return True
            except BlockingIOError:
                time.sleep(0.001)
        return False

    def _follow(self, table: _Table, fd: int) -> int:
        """Read what was appended to the table since this process last looked; the file's size."""
        st = os.fstat(fd)
        if table.file != (st.st_dev, st.st_ino) or st.st_size < table.read:
            table.file, table.read, table.clean, table.times = (st.st_dev, st.st_ino), 0, True, {}
            if st.st_size > 4 * self.max_bytes:      # not ours (the judge keeps it shorter): its end only
                table.read = st.st_size - self.max_bytes
        if st.st_size > table.read:
            data = os.pread(fd, st.st_size - table.read, table.read)
            whole = data.rfind(b"\n") + 1
            for line in data[:whole].split(b"\n"):
                fields = line.split(b" ")
                if len(fields) == 2 and len(fields[1]) == _DIGEST:
                    try:
                        when = float(fields[0])
                    except ValueError:
                        continue                     # a line cut short by a crash: skipped
                    table.times.setdefault(fields[1].decode("ascii", "replace"), []).append(when)
            table.read += whole
            table.clean = whole == len(data)
        return st.st_size

    def _shorten(self, path: str, table: _Table, now: float) -> None:
        """Replace the table with the hour's counts of its most recently counted senders, within half the size."""
        last = {d: ts[-1] for d, ts in table.times.items() if ts and recent_stamp(ts[-1], now, WINDOW)}
        lines: list[str] = []
        size = 0
        for digest in sorted(last, key=last.get, reverse=True)[:self.kept]:
            mine = [f"{t:.3f} {digest}\n" for t in table.times[digest] if recent_stamp(t, now, WINDOW)]
            size += sum(len(line) for line in mine)
            if size > self.max_bytes // 2 and lines:
                break
            lines.extend(mine)
        atomic_write(Path(path), "".join(lines), sync=False)
        table.file = None                            # read again (a few KB) at the next message


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:_DIGEST]
