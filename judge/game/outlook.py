"""What happens next to a game's phase, as the master's PREVIEW says it: who has not ordered (without orders yet,
late, vacant, a dummy) and what will process the phase (the game itself, at what time; or the master's PROCESS
or PROCESS!). Pure: read from the game's clock and its late_powers rule, never changing them."""
from __future__ import annotations

from datetime import datetime

from judge.deadlines import show
from judge.game.model import Game
from judge.game.roles import DUMMY, VACANT
from judge.rules import LatePowers


def waiting(game: Game, now: datetime) -> list[str]:
    """One line per kind of power the phase still waits for, each named as the mails name it. Before the deadline a
    player has not ordered yet; only after it is the power late."""
    late = _waited_for(game, now)
    title = game.map.power_title
    kinds = [("Late" if game.deadline_passed(now) else "Without orders yet",
              [p for p in late if p.status not in (VACANT, DUMMY)]),
             ("Vacant (nobody plays it: TAKEOVER)", [p for p in late if p.status == VACANT]),
             ("Dummies (default orders at the deadline: house rule cd_dummies is off)",
              [p for p in late if p.status == DUMMY])]
    return [f"{label}: {', '.join(title(p.power) for p in players)}." for label, players in kinds if players]


def next_step(game: Game, now: datetime) -> str:
    """How the phase will be processed, given the orders in now, the clock and the house rule late_powers."""
    late = bool(_waited_for(game, now))
    missing = "the late powers" if game.deadline_passed(now) else "the powers without orders"
    # (PROCESS refuses while any power lacks orders, a dummy under cd_dummies=no too, even past the deadline)
    by_hand = (f"PROCESS! processes it now, giving {missing} default orders (PROCESS does not while orders are "
               "missing)." if game.late_players() else "PROCESS processes it now.")
    if game.paused:
        return f"The game is paused: nothing is processed until you RESUME it. {by_hand}"
    if game.deadline is None:
        return f"The game has no deadline (deadlines=manual): it waits for you. {by_hand}"
    if not late:
        return f"Every order is in: the game processes itself {_when(_ready_time(game), game, now)}. {by_hand}"
    deadline, grace = show(game.deadline, game.timing), show(game.grace_until(), game.timing)
    rule = game.rules.late_powers
    players = any(p.status not in (VACANT, DUMMY) for p in _waited_for(game, now))
    if not game.deadline_passed(now):
        early = _early(game)
        return (f"If every order is in by the deadline, {deadline}, the game processes itself {early}. If not, the "
                f"powers still without orders are late and have until the end of the grace period, {grace}; "
                f"{_after_grace(rule, players)} {by_hand}")
    if now < game.grace_until():
        return (f"The deadline has passed. The game processes itself when the late orders are in; if they are not "
                f"by the end of the grace period, {grace}, {_after_grace(rule, players)} {by_hand}")
    if rule is LatePowers.DEFAULT:
        return (f"The grace period ended {grace}: the game processes itself now, with default orders for the late "
                "powers.")
    if rule is LatePowers.PREVIEW:
        return (f"The grace period ended {grace}: the game waits for you (house rule late_powers=preview). {by_hand} "
                "If the late orders come first, the game processes itself then.")
    return (f"The grace period ended {grace} and the late players have been resigned (house rule late_powers=resign): "
            f"the game processes itself once every power has its orders in (a vacant power needs a new player: "
            f"TAKEOVER). {by_hand}")


def _after_grace(rule: LatePowers, players: bool) -> str:
    """What the house rule late_powers does at the end of the grace period, as the end of a sentence (`players`:
    some of the powers waited for have a player, whom late_powers=resign would resign)."""
    if rule is LatePowers.PREVIEW:
        return ("then you get a preview and the game waits for you to process it (house rule "
                "late_powers=preview).")
    if rule is LatePowers.RESIGN and not players:
        return "then the game waits until the vacant powers are taken over and ordered (house rule late_powers=resign)."
    if rule is LatePowers.RESIGN:
        return ("then the players still late are resigned and the game waits until their powers are taken over "
                "and ordered (house rule late_powers=resign).")
    return "then the game processes itself, with default orders for the powers still late."


def _waited_for(game: Game, now: datetime) -> list:
    """The powers whose orders the clock waits for: before the deadline every one without orders (a dummy too under
    cd_dummies=no); after it only those someone plays or played (judge.game.ordering.owing_players)."""
    return game.owing_players() if game.deadline_passed(now) else game.late_players()


def _early(game: Game) -> str:
    """When a phase whose orders all come in before the deadline is processed (judge.game.clock.early_time)."""
    minutes = game.timing.early_minutes
    if minutes < 0:
        return "at the deadline (this game is never processed early)"
    if any(p.wait for p in game.players):
        return "at the deadline (a player has asked it to WAIT)"
    if any(p.status == DUMMY for p in game.late_players()):
        return "at the deadline (house rule cd_dummies is off: a phase a dummy orders in waits for it)"
    if minutes == 0:
        return "as soon as the last one comes"          # (SET EARLY 0: not "0 minutes after")
    return f"{minutes} minute{'' if minutes == 1 else 's'} after the last one comes"


def _ready_time(game: Game) -> datetime:
    """When a game with every order in processes itself: early (every order in, nobody waiting), or at the
    deadline."""
    early = game.early_time()
    return min(early, game.deadline) if early is not None else game.deadline


def _when(moment: datetime, game: Game, now: datetime) -> str:
    return f"at {show(moment, game.timing)}" if moment > now else "now (it is due)"


__all__ = ["next_step", "waiting"]
