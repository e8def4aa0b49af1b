"""SET ABSENCE: a player (or the master) will be away; no deadline falls inside an absence."""
from __future__ import annotations

from datetime import datetime, timedelta

from judge.commands.base import CommandError, Session
from judge.deadlines import FARTHEST, parse_day, show
from judge.game.roles import MASTER

USAGE = ("USE SET ABSENCE <first day> [TO <last day>], OR SET ABSENCE TO <last day> (E.G. SET ABSENCE 24 DEC TO "
         "6 JAN); SET ABSENCE NONE CANCELS YOURS")


def set_absence(s: Session, words: list[str]) -> None:
    game = s.need_game()
    if s.role == "master":
        who = MASTER
    else:
        who = s.need_power()
    text = " ".join(words)
    upper = text.upper()
    if upper.strip() in ("NONE", "OFF"):
        cancel_absences(s, who)
        return
    if upper.startswith("TO "):
        first, last = "", text[3:]
    elif " TO " in upper:
        at = upper.index(" TO ")
        first, last = text[:at], text[at + 4:]
    else:
        first, last = text, ""
    if not text.strip():
        raise CommandError(USAGE)
    try:
        start = parse_day(first, game.timing, s.now) if first.strip() else s.now
        end = parse_day(last or first, game.timing, s.now, end_of_day=True)
    except ValueError as exc:
        raise CommandError(f"{exc} - {USAGE}") from None
    start = max(start, s.now)
    if end <= start:
        raise CommandError(f"AN ABSENCE MUST END AFTER IT STARTS, AND IN THE FUTURE - {USAGE}")
    if end - s.now > FARTHEST:
        # (as SET DEADLINE: a mistyped year would otherwise hold every deadline of the game for centuries)
        raise CommandError(f"AN ABSENCE MUST END AT MOST {FARTHEST.days} DAYS FROM NOW - {USAGE}")
    rules = game.rules
    if who != MASTER:
        if rules.absence_days == 0 or rules.absence_count == 0:
            raise CommandError(f"GAME {game.name} ALLOWS NO ABSENCES (ASK THE MASTER)")
        if end - start > timedelta(days=rules.absence_days):
            raise CommandError(f"AN ABSENCE MAY LAST AT MOST {rules.absence_days} DAYS IN GAME {game.name} (THE "
                               "MASTER MAY SET A LONGER ONE)")
        if len(game.absences_of(who)) >= rules.absence_count:
            allowed = "THE ONE ABSENCE" if rules.absence_count == 1 else f"ALL {rules.absence_count} ABSENCES"
            raise CommandError(f"YOU HAVE SET {allowed} GAME {game.name} ALLOWS (ASK THE MASTER)")
    moved = game.add_absence(who, start, end, s.now)
    name = "the master" if who == MASTER else game.map.power_title(who)
    s.say(f"Noted: {name} is away from {show(start, game.timing)} to {show(end, game.timing)}; no deadline falls "
          "in that time.")
    _tell(s, game, name, f"from {show(start, game.timing)} to {show(end, game.timing)}")
    if moved:
        # The others learn that the deadline moved, not why or for whom.
        s.effect("notify", ("deadline changed", [f"The deadline of game {game.name} has moved to "
                                                 f"{show(game.deadline, game.timing)}."], "all"))


def _tell(s: Session, game, name: str, when: str) -> None:
    """The absence told as the house rule absence_notices says (the sender has the reply): the master always learns
    who, the others nothing, when, or who and when (DPjudge SILENT_ABSENCES, HIDE_ABSENTEES, neither)."""
    said = f"in game {game.name} {when}: no deadline falls in that time."
    if s.role != "master":
        s.effect("notify", ("absences notice", [f"{name} will be away {said}"], "master"))
    how = game.rules.absence_notices.value
    if how != "master":
        who = name[0].upper() + name[1:] if how == "named" else "Someone"
        s.effect("notify", ("absences notice", [f"{who} will be away {said}"], "others"))


def cancel_absences(s: Session, who: str) -> None:
    """SET ABSENCE NONE (or SET NOABSENCE): the sender's absences not yet over are dropped."""
    game = s.need_game()
    name = "the master" if who == MASTER else game.map.power_title(who)
    gone = game.cancel_absences(who, s.now)
    if not gone:
        raise CommandError(f"NO ABSENCE TO CANCEL: {name.upper()} HAS NONE TO COME IN GAME {game.name}")
    kept = "" if game.deadline is None else f"; the deadline stays {game.deadline_shown()}"
    s.say(f"Cancelled: {gone} absence{'s' if gone != 1 else ''} of {name}{kept}.")


def absence_lines(game, now: datetime) -> list[str]:
    """The absences not yet over, as the master's LIST shows them: 'France: Wed 24 Mar 2027 00:00 EDT to ...'."""
    return [f"{'Master' if a['who'] == MASTER else game.map.power_title(a['who'])}: "
            f"{show(datetime.fromisoformat(a['from']), game.timing)} to "
            f"{show(datetime.fromisoformat(a['to']), game.timing)}" for a in game.absences
            if datetime.fromisoformat(a["to"]) > now]
