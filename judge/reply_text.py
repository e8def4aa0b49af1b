"""A reply's subject and body as the judge sends them: "Re:" without a password, bounded in length, and a word on a
subject that holds a command (never read there)."""
from __future__ import annotations

import re
from collections.abc import Callable

from judge.commands.registry import BY_WORD
from judge.redact import hide_in_subject

MAX_REPLY_CHARS = 512 * 1024        # a reply is cut here (with a note): one message never makes a huge mail
MAX_SUBJECT_CHARS = 200


def reply_subject(subject: str, is_game: Callable[[str], bool] | None = None) -> str:
    """'Re: <their subject>', without a password, control characters or unbounded length (`is_game`: see
    hide_password)."""
    clean = " ".join(hide_in_subject(subject, is_game).split())[:MAX_SUBJECT_CHARS]
    return clean if clean.lower().startswith("re:") else f"Re: {clean or 'your message'}"


_NOT_READ = {"ORDERS", "ORDER", "END", "QUIT", "?"}      # command words that are everyday subjects ("orders")


def subject_note(subject: str) -> str:
    """A subject that starts with a command ("SIGNON Fdemo ...", "LIST") is never read: say so."""
    words = re.sub(r"^(?:\s*(?:re|fwd?|aw|wg)\s*:)+", "", subject, flags=re.IGNORECASE).split()
    if not words or words[0].upper().rstrip(":") not in BY_WORD or words[0].upper() in _NOT_READ:
        return ""
    shown = " ".join(hide_in_subject(" ".join(words)).split())[:60]
    return f"(Your subject, \"{shown}\", was not read: the judge reads commands only in the body of a message.)"


def bounded(body: str) -> str:
    """A reply body cut at MAX_REPLY_CHARS, saying so."""
    if len(body) <= MAX_REPLY_CHARS:
        return body
    cut = body.rfind("\n", 0, MAX_REPLY_CHARS)
    return body[:cut if cut > 0 else MAX_REPLY_CHARS] + (
        "\n\n[The rest of this reply was left out: it was too long for one mail.]\nEnd of judge reply.\n")
