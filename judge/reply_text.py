"""A reply's subject and body as the judge sends them: "Re:" without a password, bounded in length, and a word on a
subject that holds a command (never read there)."""
from __future__ import annotations

import re
from collections.abc import Callable

from judge.commands.registry import BY_WORD
from judge.mail.stops import Stop
from judge.redact import hide_in_subject
from judge.templating import para

MAX_REPLY_CHARS = 512 * 1024        # a reply's text is cut here (with a note): one message never makes a huge mail
MAX_REPLY_BYTES = 1024 * 1024       # ... and the reply as mailed, its attachments (MAP's picture) included
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


def notes(subject: str, stopped: Stop | None) -> list[str]:
    """What a reply says under its lines of the message's subject (a command there is never read) and of where the
    reading stopped, when lines that look like commands were left below a quote's header or a footer."""
    out = [subject_note(subject)]
    if stopped is not None:
        out.append(para(f"(The reading stopped at the line \"{stopped.line}\": it {stopped.why}, so nothing below "
                        "it was read. To have lines read, put them above it.)"))
    return [n for n in out if n]


def nothing_read(stopped: Stop | None, attached: bool, encrypted: bool = False) -> str:
    """The error for a message with no line to read: it is encrypted, its text stopped at its first line, or it was
    all attached."""
    if encrypted:
        return ("YOUR MESSAGE IS ENCRYPTED, AND THE JUDGE CANNOT READ ENCRYPTED MAIL (IT HAS NO KEY TO OPEN IT): "
                "NOTHING IN IT WAS READ OR DONE. SEND YOUR COMMANDS AGAIN AS PLAIN TEXT, NOT ENCRYPTED (A PGP "
                "CLEAR-SIGNED MESSAGE IS FINE)")
    if stopped is not None:
        return (f"NOTHING WAS READ: THE READING STOPPED AT THE FIRST LINE, \"{stopped.line}\", WHICH "
                f"{stopped.why.upper()}, SO NOTHING BELOW IT WAS READ. PUT YOUR COMMANDS ABOVE IT")
    if attached:
        return "ATTACHMENTS ARE NOT READ: PUT YOUR COMMANDS IN THE TEXT OF THE MAIL"
    return "EMPTY MESSAGE: NOTHING TO DO (SEND HELP FOR THE COMMANDS)"


def nothing_asked(lines: list[str]) -> str:
    """What a reply says to a message whose commands ask for nothing: it starts with SIGNOFF (nothing below is read),
    or it has only ORDERS, which means nothing."""
    first = next((line.split()[0] for line in lines if line.split()), "")
    if getattr(BY_WORD.get(first.upper()), "name", "") == "SIGNOFF":
        return para(f"Nothing was done: the first line of your message, {first}, ends the reading, so no line below "
                    "it was read. Put your commands above it (HELP lists them).")
    return para("Nothing was done: no line of your message asks for anything (ORDERS alone means nothing; orders "
                "need a SIGNON line above them). Send HELP for the commands.")


def bounded(body: str, limit: int = MAX_REPLY_CHARS) -> str:
    """A reply body cut at `limit` characters, saying so."""
    if len(body) <= limit:
        return body
    cut = body.rfind("\n", 0, limit)
    return body[:cut if cut > 0 else limit] + (
        "\n\n[The rest of this reply was left out: it was too long for one mail.]\nEnd of judge reply.\n")


_END = "End of judge reply.\n"


def fitted(body: str, attachments: list | None, build: Callable[[str, list], bytes]) -> tuple[bytes, str]:
    """The reply as mailed (`build(text, attachments)`) within MAX_REPLY_BYTES, and its text. Attachments go first,
    the last first, each named in the text; then the text is cut shorter (text that grows when encoded: long lines
    of non-ASCII letters go out quoted-printable, three bytes a byte). Returns the mail's bytes and its text."""
    kept, left, limit = list(attachments or []), [], MAX_REPLY_CHARS
    while True:
        text = bounded(body, limit)
        if left:
            names = ", ".join(f"{name} ({(len(data) + 1023) // 1024} KB)" for name, _, data in left)
            note = para(f"[Left out of this reply: {names}. A reply is at most {MAX_REPLY_BYTES // 1024} KB, its "
                        "attachments included: ask for it in a message of its own.]") + "\n"
            text = text[:-len(_END)] + note + "\n" + _END if text.endswith(_END) else text + "\n" + note
        raw = build(text, kept)
        if len(raw) <= MAX_REPLY_BYTES or limit < 1024:
            return raw, text
        if kept:
            left.insert(0, kept.pop())
        else:
            limit //= 2
