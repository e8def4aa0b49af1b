"""What SET tells the master beyond "done": where the deadline now falls, what a change of delays or grace does to the
current phase, reminders that will never go, and the clock acting at once (processing, a preview, disorder)."""
from __future__ import annotations

from datetime import datetime

from judge.commands.announce import announce
from judge.commands.base import Session
from judge.deadlines import NO_DEADLINE, say_delay, show
from judge.game import FORMING, PLAYING
from judge.game.clock import REMINDER_MARGIN
from judge.rules import DeadlineMode, LatePowers


def full_note(s: Session, game) -> None:
    """A full forming game that start_master kept waiting, the rule now off: nothing else will start it (no JOIN
    can come), so the master is told how."""
    if game.status == FORMING and not game.rules.start_master and len(game.players) == len(game.map.playable_powers):
        s.say(f"Game {game.name} has all its players: send ACTIVATE to start it.")


def deadline_mode(s: Session, game, mode: DeadlineMode) -> None:
    """Into the manual mode: no deadline; out of it (SET RULE, or SET NORULE deadlines): a deadline for the phase
    from now, told to everyone."""
    if game.rules.deadlines is mode or game.position is None or game.over:
        return
    was = show(game.deadline, game.timing)
    # (made manual in the grace period, the deadline was missed all the same: as SET DEADLINE, it counts)
    missed = game.move_deadline(game.phase_deadline(s.now), s.now)
    now = f"{show(game.deadline, game.timing)}{while_paused(game)}"
    s.say(f"Deadline now: {now}.")
    if missed:
        s.say(f"The deadline had passed: {', '.join(game.map.power_title(p) for p in missed)} missed it, and this "
              "phase counts in their lateness.")
    # In the same notice as the rule that moved it: one mail a player, not a second saying the deadline changed.
    announce(s, game, "deadline", was, show(game.deadline, game.timing),
             lambda before: deadline_paragraph(now, before))


def deadline_paragraph(now: str, was: str) -> str:
    if now.startswith(NO_DEADLINE):
        return f"Deadline of the current phase: none, the master processes the game (it was {was})."
    if was == NO_DEADLINE:
        return f"Deadline of the current phase: {now} (there was none: the master processed the game)."
    return f"Deadline of the current phase: {now} (was {was})."


def clock_due(game, now: datetime) -> str | None:
    return game.due(now) if game.position is not None and not game.over else None


def due_note(s: Session, game, was: str | None) -> None:
    """A rule may make the clock act at once (late_powers=default once the grace period is over; cd_dummies with
    only the dummies' orders missing after the deadline): the master hears so before it happens."""
    due = clock_due(game, s.now)
    if due == was or due not in ("process", "disorder"):
        return
    phase = game.position.phase.describe()
    if due == "process":
        s.say(f"Note: with the rules now, every order {phase} needs is in: it will be processed now (within a minute).")
        return
    then = {LatePowers.DEFAULT: "it will be processed now (within a minute), the late powers' units taking their "
                                "default orders",
            LatePowers.PREVIEW: "you will get its preview now (within a minute)",
            LatePowers.RESIGN: "its late players will be resigned now (within a minute)"}[game.rules.late_powers]
    s.say(f"Note: the grace period of {phase} is over: under late_powers={game.rules.late_powers.value}, {then}.")


# The fields that decide where a phase's deadline falls: changed, they apply from the next phase on.
DEADLINE_FIELDS = ("movement_hours", "retreat_hours", "adjustment_hours", "time_of_day", "days", "timezone")


def current_deadline_note(s: Session, game, field: str, before) -> None:
    """A change of the delays, time of day, days or zone does not move the deadline players were given: say so (the
    players learn of it, a new zone with the deadline read in it, from the notice of changes: commands.announce)."""
    if field not in DEADLINE_FIELDS or game.status != PLAYING or game.deadline is None:
        return
    if getattr(before, field) == getattr(game.timing, field):
        return
    when = show(game.deadline, game.timing) + while_paused(game)
    s.say(f"From the next phase on; the current deadline stays {when}.")


def while_paused(game) -> str:
    """A deadline set while paused is not the one that will hold: RESUME moves it by the time paused from now."""
    # (no deadline, in the manual mode: nothing for the pause to move)
    return " (the game is paused: it moves by the time the game stays paused)" if game.paused and \
        game.deadline is not None else ""


def current_grace_note(s: Session, game) -> None:
    """A late player was promised the end of the grace period (the late notice names it): a change of grace applies
    from the next phase, as the other delays do, and the master is told so rather than find it out."""
    if game.phase_grace is None or game.status != PLAYING or game.deadline is None:
        return
    if game.paused:
        s.say(f"It applies from the next phase; the current phase keeps its grace of "
              f"{say_delay(game.phase_grace, 'hours')} after the deadline (the game is paused).")
    elif game.deadline <= s.now:
        s.say(f"It applies from the next phase; the current grace ends {show(game.grace_until(), game.timing)} "
              "as promised.")
    else:
        # (no time named: nobody was promised one yet, and a SET DEADLINE later in the message moves it)
        s.say(f"It applies from the next phase; this phase keeps its grace of "
              f"{say_delay(game.phase_grace, 'hours')} after its deadline.")


def silent_kinds(timing) -> list[str]:
    """The kinds of phase too short for their reminder (it would fall within REMINDER_MARGIN of their start)."""
    margin = REMINDER_MARGIN.total_seconds() / 3600
    kinds = {"movement": timing.movement_hours, "retreat": timing.retreat_hours,
             "adjustment": timing.adjustment_hours}
    return [k for k, delay in kinds.items() if timing.reminder_hours > 0 and delay - timing.reminder_hours < margin]


def reminder_note(s: Session, timing, before=None) -> None:
    """A reminder goes only when it falls well after its phase began (else it would come with the results): say
    so when the delays set make it never go, rather than confirm a reminder nobody will get. Given the timing
    `before` (a phase's delay changed), only when the change silenced a kind of phase that had its reminder."""
    hours = timing.reminder_hours
    margin = REMINDER_MARGIN.total_seconds() / 3600
    silent = silent_kinds(timing)
    if before is not None and set(silent) <= set(silent_kinds(before)):
        return
    if silent:
        which = "any phase" if len(silent) == 3 else ("an " if silent[0][0] == "a" else "a ") + \
            " or ".join(silent) + " phase"
        s.say(f"Note: with the phases this game has now, no reminder will be sent in {which}: a reminder goes "
              f"{say_delay(hours, 'hours')} before the deadline, and only when that is at least "
              f"{say_delay(margin, 'hours')} after the phase began.")


def deadline_reminder_note(s: Session, game) -> None:
    """A deadline set so near the phase's start that its reminder would come with the results: say none goes."""
    hours = game.timing.reminder_hours
    if hours <= 0 or game.paused or game.phase_started is None or game.reminder_time() is not None:
        return
    s.say(f"Note: no reminder goes this phase: a reminder goes {say_delay(hours, 'hours')} before the deadline, and "
          f"only when that is at least {say_delay(REMINDER_MARGIN.total_seconds() / 3600, 'hours')} after the phase "
          "began.")


def early_note(s: Session, game) -> None:
    """Every order may be in already: then a shorter EARLY processes the phase at once, which the master should
    know before it happens."""
    early = game.early_time() if game.status == PLAYING and not game.paused else None
    if early is None:
        return
    if early <= s.now:
        s.say(f"Note: every order is in and nobody waits, so {game.position.phase.describe()} will be processed "
              "now (within a minute).")
    else:
        s.say(f"Note: every order is in and nobody waits, so {game.position.phase.describe()} will be processed at "
              f"{show(early, game.timing)}.")
