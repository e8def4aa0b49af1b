"""COMMANDS: every command class, listed explicitly; a name used twice is an error at import time. HELP, which
lists them, lives here too, so that no command module needs the registry."""
from __future__ import annotations

import textwrap

from judge.commands import (clock, listing, master, membership, orders, press, purge, rename, reveal,
                            rolling, settings, signon, status, status_lines, voting)
from judge.commands.actions import block
from judge.commands.base import SIGNED_ON, Command, Continue, Session
from judge.commands.listing import variant_rows


class Help:
    name, aliases, block_end = "HELP", ("?",), None
    after_end = SIGNED_ON
    syntax = "HELP"
    help = "This list."

    def handle(self, s: Session, args: list[str], body: list[str]) -> Continue:
        """See `Command`."""
        # Plain-text mail: every line within 78 columns, the explanation indented under its command.
        rows = [{"syntax": textwrap.wrap(c.syntax, 76, subsequent_indent="  ", break_on_hyphens=False),
                 "help": textwrap.wrap(c.help, 72, break_on_hyphens=False)} for c in COMMANDS]
        block(s, "reply/help.txt", judge=s.settings.judge_name, address=s.settings.address, commands=rows,
              variants=variant_rows())
        return Continue.YES


COMMANDS: tuple[Command, ...] = (
    signon.Signon(), signon.Signoff(), signon.Unlock(),
    membership.Join(), membership.Observe(), membership.Monitor(), membership.Resign(), membership.Takeover(),
    orders.Orders(), orders.Clear(),
    press.Press(), press.Broadcast(), press.Official(), press.Archive(), press.Unobserve(),
    voting.Vote(), clock.Pause(), clock.Resume(), clock.Extend(), membership.Eject(),
    status.Status(), status.Position(), status.Map(), settings.Set(),
    listing.List(), listing.Summary(), listing.History(), Help(),
    master.Create(), purge.Purge(), rename.Rename(), master.Activate(), master.Form(), master.Process(),
    master.ProcessNow(), master.Preview(),
    rolling.Rollback(), rolling.Rollforward(), master.Dummy(), master.Revive(), master.Terminate(),
    reveal.Reveal(),
    status_lines.Private(), status_lines.Rule(), status_lines.Zone(), status_lines.Timing(), status_lines.Desc(),
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
