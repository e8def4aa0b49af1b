"""COMMANDS: every command class, listed explicitly; a name used twice is an error at import time."""
from __future__ import annotations

from judge.commands import clock, listing, master, membership, orders, press, settings, signon, status, voting
from judge.commands.base import Command

COMMANDS: tuple[Command, ...] = (
    signon.Signon(), signon.Signoff(),
    membership.Join(), membership.Observe(), membership.Resign(), membership.Takeover(),
    orders.Orders(), orders.Clear(),
    press.Press(), press.Broadcast(), press.Archive(), press.Unobserve(),
    voting.Vote(), clock.Pause(), clock.Resume(), clock.Extend(), membership.Eject(),
    status.Status(), status.Position(), status.Map(), settings.Set(),
    listing.List(), listing.Summary(), listing.History(), listing.Help(),
    master.Create(), master.Activate(), master.Process(), master.ProcessNow(), master.Preview(),
    master.Rollback(), master.Dummy(), master.Revive(), master.Terminate(),
)


def _index(commands: tuple[Command, ...]) -> dict[str, Command]:
    out: dict[str, Command] = {}
    for c in commands:
        for word in (c.name, *c.aliases):
            if word in out:
                raise RuntimeError(f"command word {word} is used twice")
            out[word] = c
    return out


BY_WORD: dict[str, Command] = _index(COMMANDS)
