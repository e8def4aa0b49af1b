"""The command protocol, the per-message Session the commands work on, and the error they raise."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from functools import cached_property
from typing import Any, Protocol

from judge.config import Settings
from judge.game import Game
from judge.storage.gamedir import GameStore
from judge.templating import WIDTH, para


class CommandError(Exception):
    """The command cannot be carried out; str() is the diagnostic. The whole message is then rejected."""


class Declined(CommandError):
    """This one command cannot be done (MAP of a variant without a drawing), and it has changed nothing: it alone is
    refused, with its reason in the reply, and the message's other commands are read and done."""


class Continue(Enum):
    """What the reader does after a command."""
    YES = "yes"
    STOP = "stop"          # SIGNOFF: read no further


# A command's `after_end` (judge.commands.after_end): who signed on may still send it to a finished game. A command
# without one is refused there; SET's is a dict, the roles per setting. Its `over_words` end that refusal.
SIGNED_ON = ("power", "master")
MASTER_ONLY = ("master",)


class Command(Protocol):
    name: str
    aliases: tuple[str, ...]
    syntax: str
    help: str
    block_end: str | None          # for PRESS ... ENDPRESS: the word that ends the command's body

    def handle(self, s: "Session", args: list[str], body: list[str]) -> Continue:
        ...


@dataclass
class Effect:
    """Something to do on disk or in the outbox once the whole message has been accepted."""
    kind: str                      # snapshot, results, press, rollback, mail
    payload: Any


PRIVACY_KEY = "PRIVACY:other"          # a private game's wrong game passwords, from anyone (judge.storage.failures)


@dataclass
class Session:
    settings: Settings
    store: GameStore
    now: datetime
    sender: str
    message_id: str = ""
    game: Game | None = None                  # a working copy: saved only if the message is accepted
    game_is_new: bool = False
    role: str | None = None                   # "power", "master"
    power: str | None = None
    lines: list[str] = field(default_factory=list)       # what the reply says was done
    effects: list[Effect] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    orders: dict[str, list[str]] = field(default_factory=dict)   # order lines waiting to be submitted, by power
    written: dict[tuple[str, str], str] = field(default_factory=dict)   # (power, order line) -> the line as the
                                              # message had it, its power in front ("GERMANY: A Mun - Xyz")
    heading: str | None = None                # the power a line of its name alone set for the order lines below it
    reply_extra: list[tuple[str, dict]] = field(default_factory=list)   # extra mails to the sender (LIST, STATUS)
    loaded: Game | None = None                # the game as just read from disk by the caller (under its lock), so
                                              # that open_game need not read status.json a second time
    failed_signon: str = ""                   # the failures key of a wrong password in this message, if any
    unlocked: str = ""                        # the power (or MASTER) whose own address's lock-out UNLOCK lifted
    on_web: bool = False                      # the web sign-on form's: no address of its own (and no UNLOCK)
    refusal_notices: list = field(default_factory=list)   # notices sent even when the message is refused
    attachments: list = field(default_factory=list)       # (file name, MIME type, data) for the reply (MAP)
    subject: str = ""                         # the reply's subject when not "Re: ..." (DPjudge's order confirmation)
    claims: list = field(default_factory=list)            # limits.Claim: counted when the message is committed
    declined: list = field(default_factory=list)          # (line, why) of commands refused alone (Declined)
    deadline_line: int = -1                   # where in `lines` the order confirmation's ':: Deadline:' line is
    undated_lines: int = 0                    # how many lines under it say why it gives no deadline (paused...)
    block_end: int = -1                       # len(lines) just after the last say_block: what follows is set off
    orders_phase: Any = None                  # the phase the confirmed orders were for (a judge.position.Phase)
    voted: bool = False                       # a VOTE in this message: its news, or the end, once it is all read
    official: str = ""                        # the master's OFFICIAL subject for the press after it in the message
    parting: str = ""                         # the power RESIGNed earlier in the message: its parting press
    announced: dict = field(default_factory=dict)   # judge.commands.announce: a setting's key -> (its value
                                              # before the message, the notice's paragraph on it)

    def within(self, claims: list) -> None:
        """Refuse the command if it would go over one of the limits on strangers (judge.limits); else count it
        when the message is committed."""
        from judge import limits
        try:
            limits.check(self.counters, claims, self.now)
        except limits.LimitError as exc:
            raise CommandError(str(exc)) from None
        self.claims.extend(claims)

    @cached_property
    def counters(self):
        from judge.storage.counters import Counters
        return Counters(self.store.root)        # (made once a message: it names a folder, and holds nothing else)

    # -- guards used by the commands -------------------------------------------------------------------------------
    def need_game(self) -> Game:
        if self.game is None:
            raise CommandError("NO GAME: SIGN ON (SIGNON, CREATE, JOIN, OBSERVE) FIRST")
        return self.game

    def need_power(self) -> str:
        if self.role != "power" or not self.power:
            raise CommandError("YOU MUST SIGN ON AS A POWER FIRST (SIGNON <power letter><game> <password>)")
        return self.power

    def not_over(self, words: str = "NOTHING MORE TO CHANGE") -> Game:
        """The game, unless it is over: its result and its record of who played what stay as the end gave them.
        `words`: what the refusal ends with (a command's `over_words`, "NO MORE VOTES")."""
        game = self.need_game()
        if game.over:
            from judge.game.ending import describe_result
            raise CommandError(f"GAME {game.name} IS OVER ({describe_result(game.result, game.map).upper()}): {words}")
        return game

    def need_master(self) -> Game:
        if self.role != "master":
            raise CommandError("ONLY THE GAME MASTER MAY DO THAT (SIGNON M<game> <password>)")
        return self.need_game()

    def open_game(self, name: str) -> Game:
        """Load a game for this message (one message is one game's business)."""
        name = name.lower()
        if self.game is not None:
            if self.game.name != name:
                raise CommandError(f"ONE MESSAGE IS ONE GAME'S BUSINESS: ALREADY WORKING ON {self.game.name}")
            return self.game
        if self.loaded is not None and self.loaded.name == name:
            self.game, self.loaded = self.loaded, None
            return self.game
        if not self.store.exists(name):
            raise CommandError(f"NO SUCH GAME: {name} (LIST SHOWS THE GAMES OF THIS JUDGE)")
        self.game = self.store.load(name)
        return self.game

    def open_access(self, name: str, words: list[str], own: int = 0) -> list[str]:
        """Open a game someone not signed on asks about (JOIN, OBSERVE, TAKEOVER, LIST, HISTORY...). A private game
        needs its game password as the last word, or a sign-on to it earlier in the message; returns the words
        without the game password. `own`: how many words the command may have of its own (JOIN's password and
        preference): a word past them is a game password, and a wrong one counts as a wrong sign-on does (the web
        form's wrong game passwords did; by mail they could be guessed without end)."""
        from judge.storage.failures import SignonFailures
        from judge.storage.passwords import check_password
        game = self.open_game(name)
        if not game.private or self.role in ("power", "master"):
            return words
        if game.privacy and words:
            failures = SignonFailures(self.store.folder(game.name))
            until = failures.locked_until(PRIVACY_KEY, self.now)
            if until is not None:
                from judge.deadlines import show
                raise CommandError(f"TOO MANY WRONG GAME PASSWORDS FOR GAME {game.name}: REFUSED UNTIL "
                                   f"{show(until, game.timing)}")
            if check_password(words[-1], game.privacy):
                return words[:-1]
            if len(words) > own:
                self.failed_signon = PRIVACY_KEY
        if not game.privacy:
            raise CommandError(f"GAME {game.name} IS PRIVATE: ONLY ITS PLAYERS (SIGNED ON) AND ITS MASTER MAY DO THAT")
        raise CommandError(f"GAME {game.name} IS PRIVATE: ADD ITS GAME PASSWORD AT THE END OF THE LINE (ASK ITS "
                           "MASTER FOR IT), OR SIGN ON FIRST")

    def name_game(self, name: str, words: list[str]) -> None:
        """A game named by a command that may also follow a sign-on (MAP, POSITION, ARCHIVE): opened as open_access
        does, or, once the message has a game, that game or a refusal (a second game was once answered silently
        about the first)."""
        if self.game is None:
            self.open_access(name, words)
        else:
            self.open_game(name)

    def notify_anyway(self, to: list[str], template: str, ctx: dict) -> None:
        """A notice that goes out even if the message is refused (e.g. the master told of a takeover request)."""
        self.refusal_notices.append((to, template, ctx))

    def effect(self, kind: str, payload: Any) -> None:
        self.effects.append(Effect(kind, payload))

    def say(self, *lines: str) -> None:
        """Lines of the reply; prose longer than a mail line is wrapped (say_block's layouts are left as they are)."""
        # (after a block a command's word stands apart: under ARCHIVE's last press it read as that press's line)
        if lines and lines[0].strip() and self.block_end == len(self.lines) and self.lines[-1:] != [""]:
            self.lines.append("")
        for line in lines:
            self.lines.extend(para(line).split("\n") if len(line) > WIDTH else (line,))

    def say_block(self, text: str) -> None:
        """A rendered reply of several lines (LIST, STATUS, POSITION...), set off by a blank line from what the
        message's earlier commands said."""
        if self.lines and self.lines[-1].strip():
            self.lines.append("")
        self.lines.extend(text.rstrip("\n").split("\n"))
        self.block_end = len(self.lines)
