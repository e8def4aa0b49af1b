"""Outgoing mail with no relay configured: delivered into a local Maildir a person can read."""
from __future__ import annotations

import os
import re
import socket
import time
import uuid
from pathlib import Path

from judge.storage.atomic import atomic_write, make_folder, sync_folder

_OURS = re.compile(r"\d+\.P\d+Q[0-9a-f]{12}\.")   # the names `deliver` gives (and their temp files)


def deliver(root: Path, raw: bytes) -> None:
    """Into <root>/new, durably (file fsynced in tmp/, renamed, new/ fsynced) before the outbox lets go."""
    for sub in ("tmp", "new", "cur"):
        make_folder(root / sub)
    name = f"{time.time_ns()}.P{os.getpid()}Q{uuid.uuid4().hex[:12]}.{socket.gethostname().replace('/', '_')}"
    atomic_write(root / "tmp" / name, raw, sync_dir=False)
    os.replace(root / "tmp" / name, root / "new" / name)
    sync_folder(root / "new")


def clean(root: Path) -> int:
    """At start-up: the judge's own half-delivered files in the Maildir's tmp/ (the message is still in the outbox
    and is delivered again). Files other programs put there are left alone. Returns how many were removed."""
    tmp = root / "tmp"
    if not tmp.is_dir():
        return 0
    removed = 0
    for path in tmp.iterdir():
        if _OURS.match(path.name.lstrip(".")):
            path.unlink(missing_ok=True)
            removed += 1
    return removed
