"""The set-up without `judge serve`: `judge deliver` (one message from an MTA's pipe, answered exactly once, with the
exit codes MTAs understand) and `judge process` from cron; each sends the mail it caused before it exits."""
from __future__ import annotations

import errno
import logging
import os
import time
from datetime import datetime, timezone
from typing import TYPE_CHECKING, BinaryIO, Callable

from judge.cli_log import DEBUG_HINT, PIPE_LOG, one_line
from judge.config import Settings
from judge.daemon import changed
from judge.daemon.spool import Spool
from judge.storage.commit import remove_temp_files
from judge.storage.gamedir import GameStore, GameUnavailable
from judge.storage.old_files import remove_old_files
from judge.storage.outbox import Outbox

if TYPE_CHECKING:
    from judge.service import Judge

# Most minutes cron's `judge process` finds no game due and no mail waiting: it then reads the wake-ups, tidies the
# spool and exits without loading the rest of the judge (commands, templates, the adjudicator, the sender), which
# took most of its time (`python benchmarks/cli.py`). Those are imported where they are needed.

log = logging.getLogger("judge.deliver")
EX_OK, EX_DATAERR, EX_NOINPUT, EX_TEMPFAIL = 0, 65, 66, 75   # sysexits.h: done; bounce it; nothing came; retry later
LEFTOVER_AGE = 3600.0                            # seconds: a temp file older than this was left by a killed run


def deliver(judge: Judge, stream: BinaryIO, sender: str | None) -> tuple[int, str]:
    """Read one message from `stream` and handle it; (exit status, what to say on stderr)."""
    from judge.mail.inbound import message_key
    limit = judge.settings.get("smtp", "max_message_bytes")
    raw = stream.read(limit + 1)
    if not raw.strip():
        return EX_NOINPUT, "no message: standard input is empty"
    if len(raw) > limit:
        while stream.read(1 << 20):            # read it all: an MTA may take a closed pipe for a failure
            pass
        return EX_DATAERR, f"message too big (the limit is {limit} bytes)"
    if over_rate(judge.settings, raw, sender):
        # As `judge serve` answers 451 at DATA: the MTA keeps the message and tries again later, nothing is lost.
        return EX_TEMPFAIL, ("too many messages from this sender within an hour ([smtp] rate_per_hour, or "
                             "rate_per_envelope for all under its envelope sender): try again later")
    return handle(judge, raw, sender, message_key(raw))


def check_folders(settings: Settings) -> None:
    """Raise OSError, naming the folder, unless the games, outbox and inbox folders are there (made if missing) and
    the judge's user may write in them: checked before the message is read, so that a folder the keeper must mend
    keeps the message in the MTA's queue with one line saying which, not a traceback per file met."""
    from judge.storage.atomic import make_folder
    for folder in (settings.games_dir, settings.outbox_dir, settings.inbox_dir):
        make_folder(folder)
        if not os.access(folder, os.W_OK | os.X_OK):
            raise PermissionError(errno.EACCES, "the judge's user may not write in it", str(folder))


def kept_note(exc: Exception) -> str:
    """One line for the MTA's log and the keeper: what stopped `judge deliver` before the message was handled, and
    that the MTA keeps it (exit 75) until the keeper mends it."""
    from judge.config import ConfigError
    if isinstance(exc, ConfigError):
        what = f"bad configuration: {exc}"
    elif isinstance(exc, OSError):
        what = f"cannot use the judge's files: {exc}"
    else:
        what = f"internal error: {type(exc).__name__}: {exc}"
    what = " ".join(what.split())             # (one line: a message may hold line breaks)
    return f"{what}; {KEPT}"


KEPT = "the MTA keeps the message and tries again (exit 75) until this is mended"


def over_rate(settings: Settings, raw: bytes, sender: str | None) -> bool:
    """Count the message against its sender's rate ([smtp] rate_per_hour and rate_per_envelope, on disk: one count
    with `judge serve` and every other `judge deliver`); True (not counted) if the sender is over it."""
    from judge.mail.senders import counted_senders
    from judge.storage.rates import RateLimit
    rate = RateLimit(settings.games_dir, settings.get("smtp", "rate_per_hour"),
                     per_envelope=settings.get("smtp", "rate_per_envelope"))
    return rate.over(*counted_senders(raw, sender))


def handle(judge: Judge, raw: bytes, sender: str | None, key: str, serving: bool | None = None) -> tuple[int, str]:
    """Handle one message known by `key`; (exit status, what to say on stderr). `serving`: does a `judge serve` read
    the spool's queue (None: ask its lock), for the keeper's notice of a message set aside."""
    try:
        result = judge.deliver(raw, sender, key=key)
    except (OSError, MemoryError) as exc:
        # Said once, by the caller, in the line returned (the MTA's log keeps only a line); the traceback: --debug.
        log.debug("temporary failure; the MTA keeps the message and tries again", exc_info=True)
        judge.keeper.mail("deferred", "mail is being deferred",
                          [f"`judge deliver` failed with {one_line(exc)}.",
                           ("The MTA keeps the message and tries again; check the disk, and the MTA's log, where "
                            f"`judge deliver` says each problem in one line ({DEBUG_HINT}).")])
        return EX_TEMPFAIL, f"temporary failure, message kept for retry: {one_line(exc)}"
    except Exception as exc:  # noqa: BLE001 - a fault of the judge: kept aside, answered, reported
        log.debug("could not process a message; setting it aside", exc_info=True)
        why = f"{type(exc).__name__}: {exc}"
        try:
            spool = Spool(judge.settings.inbox_dir)
            name = spool.keep_aside(raw, sender, why, key)
        except OSError:
            return EX_TEMPFAIL, f"internal error, message kept for retry: {why}"
        if serving is None:
            serving = changed.serving(judge.settings.games_dir)
        judge.set_aside_notice(name, spool.root / "bad", why, raw, sender, serving=serving)
        return EX_OK, f"internal error, message set aside as {name}: {one_line(exc)}"
    if result.accepted and result.game:
        changed.poke(judge.settings.games_dir, [result.game])      # a `judge serve` beside us plans its clock again
    expire_set_aside(judge.settings)
    if not result.replied and result.note and not result.note.startswith(("no reply", "already applied")):
        return EX_DATAERR, result.note
    return EX_OK, ""


def expire_set_aside(settings: Settings) -> None:
    """No daemon runs with `judge deliver` to delete old set-aside messages (they may hold passwords): each
    delivery and each cron run of `judge process` does it, a folder listing."""
    try:
        Spool(settings.inbox_dir).expire_set_aside()
    except OSError:
        log.exception("could not delete expired set-aside messages")


def remove_leftovers(settings: Settings) -> int:
    """What the daemon deletes at start-up, for the set-up without it: the temp files of an outbox message or of a
    spooled one that a killed run left (those an hour old: another run may be writing one now), and the files of an
    earlier release that this one no longer reads. Returns how many."""
    try:
        spool = Spool(settings.inbox_dir)
        return (remove_temp_files(settings.outbox_dir, older_than=LEFTOVER_AGE)
                + remove_temp_files(spool.root / "bad", older_than=LEFTOVER_AGE)
                + spool.drop_tmp(older_than=LEFTOVER_AGE)
                + remove_old_files(settings.games_dir))
    except OSError:
        log.exception("could not delete leftover temporary files (the next run tries again)")
        return 0


def send_pending(judge: Judge) -> int:
    """Send what the outbox holds and is due (this run's mail, and what an earlier run could not send), with the
    daemon's sender: the same claim on each file keeps a message from going twice, whoever else is sending (another
    `judge deliver`, cron's `judge process`, a `judge serve`). What cannot go now waits for the next run. Returns how
    many messages went."""
    from judge.daemon.sender import Sender
    sender = Sender(judge.settings, judge.outbox)
    sender.on_failure = judge.keeper.unsendable
    sender.retried_by = "the next judge deliver or judge process run"       # (no process waits to try it here)
    judge.keeper.log_name = PIPE_LOG            # (its notices name this set-up's logs)
    try:
        judge.keeper.retry()                    # a notice this run could not write when it was due (a full disk)
        sent = sender.drain()
        if sender.failed:
            sent += sender.drain()              # the keeper's notice of a message given up
        return sent
    except Exception:  # noqa: BLE001 - the message itself was handled; the next run sends what is left
        log.exception("sending the outbox failed; the next run tries again")
        return 0
    finally:
        sender.close()


def mail_due(settings: Settings) -> bool:
    """Does the outbox hold a message due to go now (what send_pending would try)?"""
    try:
        return bool(Outbox(settings.outbox_dir).due(time.time()))
    except OSError:
        return True                     # (send_pending says what is wrong)


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def process_due(settings: Settings, whole: Callable[[], Judge], clock: Callable[[], datetime] = utcnow
                ) -> tuple[dict[str, list[str]], dict[str, str], dict[str, BaseException], set[str]]:
    """The clock work of every game whose committed wake-up has come (what `judge serve`'s scheduler runs), as cron
    runs `judge process`, after every commit a kill or a full disk left unfinished is finished, whatever its game's
    wake-up: (notes by game that had work, why by game that could not be read or failed, the exception of each that
    failed for a reason other than its files, the games whose unfinished commit still cannot be finished). Nothing
    is logged here: cron mails whatever a run prints, so the caller says each problem when it is new
    (judge.storage.reported). The wake-ups are read without the judge; `whole()` gives the judge, made only when a
    game is due."""
    store = GameStore(settings.games_dir, settings.outbox_dir)
    found = store.survey()
    wakeups, failed = found.wakeups, found.broken
    done: dict[str, list[str]] = {}
    faults: dict[str, BaseException] = {}
    stuck: set[str] = set()
    for name in found.unfinished:
        wakeups.pop(name, None)         # (read again once the commit is finished: it may have changed it)
        try:
            published = store.finish(name)
        except OSError as exc:
            _unfinished(name, exc, failed, faults, stuck)
            continue
        done[name] = [f"an interrupted commit finished ({len(published)} mail(s) published now)"]
        try:
            wakeups[name] = store.wakeup(name)
        except GameUnavailable as exc:
            failed[name] = str(exc)
        except FileNotFoundError:
            pass
    now = clock()
    due = [name for name, moment in wakeups.items() if moment is not None and moment <= now]
    if not due:
        changed.poke(settings.games_dir, done)
        return done, failed, faults, stuck
    judge = whole()
    for name in due:
        try:
            notes = judge.process(name)
        except GameUnavailable as exc:          # its files: the reason says it all, a traceback adds nothing
            failed[name] = str(exc)
            continue
        except Exception as exc:  # noqa: BLE001 - one game's failure must not stop the others' deadlines
            if isinstance(exc, OSError) and store.unfinished(name):
                _unfinished(name, exc, failed, faults, stuck)    # (made, not all in place: a full outbox...)
                continue
            failed[name] = f"clock work failed: {type(exc).__name__}: {exc}"
            faults[name] = exc
            continue
        if notes:
            done.setdefault(name, []).extend(notes)
    changed.poke(settings.games_dir, done)      # (cron's run beside a `judge serve`: it plans them again)
    return done, failed, faults, stuck


def _unfinished(name: str, exc: OSError, failed: dict[str, str], faults: dict[str, BaseException],
                stuck: set[str]) -> None:
    """A game whose commit is past its commit point and cannot be finished now. Its traceback is shown (once, when
    the problem is said) unless the disk is full, which says it all."""
    # (the same words whichever run meets it: judge.storage.reported says a problem again only when they change)
    failed[name] = f"a commit of the game is made but cannot be finished yet: {exc}"
    stuck.add(name)
    if exc.errno not in (errno.ENOSPC, errno.EDQUOT):
        faults[name] = exc


def tell_keeper(settings: Settings, problems: dict[str, str], faults: dict[str, BaseException],
                stuck: set[str] = frozenset()) -> None:
    """Mail the keeper the problems cron's run says now (new, changed, or a day old), as `judge serve` mails them,
    through the keeper's once-an-hour memory shared by every process of the judge."""
    from judge.daemon.failures import where
    from judge.keeper import Keeper
    keeper = Keeper(settings, Outbox(settings.outbox_dir), utcnow)
    for game, why in problems.items():
        fault = faults.get(game)
        if game in stuck:
            keeper.mail(f"unfinished {game}", f"game {game}: a change is not finished",
                        [why] + ([where(fault)] if fault else []) +
                        ["The change is made, but not all of it is in place: the rest (its mail among it) waits in "
                         "the game's folder, and the game's mail is deferred meanwhile. Cron's `judge process` "
                         "tries again every run (check the disk of the outbox, and the game's folder)."])
        elif fault is None:
            keeper.mail(f"unavailable {game}", f"game {game} is unavailable",
                        [why, "Its mail is answered with 'unavailable' and its deadlines wait until the file is "
                              "mended (cron's `judge process` says it again once a day while it lasts)."])
        else:
            keeper.mail(f"clock {game}", f"deadline work for game {game} failed",
                        [f"{type(fault).__name__}: {fault}", where(fault),
                         "Cron's `judge process` tries it again every run, and says it again once a day."])
