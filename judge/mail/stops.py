"""Where the reading of a message stopped short of what may be the sender's own commands: a quoted message's header
or a client's footer with order-like lines under it. Those lines are never read (they are usually an earlier message);
the reply names the line the reading stopped at, so that orders written below a quote are not silently lost."""
from __future__ import annotations

import re
from typing import NamedTuple

from judge.commands.registry import BY_WORD


class Stop(NamedTuple):
    """The line the reading stopped at, and what it is ("starts a quoted or forwarded message"...)."""
    line: str
    why: str


QUOTED = "starts a quoted or forwarded message"
FOOTER = "is a mail program's footer"
SIGNATURE = "starts a signature"

# An order as players write them: a unit and a place then what it does, a move between places, a build.
_ORDER = re.compile(r"(?:(?:a|f|w|army|fleet|wing)\s+[a-z][\w.'/]*\b(?:\s*\([a-z]{2}\))?\s*"
                    r"(?:->|=>|-|(?:h|holds?|s|supports?|c|convoys?|r|retreats?|d|disbands?)(?:\s|$))"
                    r"|[a-z]{3}(?:/[a-z]{2})?(?:\s+-|\s*->)\s*[a-z]{3}\b"
                    r"|(?:build|remove|disband)\s+(?:a|f|w|army|fleet|wing)\s+[a-z]{3})", re.IGNORECASE)
# Command words that are everyday words too ("Orders for France:" opens the judge's own reply): not a sign.
_EVERYDAY = frozenset({"ORDER", "ORDERS", "END", "QUIT", "?"})
_FIELD = re.compile(r"^\*?[A-Za-z][\w-]{0,20}\s?:\*?(?:\s|$)")        # "From: ...", "*Sent:* ...", "Betreff: ..."
LOOK_AHEAD = 60                       # lines below the stop that are looked at


def command_like(raw: str, any_case: bool = False) -> bool:
    """Is the line as the sender may have written it a command or an order? (Quoted lines, a header block's fields
    and indented lines, as the judge's own replies echo orders, are not.) `any_case`: a command word in small
    letters counts too."""
    if not raw.strip() or raw[:1] in (" ", "\t", ">") or _FIELD.match(raw):
        return False
    word = raw.split(None, 1)[0].rstrip(":")
    # (a command in capitals, as the judge's help writes them: "Help me out" or "List of..." in prose is no sign)
    if word.upper() in BY_WORD and word.upper() not in _EVERYDAY and (word.isupper() or word.upper() == "SIGNON"
                                                                      or any_case):
        return True
    return bool(_ORDER.match(raw))


def stop_to_tell(line: str, why: str, raws: list[str], after: int, nothing_read: bool) -> Stop | None:
    """The stop at `line` (raws[after:] below it) worth a word in the reply: when the lines below look like commands
    or orders, or (`nothing_read`) when there is any text below it at all (else the message would seem empty)."""
    below = raws[after:after + LOOK_AHEAD]
    if nothing_read and any(r.strip() for r in below) or any(map(command_like, below)):
        return Stop(" ".join(line.split())[:100], why)
    return None


__all__ = ["FOOTER", "QUOTED", "SIGNATURE", "Stop", "command_like", "stop_to_tell"]
