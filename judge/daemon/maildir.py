"""Local delivery with no relay configured: each outbox message into a Maildir (tmp/, then new/) that a person reads.

The Maildir name is made from the outbox file's name (its UTC time and its random part), not afresh at each try, so
delivering one outbox entry again is idempotent: a kill between the link into new/ and the outbox file's removal
leaves a message that the next try finds, in new/, or in cur/ under the same name with the reader's ":2,..." flags,
and only removes from the outbox. (A relay cannot be asked whether it already has a message; here the judge can.)
"""
from __future__ import annotations

import calendar
import hashlib
import os
import re
import socket
from datetime import datetime
from pathlib import Path

from judge.storage.atomic import atomic_write, checkpoint, make_folder, sync_folder

# The names `name_for` gives, and the temp files atomic_write makes of them in tmp/ (a leading "."); the older form
# (delivery time in ns, pid, random) too, so that a tmp/ file of an earlier version is still cleaned.
OURS = re.compile(r"\d+\.(M\d{6}R[0-9a-f]{16}|P\d+Q[0-9a-f]{12})\.")


def name_for(outbox_name: str) -> str:
    """The Maildir file name of an outbox entry: <seconds>.M<microseconds>R<16 hex>.<host>, unique because the
    outbox name is (time and random part), stable across tries, and ordered by when the mail was written."""
    try:
        when = datetime.strptime(outbox_name[:21], "%Y%m%dT%H%M%S%f")
        seconds, micro = calendar.timegm(when.timetuple()), when.microsecond
    except ValueError:
        seconds, micro = 0, 0                              # a name of another kind: unique by its hash alone
    digest = hashlib.sha256(outbox_name.encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return f"{seconds}.M{micro:06d}R{digest}.{_host()}"


def _host() -> str:
    # The Maildir spec's escapes for the two characters a name cannot hold as they are ("/"; ":" starts the info).
    return socket.gethostname().replace("/", r"\057").replace(":", r"\072")


def _base(name: str) -> str:
    """A name's unique part, without the host (a renamed machine must still find what it delivered) or the info
    (the first two dot-separated fields hold no dot; a host name may)."""
    return ".".join(name.split(".", 2)[:2]) + "."


def delivered(root: Path, name: str) -> bool:
    """Is the message named `name` in new/ or (moved there by a reader, perhaps with flags) in cur/?"""
    base = _base(name)
    for sub in ("new", "cur"):
        try:
            with os.scandir(root / sub) as it:
                if any(e.name.startswith(base) for e in it):
                    return True
        except FileNotFoundError:
            continue
    return False


def deliver(root: Path, outbox_name: str, raw: bytes) -> bool:
    """Deliver once: durably into root/new (the file fsynced in tmp/, linked into new/, new/ fsynced) unless it is
    there already; returns whether this call delivered it. The caller holds the outbox entry's claim, so no other
    process delivers the same entry at the same time."""
    for sub in ("tmp", "new", "cur"):
        make_folder(root / sub)
    name = name_for(outbox_name)
    if delivered(root, name):
        return False
    tmp, new = root / "tmp" / name, root / "new" / name
    atomic_write(tmp, raw, sync_dir=False)
    try:
        # link, not rename: it fails rather than replaces should new/ hold the name (the spec's own way).
        os.link(tmp, new)
    except FileExistsError:
        return False
    finally:
        tmp.unlink(missing_ok=True)
    sync_folder(root / "new")
    checkpoint("maildir delivered")
    return True


def clean(root: Path) -> int:
    """At start-up: the judge's own half-delivered files in tmp/ (their messages are still in the outbox and are
    delivered again). Files other programs put there are left alone."""
    tmp = root / "tmp"
    if not tmp.is_dir():
        return 0
    removed = 0
    for path in tmp.iterdir():
        if OURS.match(path.name.lstrip(".")):
            path.unlink(missing_ok=True)
            removed += 1
    return removed
