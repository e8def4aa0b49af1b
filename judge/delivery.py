"""What handling one message (or one web form) did: for the daemon, the pipe and the web pages."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class WebSignon:
    """A web sign-on's outcome: who is signed on (a power or MASTER) and the hash that let them in, or the error."""
    who: str = ""
    via_master: bool = False          # a power signed on with the master's password
    stored: str = ""
    error: str = ""


@dataclass
class Delivery:
    game: str | None = None
    accepted: bool = False
    replied: bool = False
    errors: list[tuple[str, str]] = field(default_factory=list)
    note: str = ""
    reply: str = ""                  # the reply's text, as mailed (the web page shows it too)
    attached: list[str] = field(default_factory=list)   # the files the mailed reply carries (a page cannot)
