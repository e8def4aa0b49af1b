"""The players' notice of the master's changes to a running game's house rules, victory and timing: what changed,
from what to what, in one mail per message however many lines of it change something."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.commands.base import Session
from judge.deadlines import LIMITS, say_delay, show
from judge.game import PLAYING, Game
from judge.rules import RULES, MasterCopies, Ruleset, _show, public

TITLE = "rules changed"

# How a timing field reads in the notice.
_TIMING = {
    "timezone": "Time zone of deadlines",
    "movement_hours": "Time for a movement phase", "retreat_hours": "Time for a retreat phase",
    "adjustment_hours": "Time for an adjustment phase", "grace_hours": "Grace period after a deadline",
    "reminder_hours": "Reminder to powers without orders", "late_notice_hours": "Late notices in the grace period",
    "early_minutes": "Processing once every order is in and nobody waits", "time_of_day": "Time of day of deadlines",
    "days": "Days deadlines may fall on",
}
# Those that leave the current phase's deadline (and grace) as it was given.
_NEXT_PHASE = ("movement_hours", "retreat_hours", "adjustment_hours", "time_of_day", "days", "grace_hours")


def _running(game: Game) -> bool:
    """Players are told only of a game under way (a forming game's rules are for LIST and the start)."""
    return game.status == PLAYING and not game.over


def announce(s: Session, game: Game, key: str, old: Any, new: Any, line: Callable[[Any], str]) -> None:
    """Add the change of `key` from `old` to `new` (`line(old)` says it) to this message's one notice of changes to
    the players and observers (the master has the reply); the notice is made by the message's first change. A
    setting changed twice in one message is told once, from what it was before the message, and not at all when
    it ends where it began (SET RULE press=grey, then SET NORULE press: nothing changed for the players)."""
    if not _running(game):
        return
    notice = next((e for e in s.effects if e.kind == "notify" and e.payload[0] == TITLE), None)
    if notice is not None and key in s.announced:
        old, earlier = s.announced.pop(key)
        at = notice.payload[1].index(earlier)
        del notice.payload[1][at - 1:at + 1]                 # (the paragraph and the blank line before it)
        if not s.announced:                                  # (every change undone: no notice at all)
            s.effects.remove(notice)
            notice = None
    if old == new:
        return
    text = line(old)
    s.announced[key] = (old, text)
    if notice is None:
        s.effect("notify", (TITLE, [f"The master of game {game.name} has changed these rules and settings:", "",
                                    text], "others"))
    else:
        notice.payload[1].extend(("", text))                 # (a paragraph each)


def rules_changed(s: Session, game: Game, before: Ruleset) -> None:
    """Each house rule whose value differs from `before`: its new value, the old one and what it means. The players
    learn of rules as public() shows them; a change to a hidden master_press_copies is not told at all (from on,
    'off' would be a lie; the master's reply says it)."""
    if game.rules.master_press_copies is MasterCopies.HIDDEN:
        before = before.replace(master_press_copies=game.rules.master_press_copies)
    before, after = public(before), public(game.rules)
    for r in RULES:
        old, new = getattr(before, r.name), getattr(after, r.name)
        if old != new:
            announce(s, game, f"rule {r.name}", old, new,
                     lambda was, r=r, new=new: f"House rule {r.name}: {_show(new)} (was {_show(was)}). {r.meaning}")


def victory_changed(s: Session, game: Game, before: int) -> None:
    if game.victory_centers() != before:
        announce(s, game, "victory", before, game.victory_centers(),
                 lambda was: f"Supply centres for a solo victory: {game.victory_centers()} (was {was}).")


def timing_changed(s: Session, game: Game, field: str, old: Any) -> None:
    """A delay, time of day, playing days or the zone changed (a new zone with the current deadline read in it)."""
    new = getattr(game.timing, field)
    if field not in _TIMING or new == old:
        return
    # (what the current phase keeps: its deadline, or, for a change of grace, its grace period)
    kept = "grace period" if field == "grace_hours" else "deadline"
    later = f"; from the next phase on, this phase keeps the {kept} it was given" if field in _NEXT_PHASE and \
        game.deadline is not None else ""
    if field == "timezone" and game.deadline is not None:
        later = f"; the current deadline is {show(game.deadline, game.timing)}" + (
            " (the game is paused: it moves by the time the game stays paused)" if game.paused else "")
    announce(s, game, field, old, new,
             lambda was: f"{_TIMING[field]}: {_value(field, new)} (was {_value(field, was)}){later}.")


def _value(field: str, value: Any) -> str:
    if field == "early_minutes":
        if value == 0:
            return "at once"
        return "at the deadline only" if value < 0 else f"after {say_delay(value, 'minutes')}"
    if field == "reminder_hours":
        return "none" if value <= 0 else f"{say_delay(value, 'hours')} before the deadline"
    if field == "late_notice_hours":
        return "one only" if value <= 0 else f"every {say_delay(value, 'hours')}"
    if field == "time_of_day" and not value:
        return "none, exactly after the phase's delay"
    return say_delay(value, "hours") if field in LIMITS else str(value)
