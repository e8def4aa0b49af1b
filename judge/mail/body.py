"""A message's text as the lines the judge reads: without quotes, signatures, clients' trailers, // comments and
invisible characters."""
from __future__ import annotations

import re

from judge.mail.endings import (MAY_ATTRIBUTE, MAY_END, attribution, ends_reading, may_wrap_attribution,
                                verbless_attribution)
from judge.mail.footers import MAY_FINISH, footer
from judge.mail.html import html_to_text
from judge.mail.parts import body_text, unflow
from judge.mail.pgp import BEGIN, unsigned
from judge.mail.stops import FOOTER, LOOK_AHEAD, QUOTED, SIGNATURE, Stop, command_like, stop_to_tell

_COMMENT = re.compile(r"(^|\s)//.*$")     # "// comment", but not the "//" inside "http://..."
_PRESS = re.compile(r"^(press|broadcast)\b", re.IGNORECASE)
_PRESS_END = re.compile(r"^(endpress|endbroadcast|signoff)$", re.IGNORECASE)
# Characters that show as nothing but make a word another word (a byte order mark pasted in front of SIGNON, a
# zero-width space inside it): taken out of what is read as commands and orders, kept in a press's text (where
# they join emoji and shape scripts).
_INVISIBLE = re.compile("[\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]")


# Control characters (but tab and line breaks): never echoed to anyone as they came (an ESC sequence in press would
# drive the reader's terminal, a NUL cut a line short). The blank ones (form feed, vertical tab, the separators)
# read as spaces, as str.strip and split already take them; the others as U+FFFD, so that an order holding one is
# refused with it shown.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_BLANK_CONTROLS = frozenset("\x0b\x0c\x1c\x1d\x1e\x1f\x85")


def _controls_shown(text: str) -> str:
    return _CONTROL.sub(lambda m: " " if m.group() in _BLANK_CONTROLS else "\ufffd", text)


def clean_lines(text: str) -> list[str]:
    """read_text's lines."""
    return read_text(text)[0]


def read_text(text: str) -> tuple[list[str], Stop | None]:
    """Lines to read, and where the reading stopped if the sender should hear of it (see stops.stop_to_tell).
    Lines: up to a signature ("-- "), a client's trailer or a quoted earlier message, without quoted lines,
    "// comments" or surrounding blanks. The body of a PRESS or BROADCAST is the sender's text
    as written, to its end word: its quotes, "//" and "wrote:" lines, underscores and indentation are what the other
    players are to read."""
    out: list[str] = []
    verbatim = False
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if _CONTROL.search(text):
        text = _controls_shown(text)
    raws = text.split("\n")
    if BEGIN in text:
        raws = unsigned(raws)                   # a PGP clear-signed text: the text signed
    if "\\\\" in text:
        raws = _unpacked(raws)
    invisible = not text.isascii() and _INVISIBLE.search(text) is not None
    skip, stop = 0, None
    for i, raw in enumerate(raws, 1):           # (i: where the next line is)
        if skip:
            skip -= 1
            continue
        visible = _INVISIBLE.sub("", raw) if invisible else raw
        if verbatim:
            if _PRESS_END.match(visible.strip()):
                verbatim = False
                out.append(visible.strip())
            else:
                out.append(raw.rstrip())
            continue
        if visible.rstrip() == "--" and visible.startswith("--") or visible == "-- ":
            stop = ("--", SIGNATURE, i)
            break                                   # signature separator (its lines are the sender's, not orders)
        line = _COMMENT.sub("", visible).strip()
        if line.startswith(">"):
            continue
        # (MAY_END, MAY_FINISH, MAY_ATTRIBUTE: how a line must start or end to be any of those, a cheap first look)
        if (line[:2] in MAY_END or line[-2:] in MAY_FINISH or "@" in line or "://" in line) and \
                ends_reading(line, raws, i):
            stop = (line, FOOTER if footer(line) else QUOTED, i)
            break                                   # an earlier message, or "Sent from my iPhone"
        if line.endswith((":", "\uff1a")) or line[:3] in MAY_ATTRIBUTE or \
                i < len(raws) and may_wrap_attribution(raws[i]) and not command_like(line, True):
            taken = attribution(line, raws[i] if i < len(raws) else None)
            if taken:
                skip = taken - 1
                if not _quote_follows(raws, i + skip):
                    stop = (line, QUOTED, i + skip)
                    break                           # "On ... wrote:" above an unmarked quote: all of it quoted
                continue
            if verbless_attribution(line) and _quote_follows(raws, i) and not command_like(line, True):
                continue                            # "пт, 27 нояб. 2026 г. в 19:01, <judge@localhost>:" above '>'
        out.append(line)
        verbatim = bool(_PRESS.match(line))
    while out and not out[-1]:
        out.pop()
    while out and not out[0]:
        out.pop(0)
    if stop and stop[1] != QUOTED:
        raws = raws[:_earlier_message(raws, stop[2])]
    return out, stop and stop_to_tell(stop[0], stop[1], raws, stop[2], not out)


def _unpacked(raws: list[str]) -> list[str]:
    """DPjudge's line for phones that cannot send a line break: a line starting `\\\\` whose next character (not a
    letter or digit) stands for a line break, `\\\\; SIGNON Fgame pw;A PAR - BUR;STATUS`, read as the lines it
    holds. Any other line starting `\\\\` is left as it is, to be refused as the command it is not."""
    out: list[str] = []
    for raw in raws:
        stripped = raw.strip()
        if stripped.startswith("\\\\"):
            rest = stripped[2:].lstrip()
            if rest and not rest[0].isalnum():
                out.extend(rest[1:].split(rest[0]))
                continue
        out.append(raw)
    return out


def _earlier_message(raws: list[str], after: int) -> int:
    """Where a quoted earlier message starts below a signature or a footer (raws[after:], within the lines a stop
    looks at): its lines are not the sender's, so orders in it are no sign of orders typed below the stop."""
    for i in range(after, min(len(raws), after + LOOK_AHEAD)):
        line = raws[i].strip()
        if ends_reading(line, raws, i + 1) and not footer(line) or \
                attribution(line, raws[i + 1] if i + 1 < len(raws) else None):
            return i
    return len(raws)


def _quote_follows(raws: list[str], i: int) -> bool:
    """Is the first non-blank line from raws[i] on a quoted one ('>')? (An attribution above quoted lines may be
    followed by the sender's own text again: an answer written below, or between, the quoted lines.)"""
    return next((r.strip() for r in raws[i:] if r.strip()), "").startswith(">")


__all__ = ["Stop", "body_text", "clean_lines", "html_to_text", "read_text", "unflow"]
