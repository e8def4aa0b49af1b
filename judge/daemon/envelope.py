"""A stored message's envelope, as the sender hands it to the relay: its recipients (To and Cc) and the MAIL FROM /
RCPT TO commands. The judge's own messages take the quick ways (plain addresses, read without the email package);
anything else is read by the package."""
from __future__ import annotations

import email
import email.policy
import re
import smtplib
from collections.abc import Sequence
from email.parser import BytesHeaderParser

from judge.addresses import getaddresses, is_plain


class RelayClient(smtplib.SMTP):
    """smtplib's client, writing a plain address (judge.addresses.is_plain) into MAIL FROM and RCPT TO as
    `<address>` itself: what smtplib's quoteaddr makes of it, without parsing it again (tests compare the two)."""

    def mail(self, sender: str, options: Sequence[str] = ()) -> tuple[int, bytes]:
        if not is_plain(sender) or any(o.lower() == "smtputf8" for o in options):
            return super().mail(sender, options)
        self.putcmd("mail", f"FROM:<{sender}>{self._options(options)}")
        return self.getreply()

    def rcpt(self, recip: str, options: Sequence[str] = ()) -> tuple[int, bytes]:
        if not is_plain(recip):
            return super().rcpt(recip, options)
        self.putcmd("rcpt", f"TO:<{recip}>{self._options(options)}")
        return self.getreply()

    def data(self, msg: bytes | str) -> tuple[int, bytes]:
        """smtplib's DATA, the message's lines that begin with a period doubled by two plain replaces: smtplib's
        regular expression for it took 0.6 ms a results mail with its picture (8 a phase), a replace 0.03 ms. The
        bytes sent are the same (tests compare the two)."""
        if not isinstance(msg, bytes):
            return super().data(msg)
        self.putcmd("data")
        code, repl = self.getreply()
        if code != 354:
            raise smtplib.SMTPDataError(code, repl)
        self.send(_with_end(dot_stuffed(msg)))
        return self.getreply()

    def _options(self, options: Sequence[str]) -> str:
        return " " + " ".join(options) if options and self.does_esmtp else ""


def dot_stuffed(data: bytes) -> bytes:
    """Every line that begins with "." given another one in front (RFC 5321 4.5.2): what smtplib's
    _quote_periods does, a line being what follows the start or a line feed."""
    if data[:1] == b".":
        data = b"." + data
    return data.replace(b"\n.", b"\n..")


def _with_end(data: bytes) -> bytes:
    """The DATA's end: CRLF . CRLF, after a CRLF of its own where the message does not end in one (as smtplib)."""
    return data + (b".\r\n" if data[-2:] == b"\r\n" else b"\r\n.\r\n")


def envelope_recipients(raw: bytes) -> list[str]:
    """The addresses of a stored message's To and Cc headers (only its header block is read: the email parser would
    go through every line of the body too, 5 ms for a results mail with its picture, for each recipient)."""
    quick = _plain_recipients(raw)
    return quick if quick is not None else _parsed_recipients(raw)


_HEAD_END = re.compile(rb"\r?\n\r?\n")


def _header_block(raw: bytes) -> bytes:
    """A message's header block, up to and with the blank line that ends it (the whole message if none does)."""
    end = _HEAD_END.search(raw)
    return raw[:end.end()] if end else raw


def _parsed_recipients(raw: bytes) -> list[str]:
    raw = _header_block(raw)
    head = BytesHeaderParser(policy=email.policy.compat32).parsebytes(raw)
    values = head.get_all("To", []) + head.get_all("Cc", [])
    if not all(isinstance(v, str) and v.isascii() and "=?" not in v for v in values):
        head = BytesHeaderParser(policy=email.policy.default).parsebytes(raw)     # encoded or 8-bit: decode fully
        values = [str(v) for v in head.get_all("To", []) + head.get_all("Cc", [])]
    return [a for _, a in getaddresses(values) if a]


def _plain_recipients(raw: bytes) -> list[str] | None:
    """envelope_recipients for the judge's own usual message: To and Cc each on one line, plain addresses
    separated by commas. None for anything else (folded or encoded headers, names, 8-bit), which the email
    package reads."""
    head = _header_block(raw)
    if not head.isascii() or b"=?" in head:
        return None
    found: list[str] = []
    address_header = False
    for line in head.split(b"\n"):
        if line[:1] in (b" ", b"\t"):
            if address_header:
                return None                      # a folded To or Cc: the full parser unfolds it
            continue
        name, colon, value = line.partition(b":")
        address_header = bool(colon) and name.lower() in (b"to", b"cc")
        if address_header:
            for part in value.decode("ascii").split(","):
                part = part.strip(" \t\r")
                if part and not is_plain(part):
                    return None
                if part:
                    found.append(part)
    return found


__all__ = ["RelayClient", "dot_stuffed", "envelope_recipients"]
