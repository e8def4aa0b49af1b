"""SET ADDRESS in two steps: a code mailed to the new address, then SET ADDRESS <new> <code> to make the change.

The reply to the one who asks is the same whatever the address: had it said "already in use in this game", any
player could test guessed addresses of the others and of the master, which no game shows its players. Whether the
address is free is told to the address itself: a code if it is, a word that nothing changed if it already has a part
in the game. The code is a keyed digest (judge.storage.secret), so only the pending request (address, moment) is
kept, one per power and master, and none past CODE_DAYS."""
from __future__ import annotations

from datetime import datetime, timedelta

from judge import limits
from judge.addresses import is_mail_system, usable_address
from judge.commands.base import CommandError, Session
from judge.deadlines import show
from judge.game.roles import MASTER
from judge.storage.secret import code, same_code

CODE_DAYS = 3                       # a code is good this long after it was asked for
USAGE = "USE SET ADDRESS <one plain e-mail address, e.g. name@example.org> (THEN, WITH THE CODE MAILED TO IT: " \
        "SET ADDRESS <that address> <code>)"


def set_address(s: Session, rest: list[str]) -> None:
    """SET ADDRESS <new>: ask for the change; SET ADDRESS <new> <code>: make it."""
    if len(rest) not in (1, 2) or not usable_address(rest[0]):
        # One plain address: a list ("a@x.org,b@y.org") would send results to people nobody vetted.
        raise CommandError(USAGE)
    game = s.need_game()
    who = MASTER if s.role == "master" else s.need_power()
    new = rest[0]
    mine = game.master_address if who == MASTER else game.player(who).address
    # What anyone may be told: the judge's address is public, and one's own is one's own.
    if new.lower() == s.settings.address.lower():
        raise CommandError(f"ADDRESS {new} IS THE JUDGE'S OWN ADDRESS: EACH PLAYER AND THE MASTER HAVE AN ADDRESS "
                           "OF THEIR OWN")
    if is_mail_system(new):
        # (mail from it is a bounce to the judge, never read: the player could send nothing more)
        raise CommandError(f"ADDRESS {new} IS A MAIL SYSTEM'S, WHOSE MAIL THE JUDGE NEVER READS (BOUNCES COME FROM "
                           "IT): USE AN ADDRESS OF YOUR OWN")
    if new.lower() == (mine or "").lower():
        raise CommandError(f"ADDRESS {new} IS ALREADY YOURS: NOTHING TO CHANGE")
    _forget_old(game, s.now)
    if len(rest) == 1:
        _ask(s, game, who, new, mine)
    else:
        _confirm(s, game, who, new, mine, rest[1])


def _code(s: Session, game, who: str, mine: str, new: str, at: str) -> str:
    # (the current address is part of it: a code asked for by a power's last player is void once it has a new one)
    return code(s.store.root, "address", game.name, who, mine or "", new, at)


def _ask(s: Session, game, who: str, new: str, mine: str) -> None:
    s.within(limits.address_codes(game.name, who))
    at = s.now.isoformat()
    game.address_requests[who] = {"address": new, "at": at}
    until = show(s.now + timedelta(days=CODE_DAYS), game.timing)
    ask = "A player (or the master) of game {game}, signed on, asked to make this address, {new}, theirs in the game."
    if _taken(game, who, new):
        lines = [ask.format(game=game.name, new=new),
                 "This address already has a part in the game (each player, observer and the master have an address "
                 "of their own), so nothing was changed and no code was sent. If you asked, use another address."]
    else:
        lines = [ask.format(game=game.name, new=new), "If that was you, sign on as before and send the line",
                 f"SET ADDRESS {new} {_code(s, game, who, mine, new, at)}",
                 f"by {until}. Until then nothing changes; if it was not you, nothing changes without this code."]
    s.effect("mail", ([new], "notice/event.txt", {"game": game.name, "title": "address change", "lines": lines}))
    # The same words whether or not the address is free: only its owner learns which.
    s.say(f"The judge has written to {new}: a code, if nobody in game {game.name} uses that address already (if "
          f"somebody does, that address alone is told so). To make it your address, send SET ADDRESS {new} <code>, "
          f"signed on, by {until}. Until then your address stays as it is.")


def _confirm(s: Session, game, who: str, new: str, mine: str, given: str) -> None:
    asked = game.address_requests.get(who)
    if not asked or asked.get("address", "").lower() != new.lower() or not same_code(
            given, _code(s, game, who, mine, asked["address"], asked.get("at", ""))):
        raise CommandError(f"THAT IS NOT THE CODE FOR {new}: SEND SET ADDRESS {new} FOR A CODE (A CODE IS GOOD FOR "
                           f"{CODE_DAYS} DAYS, AND ONLY THE LAST ONE ASKED FOR)")
    if _taken(game, who, new):
        # (taken since the code was mailed: whoever holds the code reads that address's mail)
        raise CommandError(f"ADDRESS {new} HAS A PART IN GAME {game.name} NOW: EACH PLAYER AND THE MASTER HAVE AN "
                           "ADDRESS OF THEIR OWN")
    del game.address_requests[who]
    if who == MASTER:
        old, game.master_address = game.master_address, new
        shown = "the master"
    else:
        old = game.move_address(game.player(who), new)
        shown = game.map.power_title(who)
    s.say(f"Address changed to {new}.")
    # A word to the old address too: a change nobody there made is worth knowing about.
    ctx = {"game": game.name, "title": "address changed",
           "lines": [f"The address of {shown} in game {game.name} is now {new} (it was {old}).",
                     "If this is wrong, sign on and SET ADDRESS again."]}
    s.effect("mail", ([new] + ([old] if old.lower() != s.sender.lower() else []), "notice/event.txt", ctx))


def _forget_old(game, now: datetime) -> None:
    for who, asked in list(game.address_requests.items()):
        try:
            fresh = now - datetime.fromisoformat(asked["at"]) < timedelta(days=CODE_DAYS)
        except (KeyError, TypeError, ValueError):
            fresh = False
        if not fresh:
            del game.address_requests[who]


def _taken(game, who: str, address: str) -> bool:
    """Has the address a part in the game already (another power's, the master's, an observer's, a monitor's)?
    Never said to the one who asks."""
    a = address.lower()
    used = [p for p in game.players if p.address and p.address.lower() == a and p.power != who]
    if who != MASTER and game.rules.multiple_powers and a != game.master_address.lower():
        used = []                         # (one player may play several powers from one address)
    return bool(used) or (who != MASTER and a == game.master_address.lower()) or game.is_observer(a) or \
        game.is_monitor(a)
