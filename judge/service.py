"""The judge at work: deliver one incoming message, or process a game on the clock. The only place commands,
games on disk and the outbox meet; a message either changes everything it asks for or nothing."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Callable

from judge.commands._util import power_and_game
from judge.commands.base import CommandError, Session
from judge.commands.reader import read as read_lines
from judge.config import Settings
from judge.mail import inbound, outbound
from judge.processing import Processed, audience, on_clock
from judge.storage.gamedir import GameStore, valid_name
from judge.storage.outbox import Outbox
from judge.templating import render

log = logging.getLogger("judge")
Clock = Callable[[], datetime]


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


@dataclass
class Delivery:
    game: str | None = None
    accepted: bool = False
    replied: bool = False
    errors: list[tuple[str, str]] = field(default_factory=list)
    note: str = ""
    wakeup: datetime | None = None          # the game's next moment of clock work, after this message


class Judge:
    """Settings, games and outbox together; `clock` is injectable so tests never wait for a deadline."""

    def __init__(self, settings: Settings, clock: Clock = utcnow):
        self.settings = settings
        self.clock = clock
        self.store = GameStore(settings.games_dir)
        self.outbox = Outbox(settings.outbox_dir)

    # -- incoming mail -------------------------------------------------------------------------------------------
    def deliver(self, raw: bytes, envelope_sender: str | None = None, key: str | None = None,
                parsed: inbound.Incoming | None = None) -> Delivery:
        """Handle one incoming message. `key` identifies it (the spool id): a game never applies a key twice.
        `parsed` is inbound.read(raw, envelope_sender, ...) when the caller has it already (the daemon reads each
        message once, to know its game)."""
        if parsed is None:
            try:
                parsed = inbound.read(raw, envelope_sender, self.settings.address)
            except inbound.BadMessage as exc:
                log.warning("unreadable message: %s", exc)
                return Delivery(note=str(exc))
        msg = parsed
        if msg.automatic:
            log.info("not answering %s: %s", msg.sender, msg.automatic)
            return Delivery(note=f"no reply: {msg.automatic}")
        name = game_named_in(msg.lines)
        if name and self.store.exists(name):
            with self.store.lock(name):
                game = self.store.load(name)
                if key and key in game.seen:
                    return Delivery(game=name, note="already applied")     # redelivered after a crash
                return self._deliver(msg, key, game)      # the game as loaded: status.json is read once
        return self._deliver(msg, key)

    def _deliver(self, msg: inbound.Incoming, key: str | None = None, loaded=None) -> Delivery:
        s = Session(self.settings, self.store, self.clock(), msg.sender, msg.message_id, loaded=loaded)
        reading = read_lines(s, msg.lines) if msg.lines else None
        out = Delivery(game=s.game.name if s.game else None)
        if reading is None:
            self._reply(msg, [], [("", "EMPTY MESSAGE: NOTHING TO DO (SEND HELP FOR THE COMMANDS)")], [], True)
            out.replied = True
            return out
        if reading.errors:
            self._reply(msg, [], reading.errors, reading.unread, True)
            out.errors, out.replied = reading.errors, True
            if s.game is not None and not s.game_is_new:
                # A refused message (a wrong password, say) is worth a line in the access log too.
                line, error = reading.errors[0]
                self.store.log(s.game.name, f"{s.now.isoformat(timespec='seconds')} {msg.sender} REFUSED "
                                            f"{hide_password(line)!r}: {error}")
            return out
        if s.game is not None:
            if key:
                s.game.seen.append(key)
            if s.game_is_new:
                with self.store.lock(s.game.name):
                    if self.store.exists(s.game.name):
                        # Created by another message meanwhile: this one is refused (and answered) like any other.
                        error = ("", f"GAME {s.game.name} ALREADY EXISTS")
                        self._reply(msg, [], [error], [], True)
                        out.errors, out.replied = [error], True
                        return out
                    self._commit(s, msg)
            else:
                self._commit(s, msg)
            out.wakeup = s.game.next_wakeup(s.now)
        else:
            self._reply(msg, s.lines, [], [], False)
        out.accepted = out.replied = True
        return out

    def _reply(self, msg, lines, errors, unread, rejected: bool, sync: bool = True) -> None:
        subject = msg.subject if msg.subject.lower().startswith("re:") else f"Re: {msg.subject or 'your message'}"
        # Lines echoed back never carry a password: the reply is stored in the outbox and may be read by others.
        _, body = render("reply/reply.txt", subject=subject, lines=lines, rejected=rejected,
                         errors=[{"line": hide_password(line), "error": err} for line, err in errors],
                         unread=[hide_password(line) for line in unread])
        self.outbox.put(outbound.build(self.settings, msg.sender, subject, body, msg.message_id), sync=sync)

    # -- committing a session's work -----------------------------------------------------------------------------
    def _commit(self, s: Session, msg: inbound.Incoming | None = None) -> None:
        """Write what an accepted message did. Order matters for a crash at any point: every mail it causes (the
        notices, then the reply to `msg`) is durable in the outbox before status.json records the message as seen
        (so a message is applied once, and its mail is never lost: at worst, after a crash between the two, it is
        applied and answered again); the folder of the outbox is fsynced once for all of them."""
        game = s.game
        for e in s.effects:
            if e.kind == "processed":
                self._apply(game, e.payload)
            elif e.kind == "rollback":
                self.store.rollback_to(game.name, e.payload)
            elif e.kind == "press":
                _, text = render("notice/press.txt", **e.payload)
                self.store.archive_press(game, text)
            elif e.kind == "mail":
                to, template, ctx = e.payload
                self._mail(to, template, ctx)
            elif e.kind == "notify":
                title, lines, who = e.payload
                to = [game.master_address] if who == "master" else audience(game)
                self._mail(to, "notice/event.txt", {"game": game.name, "title": title, "lines": lines})
        if msg is not None:
            self._reply(msg, s.lines, [], [], False, sync=False)
        self.outbox.sync()
        self.store.save(game, s.now)
        stamp = s.now.isoformat(timespec="seconds")
        for line in s.log or ["MESSAGE"]:
            self.store.log(game.name, f"{stamp} {s.sender} {line}")

    def _apply(self, game, done: Processed) -> None:
        """Write what processing produced: the snapshot first, then the results, then the mail."""
        if done.snapshot is not None:
            from judge.game import Game
            self.store.snapshot(Game.from_json(done.snapshot))
        if done.results is not None:
            self.store.archive_results(game, *done.results)
        for mail in done.mails:
            if mail.template == "raw":
                self._send(mail.to, mail.context["subject"], mail.context["body"])
            else:
                self._mail(mail.to, mail.template, mail.context)

    def _mail(self, to: list[str], template: str, ctx: dict) -> None:
        subject, body = render(template, **ctx)
        self._send(to, subject, body)

    def _send(self, to: list[str], subject: str, body: str) -> None:
        """Into the outbox, not yet durable: the caller fsyncs the outbox folder (Outbox.sync) before it saves."""
        to = [a for a in dict.fromkeys(to) if a]
        if to:
            self.outbox.put(outbound.build(self.settings, to, subject, body), sync=False)

    # -- the clock -------------------------------------------------------------------------------------------------
    def process(self, name: str) -> list[str]:
        """Do what the clock asks of a game now (process it, late notices, civil disorder); returns notes."""
        return self.clock_work(name)[0]

    def clock_work(self, name: str) -> tuple[list[str], datetime | None]:
        """Like process(), also returning the game's next wake-up afterwards (for the scheduler)."""
        if not self.store.exists(name):
            raise CommandError(f"NO SUCH GAME: {name}")
        with self.store.lock(name):
            game = self.store.load(name)
            now = self.clock()
            done = on_clock(game, self.settings, now)
            if done is None:
                return [], game.next_wakeup(now)
            self._apply(game, done)
            self.outbox.sync()
            self.store.save(game, now)
            self.store.log(name, f"{now.isoformat(timespec='seconds')} judge {'; '.join(done.notes)}")
            return done.notes, game.next_wakeup(now)


_SECRET_AT = {"SIGNON": 2, "SIGN-ON": 2, "TAKEOVER": 2, "TAKE-OVER": 2, "JOIN": 2, "CREATE": 2}


def hide_password(line: str) -> str:
    """The line with the password in it (SIGNON, TAKEOVER, JOIN, CREATE, SET PASSWORD) masked."""
    words = line.split()
    if not words:
        return line
    head = words[0].upper()
    at = _SECRET_AT.get(head)
    if head == "SET" and len(words) > 1 and words[1].upper() == "PASSWORD":
        at = 2
    if at is None or len(words) <= at:
        return line
    words[at] = "********"
    return " ".join(words)


def game_named_in(lines: list[str]) -> str | None:
    """The game a message is about: named by its first SIGNON, TAKEOVER, JOIN, OBSERVE, CREATE, LIST... line."""
    for line in lines:
        words = line.split()
        if len(words) < 2:
            continue
        head = words[0].upper()
        try:
            if head in ("SIGNON", "SIGN-ON", "TAKEOVER", "TAKE-OVER"):
                return power_and_game(words[1])[1]
        except CommandError:
            return None
        if head in ("JOIN", "OBSERVE", "WATCH", "LIST", "SUMMARY", "HISTORY", "CREATE"):
            name = words[1].lower()
            return name if valid_name(name) else None
    return None
