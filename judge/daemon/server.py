"""The judge's side of its SMTP server (judge.daemon.smtp), on the daemon's loop: unknown recipients refused at
RCPT, and a message answered 250 only once it is durably ours: applied (a message for a game, when the daemon takes
it at once) or in the spool."""
from __future__ import annotations

import asyncio
import logging
from collections import deque
from typing import Any, Awaitable, Callable

from judge.daemon import statuscodes as S
from judge.daemon.smtp import at_work
from judge.daemon.spool import Spool, envelope_sender
from judge.mail.inbound import UnusableSender
from judge.mail.senders import from_address
from judge.storage.rates import RateLimit

log = logging.getLogger("judge.smtp")
_UNREAD = object()           # a message not yet read for its route


class Intake:
    """Flow control for accepted mail (Postfix's in_flow_delay): at most `limit` accepted messages wait to be
    processed; beyond that, `enter` waits until one is done (`leave`), but never longer than `max_delay` seconds -
    then the message is taken anyway, uncounted, so a client is slowed down, never timed out. Places are handed
    over in the order the clients asked for them. No limit while `paused()` (accepted mail is held on purpose)."""

    def __init__(self, limit: int, max_delay: float, paused: Callable[[], bool] = lambda: False):
        self.limit = limit
        self.max_delay = max_delay
        self.paused = paused
        self.count = 0                           # places taken
        self.waiters: deque[asyncio.Future] = deque()
        self.waited = 0                          # how many messages had to wait (for the curious)

    async def enter(self) -> bool:
        """Take a place (True) or, after max_delay or while paused, go in without one (False)."""
        if self.limit <= 0 or self.paused():
            return False
        if self.count < self.limit and not self.waiters:
            self.count += 1
            return True
        self.waited += 1
        fut = asyncio.get_running_loop().create_future()
        self.waiters.append(fut)
        try:
            await asyncio.wait_for(fut, self.max_delay)
            return True                          # a place handed over by leave()
        except asyncio.TimeoutError:  # noqa: UP041 - the builtin TimeoutError from 3.11, on 3.10 a class of its own
            return False
        except asyncio.CancelledError:
            if fut.done() and not fut.cancelled():
                self.leave()                     # handed a place just as the client went away: pass it on
            raise
        finally:
            if fut in self.waiters:
                self.waiters.remove(fut)

    def leave(self) -> None:
        """A message that held a place is done: the place goes to the first client waiting, if any."""
        while self.waiters:
            fut = self.waiters.popleft()
            if not fut.done():
                fut.set_result(None)
                return
        self.count = max(0, self.count - 1)


class Handler:
    """What the SMTP server (judge.daemon.smtp) asks of the judge: may a recipient be taken (RCPT), and the
    message itself (DATA)."""

    def __init__(self, spool: Spool, recipients: list[str], max_bytes: int, rate: RateLimit,
                 accepted: Callable[..., None], route: Callable[[bytes, str], Any] | None = None,
                 intake: Intake | None = None, max_recipients: int = 100,
                 apply: Callable[[Any], Awaitable[tuple[str | None, int]]] | None = None,
                 unspooled: Callable[[Exception], None] | None = None):
        self.spool = spool
        self.recipients = {r.lower() for r in recipients}
        self.max_bytes = max_bytes
        self.accepted = accepted                 # told (spool id, route, counted) of each message once it is safe
        self.route = route                       # (raw, envelope sender) -> what `accepted` is told besides the id
        self.intake = intake
        self.rate = rate                         # messages per sender, on disk: shared with `judge deliver`
        self.max_recipients = max_recipients
        # (the message's route) -> (the answer once the message is applied and durable, or None and how many times
        # its processing was cut short before: then it goes to the spool)
        self.apply = apply
        self.unspooled = unspooled               # told (in a thread) why a message could not be spooled: the keeper

    def rcpt(self, envelope, address: str) -> str:
        if len(envelope.rcpt_tos) >= self.max_recipients:
            return S.TOO_MANY_RECIPIENTS          # RFC 5321 4.5.3.1.10: 452, the client sends the rest later
        if address.lower() not in self.recipients:
            return S.UNKNOWN_RECIPIENT
        envelope.rcpt_tos.append(address)
        return S.RCPT_OK

    async def handle_DATA(self, server, session, envelope) -> str:
        with at_work(server):                     # the client waits for our answer: it is not idle
            return await self._data(envelope)

    async def _data(self, envelope) -> str:
        raw = envelope.original_content or envelope.content or b""
        if len(raw) > self.max_bytes:
            return S.TOO_BIG
        sender = (envelope.mail_from or "").lower()
        if self._over_rate(sender, raw):
            return S.RATE_LIMITED
        counted = await self.intake.enter() if self.intake is not None else False
        attempts, route = 0, _UNREAD
        if self.apply is not None:
            try:
                route = self._route(raw, envelope.mail_from or "")      # read once, here, whichever way it goes
            except UnusableSender:
                if counted:
                    self.intake.leave()
                return S.UNUSABLE_SENDER
            try:
                answer, attempts = await self.apply(route)
            except asyncio.CancelledError:        # the client went away (nothing is lost: Daemon.apply_now says why)
                if counted:
                    self.intake.leave()
                raise
            except Exception:                     # the spool takes it as before
                log.exception("could not apply a message from %s at once", sender)
                answer, attempts = None, 0
            if answer is not None:
                if counted:
                    self.intake.leave()
                return answer
        store = asyncio.ensure_future(asyncio.to_thread(self._store, raw, envelope.mail_from or "", attempts, route))
        try:
            key, route = await asyncio.shield(store)
        except asyncio.CancelledError:
            # The client went away mid-write: if the message did reach the spool it is ours all the same (the
            # client, with no 250, may send it again), so it is queued as soon as the write is over.
            store.add_done_callback(lambda f: self._late(f, counted))
            raise
        except UnusableSender:
            if counted:
                self.intake.leave()
            return S.UNUSABLE_SENDER
        except Exception as exc:                  # never leak details; the client will try again
            if counted:
                self.intake.leave()
            log.exception("could not spool a message from %s", sender)
            if self.unspooled is not None:
                try:
                    await asyncio.to_thread(self.unspooled, exc)
                except Exception:  # noqa: BLE001 - the answer stands whatever becomes of the notice
                    log.exception("could not tell the keeper that a message could not be spooled")
            return S.TEMPORARY_FAILURE
        self.accepted(key, route, counted)
        return S.ACCEPTED

    def _late(self, store: asyncio.Future, counted: bool) -> None:
        if not store.cancelled() and store.exception() is None:
            key, route = store.result()
            self.accepted(key, route, counted)
        elif counted:
            self.intake.leave()

    def _route(self, raw: bytes, mail_from: str) -> Any:
        """The message read once for its route (None if it cannot be: the game worker reads it again and meets the
        problem); UnusableSender for an address the judge could never answer, refused before the message is ours."""
        if self.route is None:
            return None
        try:
            return self.route(raw, envelope_sender(mail_from))
        except UnusableSender:
            raise
        except Exception:
            log.exception("could not read a message from %s for its route", mail_from)
            return None

    def _store(self, raw: bytes, mail_from: str, attempts: int = 0, route: Any = None) -> tuple[str, Any]:
        """In a worker thread: the message read for its route unless `apply` has read it, then durably in the
        spool."""
        if route is _UNREAD:
            route = self._route(raw, mail_from)
        return self.spool.put(raw, mail_from, attempts), route

    def _over_rate(self, sender: str, raw: bytes) -> bool:
        """Counted against the envelope sender and the message's From (players behind one forwarder each count
        on their own: judge.storage.rates)."""
        return self.rate.over(sender, from_address(raw) if sender and self.rate.per_envelope else "")
