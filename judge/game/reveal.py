"""Who played which power, as one reader may see it: the end of a game reveals addresses only as the house rules
reveal and anonymous say (the README's promise: nobody learns another's address unless the master chose so)."""
from __future__ import annotations

from judge.game.hidden_dummies import tenures_shown
from judge.game.roles import DUMMY, VACANT
from judge.game.standing import OUT, standing
from judge.game.phase_codes import phase_code
from judge.rules import Anonymous, Reveal


def shows_addresses(game, viewer: str, master: bool) -> bool:
    """May `viewer` (an address; `master`: the game's master) see the players' addresses?"""
    if master:
        return True                              # the master knows them already (the master's LIST, EJECT ...)
    if not game.over or game.rules.anonymous is Anonymous.ALWAYS or game.is_monitor(viewer.strip()):
        return False                             # (a monitor may be any site or list: it never learns an address)
    if game.rules.reveal is Reveal.ALL:
        return True
    if game.rules.reveal is Reveal.PLAYERS:
        who = viewer.strip().lower()
        return any(t["address"].lower() == who for t in game.tenures)
    return False


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def ordinal(n: int) -> str:
    """1 -> 'first' ... 10 -> 'tenth', then '11th', '12th', '21st' ..."""
    if 1 <= n <= len(_ORDINALS):
        return _ORDINALS[n - 1]
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def roster(game, viewer: str, master: bool) -> list[dict]:
    """Each power's players in turn, with the phases they played it from and to: by address where the viewer may
    see addresses, else in turn per power ('first player', 'second player'): "player 1" beside every power read as
    one person playing them all."""
    show = shows_addresses(game, viewer, master)
    seen: dict[str, int] = {}
    tenures = tenures_shown(game, master)               # (hide_dummies: a dummy reads as a played power)
    last = {t["power"]: i for i, t in enumerate(tenures)}
    out = []
    for i, t in enumerate(tenures):
        seen[t["power"]] = seen.get(t["power"], 0) + 1
        player = game.player(t["power"])
        # (a power the master made a dummy: its last player's time ended there, and nobody played it after)
        left = last[t["power"]] == i and t["to"] and player is not None
        dummy = left and player.status == DUMMY
        # (a power its last player resigned, still on the board: nobody played it after; it read as if they had)
        vacant = left and player.status == VACANT and not game.eliminated(t["power"])
        out.append({"power": game.map.power_title(t["power"]),
                    "address": t["address"] if show else f"{ordinal(seen[t['power']])} player",
                    "from": phase_code(game, t["from"]) or "the start",
                    "to": tenure_end(game, t) + (", then a dummy" if dummy else ", then vacant" if vacant else "")})
    return out


def tenure_end(game, t: dict) -> str:
    """Until when a player played a power: the phase they left it, else 'its elimination' for a power off the
    board (Turkey, out since 1904, read "to the end"), else 'the end' or 'now'."""
    if t["to"]:
        return phase_code(game, t["to"])
    if game.position is not None and standing(game, t["power"], "") == OUT:
        return "its elimination"
    return "the end" if game.over else "now"
