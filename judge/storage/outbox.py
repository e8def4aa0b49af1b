"""The durable outbox: one file per outgoing message, written atomically; sending is a separate step. A sender claims
a file (a lock on it) before sending it; a file's modification time is its next try (Postfix's way): a new file's is
when it was written, so it is due at once; a deferred one's lies ahead."""
from __future__ import annotations

import email
import email.policy
import fcntl
import os
import threading
import uuid
from datetime import datetime, timezone
from email.message import EmailMessage
from pathlib import Path

from judge.mail.outbound import OUTGOING
from judge.storage.atomic import atomic_write, checkpoint, read_all, sync_folder

# A next try further ahead than this was not set by a sender (whose back-off is at most an hour): the clock was put
# back since the file was written, and the file is due.
FURTHEST_TRY = 2 * 3600.0


class Outbox:
    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self._written = threading.local()        # what this thread put since it last asked (`written`)

    @staticmethod
    def new_name() -> str:
        """A fresh outbox file name: the time first, so the sender takes the oldest mail first."""
        return f"{datetime.now(timezone.utc).strftime('%Y%m%dT%H%M%S%f')}-{uuid.uuid4().hex[:12]}.eml"

    def put(self, msg: EmailMessage | bytes, sync: bool = True) -> Path:
        """Store one message (an EmailMessage, or its bytes as judge.mail.outbound.build makes them). With
        sync=False the file's data is on disk but its name is durable only after `sync()`: a caller writing
        several messages at once fsyncs the folder once. (Mail that goes with a change to a game is not put here
        but published by the game's commit, judge.storage.commit.)"""
        path = self.folder / self.new_name()
        raw = msg if isinstance(msg, bytes) else msg.as_bytes(policy=OUTGOING)
        atomic_write(path, raw, sync_dir=sync)
        self.note([path])
        return path

    def note(self, paths: list[Path]) -> None:
        """Messages that reached the outbox by other means (a commit), for `written`."""
        mine = getattr(self._written, "paths", None)
        if mine is None:
            mine = self._written.paths = []
        mine.extend(paths)

    def written(self) -> list[Path]:
        """The messages this thread put since it last asked (the daemon hands them to the sender at once)."""
        mine = getattr(self._written, "paths", None) or []
        self._written.paths = []
        return mine

    def sync(self) -> None:
        """Make every message put with sync=False durable."""
        sync_folder(self.folder)

    def paths(self) -> list[Path]:
        try:
            with os.scandir(self.folder) as it:
                names = sorted(e.name for e in it if e.name.endswith(".eml") and not e.name.startswith("."))
        except FileNotFoundError:
            return []
        return [self.folder / n for n in names]

    def messages(self) -> list[EmailMessage]:
        return [email.message_from_bytes(p.read_bytes(), policy=email.policy.default) for p in self.paths()]

    def due(self, now: float) -> list[Path]:
        """The files whose next try has come (`now`: wall time), oldest first."""
        return [p for p in self.paths() if _due(p, now)]

    def waiting(self, now: float) -> dict[str, float]:
        """The files whose next try lies ahead: name -> when."""
        out = {}
        for path in self.paths():
            try:
                when = path.stat().st_mtime
            except FileNotFoundError:
                continue
            if not _due_at(when, now):
                out[path.name] = when
        return out

    @staticmethod
    def claim(path: Path, now: float) -> tuple[int, bytes] | None:
        """Take a file for sending: (an open descriptor holding its lock, its bytes); None if another thread or
        process holds it, or it is gone or not due any more. The claimer removes (or defers, or sets aside) the file
        before it closes the descriptor, which lets go."""
        try:
            fd = os.open(path, os.O_RDONLY)
        except FileNotFoundError:
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            # Ours now; but between the listing and the lock another process may have sent and removed it, or
            # failed and set its next try.
            st, held = os.stat(path), os.fstat(fd)
            if st.st_ino != held.st_ino or not _due_at(st.st_mtime, now):
                os.close(fd)
                return None
            return fd, read_all(fd, held.st_size)
        except (BlockingIOError, FileNotFoundError):
            os.close(fd)
            return None
        except BaseException:
            os.close(fd)
            raise

    @staticmethod
    def defer(path: Path, until: float) -> bool:
        """Set a claimed file's next try (wall time); False if it is gone."""
        try:
            os.utime(path, (until, until))
        except FileNotFoundError:
            return False
        return True

    @staticmethod
    def written_at(path: Path, unknown: float) -> float:
        """When a file was written (wall time), from its name (new_name puts the UTC time first); `unknown` for a
        name of another kind."""
        try:
            return datetime.strptime(path.name[:21], "%Y%m%dT%H%M%S%f").replace(tzinfo=timezone.utc).timestamp()
        except ValueError:
            return unknown

    def remove(self, path: Path) -> None:
        # No fsync: should the removal be lost in a crash, the message is sent again (twice rather than never).
        path.unlink(missing_ok=True)
        checkpoint("outbox removed")


def _due(path: Path, now: float) -> bool:
    try:
        return _due_at(path.stat().st_mtime, now)
    except FileNotFoundError:
        return False


def _due_at(mtime: float, now: float) -> bool:
    return mtime <= now or mtime > now + FURTHEST_TRY
