"""The durable outbox: one file per outgoing message, written atomically; sending is a separate step."""
from __future__ import annotations

import email
import email.policy
import uuid
from datetime import datetime, timezone
from email.message import EmailMessage
from pathlib import Path

from judge.storage.atomic import atomic_write


class Outbox:
    def __init__(self, folder: Path):
        self.folder = Path(folder)

    def put(self, msg: EmailMessage) -> Path:
        name = f"{datetime.now(timezone.utc).strftime('%Y%m%dT%H%M%S%f')}-{uuid.uuid4().hex[:12]}.eml"
        path = self.folder / name
        atomic_write(path, msg.as_bytes(policy=email.policy.default))
        return path

    def paths(self) -> list[Path]:
        return sorted(self.folder.glob("*.eml")) if self.folder.exists() else []

    def messages(self) -> list[EmailMessage]:
        return [email.message_from_bytes(p.read_bytes(), policy=email.policy.default) for p in self.paths()]

    def remove(self, path: Path) -> None:
        path.unlink(missing_ok=True)
