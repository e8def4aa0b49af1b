"""Reads a message's lines: runs commands in order, collects order lines, stops at the first error (a command that
is only declined, changing nothing, is noted and reading goes on)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.commands import after_end
from judge.commands.actions import flush_orders, refresh_deadline_header, votes_settled
from judge.commands.base import CommandError, Continue, Declined, Session
from judge.commands.clock import one_clock_notice
from judge.commands.registry import BY_WORD
from judge.game import PLAYING, OrderSetError
from judge.orders.nationality import nationality
from judge.orders.suggest import is_remark


@dataclass
class Reading:
    errors: list[tuple[str, str]] = field(default_factory=list)    # (the line, what is wrong)
    unread: list[str] = field(default_factory=list)                # lines after the error, echoed back


# As in DPjudge, a PRESS or a BROADCAST ends at either end word, or at a SIGNOFF line (the press is sent, and the
# SIGNOFF is then read as the command it is).
_PRESS_ENDS = frozenset({"ENDPRESS", "ENDBROADCAST"})
_SIGNOFF = "SIGNOFF"


def _ends(end: str, line: str) -> bool:
    """Does `line` end a block whose own end word is `end`?"""
    word = line.strip().upper()
    return word == end or (end in _PRESS_ENDS and (word in _PRESS_ENDS or word == _SIGNOFF))


def _past_end(lines: list[str], i: int) -> int:
    """Where reading goes on after the end of a block at lines[i]: after an end word, at a SIGNOFF."""
    return i if lines[i].strip().upper() == _SIGNOFF else i + 1


MAX_LINES = 1000          # lines read from one message
MAX_COMMANDS = 60         # commands in one message (order lines and press bodies not counted)
# Each may cost a long reply, a look at every game, or a picture drawn and attached (MAP; the master's PREVIEW).
ONCE = ("HELP", "LIST", "HISTORY", "SUMMARY", "ARCHIVE", "MAP", "PREVIEW")


def too_much(lines: list[str]) -> str | None:
    """Why a message asks for more work than one mail may (refused before anything in it is done), or None. Only
    what is read counts: nothing after a SIGNOFF (which ends the reading, as a signature does)."""
    counted, commands, seen, once, i = 0, 0, set(), None, 0
    while i < len(lines):
        words = lines[i].split()
        i += 1
        counted += bool(words)
        command = BY_WORD.get(words[0].upper()) if words else None
        if command is None:
            continue
        commands += 1
        if command.name in ONCE:
            if command.name in seen and once is None:
                once = f"{command.name} MAY BE ASKED FOR ONCE PER MESSAGE"
            seen.add(command.name)
        if command.block_end:                      # the body of PRESS ... ENDPRESS is not commands
            while i < len(lines) and not _ends(command.block_end, lines[i]):
                counted += bool(lines[i].strip())
                i += 1
        if command.name == _SIGNOFF:
            break
    if counted > MAX_LINES:
        return f"MESSAGE TOO LONG: AT MOST {MAX_LINES} LINES IN ONE MESSAGE"
    if once is not None:
        return once
    if commands > MAX_COMMANDS:
        return f"TOO MANY COMMANDS: AT MOST {MAX_COMMANDS} IN ONE MESSAGE"
    return None


def read(s: Session, lines: list[str]) -> Reading:
    why = too_much(lines)
    if why is not None:
        return _stop([("", why)], [])
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
                return _stop([(line, _told(line, lines[i:], str(exc)))], lines[i:])
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
                while i < len(lines) and not _ends(command.block_end, lines[i]):
                    body.append(lines[i])
                    i += 1
                if i >= len(lines):
                    raise CommandError(f"{command.name} WITHOUT {command.block_end}")
                i = _past_end(lines, i)
            after_end.check(s, command, words[1:])        # (after the body: a refused PRESS's is unread too)
            if command.handle(s, words[1:], body) is Continue.STOP:
                rest = sum(1 for x in lines[i:] if x.strip())
                if rest and getattr(command, "unread_note", ""):
                    s.say(command.unread_note.format(n=rest))       # (said, never echoed: a password may be there)
                break
        except OrderSetError as exc:
            return _stop(exc.errors, lines[start:])
        except Declined as exc:
            s.declined.append((line, str(exc)))            # refused alone: the rest of the message is read
        except CommandError as exc:
            return _stop([(line, str(exc))], lines[start:])    # a refused PRESS's body was not sent: unread too
    try:
        flush_orders(s)
    except OrderSetError as exc:
        last = next((line for line in reversed(lines) if line.strip()), "")
        return _stop([(t, _told(t, [], e) if t == last else e) for t, e in exc.errors], [])
    except CommandError as exc:
        return _stop([("", str(exc))], [])
    votes_settled(s)
    one_clock_notice(s)
    refresh_deadline_header(s)
    return Reading()


_CLOSINGS = re.compile(r"^(cheers|thanks|thank you|thx|regards|best|best regards|kind regards|br|yours|sincerely|love|"
                       r"ciao|bye|see you|greetings|good luck|gl|hf|have fun)\b", re.I)


# "SIGN ON Fgame pw", "SIGNON: Fgame pw", "sign-on", "LOGIN", "SIGN IN": a sign-on the reader cannot take as one.
_MISTYPED_SIGNON = re.compile(r"^\W*(?:sign[\s_-]+on\b|signon\s*[:;=,]|sign[\s_-]*in\b|log[\s_-]*[io]n\b)", re.I)


# The hint that a line is a remark (judge.orders.suggest's, or _REMARK's): a sign-off's own hint takes its place.
_REMARK_HINT = re.compile(r" \((?:NOT AN ORDER|A REMARK)\?[^()]*\)$")
_REMARK = "NEITHER A COMMAND NOR AN ORDER (A REMARK? END YOUR COMMANDS WITH SIGNOFF, OR PUT // BEFORE IT)"


def _told(line: str, rest: list[str], said: str) -> str:
    """What is `said` of a refused line; of a sign-off read as an order ("Cheers, Dave" at the end of an HTML mail,
    which has no '-- ' line), with how to end a message in place of a bare UNKNOWN PLACENAME or a remark's hint (one
    hint, not two)."""
    if any(r.strip() for r in rest) or len(line.split()) > 4 or not _CLOSINGS.match(line.strip()):
        return said
    return (_REMARK_HINT.sub("", said) +
            " (IF THIS IS YOUR SIGN-OFF: END YOUR ORDERS WITH A LINE SIGNOFF, OR A SIGNATURE LINE '-- ')")


_UNIT_WORDS = ("A", "F", "ARMY", "FLEET")      # an order's first word ("A PAR SUPPORTS A MAR TO BUR" is no prose)


def _stop(errors: list[tuple[str, str]], unread: list[str]) -> Reading:
    return Reading(list(errors), list(unread))


def _order_line(s: Session, line: str) -> None:
    """A line that is no command: an order, if someone who may give orders is signed on."""
    game = s.game
    if s.role not in ("power", "master") or game is None:
        if _MISTYPED_SIGNON.match(line):
            raise CommandError("UNRECOGNIZED COMMAND: SIGN ON WITH ONE WORD AND NO COLON, "
                               "E.G. SIGNON Fgame <password>")
        words = line.split()
        if len(words) > 5 and not any(c in line for c in "-:") and words[0].upper() not in _UNIT_WORDS:
            # (prose from a newcomer, "Hi, I would like to join a game": where to start)
            raise CommandError("UNRECOGNIZED COMMAND: THE JUDGE READS COMMANDS, ONE A LINE (SEND HELP FOR THEM, "
                               "LIST FOR THE GAMES)")
        if words and words[0].upper() not in _UNIT_WORDS and not any(c in line for c in "-:") and \
                ("," in line or line.rstrip().endswith((".", "!", "?"))):
            # (a short sentence, "Hello judge, I am away.": no order, so not only "sign on before orders")
            raise CommandError("UNRECOGNIZED COMMAND: THE JUDGE READS COMMANDS, ONE A LINE, AND ORDERS BELOW A "
                               "SIGNON LINE (SEND HELP FOR THE COMMANDS)")
        raise CommandError("UNRECOGNIZED COMMAND (SIGN ON BEFORE SENDING ORDERS)")
    if game.status != PLAYING:
        if is_remark(line, game.map):
            raise CommandError(_REMARK)           # (not "NO ORDERS NOW" for a "Thanks," or a name under commands)
        if game.over:
            from judge.game.ending import describe_result
            raise CommandError(f"GAME {game.name} IS OVER ({describe_result(game.result, game.map).upper()}): "
                               "NO MORE ORDERS")
        raise CommandError(f"GAME {game.name} IS NOT ACTIVE: NO ORDERS NOW")
    written = line
    heading = _heading(line, game.map)
    if heading is not None:
        # A line of a power's name alone ("FRANCE", "Germany:"): DPjudge gives the order lines below it to that power.
        if s.role != "master" and heading != s.power and not _lord_of(game, s.power, heading):
            raise CommandError(f"YOU PLAY {s.power}: ORDERS FOR {heading} ARE NOT YOURS TO GIVE")
        s.heading = heading
        return
    # A power named in front of the order ("FRANCE: A PAR - BUR", "F: ...", "French A Par H"), as DPjudge reads it.
    named, rest = nationality(line, game.map)
    if named is None and s.heading is not None:
        named, rest = s.heading, line.strip()
    if s.role == "master":
        if named is None:
            head, sep, rest = line.partition(":")
            if not sep:
                raise CommandError(_REMARK if is_remark(line, game.map) else
                                   "THE MASTER'S ORDERS MUST NAME THE POWER, E.G. FRANCE: A PAR - BUR")
            from judge.commands._util import power_of
            named, rest = power_of(head, game.map), rest.strip()       # (UNKNOWN POWER: NARNIA)
        power, line = named, rest
    else:
        power = s.power
        if named is not None:
            if named != power and not _lord_of(game, power, named):
                # (an ally's orders pasted in, or a slip: taken as the sender's own, they would mislead)
                raise CommandError(f"YOU PLAY {power}: ORDERS FOR {named} ARE NOT YOURS TO GIVE")
            power, line = named, rest
    if line != written:
        s.written[(power, line)] = written        # (a refusal echoes the line as it was written, power and all)
    s.orders.setdefault(power, []).append(line)


def _heading(line: str, m) -> str | None:
    """The power a line names and nothing else (its name or adjective, a colon after it or not); else None."""
    text = line.strip().rstrip(":").strip()
    words = text.split()
    if not words or len(words) > 3 or words[0].upper() in _UNIT_WORDS:
        return None                                 # (most lines: an order, "A PAR H")
    return m.power(text)


def _lord_of(game, power: str, vassal: str) -> bool:
    """Whether `power` may order `vassal`'s units: its lord, under vassal_dummies (as the lord may sign on as it)."""
    house = game.position.house if game.position is not None else None
    return bool(game.rules.vassal_dummies and house is not None and house.vassals.get(vassal) == power)
