"""What a finished game still takes from those signed on to it: one rule, read from each command's `after_end`
(the roles that may still send it, or for SET the roles per setting), applied by the reader before a command runs
and shown by the orders page, so that what the page offers is what the judge does."""
from __future__ import annotations

from judge.commands.base import SIGNED_ON, Command, Session
from judge.commands.registry import COMMANDS

# Words a signed-on page has no use for (it is signed on already; ORDERS means nothing): not offered, still taken.
UNSHOWN = ("SIGNON", "SIGNOFF", "UNLOCK", "ORDERS", "UNOBSERVE", "HELP")


def _roles(command: Command, args: list[str]) -> tuple[str, ...]:
    rule = getattr(command, "after_end", ())
    if isinstance(rule, dict):
        return rule.get(args[0].upper(), ()) if args else ()
    return rule


def allowed(command: Command, args: list[str], role: str) -> bool:
    """May `role` still send `command args` to a finished game?"""
    return role in _roles(command, args)


def check(s: Session, command: Command, args: list[str]) -> None:
    """Refuse (as every such refusal reads: GAME ... IS OVER) what a finished game no longer takes from the signed-on
    sender; anything else, and any game not over, goes on to the command itself."""
    if s.game is not None and s.game.over and s.role in SIGNED_ON and not allowed(command, args, s.role):
        s.not_over(getattr(command, "over_words", "NOTHING MORE TO CHANGE"))


def offered(role: str) -> list[str]:
    """What the orders page of a finished game offers `role` ('SET PASSWORD', 'STATUS'...), in the command table's
    order; empty when nothing is left to send."""
    out = []
    for c in COMMANDS:
        rule = getattr(c, "after_end", ())
        if c.name in UNSHOWN:
            continue
        if isinstance(rule, dict):
            out += [f"{c.name} {word}" for word, roles in rule.items() if role in roles]
        elif role in rule:
            out.append(c.name)
    return out
