"""Reads a message's lines: runs commands in order, collects order lines, stops at the first error."""
from __future__ import annotations

from dataclasses import dataclass, field

from judge.commands.base import CommandError, Continue, Session
from judge.commands.registry import BY_WORD
from judge.game import PLAYING, GameError, OrderSetError


@dataclass
class Reading:
    errors: list[tuple[str, str]] = field(default_factory=list)    # (the line, what is wrong)
    unread: list[str] = field(default_factory=list)                # lines after the error, echoed back


def read(s: Session, lines: list[str]) -> Reading:
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line:
            continue
        words = line.split()
        command = BY_WORD.get(words[0].upper())
        if command is None:
            try:
                _order_line(s, line)
            except CommandError as exc:
                return _stop([(line, str(exc))], lines[i:])
            continue
        try:
            flush_orders(s)                 # the order lines before a command are one set, submitted first
        except OrderSetError as exc:
            return _stop(exc.errors, lines[i - 1:])      # the command never ran: it is part of the unread rest
        except CommandError as exc:
            return _stop([("", str(exc))], lines[i - 1:])
        start = i
        try:
            body: list[str] = []
            if command.block_end:
                while i < len(lines) and lines[i].strip().upper() != command.block_end:
                    body.append(lines[i])
                    i += 1
                if i >= len(lines):
                    raise CommandError(f"{command.name} WITHOUT {command.block_end}")
                i += 1
            if command.handle(s, words[1:], body) is Continue.STOP:
                break
        except OrderSetError as exc:
            return _stop(exc.errors, lines[start:])
        except CommandError as exc:
            return _stop([(line, str(exc))], lines[start:])    # a refused PRESS's body was not sent: unread too
    try:
        flush_orders(s)
    except OrderSetError as exc:
        return _stop(exc.errors, [])
    except CommandError as exc:
        return _stop([("", str(exc))], [])
    return Reading()


def _stop(errors: list[tuple[str, str]], unread: list[str]) -> Reading:
    return Reading(list(errors), list(unread))


def _order_line(s: Session, line: str) -> None:
    """A line that is no command: an order, if someone who may give orders is signed on."""
    game = s.game
    if s.role not in ("power", "master") or game is None:
        raise CommandError("UNRECOGNIZED COMMAND (SIGN ON BEFORE SENDING ORDERS)")
    if game.status != PLAYING:
        raise CommandError(f"GAME {game.name} IS NOT ACTIVE: NO ORDERS NOW")
    if s.role == "master":
        head, sep, rest = line.partition(":")
        from judge.commands._util import power_of
        if not sep:
            raise CommandError("THE MASTER'S ORDERS MUST NAME THE POWER, E.G. FRANCE: A PAR - BUR")
        power, line = power_of(head), rest.strip()
    else:
        power = s.power
    s.orders.setdefault(power, []).append(line)


def flush_orders(s: Session) -> None:
    """Submit the order lines read so far, one set per power; OrderSetError if any line cannot be used."""
    pending, s.orders = s.orders, {}
    game = s.game
    refused: list[tuple[str, str]] = []
    for power, texts in pending.items():
        notes: list[tuple[str, str]] = []
        try:
            accepted = game.submit_orders(power, texts, s.now, notes)
        except OrderSetError as exc:
            # The master may order several powers in one message: report every refused set, not only the first.
            refused.extend(exc.errors)
            continue
        except GameError as exc:
            # e.g. partial_orders=reject: a refusal like any other, never an internal error.
            raise CommandError(str(exc)) from None
        s.say(f"Orders for {power.title()} ({game.position.phase.describe()}):", *[f"  {o}" for o in accepted])
        if not accepted:
            s.say("  (none: every unit takes the default)")
        for text, why in notes:
            s.say(f"  not used: {text} ({why})")
    if refused:
        raise OrderSetError(refused)
