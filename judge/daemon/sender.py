"""Drain the outbox: to the SMTP relay named in config.ini (STARTTLS, login, retries with back-off), or, with no
relay configured, into a local Maildir a person can read. A message leaves the outbox only once it is delivered."""
from __future__ import annotations

import email
import email.policy
import logging
import mailbox
import smtplib
import time
from email.utils import getaddresses
from pathlib import Path

from judge.config import Settings
from judge.storage.outbox import Outbox

log = logging.getLogger("judge.sender")
BACKOFF_START, BACKOFF_MAX = 5.0, 3600.0


class Sender:
    def __init__(self, settings: Settings, outbox: Outbox, monotonic=time.monotonic):
        self.settings = settings
        self.outbox = outbox
        self.monotonic = monotonic
        self.retry: dict[str, tuple[int, float]] = {}     # file name -> (failed attempts, not before)
        self.sent = 0

    def drain(self) -> int:
        """Send what is due; returns how many messages were delivered."""
        delivered = 0
        now = self.monotonic()
        for path in self.outbox.paths():
            attempts, not_before = self.retry.get(path.name, (0, 0.0))
            if now < not_before:
                continue
            try:
                self.send(path)
            except (OSError, smtplib.SMTPException) as exc:
                delay = min(BACKOFF_START * 2 ** attempts, BACKOFF_MAX)
                self.retry[path.name] = (attempts + 1, now + delay)
                log.warning("sending %s failed (%s); next try in %.0f s", path.name, type(exc).__name__, delay)
                continue
            self.retry.pop(path.name, None)
            self.outbox.remove(path)
            delivered += 1
        self.sent += delivered
        return delivered

    def send(self, path: Path) -> None:
        raw = path.read_bytes()
        relay = self.settings.get("relay", "host")
        if not relay:
            box = mailbox.Maildir(self.settings.get("relay", "maildir"), create=True)
            box.add(raw)
            return
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        to = [a for _, a in getaddresses(msg.get_all("To", []) + msg.get_all("Cc", [])) if a]
        with smtplib.SMTP(relay, self.settings.get("relay", "port"), timeout=30) as smtp:
            if self.settings.get("relay", "starttls"):
                smtp.starttls()
            if self.settings.get("relay", "user"):
                smtp.login(self.settings.get("relay", "user"), self.settings.get("relay", "password"))
            smtp.send_message(msg, from_addr=self.settings.address, to_addrs=to)
