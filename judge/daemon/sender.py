"""Drain the outbox: to the SMTP relay named in config.ini (STARTTLS, login, retries with back-off), or, with no
relay configured, into a local Maildir a person can read. A message leaves the outbox only once it is delivered.

A drain's relay connections (`parallel` of them, taking the due messages in turn from one queue) serve the whole
drain and stay open for a moment after it (`keep_open` seconds), so a burst of replies costs one SMTP transaction
each, not a connection, a greeting and a login each. Each message goes as the bytes the outbox holds (line ends
made CRLF), to the envelope recipients read from its To and Cc headers. SMTP never promised that mail arrives in
the order it was sent; with two connections two messages of one drain may overtake each other.

Several processes may drain one outbox at once (`judge serve`, and `judge deliver` or `judge process` run by the
MTA and cron, which send what they caused before they exit): a message is sent by whoever holds the lock (flock) on
its file, and removed before the lock is let go, so no two of them send it. A kill between the relay's 250 and the
removal sends it again at the next drain (twice rather than never; it keeps its Message-ID; into the Maildir,
the next drain finds the file it wrote and only removes: judge.daemon.maildir). The retry schedule is
kept in the file itself, as Postfix keeps it: after a temporary failure its modification time is set to the time of
the next try, so every process, and a restarted daemon, backs off alike (judge.storage.outbox: claim, defer, due).
"""
from __future__ import annotations

import logging
import os
import queue
import smtplib
import socket
import threading
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from judge.config import Settings
from judge.daemon import maildir
from judge.daemon.envelope import RelayClient, envelope_recipients
from judge.daemon.relay_pause import RELAY_PAUSE, RelayPause
from judge.daemon.refusals import REFUSED, GivenUp, RelayUnreachable, permanent, refusal_kind, timed_out
from judge.storage.atomic import atomic_write, checkpoint, make_folder, sync_folder
from judge.storage.outbox import Outbox

log = logging.getLogger("judge.sender")
BACKOFF_START, BACKOFF_MAX = 5.0, 3600.0   # seconds before the next try: the message's age, within these bounds
MAX_AGE = 4 * 86400.0           # a message still failing temporarily at this age is given up
KEEP_OPEN = 2.0                 # seconds an idle relay connection is kept for the next drain
PARALLEL = 2                    # relay connections a drain uses side by side (each waits for the relay's answers)
CUT_WAIT = 2.0                  # seconds a stopping sender waits for a thread whose connection it has cut

class Sender:
    def __init__(self, settings: Settings, outbox: Outbox, monotonic=time.monotonic, keep_open: float = KEEP_OPEN,
                 parallel: int = PARALLEL, clock=time.time):
        self.settings = settings
        self.outbox = outbox
        self.monotonic = monotonic                         # for connections kept open
        self.clock = clock                                 # wall time, for the retry schedule kept in the files
        self.keep_open = keep_open
        self.parallel = max(1, parallel)
        self.on_failure = None                             # called (GivenUp) when a message is given up on
        self.retried_by = ""                               # who tries a deferred message again, if not this sender
        self.sent = 0
        self.failed = 0
        self.connections = 0                               # relay connections opened so far
        # Connection `slot` i is used by one thread at a time (its lock): the i-th thread of a drain or the i-th
        # streaming thread. A message is sent by one of them only (`_busy`: the names being sent).
        self._smtp: list[smtplib.SMTP | None] = [None] * self.parallel
        self._last_used = [0.0] * self.parallel
        self._slot_locks = [threading.Lock() for _ in range(self.parallel)]
        self._lock = threading.Lock()
        self._busy: set[str] = set()
        self._pool: ThreadPoolExecutor | None = None
        self._stream: queue.SimpleQueue | None = None
        self._streamers: list[threading.Thread] = []
        self.timeout = float(settings.get("relay", "timeout"))   # seconds for each answer of the relay
        self.pause = RelayPause(outbox.folder)             # the relay stopped answering: no try for a while
        self._connecting: list[smtplib.SMTP | None] = [None] * self.parallel   # greeting, STARTTLS, login
        self._stop_at: float | None = None                 # (time.monotonic) stopping: nothing starts after it
        self._cut_off = False                              # stopping: the connections in use were cut
        self._timer: threading.Timer | None = None

    # -- the outbox, all of it (at start, on a timer, for retries) -----------------------------------------------
    def drain(self) -> int:
        """Send what is due; returns how many messages were delivered."""
        now = self.clock()
        self.close_if_idle()                               # idle too long: the relay may have dropped it
        if self.paused() or self._stopped():
            return 0
        due = deque(self.outbox.due(now))
        if not due:
            return 0
        others = []
        if self.parallel > 1 and len(due) > 1 and self.settings.get("relay", "host"):
            if self._pool is None:
                self._pool = ThreadPoolExecutor(self.parallel - 1, thread_name_prefix="judge-sender")
            others = [self._pool.submit(self._drain_on, slot, due, now)
                      for slot in range(1, min(self.parallel, len(due)))]
        return self._drain_on(0, due, now) + sum(f.result() for f in others)

    def _drain_on(self, slot: int, due: deque, now: float) -> int:
        """Take messages from `due` (shared by the connections of this drain) and send them on connection `slot`."""
        delivered = 0
        while True:
            try:
                path = due.popleft()
            except IndexError:
                return delivered
            outcome = self._deliver(slot, path, now)
            if outcome is True:
                delivered += 1
            elif outcome == "unreachable":
                return delivered                           # out of reach from here: the rest wait (or go on
                                                           # another connection of this drain, unless it stopped
                                                           # answering: `paused`)

    # -- as messages are written (the daemon offers each job's mail once it is committed) --------------------------
    def offer(self, paths: list[Path]) -> None:
        """Send these outbox files now, on the streaming threads (started on first use), without waiting for the
        next drain. A file that cannot go stays in the outbox for a drain to retry."""
        if not paths:
            return
        with self._lock:
            if self._stream is None:
                self._stream = queue.SimpleQueue()
                self._streamers = [threading.Thread(target=self._stream_on, args=(slot, self._stream), daemon=True,
                                                    name=f"judge-sender-{slot}") for slot in range(self.parallel)]
                for t in self._streamers:
                    t.start()
            for path in paths:
                self._stream.put(path)

    def _stream_on(self, slot: int, stream: queue.SimpleQueue) -> None:
        while True:
            path = stream.get()
            if path is None:
                return
            try:
                self._deliver(slot, path, self.clock())
            except Exception:  # noqa: BLE001 - a streaming thread never dies; the drain retries what is left
                log.exception("streaming %s failed", path)

    # -- one message -------------------------------------------------------------------------------------------
    def _deliver(self, slot: int, path: Path, now: float):
        """Send one outbox file on connection `slot` and remove it: True; False if it failed (kept and retried
        after a back-off, or set aside for good); "unreachable" if the relay could not be reached; None if it was
        not this call's to send (gone, not due, or being sent by another thread or process). Never raises: one bad
        message must not stop the mail behind it."""
        if self.paused() or self._stopped():
            return None                                    # it waits in the outbox
        with self._lock:
            if path.name in self._busy:
                return None
            self._busy.add(path.name)
        claim = None
        try:
            claim = self.outbox.claim(path, now)
            if claim is None:
                return None
            with self._slot_locks[slot]:
                if self._stopped():                        # (waited for the slot until the stop's deadline)
                    return None
                self._send_on(slot, claim[1], path.name)
            # Removed while still claimed: another thread or process that lists the same file must find it gone,
            # not send it a second time.
            self.outbox.remove(path)
            with self._lock:
                self.sent += 1
            return True
        except RelayUnreachable as exc:
            if self._cut_off:
                return None                                # cut by a stop: it waits in the outbox as it was
            if timed_out(exc):
                self._pause(exc)
            self._later(path, now, exc, claim[1] if claim else b"")
            return "unreachable"
        except Exception as exc:  # noqa: BLE001 - each failure is sorted below, none escapes
            if not isinstance(exc, REFUSED) or getattr(exc, "smtp_code", 0) == 503:
                # The SMTP session may be in any state (half a transaction): a fresh connection for the next
                # message (and if the relay is really gone, connecting says so).
                with self._slot_locks[slot]:
                    self._close(slot)
            if self._cut_off:
                return None
            raw = claim[1] if claim else b""
            if timed_out(exc):
                # The relay took the connection and stopped answering: trying the next message on a new connection
                # would cost as long again, for every message. It rests; this message backs off as it would.
                self._pause(exc)
                self._later(path, now, exc, raw)
                return "unreachable"
            if permanent(exc):
                self._give_up(path, exc, raw)
            else:
                self._later(path, now, exc, raw)
            return False
        finally:
            if claim is not None:
                os.close(claim[0])                         # lets go of the file (sent and removed, or not)
            with self._lock:
                self._busy.discard(path.name)

    def _later(self, path: Path, now: float, exc: Exception, raw: bytes) -> None:
        """A temporary failure: the next try after a back-off as long as the message is old (so the pause doubles
        with each try), written into the file's modification time; at MAX_AGE, give up."""
        age = now - Outbox.written_at(path, now - MAX_AGE)
        if age >= MAX_AGE:
            self._give_up(path, exc, raw, late=True)
            return
        delay = min(max(age, BACKOFF_START), BACKOFF_MAX)
        if not self.outbox.defer(path, now + delay):
            return
        if self.retried_by:
            log.warning("sending %s failed (%s: %s); not tried again for %.0f s, then by %s", path.name,
                        type(exc).__name__, exc, delay, self.retried_by)
        else:
            log.warning("sending %s failed (%s: %s); next try in %.0f s", path.name, type(exc).__name__, exc, delay)

    def backing_off(self) -> dict[str, float]:
        """The outbox files waiting for their next try after a temporary failure: name -> when (wall time)."""
        return self.outbox.waiting(self.clock())

    def _give_up(self, path: Path, exc: Exception, raw: bytes, late: bool = False) -> None:
        """A permanent failure (or a temporary one for too long: `late`): the message is kept in outbox/failed/
        with why, and the keeper is told."""
        why = f"{type(exc).__name__}: {exc}"
        log.error("giving up on %s: %s", path.name, why)
        failed = self.outbox.folder / "failed"
        try:
            make_folder(failed)
            atomic_write(failed / f"{path.name}.why", why + "\n", sync_dir=False)
        except OSError:
            log.exception("could not set %s aside", path.name)
            return
        # The keeper's notice is in the outbox before the message leaves it: an empty outbox means no mail is
        # still to be written or sent.
        if self.on_failure is not None:
            try:
                to = envelope_recipients(raw)
            except Exception:  # noqa: BLE001 - a message whose headers cannot be read has no recipient to name
                to = []
            try:
                self.on_failure(GivenUp(failed / path.name, why, refusal_kind(exc, late, MAX_AGE), to))
            except Exception:  # noqa: BLE001 - telling the keeper must not stop the sending
                log.exception("could not report the failed message %s", path.name)
        try:
            os.replace(path, failed / path.name)
            sync_folder(failed)
        except OSError:
            log.exception("could not set %s aside", path.name)
            return
        with self._lock:
            self.failed += 1

    def _send_on(self, slot: int, raw: bytes, name: str) -> None:
        if not self.settings.get("relay", "host"):
            maildir.deliver(Path(self.settings.get("relay", "maildir")), name, raw)
            return
        to = envelope_recipients(raw)
        # line ends made CRLF (the outbox holds the judge's "\n"; a message holding CRs is made plain first)
        data = raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n") if b"\r" in raw else raw.replace(b"\n", b"\r\n")
        reused = self._smtp[slot] is not None
        smtp = self._connection(slot)
        try:
            refused = smtp.sendmail(self.settings.address, to, data)
        except (smtplib.SMTPServerDisconnected, ConnectionError) as exc:
            self._close(slot)
            if not reused or timed_out(exc):
                raise
            # The connection kept from an earlier drain had gone stale: once more on a fresh one.
            refused = self._connection(slot).sendmail(self.settings.address, to, data)
        self._last_used[slot] = self.monotonic()
        checkpoint("relayed")
        if refused:
            log.warning("relay refused some recipients of %s: %s", name, ", ".join(refused))

    # -- connections -------------------------------------------------------------------------------------------
    def close(self) -> None:
        """Stop the streaming threads (after what was offered), close every relay connection (and the threads of
        a drain's extra connections; a later drain or offer starts them again). After `stop_by`, waits only until
        its deadline: the connections still in use are cut then."""
        with self._lock:
            stream, streamers, self._stream, self._streamers = self._stream, self._streamers, None, []
        if stream is not None:
            for _ in streamers:
                stream.put(None)
            for t in streamers:
                t.join(None if self._stop_at is None else max(0.0, self._stop_at - time.monotonic()))
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=self._stop_at is None)
        if self._stop_at is not None:
            if self._timer is not None:
                self._timer.cancel()
            self._cut()
            for t in streamers:
                t.join(CUT_WAIT)
        for slot in range(self.parallel):
            lock = self._slot_locks[slot]
            if lock.acquire(timeout=-1 if self._stop_at is None else CUT_WAIT):
                try:
                    self._close(slot)
                finally:
                    lock.release()

    def stop_by(self, deadline: float) -> None:
        """The daemon is stopping: no message is started after `deadline` (time.monotonic()), and a send still
        waiting for the relay then is cut off (the relay may hang for ever). What is not sent stays in the outbox,
        as it was, for the next start."""
        self._stop_at = deadline
        self._timer = threading.Timer(max(0.0, deadline - time.monotonic()), self._cut)
        self._timer.daemon = True
        self._timer.start()

    def _stopped(self) -> bool:
        return self._cut_off or (self._stop_at is not None and time.monotonic() >= self._stop_at)

    def _cut(self) -> None:
        """Shut the socket of every connection (a thread waiting for the relay's answer gets an error at once)."""
        self._cut_off = True
        for smtp in [*self._smtp, *self._connecting]:
            sock = getattr(smtp, "sock", None)
            if sock is not None:
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def paused(self) -> bool:
        """Is the relay resting since it stopped answering (met here, or by another process)?"""
        return bool(self.settings.get("relay", "host")) and self.pause.on(self.clock())

    def _pause(self, exc: Exception) -> None:
        if self.pause.start(self.clock()):
            log.warning("the relay %s:%s stopped answering (%s: %s, after %.0f s): no mail goes to it for %.0f s; "
                        "the mail waits in the outbox", self.settings.get("relay", "host"),
                        self.settings.get("relay", "port"), type(exc).__name__, exc, self.timeout, RELAY_PAUSE)

    def close_if_idle(self) -> None:
        now = self.monotonic()
        for slot in range(self.parallel):
            lock = self._slot_locks[slot]
            if self._smtp[slot] is not None and lock.acquire(blocking=False):
                try:
                    if self._smtp[slot] is not None and now - self._last_used[slot] > self.keep_open:
                        self._close(slot)
                finally:
                    lock.release()

    def _close(self, slot: int) -> None:
        smtp, self._smtp[slot] = self._smtp[slot], None
        if smtp is None:
            return
        try:
            smtp.quit()
        except (OSError, smtplib.SMTPException):
            smtp.close()

    def _connection(self, slot: int) -> smtplib.SMTP:
        if self._smtp[slot] is not None:
            return self._smtp[slot]
        host, port = self.settings.get("relay", "host"), self.settings.get("relay", "port")
        # Connected after it is known here (not by the constructor): a stop can cut a relay that hangs in its greeting.
        smtp = self._connecting[slot] = RelayClient(timeout=self.timeout)
        try:
            code, answer = smtp.connect(host, port)
            if code != 220:
                raise smtplib.SMTPConnectError(code, answer)
            if self.settings.get("relay", "starttls"):
                smtp.starttls()
            if self.settings.get("relay", "user"):
                smtp.login(self.settings.get("relay", "user"), self.settings.get("relay", "password"))
        except (OSError, smtplib.SMTPException) as exc:
            smtp.close()
            raise RelayUnreachable(f"{host}:{port}: {exc}") from exc
        finally:
            self._connecting[slot] = None
        with self._lock:
            self.connections += 1
        self._smtp[slot] = smtp
        self._last_used[slot] = self.monotonic()
        return smtp

    def clean_maildir(self) -> int:
        """At start-up: the judge's own half-delivered files in the Maildir's tmp/ (judge.daemon.maildir)."""
        if self.settings.get("relay", "host"):
            return 0
        return maildir.clean(Path(self.settings.get("relay", "maildir")))
