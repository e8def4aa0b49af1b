"""An incoming message -> sender, subject and the lines the judge reads (quotes, signatures, comments removed)."""
from __future__ import annotations

import email
import hashlib
import email.policy
import re
from email.parser import BytesHeaderParser

from judge.addresses import ADDR_SPEC, address_in, parseaddr, usable_address
from judge.mail import automatic as robots
from judge.mail.body import Stop, body_text, clean_lines, read_text
from judge.mail.charset import decode
from judge.mail.pgp import encrypted_mime, encrypted_text


class BadMessage(ValueError):
    """A message the judge cannot read; `sender` is where to say so (empty: nobody can be answered)."""

    def __init__(self, why: str, sender: str = ""):
        super().__init__(why)
        self.sender = sender


class UnusableSender(BadMessage):
    """The address to answer is one the judge cannot write to (internationalised, several, malformed)."""


class _LenientPolicy(email.policy.EmailPolicy):
    """email.policy.default, but a field it refuses to read is taken as written (unfolded): an address field whose
    encoded display name hides a line break (`=?utf-8?q?Ann=0D=0A?= <ann@example.org>`, a buggy or hostile client)
    raised ValueError, and the whole message was refused as unreadable though its address and text were plain."""

    def header_fetch_parse(self, name, value):
        try:
            return super().header_fetch_parse(name, value)
        except ValueError:
            return " ".join(str(value).split())


_POLICY = _LenientPolicy()


MAX_HEADER_FIELD = 4096             # a longer header field is cut (the email package is slow on huge ones)
MAX_HEADER_BLOCK = 65536            # header fields past this many bytes are dropped
_MSGID_OK = re.compile(r"<[!-;=?-~]{1,250}>")


class Incoming:
    """What the judge needs of one message. `headers` (every header, lower-case name -> decoded value) is only
    worked out when asked for: the judge itself never needs it, and decoding every header costs more than the rest
    of reading a plain message."""

    __slots__ = ("sender", "subject", "message_id", "lines", "automatic", "_headers", "_head", "key", "attached",
                 "stopped", "encrypted")


    def __init__(self, sender: str, subject: str, message_id: str, lines: list[str],
                 headers: dict[str, str] | None = None, automatic: str = "", head: bytes = b""):
        self.sender, self.subject, self.message_id, self.lines = sender, subject, message_id, lines
        self.automatic = automatic               # why no reply must be sent (a bounce, a list, our own mail), if so
        self._headers, self._head = headers, head
        self.key = ""                            # message_key of the raw message, when the reader kept it
        self.attached = False                    # it has attachments (which are never read)
        self.stopped: Stop | None = None         # the reading stopped above what may be commands (a quote's header)
        self.encrypted = False                   # it is encrypted: nothing in it was read (see sealed)

    @property
    def headers(self) -> dict[str, str]:
        if self._headers is None:
            msg = email.message_from_bytes(self._head, policy=_POLICY)
            self._headers = {k.lower(): str(v) for k, v in msg.items()}
        return self._headers

    def author(self) -> str:
        """The From field's address, lower-case; from the raw head's own line when it has one (no parsing of the
        whole message for each message read)."""
        if self._headers is None and self._head:
            head = self._head.split(b"\n\n", 1)[0].split(b"\r\n\r\n", 1)[0]
            for line in head.splitlines():
                if line[:5].lower() == b"from:" and b"@" in line:
                    return address_in(line[5:].decode("utf-8", "replace")).lower()
        return address_in(self.headers.get("from", "")).lower()

    def _key(self):
        return (self.sender, self.subject, self.message_id, self.lines, self.automatic, self.headers, self.stopped,
                self.encrypted)

    def __eq__(self, other):
        return isinstance(other, Incoming) and self._key() == other._key()

    def __repr__(self) -> str:
        return (f"Incoming(sender={self.sender!r}, subject={self.subject!r}, message_id={self.message_id!r}, "
                f"lines={self.lines!r}, automatic={self.automatic!r})")


def read(raw: bytes, envelope_sender: str | None = None, judge_address: str = "") -> Incoming:
    """What the judge needs of a message. BadMessage (with an address to answer, when there is one) for a message
    it cannot read: no usable sender, or a structure the email package cannot take apart."""
    return _read(raw, envelope_sender, judge_address, True)


def read_full(raw: bytes, envelope_sender: str | None = None, judge_address: str = "") -> Incoming:
    """read(), always through the email package's full (RFC 2047, MIME) header and body handling."""
    return _read(raw, envelope_sender, judge_address, False)


MAX_MULTIPARTS = 40                 # more multipart containers than any mail client writes: refused unread


def _read(raw: bytes, envelope_sender: str | None, judge_address: str, fast: bool) -> Incoming:
    raw = trim_headers(raw)
    if raw.lower().count(b"multipart/") > MAX_MULTIPARTS:
        # The email package takes seconds over thousands of nested parts before it gives up: a cheap way to make
        # the judge work hard. Counted, not parsed.
        raise BadMessage(f"THE MESSAGE HAS TOO MANY NESTED PARTS (MORE THAN {MAX_MULTIPARTS})",
                         _fallback_sender(raw, envelope_sender))
    try:
        msg = _read_plain(raw, envelope_sender, judge_address) if fast else None
        if msg is None:
            msg = _read_full(raw, envelope_sender, judge_address)
    except BadMessage:
        raise
    except Exception as exc:  # noqa: BLE001 - RecursionError on deep nesting, odd charsets, parser bugs
        raise BadMessage(f"THE MESSAGE'S STRUCTURE CANNOT BE TAKEN APART ({type(exc).__name__})",
                         _fallback_sender(raw, envelope_sender)) from None
    return _checked(msg, envelope_sender)


_TRACE_HEADER = re.compile(rb"^(?:From |Return-Path:|Received:|Delivered-To:|X-Original-To:|X-Envelope-From:)", re.I)


def message_key(raw: bytes) -> str:
    """The message's identity across redeliveries: a digest of it without the trace lines each delivery adds. The
    same message sent again (an MTA retrying after a crash, or after a 250 it never saw) is recognised by it and
    not applied twice."""
    cut = raw.find(b"\r\n\r\n")
    head, sep, body = (raw[:cut], raw[cut:cut + 4], raw[cut + 4:]) if cut >= 0 else raw.partition(b"\n\n")
    lines, skipping = [], False
    for line in head.splitlines():
        if line[:1] in (b" ", b"\t"):
            if not skipping:
                lines.append(line)
            continue
        skipping = bool(_TRACE_HEADER.match(line))
        if not skipping:
            lines.append(line)
    return "d" + hashlib.sha256(b"\n".join(lines) + sep + body).hexdigest()[:32]


def sealed(msg: Incoming, encrypted: bool) -> Incoming:
    """An encrypted message has no line the judge can read: whatever is around the encrypted text is not read either
    (it is one message, done whole or not at all), so nothing is done and the reply says why."""
    if encrypted:
        msg.lines, msg.stopped, msg.encrypted = [], None, True
    return msg


def _checked(msg: "Incoming", envelope_sender: str | None) -> "Incoming":
    """The fields the judge echoes, made safe: one plain address, no control characters, bounded lengths."""
    if not msg.automatic and not usable_address(msg.sender):
        fallback = envelope_sender if envelope_sender and usable_address(envelope_sender) else ""
        raise UnusableSender("THE SENDER'S ADDRESS CANNOT BE ANSWERED (ONLY PLAIN ASCII ADDRESSES ARE SUPPORTED)",
                             fallback)
    msg.subject = " ".join(msg.subject.split())[:500]
    if msg.message_id and not _MSGID_OK.fullmatch(msg.message_id.strip()):
        msg.message_id = ""
    msg.message_id = msg.message_id.strip()
    return msg


def _fallback_sender(raw: bytes, envelope_sender: str | None) -> str:
    """Where to answer a message that cannot be taken apart: its From (read as plainly as possible) or the
    envelope sender."""
    try:
        head = BytesHeaderParser(policy=email.policy.compat32).parsebytes(raw)      # the header block only
        for name in ("Reply-To", "From"):
            value = head.get(name)
            if isinstance(value, str):
                address = parseaddr(value)[1]
                if usable_address(address):
                    return address
    except Exception:  # noqa: BLE001 - only a best effort
        pass
    return envelope_sender if envelope_sender and usable_address(envelope_sender) else ""


def trim_headers(raw: bytes) -> bytes:
    """The message with overlong header fields cut (a 600 KB Subject took the email package seconds)."""
    end = raw.find(b"\n\n")
    end2 = raw.find(b"\r\n\r\n")
    cut = min(e for e in (end, end2, len(raw)) if e >= 0)
    if cut <= MAX_HEADER_FIELD:
        return raw
    head, body = raw[:cut], raw[cut:]
    fields: list[list[bytes]] = []
    for line in head.splitlines(keepends=True):
        if line[:1] in (b" ", b"\t") and fields:
            fields[-1].append(line)
        else:
            fields.append([line])
    if all(sum(map(len, f)) <= MAX_HEADER_FIELD for f in fields) and cut <= MAX_HEADER_BLOCK:
        return raw
    out, size = [], 0
    eol = b"\r\n" if head.endswith(b"\r") or b"\r\n" in head[:200] else b"\n"
    for f in fields:
        text = b"".join(f)
        if len(text) > MAX_HEADER_FIELD:
            text = text[:MAX_HEADER_FIELD].rstrip(b"\r\n") + eol
        if size + len(text) > MAX_HEADER_BLOCK:
            break
        out.append(text)
        size += len(text)
    return b"".join(out).rstrip(b"\r\n") + body


def _read_full(raw: bytes, envelope_sender: str | None, judge_address: str) -> Incoming:
    msg = email.message_from_bytes(raw, policy=_POLICY)
    sender = parseaddr(str(msg.get("Reply-To") or msg.get("From") or ""))[1]
    if not sender and envelope_sender:
        sender = envelope_sender
    automatic = robots.automatic(msg, envelope_sender, judge_address) or robots.to_itself(sender, judge_address)
    if not sender or "@" not in sender:
        if automatic:
            sender = sender or "unknown"
        else:
            raise BadMessage("MESSAGE HAS NO SENDER ADDRESS")
    text = body_text(msg)
    headers = {k.lower(): str(v) for k, v in msg.items()}
    lines, stopped = read_text(text)
    incoming = Incoming(sender, str(msg.get("Subject", "")), str(msg.get("Message-ID", "")), lines, headers, automatic)
    incoming.stopped = stopped
    incoming.attached = msg.is_multipart() and next(msg.iter_attachments(), None) is not None
    return sealed(incoming, encrypted_mime(msg) or encrypted_text(text, lines))


# -- the common case, cheaply --------------------------------------------------------------------------------------
# Most mail to a judge is one text/plain part with plain ASCII headers. For such a message the email package's
# header objects (policy.default) give exactly the raw header text, unfolded, so it is read with the much cheaper
# compat32 parser; anything else (encoded words, 8-bit headers, unusual addresses, MIME structure) goes through
# read_full. tests/mail/test_inbound.py checks that both ways agree.
_UNFOLD = re.compile(r"[\r\n]")
_SIMPLE_ADDRESS = re.compile(rf"(?:{ADDR_SPEC}|(?:[A-Za-z0-9 .'_-]*|\"[A-Za-z0-9 .,'_()-]*\")[ \t]*<{ADDR_SPEC}>)"
                             r"[ \t]*")
# A plain text/plain Content-Type; _PAIRED_QUOTES takes those whose every quote closes its own value.
_TYPE = r"text/plain[ \t]*(?:;[ \t]*(?:charset|format|delsp)[ \t]*=[ \t]*VALUE[ \t]*)*;?[ \t]*"
_VALUE = r"[A-Za-z0-9_.:+-]+"
_PLAIN_TYPE = re.compile(_TYPE.replace("VALUE", f'"?{_VALUE}"?'), re.IGNORECASE)
_PAIRED_QUOTES = re.compile(_TYPE.replace("VALUE", f'(?:"{_VALUE}"|{_VALUE})'), re.IGNORECASE)
_ENCODINGS = ("", "7bit", "8bit", "binary", "quoted-printable", "base64")
_MESSAGE_ID = re.compile(r"<[!-;=?-~]+>[ \t]*")
_TEXT = re.compile(r"[ -~\t]*")
_READ = {"from", "reply-to", "subject", "message-id", "auto-submitted", "precedence", "x-loop", "content-type",
         "content-transfer-encoding", "content-disposition", "x-autoreply", "x-autorespond"}


_CHARSET = re.compile(rf';[ \t]*charset[ \t]*=[ \t]*"?({_VALUE})', re.IGNORECASE)


def _charset(content_type: str | None) -> str | None:
    """The charset parameter of a Content-Type that _PLAIN_TYPE took (what compat32's get_param gives); None
    when a quote does not close its own value (the email package reads that)."""
    if content_type and '"' in content_type and not _PAIRED_QUOTES.fullmatch(content_type):
        return None
    found = _CHARSET.search(content_type) if content_type else None
    return found.group(1) if found else "ASCII"


_FIELD_NAME = re.compile(rb"[\x21-\x39\x3b-\x7e]+")      # the characters the email package takes in a field name


class _Plain:
    """What _read_plain asks of a message, for one whose header block is plain ASCII fields and nothing else,
    read without the email package's parser (about a tenth of a mail's work in the daemon): the same answers as
    email.message_from_bytes(raw, policy=compat32) gives, which is asked itself for anything rarer."""
    defects: tuple = ()         # (the lines it takes are those the parser finds no fault with)

    def __init__(self, raw: bytes, fields: list[tuple[str, str]], body: bytes):
        self._raw, self._fields, self._body, self._parsed = raw, fields, body, None

    @classmethod
    def of(cls, raw: bytes) -> "_Plain | None":
        """None unless every line before the first empty one is a field (a name, a colon) or the continuation of
        one, in ASCII, each line ended by LF or CRLF (a CR alone ends a line for the email package too)."""
        if raw.startswith(b"From "):                 # an mbox envelope line: the email package's business
            return None
        fields: list[tuple[bytes, list[bytes]]] = []
        pos, size = 0, len(raw)
        while pos < size:
            nl = raw.find(b"\n", pos)
            end = size if nl < 0 else nl + 1
            line = raw[pos:end]
            pos = end
            if line == b"\n" or line == b"\r\n":
                break                                    # the empty line: the body follows
            content = line[:-2] if line.endswith(b"\r\n") else line[:-1] if nl >= 0 else line
            if b"\r" in content or not content.isascii():
                return None
            if content[0] in b" \t":
                if not fields:
                    return None
                fields[-1][1].append(line)
                continue
            colon = content.find(b":")
            if colon <= 0 or not _FIELD_NAME.fullmatch(content, 0, colon):
                return None
            fields.append((content[:colon], [line[colon + 1:].lstrip(b" \t")]))
        # As compat32 keeps a field: the value's lines joined with their line ends, the last end removed.
        out = [(name.decode("ascii"), b"".join(lines).rstrip(b"\r\n").decode("ascii")) for name, lines in fields]
        return cls(raw, out, raw[pos:])

    def _message(self):
        if self._parsed is None:
            self._parsed = email.message_from_bytes(self._raw, policy=email.policy.compat32)
        return self._parsed

    @staticmethod
    def is_multipart() -> bool:
        return False            # (a multipart Content-Type is not text/plain: _read_plain refuses it anyway)

    def items(self) -> list[tuple[str, str]]:
        return self._fields

    def get_all(self, name: str, failobj: list) -> list[str]:
        name = name.lower()
        return [v for n, v in self._fields if n.lower() == name] or failobj

    def get_param(self, param: str, failobj: str):
        return self._message().get_param(param, failobj)

    def get_payload(self, decode: bool = True) -> bytes:
        """The body, decoded (all that _read_plain asks for)."""
        for name, value in self._fields:                 # (the first such field, as the email package reads it)
            if name.lower() == "content-transfer-encoding":
                if value.lower() in ("quoted-printable", "base64"):
                    return self._message().get_payload(decode=True)
                break
        return self._body


def _read_plain(raw: bytes, envelope_sender: str | None, judge_address: str) -> Incoming | None:
    """read() for a single text/plain part with plain headers; None when the message is anything else."""
    msg = _Plain.of(raw) or email.message_from_bytes(raw, policy=email.policy.compat32)
    if msg.is_multipart() or msg.defects:
        return None
    values: dict[str, str] = {}
    for name, value in msg.items():
        name = name.lower()
        if name in _READ and name not in values:
            if not isinstance(value, str):            # compat32 gives a Header for 8-bit text
                return None
            value = _UNFOLD.sub("", value)
            if not _TEXT.fullmatch(value) or "=?" in value:
                return None
            values[name] = value
    if "content-disposition" in values:
        return None
    if "content-type" in values and (not _PLAIN_TYPE.fullmatch(values["content-type"]) or
                                     "flowed" in values["content-type"].lower()):
        return None                                   # (format=flowed: its lines are joined on the full path)
    if values.get("content-transfer-encoding", "").lower() not in _ENCODINGS:
        return None
    for name in ("from", "reply-to"):
        if values.get(name) and not _SIMPLE_ADDRESS.fullmatch(values[name]):
            return None
    message_id = values.get("message-id", "")
    if message_id and not _MESSAGE_ID.fullmatch(message_id):
        return None
    charset = _charset(values.get("content-type"))
    if charset is None:
        charset = msg.get_param("charset", "ASCII")
        if not isinstance(charset, str):
            return None
    sender = address_in(values.get("reply-to") or values.get("from") or "")
    if not sender and envelope_sender:
        sender = envelope_sender
    x_loop = msg.get_all("X-Loop", [])
    if not all(isinstance(v, str) for v in x_loop):
        return None
    x_loop = [_UNFOLD.sub("", v) for v in x_loop]
    if any(not _TEXT.fullmatch(v) or "=?" in v for v in x_loop):
        return None
    automatic = robots.why_automatic(envelope_sender, judge_address, values.get("auto-submitted", "no"),
                                     values.get("precedence", ""), x_loop, values.get("from", ""),
                                     values.get("x-autoreply") or values.get("x-autorespond") or "") or \
        robots.to_itself(sender, judge_address)
    if not sender or "@" not in sender:
        if automatic:
            sender = sender or "unknown"
        else:
            raise BadMessage("MESSAGE HAS NO SENDER ADDRESS")
    text = decode(msg.get_payload(decode=True) or b"", charset)
    lines, stopped = read_text(text)
    incoming = Incoming(sender, values.get("subject", ""), message_id, lines, None, automatic, raw)
    incoming.stopped = stopped
    return sealed(incoming, encrypted_text(text, lines))
