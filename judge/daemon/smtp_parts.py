"""What the judge's SMTP server (judge.daemon.smtp) reads and keeps, apart from the connection: a transaction's
envelope, the arguments of MAIL FROM and RCPT TO, and the limits on lines and messages with their refusals, all as
aiosmtpd's server had them."""
from __future__ import annotations

import re
from email._header_value_parser import get_addr_spec, get_angle_addr
from email.errors import HeaderParseError
from typing import Any

from judge.addresses import ADDR_SPEC

LINE_LIMIT = 1001             # a line with its CRLF (aiosmtpd's limit: RFC 5321's 1,000 and one byte of slack)
COMMAND_LIMIT = 512           # a command line (RFC 5321 4.5.3.1.4) ...
SIZE_PARAMETER = 26           # ... and MAIL's room for SIZE= and BODY= once SIZE is offered (RFC 1870)
END = b"\r\n.\r\n"            # a message's end: a line of one dot
TOO_LONG = "500 Line too long (see RFC5321 4.5.3.1.6)"
TOO_MUCH = "552 Error: Too much mail data"
# The path of MAIL FROM / RCPT TO as nearly every client writes it: <plain address>, then the parameters. It gives
# what the full parser gives (tests/daemon/test_connections.py compares them with aiosmtpd's); anything else goes to
# that parser.
_PLAIN_PATH = re.compile(rf"[ \t]*<({ADDR_SPEC})>[ \t]*((?:[^ \t(].*)?)", re.DOTALL)
SYNTAX = {"HELO": "HELO hostname", "EHLO": "EHLO hostname", "MAIL": "MAIL FROM: <address>",
          "RCPT": "RCPT TO: <address>", "DATA": "DATA", "RSET": "RSET", "NOOP": "NOOP [ignored]", "QUIT": "QUIT",
          "VRFY": "VRFY <address>", "HELP": "HELP [command]"}


class Session:
    __slots__ = ("peer", "host_name", "extended_smtp")

    def __init__(self, peer: Any = None):
        self.peer = peer
        self.host_name: str | None = None        # from HELO or EHLO
        self.extended_smtp = False


class Envelope:
    """One transaction: MAIL's sender, RCPT's recipients, and DATA's message (bytes, dot-unstuffed)."""
    __slots__ = ("mail_from", "mail_options", "rcpt_tos", "rcpt_options", "content", "original_content")

    def __init__(self) -> None:
        self.mail_from: str | None = None
        self.mail_options: list[str] = []
        self.rcpt_tos: list[str] = []
        self.rcpt_options: list[str] = []
        self.content: bytes | None = None
        self.original_content: bytes | None = None


def read_path(arg: str, local_part_limit: int = 0) -> tuple[str | None, str | None]:
    """(address, the rest) of a MAIL FROM or RCPT TO argument; (None, None) if it cannot be read."""
    if not arg:
        return "", ""
    m = _PLAIN_PATH.fullmatch(arg)
    if m is not None:
        address, rest = m.group(1), m.group(2)
    else:
        try:
            parsed, rest = (get_angle_addr if arg.lstrip().startswith("<") else get_addr_spec)(arg)
        except HeaderParseError:
            return None, None
        address = parsed.addr_spec
    if local_part_limit and len(address.rpartition("@")[0]) > local_part_limit:
        return None, None
    return address, rest


def keyword(word: str, arg: str | None) -> str | None:
    """The argument after `word` ("FROM:", "TO:", any case), stripped; None if it does not start so."""
    if arg is None or arg[:len(word)].upper() != word:
        return None
    return arg[len(word):].strip()


def params(options: list[str]) -> dict[str, str | bool] | None:
    """ESMTP parameters (RFC 1869) as a dict; None if one is malformed."""
    out: dict[str, str | bool] = {}
    for option in options:
        name, eq, value = option.partition("=")
        if not name.isalnum() or (eq and not value):
            return None
        out[name] = value if eq else True
    return out


def refusal(data: bytes | bytearray, limit: int | None) -> str | None:
    """The reply refusing a message (its bytes so far) as aiosmtpd gives it, reading line by line: a line too long
    (longer than a read of one line: refused before it counts), or more bytes than the limit, whichever comes
    first; None if neither has come. Given over limit + LINE_LIMIT + 4 bytes, it is never None."""
    lines = data.split(b"\r\n")
    total = 0
    for line in lines[:-1]:                       # (the last: b"" after a whole message, or a line still coming)
        n = len(line)
        if n > LINE_LIMIT:
            return TOO_LONG
        total += n + 2
        if limit and total > limit:
            return TOO_MUCH
        if n + 2 > LINE_LIMIT:
            return TOO_LONG
    return TOO_LONG if len(lines[-1]) > LINE_LIMIT + 1 else None


def mail_parameters(options: list[str], syntax: str, size_limit: int | None) -> str:
    """The refusal of MAIL FROM's parameters (BODY, SMTPUTF8, SIZE, as aiosmtpd answers them), or "" when fine."""
    found = params(options)
    if found is None:
        return syntax
    if found.pop("BODY", "7BIT") not in ("7BIT", "8BITMIME"):
        return "501 Error: BODY can only be one of 7BIT, 8BITMIME"
    smtputf8 = found.pop("SMTPUTF8", False)
    if smtputf8 is not False:
        return "501 Error: SMTPUTF8 takes no arguments" if smtputf8 is not True else "501 Error: SMTPUTF8 disabled"
    size = found.pop("SIZE", None)
    if size:
        if size is True or not size.isdigit():
            return syntax
        if size_limit and int(size) > size_limit:
            return "552 Error: message size exceeds fixed maximum message size"
    if found:
        return "555 MAIL FROM parameters not recognized or not implemented"
    return ""
