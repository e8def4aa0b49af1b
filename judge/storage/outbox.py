"""The durable outbox: one file per outgoing message, written atomically; sending is a separate step."""
from __future__ import annotations

import email
import email.policy
import os
import threading
import uuid
from datetime import datetime, timezone
from email.message import EmailMessage
from pathlib import Path

from judge.storage.atomic import atomic_write, checkpoint, sync_folder


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
        raw = msg if isinstance(msg, bytes) else msg.as_bytes(policy=email.policy.default)
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

    def remove(self, path: Path) -> None:
        # No fsync: should the removal be lost in a crash, the message is sent again (twice rather than never).
        path.unlink(missing_ok=True)
        checkpoint("outbox removed")
