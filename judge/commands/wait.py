"""SET WAIT and SET NOWAIT: a power holds early processing back until the deadline, or lets it go.

Refused where the flag could not be kept, as DPjudge refuses it ("WAIT unavailable after deadline", "no orders
required"): after the deadline the phase processes as soon as it may, and a power with nothing to order this phase
(eliminated, or no retreat, build or removal of its own) holds nothing back; nor does a WAIT where nothing is
processed before the deadline (deadlines=manual, early processing off). NOWAIT is always taken there: it clears a
WAIT that counts again once the master turns deadlines or early processing back on in the same phase."""
from __future__ import annotations

from judge.commands.base import CommandError, Session
from judge.deadlines import show
from judge.rules import DeadlineMode


def set_wait(s: Session, wait: bool) -> None:
    """The signed-on power's WAIT (wait=True) or NOWAIT."""
    power = s.need_power()
    game = s.need_game()
    word = "WAIT" if wait else "NOWAIT"
    title = game.map.power_title(power)
    phase = game.position.phase.describe()
    if game.deadline_passed(s.now):
        raise CommandError(f"SET {word} IS NOT TAKEN AFTER THE DEADLINE ({show(game.deadline, game.timing)}): "
                           f"{phase.upper()} IS PROCESSED AS SOON AS IT MAY BE, AS DPJUDGE DOES")
    if not game.needs_orders(power):
        why = "IS ELIMINATED" if power not in game.survivors() else f"HAS NOTHING TO ORDER IN {phase.upper()}"
        what = "WOULD HOLD NOTHING BACK" if wait else "HAS NOTHING TO LET GO"
        raise CommandError(f"{title.upper()} {why}: SET {word} {what} (THE PHASE DOES NOT WAIT FOR A POWER WITHOUT "
                           "ORDERS TO GIVE)")
    if wait:
        # Where nothing is processed early anyway, a WAIT was taken and changed nothing: say why instead.
        if game.rules.deadlines is DeadlineMode.MANUAL:
            raise CommandError(f"GAME {game.name} HAS NO DEADLINES (DEADLINES=MANUAL): NOTHING IS PROCESSED "
                               "BEFORE THE MASTER SENDS PROCESS, SO SET WAIT WOULD HOLD NOTHING BACK")
        if game.timing.early_minutes < 0:
            raise CommandError(f"GAME {game.name} PROCESSES NO PHASE BEFORE ITS DEADLINE (EARLY PROCESSING "
                               "IS OFF), SO SET WAIT WOULD HOLD NOTHING BACK")
    game.set_wait(power, wait, s.now)
    s.say(f"{title} will {'WAIT for the deadline' if wait else 'not wait'}.")
