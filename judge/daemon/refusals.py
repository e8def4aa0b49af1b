"""What a failure to send a message means: the relay refusing it for good or for now, the relay out of reach or not
answering, and the kind of problem to tell the keeper (once an hour per kind, not per message)."""
from __future__ import annotations

import re
import smtplib
from dataclasses import dataclass
from pathlib import Path

# A refusal of this one message (the relay answered MAIL, RCPT or DATA with an error): the connection is still
# good (smtplib has reset the transaction, or closed it on a 421), so the drain goes on with the next message.
REFUSED = (smtplib.SMTPSenderRefused, smtplib.SMTPRecipientsRefused, smtplib.SMTPDataError)
_ENHANCED = re.compile(rb"\d\.\d{1,3}\.\d{1,3}")


class RelayUnreachable(Exception):
    """No connection to the relay (connect, greeting, STARTTLS or login failed)."""


@dataclass(frozen=True)
class GivenUp:
    """A message the sender gave up on, for `Sender.on_failure`."""
    path: Path                  # where it is kept (outbox/failed/<name>)
    why: str                    # the error, as logged
    kind: str                   # the problem without what is particular to the message (its recipient, its name)
    recipients: list[str]       # its envelope recipients


def permanent(exc: Exception) -> bool:
    """Will sending this message fail whatever the judge does (a 5xx answer, a message smtplib cannot write)?"""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in exc.recipients.values())
    if isinstance(exc, (smtplib.SMTPSenderRefused, smtplib.SMTPDataError)):
        return exc.smtp_code >= 500 and exc.smtp_code != 503     # 503: out of sequence, the session's fault
    if isinstance(exc, smtplib.SMTPNotSupportedError):
        return True                                    # e.g. an address that needs SMTPUTF8
    return not isinstance(exc, (OSError, smtplib.SMTPException))   # UnicodeEncodeError, ValueError...


def timed_out(exc: BaseException | None) -> bool:
    """Did the relay stop answering (a socket timeout, which smtplib reports as a lost connection)?"""
    for _ in range(8):                                 # (the chain of causes is short; bounded all the same)
        if exc is None:
            return False
        if isinstance(exc, TimeoutError):
            return True
        exc = exc.__cause__ or exc.__context__
    return False


def refusal_kind(exc: Exception, late: bool = False, max_age: float = 0.0) -> str:
    """What went wrong, without what is particular to the message (a recipient the relay names, the message's
    name): the keeper is told once an hour per kind, however many messages it hits. `late`: a temporary failure
    that lasted `max_age` seconds."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        what = "the relay refuses recipients: " + ", ".join(sorted({_status(c, m) for c, m in exc.recipients.values()}))
    elif isinstance(exc, smtplib.SMTPResponseException):         # SMTPSenderRefused, SMTPDataError among them
        what = f"the relay refuses mail: {_status(exc.smtp_code, exc.smtp_error)}"
    elif isinstance(exc, RelayUnreachable):
        what = "the relay cannot be reached"
    elif timed_out(exc):
        what = "the relay does not answer"
    else:
        what = f"the judge cannot send a message ({type(exc).__name__})"
    return f"mail still not delivered after {max_age / 86400:.0f} days: {what}" if late else what


def _status(code: int, text: bytes | str) -> str:
    """An SMTP answer's code and enhanced status code (554 5.7.1): what its text says beyond them is often about
    the one message."""
    raw = text if isinstance(text, bytes) else str(text).encode("utf-8", "replace")
    found = _ENHANCED.match(raw.strip())
    return f"{code} {found.group().decode()}" if found else str(code)
