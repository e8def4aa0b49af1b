"""`judge requeue`: the messages set aside after a failure, put back. With a `judge serve` holding the games folder
they go back in its queue (it takes them up within 30 seconds); without one (the MTA pipes mail to `judge deliver`,
cron runs `judge process`, and nothing reads the spool's queue) they are handled here and now, and their replies
sent, so that none is left in a queue nobody reads."""
from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from typing import TextIO

from judge.config import Settings
from judge.daemon.lock import AlreadyRunning, ServeLock
from judge.daemon.spool import Spool

LOCK_NAME = ".requeue.lock"         # in the spool: one `judge requeue` at a time handles messages


def requeue(settings: Settings, names: list[str] | None, out: TextIO) -> int:
    """Put the set-aside messages (all, or `names`) back, and handle them now when no `judge serve` runs; prints
    what was done on `out`. Returns the exit status: 1 if named messages were not found, else 0."""
    spool = Spool(settings.inbox_dir)
    spool.expire_set_aside()
    with _one_at_a_time(spool):
        serve = ServeLock(settings.games_dir)
        try:
            serve.acquire()         # held while we work: a `judge serve` started meanwhile waits, not twice at it
        except AlreadyRunning as running:
            done = spool.requeue(names)
            who = f" (pid {running.pid})" if running.pid else ""
            print(f"{len(done)} message(s) back in the queue" + (
                f": the running judge serve{who} takes them up within 30 seconds" if done else _none(names)),
                file=out)
            return 0 if done or not names else 1
        try:
            return _handle_now(settings, spool, names, out)
        finally:
            serve.release()


def _none(names: list[str] | None) -> str:
    return ": no such message" if names else ""


@contextlib.contextmanager
def _one_at_a_time(spool: Spool) -> Iterator[None]:
    """Two `judge requeue`s at once: the second waits for the first (which may be holding the games folder's lock,
    and would otherwise be taken for a running `judge serve`)."""
    fd = os.open(spool.root / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _handle_now(settings: Settings, spool: Spool, names: list[str] | None, out: TextIO) -> int:
    """No `judge serve` runs (and none can start while we hold its lock): handle the requeued messages now, with
    whatever an earlier release's requeue or a killed run left in the queue, as the daemon does at start-up."""
    from judge import pipe
    from judge.mail.inbound import message_key
    from judge.service import Judge
    done = spool.requeue(names)
    waiting, interrupted = spool.pending()         # (cur/ -> new/: a killed requeue's; too often: set aside)
    print(f"{len(done)} message(s) back in the queue" + (
        f", handled now (no judge serve runs): {len(waiting)}" if waiting else _none(names)), file=out)
    for name in interrupted:
        print(f"{name}: set aside again: its processing was interrupted too often", file=out)
    if not waiting:
        return 0 if done or not names else 1
    judge = Judge(settings)
    try:
        for name in waiting:
            try:
                spool.claim(name)
            except FileNotFoundError:
                continue                            # (taken meanwhile)
            raw, sender = spool.read(name, "cur")
            # The key `judge deliver` and `judge serve` give it: a message applied already is not applied again.
            status, note = pipe.handle(judge, raw, sender, message_key(raw), serving=False)
            if status == pipe.EX_TEMPFAIL:
                # Back where `judge requeue` finds it (nobody reads the queue without a daemon): never stranded.
                spool.set_aside(name, f"a temporary failure when requeued: {note}")
                print(f"{name}: set aside again: {note}", file=out)
            else:
                spool.done(name)
                print(f"{name}: {note or 'done'}", file=out)
    finally:
        pipe.send_pending(judge)
    return 0 if done or not names else 1
