"""SIGNON and SIGNOFF."""
from __future__ import annotations

from judge.commands._util import need_args, power_and_game, who_in
from judge.commands.base import CommandError, Continue, Session
from judge.deadlines import show
from judge.game import ACTIVE, VACANT
from judge.rules import Anonymous
from judge.storage.failures import SignonFailures
from judge.storage.passwords import check_password


class Signon:
    name, aliases, block_end = "SIGNON", ("SIGN-ON",), None
    syntax = "SIGNON <power letter><game> <password>"
    help = "Sign on as a power (or M for the master); the lines that follow are your orders."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        need_args(args, 2, self.syntax)
        who, name = power_and_game(args[0])
        game = s.open_game(name)
        who = who_in(who, game.map)
        own = s.sender.lower() == (game.master_address if who == "MASTER" else
                                   getattr(game.player(who), "address", "")).lower()
        key = SignonFailures.key(who, own)
        until = SignonFailures(s.store.folder(name)).locked_until(key, s.now)
        if until is not None:
            # (the web form and other addresses share one budget; the power's own address has its own)
            raise CommandError(f"TOO MANY WRONG PASSWORDS FOR {who} IN {name}: SIGN-ONS ARE REFUSED UNTIL "
                               f"{show(until, game.timing)}" + ("" if own else " (EXCEPT BY MAIL FROM THE "
                                                                 f"{'MASTER' if who == 'MASTER' else 'PLAYER'}'S "
                                                                 "OWN ADDRESS)"))
        if who == "MASTER":
            if not check_password(args[1], game.master_password):
                s.failed_signon = key
                raise CommandError(f"WRONG PASSWORD FOR THE MASTER OF {name}")
            s.role, s.power = "master", None
            s.say(f"Signed on as the master of game {name}.")
        else:
            player = game.player(who)
            if player is not None and player.status == ACTIVE and check_password(args[1], player.password):
                s.say(f"Signed on as {who.title()} in game {name}.")
            elif player is not None and _lord_signs_on(game, who, args[1]):
                # vassal_dummies: the power a dummy is the vassal of orders its units, with its own password.
                s.say(f"Signed on as {who.title()} in game {name}, as the power it is the vassal of.")
            elif player is not None and check_password(args[1], game.master_password):
                # As DPjudge allows: the master may act as any power (e.g. to order a dummy or a late power).
                s.say(f"Signed on as {who.title()} in game {name}, with the master's password.")
            else:
                s.failed_signon = key
                raise CommandError(_refusal(game, who, s.sender))
            s.role, s.power = "power", who
        s.log.append(f"SIGNON {who} {name}")
        return Continue.YES


def _refusal(game, who: str, sender: str) -> str:
    """Why a sign-on as a power fails: a wrong password, or a power whose player has left (which everyone in the
    game was told). A former player signing on from their own address is told they no longer play it."""
    player = game.player(who)
    name = game.name
    if player is None or player.status == ACTIVE or not game.tenures_of(who):
        return f"WRONG PASSWORD OR NO PLAYER FOR {who} IN {name}"
    last = game.tenures_of(who)[-1]
    why = (last.get("why") or "left").upper()
    now = "; IT IS OPEN FOR TAKEOVER" if player.status == VACANT else ""
    if last["address"].lower() == sender.lower() and game.rules.anonymous is Anonymous.NO:
        return f"YOU NO LONGER PLAY {who} IN {name} ({why} IN {last['to']}){now}"
    return f"WRONG PASSWORD OR NO PLAYER FOR {who} IN {name} (ITS LAST PLAYER: {why} IN {last['to']}{now})"


def _lord_signs_on(game, vassal: str, password: str) -> bool:
    house = game.position.house if game.position is not None else None
    lord = house.vassals.get(vassal) if house is not None and game.rules.vassal_dummies else None
    player = game.player(lord) if lord else None
    return player is not None and player.status == ACTIVE and check_password(password, player.password)


class Signoff:
    name, aliases, block_end = "SIGNOFF", ("SIGN-OFF", "QUIT", "END"), None
    syntax = "SIGNOFF"
    help = "Stop reading the message here."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        return Continue.STOP
