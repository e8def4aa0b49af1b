"""The SMTP side: aiosmtpd's protocol on the daemon's loop, refusing unknown recipients at RCPT and answering 250
only once the message is durably in the spool."""
from __future__ import annotations

import asyncio
import logging
import time
from collections import defaultdict, deque
from typing import Callable

from judge.daemon import statuscodes as S
from judge.daemon.spool import Spool

log = logging.getLogger("judge.smtp")


class Handler:
    """aiosmtpd handler: implements only the hooks it needs (RCPT and DATA)."""

    def __init__(self, spool: Spool, recipients: list[str], max_bytes: int, rate_per_hour: int,
                 accepted: Callable[[str], None]):
        self.spool = spool
        self.recipients = {r.lower() for r in recipients}
        self.max_bytes = max_bytes
        self.rate_per_hour = rate_per_hour
        self.accepted = accepted                 # told the spool id of each message once it is safe
        self.recent: dict[str, deque] = defaultdict(deque)

    async def handle_RCPT(self, server, session, envelope, address: str, rcpt_options) -> str:
        if address.lower() not in self.recipients:
            return S.UNKNOWN_RECIPIENT
        envelope.rcpt_tos.append(address)
        return S.RCPT_OK

    async def handle_DATA(self, server, session, envelope) -> str:
        raw = envelope.original_content or envelope.content or b""
        if len(raw) > self.max_bytes:
            return S.TOO_BIG
        sender = (envelope.mail_from or "").lower()
        if self._over_rate(sender):
            return S.RATE_LIMITED
        try:
            key = await asyncio.to_thread(self.spool.put, raw, envelope.mail_from or "")
        except Exception:                         # never leak details; the client will try again
            log.exception("could not spool a message from %s", sender)
            return S.TEMPORARY_FAILURE
        self.accepted(key)
        return S.ACCEPTED

    def _over_rate(self, sender: str) -> bool:
        if self.rate_per_hour <= 0 or not sender:
            return False
        now = time.monotonic()
        seen = self.recent[sender]
        while seen and now - seen[0] > 3600:
            seen.popleft()
        if len(seen) >= self.rate_per_hour:
            return True
        seen.append(now)
        return False
