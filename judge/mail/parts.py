"""Which parts of a message are its text, and that text: of alternatives the plain one (the HTML one when the plain
one is empty or only says to read the HTML), every inline text part of a mixed message in order, never an
attachment."""
from __future__ import annotations

import re
from email.message import EmailMessage

from judge.mail.charset import decode, html_charset
from judge.mail.html import html_to_text

# What some clients put in the plain part of an HTML mail instead of its text (matched whole, case ignored).
_PLACEHOLDERS = tuple(re.compile(p) for p in (
    r"this is an? (?:html|multi-?part) (?:message|e-?mail)(?: in mime format)?",
    r"this (?:message|e-?mail) (?:is|was) (?:written |sent )?in html(?: format)?",
    r"your (?:mail|e-?mail) (?:client|program|reader|software|application) does not support html(?: \S+)*",
    r"(?:please )?(?:use|open this with) an html[- ]capable (?:mail|e-?mail) (?:client|program|reader)(?: \S+)*",
    r"to view this (?:message|e-?mail),? (?:please )?(?:use|enable|switch to) .{0,40}html.{0,60}",
    r"(?:please )?(?:view|read|open) this (?:message|e-?mail) (?:in|as|with) (?:an? )?html(?: \S+){0,6}",
))
_MAX_PLACEHOLDER = 300


def body_text(msg: EmailMessage) -> str:
    """The text the judge reads of a message (a message of one part is read whatever its disposition)."""
    if msg.is_multipart():
        return "\n".join(_texts(msg))
    if msg.get_content_type() == "text/html":
        return _html(msg)
    if msg.get_content_maintype() == "text":
        return _content(msg)
    return ""


def _texts(part: EmailMessage) -> list[str]:
    """The texts of a multipart part, in order."""
    children = [c for c in part.iter_parts() if not _attached(c)]
    if part.get_content_subtype() == "alternative":
        return _alternative(children)
    plain = any(c.get_content_type() == "text/plain" for c in children)
    out: list[str] = []
    for child in children:
        kind = child.get_content_type()
        if child.is_multipart():
            out.extend(_texts(child))
        elif kind == "text/plain":
            out.append(_content(child))
        elif kind == "text/html" and not plain:
            # (the HTML root of a multipart/related; next to a plain text part an HTML one is the same text again)
            out.append(_html(child))
    return out


def _alternative(children: list[EmailMessage]) -> list[str]:
    """The text of the best of alternatives: plain, unless it has no real text; then HTML; then a nested one."""
    plain = next((c for c in children if c.get_content_type() == "text/plain"), None)
    text = _content(plain) if plain is not None else ""
    if plain is not None and not _no_text(text):
        return [text]
    html = next((c for c in children if c.get_content_type() == "text/html"), None)
    if html is not None:
        return [_html(html)]
    for child in children:
        if child.is_multipart():
            nested = _texts(child)
            if any(t.strip() for t in nested):
                return nested
    return [text] if plain is not None else []


def _no_text(text: str) -> bool:
    """A plain part that is empty, or only a client's note that the message is in HTML."""
    bare = text.strip()
    if not bare:
        return True
    if len(bare) > _MAX_PLACEHOLDER:
        return False
    bare = " ".join(bare.lower().strip(" .!()[]").split())
    return any(p.fullmatch(bare) for p in _PLACEHOLDERS)


def _attached(part: EmailMessage) -> bool:
    """An attachment (never read): said so, a file's name, or a message attached whole."""
    return (part.get_content_disposition() == "attachment" or part.get_filename() is not None
            or part.get_content_maintype() == "message")


def _content(part: EmailMessage) -> str:
    text = decode(part.get_payload(decode=True) or b"", part.get_content_charset() or "us-ascii")
    if part.get_content_subtype() == "plain" and str(part.get_param("format", "")).lower() == "flowed":
        text = unflow(text, str(part.get_param("delsp", "")).lower() == "yes")
    return text


def _html(part: EmailMessage) -> str:
    payload = part.get_payload(decode=True) or b""
    return html_to_text(decode(payload, part.get_content_charset() or html_charset(payload) or "us-ascii"))


def unflow(text: str, delsp: bool = False) -> str:
    """Text sent format=flowed (RFC 3676; Thunderbird's and Apple Mail's plain text) as its writer's lines: a line
    ending in a space goes on in the next one (DelSp=yes: without that space), a space-stuffed line loses its first
    space; a signature separator "-- " is a line of its own."""
    out: list[tuple[int, str]] = []
    joining = False
    for line in text.replace("\r\n", "\n").split("\n"):
        depth = len(line) - len(line.lstrip(">"))
        quote, rest = line[:depth], line[depth:]
        rest = rest.removeprefix(" ")             # space-stuffing
        if joining and out and out[-1][0] == depth:
            out[-1] = (depth, out[-1][1] + rest)
        else:
            out.append((depth, (quote + " " if quote else "") + rest))
        joining = rest.endswith(" ") and rest != "-- "
        if joining and delsp:
            out[-1] = (depth, out[-1][1][:-1])
    return "\n".join(line for _, line in out)


__all__ = ["body_text", "unflow"]
