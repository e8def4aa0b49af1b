"""A message's body as the lines the judge reads: the plain text (or the HTML's text), without quotes, signatures,
clients' trailers and // comments."""
from __future__ import annotations

import codecs
import re
from email.message import EmailMessage
from html.parser import HTMLParser


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
    if part.get_content_maintype() == "text":
        text = decode(part.get_payload(decode=True) or b"", part.get_content_charset() or "us-ascii")
        if part.get_content_subtype() == "plain" and str(part.get_param("format", "")).lower() == "flowed":
            text = unflow(text, str(part.get_param("delsp", "")).lower() == "yes")
        return text
    try:
        return part.get_content()
    except Exception:  # noqa: BLE001 - whatever the part says it is, the judge reads text
        return decode(part.get_payload(decode=True) or b"", "utf-8")


def decode(payload: bytes, charset: str) -> str:
    """Bytes in a named charset as text; an unknown charset, or a codec that is not a text encoding (idna,
    rot13, base64...), is read as UTF-8."""
    try:
        if codecs.lookup(charset)._is_text_encoding:
            return payload.decode(charset, errors="replace")
    except Exception:  # noqa: BLE001 - LookupError, and codecs that fail on their own
        pass
    return payload.decode("utf-8", errors="replace")


def unflow(text: str, delsp: bool = False) -> str:
    """Text sent format=flowed (RFC 3676; Thunderbird's and Apple Mail's plain text) as its writer's lines: a line
    ending in a space goes on in the next one (DelSp=yes: without that space), a space-stuffed line loses its first
    space; a signature separator "-- " is a line of its own."""
    out: list[str] = []
    joining = False
    for line in text.replace("\r\n", "\n").split("\n"):
        depth = len(line) - len(line.lstrip(">"))
        quote, rest = line[:depth], line[depth:]
        if rest.startswith(" "):
            rest = rest[1:]                       # space-stuffing
        if joining and out and out[-1][0] == depth:
            out[-1] = (depth, out[-1][1] + rest)
        else:
            out.append((depth, (quote + " " if quote else "") + rest))
        joining = rest.endswith(" ") and rest != "-- "
        if joining and delsp:
            out[-1] = (depth, out[-1][1][:-1])
    return "\n".join(line for _, line in out)


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


_PRESS = re.compile(r"^(press|broadcast)\b", re.I)
_PRESS_END = re.compile(r"^(endpress|endbroadcast|signoff)$", re.I)


def clean_lines(text: str) -> list[str]:
    """Lines to read: up to a signature ("-- "), without quoted lines, "// comments" or surrounding blanks. The
    body of a PRESS or BROADCAST is the sender's text as written, to its end word: its quotes, "//" and "wrote:"
    lines, underscores and indentation are what the other players are to read."""
    out: list[str] = []
    verbatim = False
    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if verbatim:
            if _PRESS_END.match(raw.strip()):
                verbatim = False
                out.append(raw.strip())
            else:
                out.append(raw.rstrip())
            continue
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
        verbatim = bool(_PRESS.match(line))
    while out and not out[-1]:
        out.pop()
    while out and not out[0]:
        out.pop(0)
    return out
