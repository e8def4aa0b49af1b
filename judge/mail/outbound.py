"""Rendered text -> a message from the judge, marked so that other robots never answer it.

`build` gives the message's bytes, as the outbox stores them; `make` the same message as an EmailMessage. The
judge's mail is nearly always plain: ASCII headers short enough for one line, a UTF-8 text body of short lines.
Such a message is written out directly - exactly what the email package would write (header order, folding,
Content-Transfer-Encoding 7bit or 8bit), without its header objects, which cost more than the rest of answering an
order mail. Anything else (a non-ASCII subject, a line past SMTP's limit, odd addresses) goes through the email
package, with its folding kept from leaving a header's first line empty (OUTGOING): filters match `^Subject: Diplomacy`.
A text line longer than 78 columns goes out as written (7bit or 8bit, up to SMTP's 998), as DPjudge sends it, not
quoted-printable: results read from a saved mail file (jDip's judge import reads the file as it is) would
otherwise meet '=' soft breaks inside an order line ("SUPPORT English Fleet English Channel -> M=").
"""
from __future__ import annotations

import base64
import email.policy
import os
import random
import re
import secrets
import sys
from datetime import datetime, timezone
from email.message import EmailMessage
from email.utils import format_datetime

_MAX = 78                                                  # policy.default's max_line_length
_LINE_LIMIT = 998                                          # RFC 5322 2.1.1: a line's bytes, line end excluded
_PLAIN = re.compile(r"[!-~](?:[ -~]*[!-~])?")              # printable ASCII, no space at either end
_ADDRESS = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9.-]+")
_MSGID = re.compile(r"<[!-;=?-~]+>")


class _FirstWordsFirst(email.policy.EmailPolicy):
    """policy.default, but a folded header keeps its first words on its own line. The package moves a value that
    fits on a line of its own whole onto the next line ("Subject:" alone, then " Diplomacy broadcast ..."): valid
    RFC 5322, but mail filters written for DPjudge match `^Subject: Diplomacy` and would miss it."""

    def fold(self, name: str, value) -> str:
        return _keep_first_words(super().fold(name, value), self.linesep, self.max_line_length)

    def fold_binary(self, name: str, value) -> bytes:
        folded = super().fold_binary(name, value)
        text = folded.decode("ascii", "surrogateescape")
        return _keep_first_words(text, self.linesep, self.max_line_length).encode("ascii", "surrogateescape")


# How the judge writes every message it sends (the outbox's bytes): `build`, its attachments, Outbox.put.
OUTGOING = _FirstWordsFirst()


def _keep_first_words(folded: str, linesep: str, width: int) -> str:
    """A header line "Name:" with its value on the lines after, folded again at the spaces: the first word after
    the name, then as many as fit in `width` columns per line (a word longer than that is not cut). Any other
    header is returned as it is."""
    head, _, rest = folded.partition(linesep)
    if not head.endswith(":") or not rest.startswith(" "):
        return folded
    # Unfolded (a fold is a line end before a space or tab), then split at the spaces: "Name:", the first word, ...
    pieces = (head + rest).replace(linesep + " ", " ").replace(linesep + "\t", "\t").rstrip(linesep).split(" ")
    lines, line = [], f"{pieces[0]} {pieces[1]}"
    for piece in pieces[2:]:
        # Folded only before a word (a line of blanks alone is not allowed), and never in the first line's first word.
        if piece and len(line) + 1 + len(piece) > width:
            lines.append(line)
            line = ""
        line += " " + piece
    lines.append(line)
    return linesep.join(lines) + linesep


def message_id(sender: str) -> str:
    """A Message-ID of random letters only. The email package's holds the moment to a hundredth of a second and the
    process: grey press mailed with signed press from one message would share them, and so tell its sender."""
    return f"<{secrets.token_hex(16)}@{sender.rsplit('@', 1)[-1]}>"


def make(settings, to: list[str] | str, subject: str, body: str, in_reply_to: str = "",
         reply: bool = False) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = settings.address
    msg["To"] = ", ".join([to] if isinstance(to, str) else to)
    msg["Subject"] = subject
    msg["Date"] = _date()
    msg["Message-ID"] = message_id(settings.address)
    if in_reply_to:
        msg["In-Reply-To"] = in_reply_to
        msg["References"] = in_reply_to
    msg["X-Loop"] = settings.address
    msg["Auto-Submitted"] = _auto(in_reply_to, reply)
    msg.set_content(body, cte=_transfer_encoding(body))
    return msg


def _transfer_encoding(body: str) -> str | None:
    """7bit or 8bit while every line fits SMTP's limit, whatever its width (the package would pick
    quoted-printable past 78 columns); None, the package's choice, for a longer line."""
    data = body.encode("utf-8", "surrogateescape")
    if max(map(len, data.splitlines()), default=0) > _LINE_LIMIT:
        return None
    return "7bit" if data.isascii() else "8bit"


def build(settings, to: list[str] | str, subject: str, body: str, in_reply_to: str = "",
          attachments: list[tuple[str, str, bytes]] | None = None, reply: bool = False) -> bytes:
    """The bytes of make(...).as_bytes(policy=OUTGOING) ("\\n" line ends), made cheaply when plain.
    With `attachments` ((file name, MIME type, data) each), a multipart/mixed message: the text first, as it would
    be alone, then each attachment."""
    addresses = [to] if isinstance(to, str) else list(to)
    if attachments:
        fast = _build_mixed(settings.address, addresses, subject, body, in_reply_to, attachments, reply)
        if fast is not None:
            return fast
        return _with_attachments(make(settings, to, subject, body, in_reply_to, reply), attachments)
    fast = _build_plain(settings.address, addresses, subject, body, in_reply_to, reply)
    if fast is not None:
        return fast
    return make(settings, to, subject, body, in_reply_to, reply).as_bytes(policy=OUTGOING)


def _auto(in_reply_to: str, reply: bool) -> str:
    """RFC 3834: a reply is auto-replied, whether or not the message it answers had a Message-ID to name."""
    return "auto-replied" if in_reply_to or reply else "auto-generated"


def _with_attachments(msg: EmailMessage, attachments: list[tuple[str, str, bytes]]) -> bytes:
    """The message's bytes with each attachment added, base64-encoded. The email package encodes and writes base64
    line by line in Python, 10 ms for a 93 KB picture: each attachment goes in as a one-line stand-in of random bytes,
    and its base64, the same lines of 76 characters, is put in the stand-in's place in the bytes."""
    swaps = []
    for filename, mime, data in attachments:
        maintype, _, subtype = mime.partition("/")
        stand_in = os.urandom(48) if data else data
        msg.add_attachment(stand_in, maintype=maintype, subtype=subtype, filename=filename)
        if data:
            swaps.append((b"\n" + base64.b64encode(stand_in) + b"\n", b"\n" + base64.encodebytes(data)))
    raw = msg.as_bytes(policy=OUTGOING)
    for stand_in_line, encoded in swaps:
        at = raw.find(stand_in_line)
        raw = raw[:at] + encoded + raw[at + len(stand_in_line):]
    return raw


_FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,33}")     # quoted as it is, on one line of 78
_IMAGE = re.compile(r"image/[a-z0-9.+-]{1,30}")


def _build_mixed(sender: str, to: list[str], subject: str, body: str, in_reply_to: str,
                 attachments: list[tuple[str, str, bytes]], reply: bool = False) -> bytes | None:
    """The bytes the email package writes for a plain message (see _build_plain) with pictures attached, written
    directly: the package's multipart took 1.5 ms of a results mail's 1.9 (its picture's base64 is most of the rest).
    None for anything else: a text that does not end its last line, a file name to encode, another kind of file."""
    plain = _build_plain(sender, to, subject, body, in_reply_to, reply)
    if plain is None or not body.endswith("\n") or not all(
            data and _FILE_NAME.fullmatch(name) and _IMAGE.fullmatch(mime) for name, mime, data in attachments):
        return None
    head, _, text = plain.partition(b"\n\n")
    lines = head.split(b"\n")
    # The plain message's head ends with its Content-Type, Content-Transfer-Encoding and MIME-Version: the first
    # two become the text part's; the message says MIME-Version and multipart/mixed with a boundary the text does not
    # hold (the package's kind: 15 '=', 19 random digits, '==').
    boundary = f"{'=' * 15}{random.randrange(sys.maxsize):019d}==".encode("ascii")
    if boundary in text:
        return None
    out = [b"\n".join(lines[:-3]), b'\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="', boundary,
           b'"\n\n--', boundary, b"\n", lines[-3], b"\n", lines[-2], b"\n\n", text]
    for name, mime, data in attachments:
        out += [b"\n--", boundary, b"\nContent-Type: ", mime.encode("ascii"), b"\nContent-Transfer-Encoding: base64",
                b'\nContent-Disposition: attachment; filename="', name.encode("ascii"), b'"\nMIME-Version: 1.0\n\n',
                base64.encodebytes(data)]
    out += [b"\n--", boundary, b"--\n"]
    return b"".join(out)


def _build_plain(sender: str, to: list[str], subject: str, body: str, in_reply_to: str,
                 reply: bool = False) -> bytes | None:
    if not _ADDRESS.fullmatch(sender) or not to or not all(_ADDRESS.fullmatch(a) for a in to):
        return None
    if not _PLAIN.fullmatch(subject) or "=?" in subject or "  " in subject or len(subject) > _MAX - 9:
        return None
    if in_reply_to and (not _MSGID.fullmatch(in_reply_to) or len(in_reply_to) > _MAX - 12):
        return None
    if len(sender) > _MAX - 8:
        return None
    data = body.encode("utf-8", "surrogateescape") if not body.isascii() else body.encode("ascii")
    lines = data.splitlines()
    if lines and max(map(len, lines)) > _LINE_LIMIT:
        return None                                       # too long for SMTP: the package's quoted-printable
    try:
        cte = "7bit" if data.isascii() else "8bit"
        data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    head = [f"From: {sender}", _address_header("To", to), f"Subject: {subject}",
            f"Date: {_date()}",
            f"Message-ID: {message_id(sender)}"]
    if in_reply_to:
        head += [f"In-Reply-To: {in_reply_to}", f"References: {in_reply_to}"]
    head += [f"X-Loop: {sender}", f"Auto-Submitted: {_auto(in_reply_to, reply)}",
             'Content-Type: text/plain; charset="utf-8"', f"Content-Transfer-Encoding: {cte}", "MIME-Version: 1.0"]
    return ("\n".join(head) + "\n\n").encode("ascii") + b"\n".join(lines) + b"\n"


def build_many(settings, to: list[str], subject: str, body: str,
               attachments: list[tuple[str, str, bytes]] | None = None) -> list[bytes]:
    """build(...) for each address, one message each. With attachments, the message is made once and only its To
    and Message-ID differ between copies: encoding a picture once for the whole audience, not once per player."""
    if not attachments or len(to) < 2:
        return [build(settings, a, subject, body, attachments=attachments) for a in to]
    first = build(settings, to[0], subject, body, attachments=attachments)
    head, sep, rest = first.partition(b"\n\n")
    out = [first]
    domain = settings.address.split("@", 1)[1]
    for address in to[1:]:
        lines = []
        for line in head.split(b"\n"):
            if line.startswith(b"To: "):
                line = b"To: " + address.encode("ascii")
            elif line.startswith(b"Message-ID: "):
                line = b"Message-ID: " + message_id(domain).encode("ascii")
            lines.append(line)
        out.append(b"\n".join(lines) + sep + rest)
    return out


def _date() -> str:
    return format_datetime(datetime.now(timezone.utc))


def _address_header(name: str, addresses: list[str]) -> str:
    """`name: a, b, c` folded before an address where the line would pass 78 characters (as the email package)."""
    out, line = [], f"{name}:"
    for i, a in enumerate(addresses):
        piece = f" {a}" + ("," if i < len(addresses) - 1 else "")
        if len(line) + len(piece) > _MAX and line != f"{name}:":
            out.append(line)
            line = ""
        line += piece
    out.append(line)
    return "\n".join(out)
