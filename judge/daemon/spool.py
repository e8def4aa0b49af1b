"""The inbox spool, Maildir style: a message is in new/ (durably) before the SMTP server says 250; it moves to
cur/ while it is processed and is removed when done; a message that keeps crashing the judge goes to bad/."""
from __future__ import annotations

import os
import time
import uuid
from pathlib import Path

from judge.storage.atomic import atomic_write, sync_folder

MAX_ATTEMPTS = 3


class Spool:
    def __init__(self, root: Path):
        self.root = Path(root)
        for sub in ("tmp", "new", "cur", "bad"):
            (self.root / sub).mkdir(parents=True, exist_ok=True)

    def put(self, raw: bytes, envelope_sender: str) -> str:
        """Store a message durably; returns its id. The envelope sender travels as a Return-Path line.

        Two fsyncs: the file's data (in tmp/), then new/ once the file is renamed into it. tmp/ itself is never
        fsynced: a name there need not survive a crash (a message is ours only once it is in new/)."""
        key = f"{time.time_ns()}.{uuid.uuid4().hex[:12]}"
        head = f"Return-Path: <{envelope_sender}>\r\n".encode("utf-8", "replace")
        atomic_write(self.root / "tmp" / key, head + raw, sync_dir=False)
        os.replace(self.root / "tmp" / key, self.root / "new" / key)
        sync_folder(self.root / "new")
        return key

    def pending(self) -> list[str]:
        """Messages still to process, oldest first; ones interrupted mid-processing (cur/) count one attempt more."""
        out = []
        for path in sorted((self.root / "cur").iterdir()):
            key, attempts = _split(path.name)
            if attempts + 1 >= MAX_ATTEMPTS:
                os.replace(path, self.root / "bad" / path.name)     # poison: it crashed the judge each time
                continue
            os.replace(path, self.root / "new" / f"{key}:{attempts + 1}")
        for path in sorted((self.root / "new").iterdir(), key=lambda p: p.name):
            out.append(path.name)
        return out

    def read(self, name: str) -> tuple[bytes, str]:
        """A message in new/ as (raw message, envelope sender)."""
        return split_envelope((self.root / "new" / name).read_bytes())

    def claim(self, name: str) -> Path:
        """Mark a message as being processed (new/ -> cur/) and return its path there."""
        target = self.root / "cur" / name
        os.replace(self.root / "new" / name, target)
        return target

    def done(self, name: str) -> None:
        (self.root / "cur" / name).unlink(missing_ok=True)

    def poison(self, name: str) -> None:
        os.replace(self.root / "cur" / name, self.root / "bad" / name)

    @staticmethod
    def key(name: str) -> str:
        """The message's id without its attempt count (used to recognise a message already applied)."""
        return _split(name)[0]


def split_envelope(data: bytes) -> tuple[bytes, str | None]:
    """A spool file's bytes -> (the message as received, the envelope sender; None if the file has none)."""
    if not data.startswith(b"Return-Path:"):
        return data, None
    head, _, raw = data.partition(b"\r\n")
    return raw, head.decode("utf-8", "replace").split(":", 1)[1].strip().strip("<>")


def envelope_sender(mail_from: str) -> str:
    """The envelope sender as the worker reads it back from the spool file's Return-Path line."""
    return split_envelope(f"Return-Path: <{mail_from}>\r\n".encode("utf-8", "replace"))[1]


def _split(name: str) -> tuple[str, int]:
    key, _, attempts = name.partition(":")
    return key, int(attempts) if attempts.isdigit() else 0
