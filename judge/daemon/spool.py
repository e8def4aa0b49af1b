"""The inbox spool, Maildir style: a message is in new/ (durably) before the SMTP server says 250; it moves to
cur/ while it is processed and is removed when done. A message whose processing failed for good, or was cut short
by too many restarts, is set aside in bad/ (with a .why file beside it) until the keeper requeues it or it expires.

A file's name is `<key>` or `<key>:<attempts>`: the key identifies the message (a game never applies a key twice),
the count says how many times its processing was interrupted or deferred."""
from __future__ import annotations

import contextlib
import os
import time
import uuid
from pathlib import Path

from judge.storage.atomic import atomic_write, checkpoint, make_folder, sync_folder
from judge.storage import commit

MAX_INTERRUPTED = 5          # processing cut short this often (a kill, a power cut): set aside, answered, reported
KEEP_SET_ASIDE_DAYS = 14     # set-aside messages may hold passwords: deleted after this long


class Spool:
    def __init__(self, root: Path):
        self.root = Path(root)
        for sub in ("tmp", "new", "cur", "bad"):
            make_folder(self.root / sub)

    def put(self, raw: bytes, envelope_sender: str, attempts: int = 0) -> str:
        """Store a message durably; returns its id. The envelope sender travels as a Return-Path line. `attempts`:
        how often its processing was cut short before it came here (judge.daemon.applying).

        Two flushes, each shared with the other threads that need one at the same moment (judge.storage.commit's
        group commit): the file's data (in tmp/), then its name in new/. tmp/ itself need not survive a crash (a
        message is ours only once it is in new/; start-up empties tmp/)."""
        key = f"{time.time_ns()}.{uuid.uuid4().hex[:12]}"
        if attempts:
            key = f"{key}:{attempts}"
        tmp, new = f"{self.root}/tmp/{key}", f"{self.root}/new"
        data = f"Return-Path: <{envelope_sender}>\r\n".encode("utf-8", "replace") + raw
        try:
            commit.write_file(tmp, data, exclusive=True)
            commit.durable.sync([tmp])
            os.replace(tmp, f"{new}/{key}")
        except BaseException:
            # (a full disk: the part written goes now, not at the next start-up, and its space with it)
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
            raise
        checkpoint("spooled")
        commit.durable.sync([new])
        return key

    def clean(self, now: float | None = None) -> int:
        """At start-up: drop what a kill left in tmp/ (never acknowledged with a 250) and set-aside messages past
        their time. Returns how many files were removed."""
        return self.drop_tmp() + self.expire_set_aside(now)

    def drop_tmp(self, older_than: float | None = None) -> int:
        """Delete what is in tmp/ (a message never acknowledged, a temp file of one being set aside), or with
        `older_than` (seconds) only what was last written that long ago: a run beside this one may be writing now.
        Returns how many files were removed."""
        limit = None if older_than is None else time.time() - older_than
        removed = 0
        with os.scandir(self.root / "tmp") as entries:
            for entry in entries:
                try:
                    if limit is None or entry.stat(follow_symlinks=False).st_mtime <= limit:
                        os.unlink(entry.path)
                        removed += 1
                except FileNotFoundError:
                    pass
        return removed

    def expire_set_aside(self, now: float | None = None) -> int:
        """Delete set-aside messages (and their reasons) older than KEEP_SET_ASIDE_DAYS: they may hold passwords.
        Run at start-up, by the running daemon's sweep, and by `judge deliver` and `judge requeue`."""
        now = time.time() if now is None else now
        removed = 0
        with os.scandir(self.root / "bad") as entries:
            for entry in entries:
                try:
                    if now - entry.stat(follow_symlinks=False).st_mtime > KEEP_SET_ASIDE_DAYS * 86400:
                        os.unlink(entry.path)
                        removed += 1
                except FileNotFoundError:
                    pass                                # removed meanwhile (a requeue)
        return removed

    def pending(self) -> tuple[list[str], list[str]]:
        """(messages still to process, oldest first; messages just set aside because their processing was
        interrupted MAX_INTERRUPTED times). An interrupted one (still in cur/) counts one attempt more."""
        out, set_aside = [], []
        for path in sorted((self.root / "cur").iterdir()):
            key, attempts = _split(path.name)
            if attempts + 1 >= MAX_INTERRUPTED:
                self._aside(path, "its processing was interrupted (the judge stopped or crashed) "
                                  f"{attempts + 1} times")
                set_aside.append(path.name)
                continue
            os.replace(path, self.root / "new" / f"{key}:{attempts + 1}")
        for path in sorted((self.root / "new").iterdir(), key=lambda p: p.name):
            out.append(path.name)
        return out, set_aside

    def read(self, name: str, folder: str = "new") -> tuple[bytes, str | None]:
        """A message as (raw message, envelope sender)."""
        return split_envelope((self.root / folder / name).read_bytes())

    def claim(self, name: str) -> Path:
        """Mark a message as being processed (new/ -> cur/) and return its path there."""
        target = f"{self.root}/cur/{name}"             # (strings: a Path made and joined costs microseconds)
        os.replace(f"{self.root}/new/{name}", target)
        checkpoint("claimed")
        return Path(target)

    def done(self, name: str) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(f"{self.root}/cur/{name}")
        checkpoint("spool done")

    def defer(self, name: str) -> str:
        """A temporary failure (a full disk...): back to new/ with one attempt more; returns its new name."""
        key, attempts = _split(name)
        new = f"{key}:{attempts + 1}"
        os.replace(self.root / "cur" / name, self.root / "new" / new)
        return new

    def set_aside(self, name: str, why: str) -> None:
        """A permanent failure: kept in bad/ with the reason beside it, for the keeper."""
        self._aside(self.root / "cur" / name, why)

    def keep_aside(self, raw: bytes, envelope_sender: str | None, why: str, key: str) -> str:
        """Set aside a message that never was in the spool (`judge deliver`); returns its name in bad/. With no
        envelope sender given, none is written (an empty one would make the message a bounce)."""
        head = b"" if envelope_sender is None else f"Return-Path: <{envelope_sender}>\r\n".encode("utf-8", "replace")
        atomic_write(self.root / "tmp" / key, head + raw, sync_dir=False)
        self._aside(self.root / "tmp" / key, why)
        return key

    def _aside(self, path: Path, why: str) -> None:
        atomic_write(self.root / "bad" / f"{path.name}.why", why + "\n", sync_dir=False)
        os.replace(path, self.root / "bad" / path.name)
        sync_folder(self.root / "bad")

    def set_aside_messages(self, names: list[str] | None = None) -> list[tuple[str, str]]:
        """(name, why) of every message in bad/, or of those `names` names (with or without the attempt count)."""
        out = []
        for path in sorted((self.root / "bad").iterdir()):
            if path.name.endswith(".why") or names is not None and path.name not in names and \
                    _split(path.name)[0] not in names:
                continue
            why_file = path.with_name(path.name + ".why")
            why = why_file.read_text(encoding="utf-8").strip() if why_file.exists() else "(no reason kept)"
            out.append((path.name, why))
        return out

    def requeue(self, names: list[str] | None = None) -> list[str]:
        """Put set-aside messages (all, or the named ones) back in new/, with a clean attempt count. Their names
        end in ':0', which tells a running daemon's sweep that nobody queued them (new arrivals have no count)."""
        done = []
        for name, _ in self.set_aside_messages(names):
            requeued = f"{_split(name)[0]}:0"
            os.replace(self.root / "bad" / name, self.root / "new" / requeued)
            (self.root / "bad" / f"{name}.why").unlink(missing_ok=True)
            done.append(requeued)
        if done:
            sync_folder(self.root / "new")
        return done

    @staticmethod
    def key(name: str) -> str:
        """The message's id without its attempt count (used to recognise a message already applied)."""
        return _split(name)[0]

    @staticmethod
    def attempts(name: str) -> int:
        return _split(name)[1]


def requeue_does(serving: bool) -> str:
    """What `judge requeue` does with a set-aside message (judge.requeue), for the keeper's notice of it: `serving`,
    a `judge serve` reads the queue; else nothing does, and requeue handles it itself."""
    if serving:
        return "puts it back in the queue, where `judge serve` takes it up within 30 seconds"
    return "handles it at once and sends its reply (no `judge serve` runs)"


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
