"""An incoming message -> sender, subject and the lines the judge reads (quotes, signatures, comments removed)."""
from __future__ import annotations

import email
import email.policy
import re
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr
from html.parser import HTMLParser


class BadMessage(ValueError):
    """A message the judge cannot read at all (no sender, no text)."""


@dataclass
class Incoming:
    sender: str
    subject: str
    message_id: str
    lines: list[str]                       # what the judge reads, in order
    headers: dict[str, str] = field(default_factory=dict)
    automatic: str = ""                    # why no reply must be sent (a bounce, a list, our own mail), if so


def read(raw: bytes, envelope_sender: str | None = None, judge_address: str = "") -> Incoming:
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    sender = parseaddr(str(msg.get("Reply-To") or msg.get("From") or ""))[1]
    if not sender and envelope_sender:
        sender = envelope_sender
    automatic = _automatic(msg, envelope_sender, judge_address)
    if not sender or "@" not in sender:
        if automatic:
            sender = sender or "unknown"
        else:
            raise BadMessage("MESSAGE HAS NO SENDER ADDRESS")
    text = body_text(msg)
    headers = {k.lower(): str(v) for k, v in msg.items()}
    return Incoming(sender, str(msg.get("Subject", "")), str(msg.get("Message-ID", "")), clean_lines(text),
                    headers, automatic)


def _automatic(msg: EmailMessage, envelope_sender: str | None, judge_address: str) -> str:
    """Mail that must never be answered: bounces, auto-replies, lists, and our own mail coming back."""
    if envelope_sender is not None and envelope_sender in ("", "<>"):
        return "null sender (a bounce)"
    auto = str(msg.get("Auto-Submitted", "no")).strip().lower()
    if auto and auto != "no":
        return f"Auto-Submitted: {auto}"
    prec = str(msg.get("Precedence", "")).strip().lower()
    if prec in ("bulk", "list", "junk"):
        return f"Precedence: {prec}"
    if judge_address and any(judge_address.lower() == a.lower() for _, a in getaddresses(msg.get_all("X-Loop", []))):
        return "X-Loop: our own mail"
    sender = parseaddr(str(msg.get("From", "")))[1].lower()
    if sender.startswith(("mailer-daemon@", "postmaster@")):
        return "from a mail system"
    return ""


def body_text(msg: EmailMessage) -> str:
    """The text/plain part; failing that, the text of the HTML part."""
    part = msg.get_body(preferencelist=("plain",))
    if part is not None:
        return _content(part)
    part = msg.get_body(preferencelist=("html",))
    if part is not None:
        return html_to_text(_content(part))
    if msg.get_content_maintype() == "text":
        return _content(msg)
    return ""


def _content(part: EmailMessage) -> str:
    try:
        return part.get_content()
    except (LookupError, UnicodeDecodeError):
        payload = part.get_payload(decode=True) or b""
        return payload.decode("utf-8", errors="replace")


class _Text(HTMLParser):
    BLOCK = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "pre", "blockquote", "table"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = 0
        self.quote = 0

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag in ("script", "style", "head"):
            self.skip += 1
        if tag == "blockquote":
            self.quote += 1
        if tag in self.BLOCK:
            self.out.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "head"):
            self.skip = max(0, self.skip - 1)
        if tag == "blockquote":
            self.quote = max(0, self.quote - 1)
        if tag in self.BLOCK:
            self.out.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skip and not self.quote:      # a quoted earlier message is not read
            self.out.append(data)


def html_to_text(html: str) -> str:
    p = _Text()
    p.feed(html)
    p.close()
    return "".join(p.out).replace("\xa0", " ")


_COMMENT = re.compile(r"(^|\s)//.*$")     # "// comment", but not the "//" inside "http://..."
# German clients put the name after the verb ("Am 05.01.2026 um 12:00 schrieb Judge <judge@...>:"), so "schrieb"
# may be followed by text; without that the attribution line would be read as a command and refuse the message.
# Where a client's own trailer or a quoted earlier message starts: nothing after it is read.
_TRAILER = re.compile(r"^(sent from my .+|sent from (outlook|mail) for .+|get outlook for .+|_{10,}|"
                      r"from: .+ <?[^ ]+@[^ ]+>?)$", re.I)
_WROTE = re.compile(r"^(on .+ wrote:|.+ a écrit\s*:|.+ schrieb\b.*:|-+ ?original message ?-+)$", re.I)


def clean_lines(text: str) -> list[str]:
    """Lines to read: up to a signature ("-- "), without quoted lines, "// comments" or surrounding blanks."""
    out: list[str] = []
    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if raw.rstrip() == "--" and raw.startswith("--") or raw == "-- ":
            break                                   # signature separator
        line = _COMMENT.sub("", raw).strip()
        if line.startswith(">"):
            continue
        if _WROTE.match(line):
            if line.lower().startswith("-"):
                break                               # everything after "--- Original Message ---" is quoted
            continue
        if _TRAILER.match(line):
            break                                   # "Sent from my iPhone", Outlook's "____" / "From: ..." block
        out.append(line)
    while out and not out[-1]:
        out.pop()
    while out and not out[0]:
        out.pop(0)
    return out
