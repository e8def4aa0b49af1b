"""DPjudge's status-file lines, as its masters write them below CREATE (its mail guide's example: PRIVATE, RULE,
TIMING, DESC, FORM): each is done by the SET command that does it here, so there is one code path for each setting."""
from __future__ import annotations

import re

from judge.commands._util import need_args
from judge.commands.base import CommandError, Continue, Session
from judge.commands.settings import Set

# TIMING's phase words, by the first letters DPjudge matches them on ("a phase whose final word begins with ...")
_PHASES = (("MOV", "MOVEMENT"), ("RET", "RETREAT"), ("ADJ", "ADJUSTMENT"))
_DELAY = re.compile(r"\d+[MHDW]", re.IGNORECASE)
_DAYS = "SMTWTFS"                   # DPjudge's DAYS starts on Sunday; SET DAYS on Monday


def _set(s: Session, *words: str) -> None:
    Set().handle(s, list(words), [])


class _SetLine:
    """A status line that is a SET command by another name: its words are that setting's value."""
    aliases: tuple[str, ...] = ()
    block_end = None
    setting = syntax = ""

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        need_args(args, 1, self.syntax)
        _set(s, self.setting, *args)
        return Continue.YES


class Private(_SetLine):
    name = setting = "PRIVATE"
    syntax = "PRIVATE <game password>"
    help = "DPjudge's status line for SET PRIVATE <game password> (master)."


class Rule(_SetLine):
    name = setting = "RULE"
    syntax = "RULE <rules>"
    help = "DPjudge's status line for SET RULE <rules> (master); !RULE turns one off."


class Zone(_SetLine):
    name = setting = "ZONE"
    syntax = "ZONE <time zone>"
    help = "DPjudge's status line for SET ZONE <time zone> (master)."


class Desc:
    name, aliases, block_end = "DESC", ("DESCRIPTION",), None
    syntax = "DESC <text>"
    help = "DPjudge's status line for a game's description: this judge keeps none, and says so."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        s.need_master()
        raise CommandError("THIS JUDGE KEEPS NO GAME DESCRIPTION: LEAVE THE DESC LINE OUT (OR PUT // BEFORE IT)")


class Timing:
    name, aliases, block_end = "TIMING", (), None
    syntax = "TIMING [NEXT <delay>] [MOVE|RETREAT|ADJUST <delay>] [AT <HH:MM>] [DAYS <SMTWTFS>] [GRACE <delay>] " \
             "[WARN <delay>]"
    help = ("DPjudge's status line for the game's timing (master): NEXT gives every phase's delay, MOVE, RETREAT "
            "and ADJUST one kind's (delays as 3D, 12H, 30M, 1W); AT the time of day; DAYS seven letters from "
            "Sunday ('-' for none); GRACE the grace period; WARN the reminder before the deadline. Each is done "
            "as the SET command for it.")

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        s.need_master()
        if not args or len(args) % 2:
            raise CommandError(f"TIMING TAKES WORDS AND VALUES IN PAIRS: USE {self.syntax}")
        delays: dict[str, str] = {}
        sets: list[tuple[str, str]] = []
        for key, value in zip(args[::2], args[1::2]):
            k = key.upper()
            phase = next((word for start, word in _PHASES if k.startswith(start)), None)
            if k == "WARN" and "," in value:
                raise CommandError(f"TIMING WARN {value}: THIS JUDGE SENDS ONE REMINDER; GIVE ONE DELAY")
            if k in ("NEXT", "GRACE", "WARN") or phase:
                if not _DELAY.fullmatch(value):
                    raise CommandError(f"TIMING {k} {value}: A DELAY IS A WHOLE NUMBER AND M, H, D OR W (E.G. 3D)")
            if k == "NEXT":
                delays.setdefault("NEXT", value)
            elif phase:
                delays[phase] = value
            elif k == "AT":
                sets.append(("TIME", value))
            elif k == "DAYS":
                sets.append(("DAYS", _monday_first(value)))
            elif k == "GRACE":
                sets.append(("GRACE", value))
            elif k == "WARN":
                sets.append(("REMINDER", value))
            else:
                raise CommandError(f"TIMING {k} IS NOT DONE HERE: USE NEXT, MOVE, RETREAT, ADJUST, AT, DAYS, GRACE OR "
                                   "WARN (SET ABSENCE KEEPS DEADLINES OFF GIVEN DAYS)")
        phases = [(word, delays.get(word, delays.get("NEXT", ""))) for _, word in _PHASES
                  if word in delays or "NEXT" in delays]
        for word, value in phases + sets:
            _set(s, word, value)
        return Continue.YES


def _monday_first(days: str) -> str:
    """DPjudge's DAYS (Sunday first; a lower-case letter: no movement deadline that day) as SET DAYS takes them."""
    if len(days) != 7 or any(c.upper() not in (_DAYS[i], "-") for i, c in enumerate(days)):
        raise CommandError(f"TIMING DAYS {days}: SEVEN LETTERS FROM SUNDAY, SMTWTFS, WITH '-' FOR A DAY WITHOUT "
                           "DEADLINES (E.G. -MTWTF-)")
    letters = [c for c in days if c != "-"]
    if any(c.islower() for c in letters) and not all(c.islower() for c in letters):
        raise CommandError(f"TIMING DAYS {days}: A DAY FOR EVERY PHASE BUT MOVEMENT (A LOWER-CASE LETTER) IS NOT DONE "
                           "HERE: WRITE EACH DAY IN CAPITALS, OR '-'")
    return (days[1:] + days[0]).upper()
