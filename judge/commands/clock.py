"""PAUSE and RESUME (the master's), EXTEND (a player's, as the house rules allow)."""
from __future__ import annotations

from judge.commands.base import CommandError, Continue, Session
from judge.deadlines import show
from judge.game import GameError


class Pause:
    name, aliases, block_end = "PAUSE", (), None
    syntax = "PAUSE"
    help = "Master: stop the game's clock (no deadline, reminder or late notice) until RESUME."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        game = s.need_master()
        try:
            game.pause(s.now)
        except GameError as exc:
            raise CommandError(str(exc)) from None
        s.say(f"Game {game.name} is paused.")
        s.effect("notify", ("paused", [f"The master has paused game {game.name}: no deadline runs until it is "
                                       "resumed."], "all"))
        return Continue.YES


class Resume:
    name, aliases, block_end = "RESUME", ("UNPAUSE",), None
    syntax = "RESUME"
    help = "Master: start the clock again; the deadline keeps the time it had left."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        game = s.need_master()
        try:
            game.resume(s.now)
        except GameError as exc:
            raise CommandError(str(exc)) from None
        said = _running(game, s)
        s.say(f"Game {game.name} is running again. {said}")
        s.effect("notify", ("resumed", [f"The master has resumed game {game.name}. {said}"], "all"))
        return Continue.YES


def _running(game, s: Session) -> str:
    """The deadline of a running game, in a sentence."""
    if game.deadline is None:
        return "It has no deadline: the master processes the game."
    if game.deadline <= s.now:
        # Paused in the grace period: the deadline is past; say until when late orders still count.
        return (f"The deadline ({show(game.deadline, game.timing)}) has passed: orders that arrive before "
                f"{show(game.grace_until(), game.timing)} are still used.")
    return f"The deadline is {show(game.deadline, game.timing)}."


_CLOCK_TITLES = ("paused", "resumed", "deadline changed")
_EXTENDED = ("deadline extended",)


def one_clock_notice(s: Session) -> None:
    """After the whole message: a master's message that paused or resumed the game and changed its clock again
    (PAUSE then RESUME, PAUSE, SET DEADLINE, RESUME...) tells everyone once how the game stands after it, in place
    of a notice for each line, where a later one would contradict an earlier (a deadline 'while paused'). A message
    that ends the game leaves no clock notice at all: the end's own say how it ended."""
    game = s.game
    if game is not None and game.over:
        # Ended by this message (a finished game takes no clock command): its end notice and end mail say how the
        # game stands; a pause or a deadline it no longer has would only be contradicted by them.
        s.effects = [e for e in s.effects if not (e.kind == "notify" and e.payload[0] in _CLOCK_TITLES + _EXTENDED)]
        return
    at = [i for i, e in enumerate(s.effects) if e.kind == "notify" and e.payload[0] in _CLOCK_TITLES]
    titles = [s.effects[i].payload[0] for i in at]
    if game is None or len(at) < 2 or not {"paused", "resumed"} & set(titles):
        return
    first = next(t for t in titles if t != "deadline changed")
    if game.paused:
        again = " again" if first == "resumed" else ""
        said = f"The master has paused game {game.name}{again}: no deadline runs until it is resumed."
        if "deadline changed" in titles and game.deadline is not None:
            said += (f" The deadline is set to {show(game.deadline, game.timing)}, and moves by the time the game "
                     "stays paused.")
        title = "paused"
    else:
        # Paused and resumed in one message: it runs as before, with the deadline the message left it.
        how = "paused and resumed" if first == "paused" else "resumed"
        said = f"The master has {how} game {game.name}. {_running(game, s)}"
        title = "resumed"
    notice = s.effects[at[0]]
    s.effects = [e for i, e in enumerate(s.effects) if i not in at[1:]]
    notice.payload = (title, [said], "all")


class Extend:
    name, aliases, block_end = "EXTEND", ("EXTENSION",), None
    syntax = "EXTEND"
    help = "Ask for a deadline extension (as many and as long as the house rules allow)."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        power = s.need_power()
        game = s.not_over()
        try:
            deadline = game.extend(power, s.now)
        except GameError as exc:
            raise CommandError(str(exc)) from None
        when = show(deadline, game.timing)
        left = game.rules.extension_count - game.player(power).extensions
        s.say(f"The deadline is extended to {when} ({left} extension{'s' if left != 1 else ''} left).")
        named = f"The deadline of game {game.name} has been extended at {game.map.power_title(power)}'s request to " \
                f"{when}."
        if not game.rules.extension_anonymous:
            s.effect("notify", ("deadline extended", [named], "all"))
            return Continue.YES
        # The players learn only that it moved; the master, as with grey press, always learns who asked.
        s.effect("notify", ("deadline extended", [f"The deadline of game {game.name} has been extended to {when}."],
                            "all but master"))
        used = game.player(power).extensions
        s.effect("notify", ("deadline extended", [
            named, f"{game.map.power_title(power)} has now used {used} extension{'s' if used != 1 else ''} (each "
                   f"player may ask for {game.rules.extension_count}). The players were told that the deadline was "
                   "extended, not who asked (house rule extension_anonymous)."], "master"))
        return Continue.YES
