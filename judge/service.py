"""The judge at work: deliver one incoming message, or process a game on the clock. The only place commands,
games on disk and the outbox meet; a message either changes everything it asks for or nothing, and every mail it
causes is published by the same commit as the change (judge.storage.commit)."""
from __future__ import annotations

import logging
from datetime import datetime, timezone
from typing import Callable

from judge import limits, maps, own_mail
from judge.commands.base import CommandError, Session
from judge.commands.named_game import game_named_in
from judge.commands.reader import read as read_lines
from judge.commands.signon import wrong_password_notices
from judge.deadlines import show_utc
from judge.config import Settings
from judge.daemon.spool import requeue_does
from judge.keeper import Keeper
from judge.mail import inbound, outbound
from judge.mail.loops import Answered, Repeats, Verdict
from judge.game.processing import on_clock
from judge.redact import hide_codes, hide_in_error, hide_password
from judge.reply_text import fitted, nothing_asked, notes, nothing_read, reply_subject
from judge.storage.commit import Commit
from judge.storage.failures import SignonFailures
from judge.storage.gamedir import GameStore, GameUnavailable
from judge.storage.outbox import Outbox
from judge.templating import render
from judge.delivery import Delivery, WebSignon
from judge.service_commit import Committing
from judge.service_web import WebForms

log = logging.getLogger("judge")
Clock = Callable[[], datetime]


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class Judge(WebForms, Committing):
    """Settings, games and outbox together; `clock` is injectable so tests never wait for a deadline."""

    def __init__(self, settings: Settings, clock: Clock = utcnow):
        self.settings = settings
        self.clock = clock
        maps.use_folder(settings.variants_dir)         # the variants this judge offers beyond the shipped ones
        self.store = GameStore(settings.games_dir, settings.outbox_dir)
        self.outbox = Outbox(settings.outbox_dir)
        self.keeper = Keeper(settings, self.outbox, clock)
        self.repeats = Repeats(settings.games_dir)
        self.answered = Answered(settings.games_dir)

    # -- incoming mail -------------------------------------------------------------------------------------------
    def deliver(self, raw: bytes, envelope_sender: str | None = None, key: str | None = None,
                parsed: inbound.Incoming | None = None) -> Delivery:
        """Handle one incoming message. `key` identifies it (the spool id, or a digest of the message): a game never
        applies a key twice. `parsed`: inbound.read(raw, envelope_sender, ...) when the caller has it (the daemon)."""
        if parsed is None:
            try:
                parsed = inbound.read(raw, envelope_sender, self.settings.address)
            except inbound.BadMessage as exc:
                return self._unreadable(exc)
        msg = parsed
        if own := own_mail.from_itself(self.settings, msg, envelope_sender):    # (cron's mail: kept for the keeper)
            return own_mail.set_aside(self.settings, self.keeper, raw, envelope_sender, key, msg, own)
        if msg.automatic:
            log.info("not answering %s: %s", msg.sender, msg.automatic)
            return Delivery(note=f"no reply: {msg.automatic}")
        name = game_named_in(msg.lines)
        if name and self.store.exists(name):
            with self.store.lock(name):
                try:
                    game = self.store.open(name)
                except GameUnavailable as exc:
                    return self._unavailable(msg, exc)
                if key and key in game.seen:
                    return self._again(msg, name)
                return self._deliver(msg, key, game)      # the game as loaded: status.json is read once
        # Mail about no game (HELP, LIST...): no game keeps its key, so the judge does, to answer it once; the
        # answer is claimed first, so that of two processes handed the message at once only one answers.
        claim = self.answered.claim(msg.sender, msg.message_id)
        if claim is None:
            log.info("not answering %s again: message %s was answered already", msg.sender, msg.message_id)
            return Delivery(note="no reply: answered already (the same Message-ID)")
        try:
            out = self._deliver(msg, key)
        except BaseException:
            claim.release()                 # (deferred, or set aside and answered: the claim is not kept)
            raise
        if out.replied:
            claim.done()                    # the reply is in the outbox
        else:
            claim.release()
        return out

    def _again(self, msg: inbound.Incoming, name: str) -> Delivery:
        """A message the game has applied already. With a Message-ID it is the same message delivered again (an MTA
        retrying after a crash): its reply went out with the change, so nothing is said. Without one, a program
        that sends the same text again (say, a bot's orders in a later phase) cannot be told from a redelivery: it
        is not applied twice, and the sender is told why, never silently dropped."""
        if msg.message_id:
            return Delivery(game=name, note="already applied")
        error = ("", "THIS MESSAGE IS THE SAME AS ONE ALREADY APPLIED (IT HAS NO MESSAGE-ID OR DATE TO TELL THEM "
                     "APART), SO IT WAS NOT APPLIED AGAIN. TO SEND IT AGAIN ON PURPOSE, CHANGE ANY LINE OF IT OR ITS "
                     "SUBJECT")
        self._reply(msg, [], [error], [], True)
        return Delivery(game=name, replied=True, errors=[error], note="already applied (no Message-ID): told")

    def _unreadable(self, exc: inbound.BadMessage) -> Delivery:
        log.warning("unreadable message from %s: %s", exc.sender or "(no sender)", exc)
        if not exc.sender or isinstance(exc, inbound.UnusableSender):
            # Nobody to answer (the SMTP server refuses such mail before it is accepted; an MTA piping it to
            # `judge deliver` bounces it with this note).
            return Delivery(note=str(exc))
        msg = inbound.Incoming(exc.sender, "your message", "", [])
        self._reply(msg, [], [("", f"YOUR MESSAGE COULD NOT BE READ: {exc}")], [], True)
        return Delivery(replied=True, note=str(exc))

    def _unavailable(self, msg: inbound.Incoming, exc: GameUnavailable) -> Delivery:
        """A game whose files cannot be read: the sender is told, the keeper too; the other games go on."""
        self.keeper.tell(f"unavailable {exc.name}", f"game {exc.name} is unavailable",
                         [str(exc), "Its mail is answered with 'unavailable' and its deadlines wait until the file "
                                    "is mended."])
        error = ("", f"GAME {exc.name} IS UNAVAILABLE AT THE MOMENT: NOTHING WAS DONE. THE JUDGE KEEPER HAS BEEN "
                     "TOLD; PLEASE SEND YOUR MESSAGE AGAIN LATER")
        self._reply(msg, [], [error], [], True)
        return Delivery(game=exc.name, replied=True, errors=[error], note=str(exc))

    def _deliver(self, msg: inbound.Incoming, key: str | None = None, loaded=None,
                 signed: tuple[str, str | None] | None = None) -> Delivery:
        s = Session(self.settings, self.store, self.clock(), msg.sender, msg.message_id, loaded=loaded)
        if signed is not None:
            # A web form: its session stands for the SIGNON line a mail would start with (checked at sign-on).
            s.open_game(loaded.name)
            s.role, s.power = signed
            s.log.append(f"WEB SIGNON {s.power or 'MASTER'} {loaded.name}")
        try:
            reading = read_lines(s, msg.lines) if msg.lines else None
        except GameUnavailable as exc:                # another game named further down the message
            return self._unavailable(msg, exc)
        out = Delivery(game=s.game.name if s.game else None)
        if reading is None:
            error = ("", nothing_read(msg.stopped, msg.attached, msg.encrypted))
            out.reply = self._reply(msg, [], [error], [], True)
            out.replied, out.errors = True, [error]
            return out
        if reading.errors:
            out.errors = reading.errors
            look = self.repeats.verdict(msg.sender, msg.lines, msg.message_id, s.now)
            if look.verdict is Verdict.SILENT:
                # A loop (an auto-responder that sets none of the headers that would say so, or mail software
                # delivering one message again and again) was told, or answered, already: no reply, and the message
                # counts for nothing (a wrong password in it included), so that a loop locks nobody out.
                log.warning("not answering %s: the same refused message again (a mail loop?)", msg.sender)
                out.note = "no reply: the same refused message again (a mail loop?)"
            else:
                errors = list(reading.errors)
                if s.game_is_new:
                    # All or nothing holds for CREATE too (a game made without a setting its master asked for would
                    # start wrong once players join): say plainly that there is no game, so none is awaited.
                    errors = [("", f"GAME {s.game.name} WAS NOT CREATED: CORRECT THE LINE BELOW AND SEND THE WHOLE "
                                   "MESSAGE AGAIN (CREATE WITH ITS SETTINGS)")] + errors
                if look.verdict is Verdict.LAST:
                    errors.append(("", f"THIS SAME MESSAGE HAS NOW BEEN REFUSED {look.copies} TIMES WITHIN AN HOUR. "
                                       "IN CASE A MAIL PROGRAM IS ANSWERING THE JUDGE BY ITSELF (A MAIL LOOP), IT "
                                       "WILL NOT BE ANSWERED AGAIN BEFORE "
                                       f"{show_utc(look.until)}. TO BE ANSWERED SOONER, "
                                       "CHANGE ANY LINE OF IT"))
                out.reply = self._reply(msg, [], errors, reading.unread, True)
                self.repeats.count(look, s.now)
                out.replied = True
            if s.game is not None and not s.game_is_new:
                # A refused message (a wrong password, say) is worth a line in the access log too.
                line, error = hide_in_error(*reading.errors[0], self.store.exists)
                self.store.log(s.game.name, f"{s.now.isoformat(timespec='seconds')} {msg.sender} REFUSED "
                                            f"{line[:200]!r}: {hide_codes(error)}"
                                            + (" (not answered: the same message again)" * (not out.replied)))
                if s.failed_signon and out.replied:
                    self._signon_failed(s)
            if not out.replied:
                return out
            for to, template, ctx in s.refusal_notices:
                for address in to:
                    subject, body = render(template, **ctx)
                    self.outbox.put(outbound.build(self.settings, address, subject, body))
            return out
        if s.game is None:
            if not (s.lines or s.declined or s.attachments):
                s.lines = [nothing_asked(msg.lines)]      # (SIGNOFF or ORDERS alone: else a reply with no word)
            out.reply = self._reply(msg, s.lines, s.declined, [], False, attach=s.attachments)
        elif s.game_is_new:
            with self.store.lock(s.game.name):
                if self.store.exists(s.game.name):
                    # Created by another message meanwhile: this one is refused (and answered) like any other.
                    return self._refuse_late(msg, out, f"GAME {s.game.name} ALREADY EXISTS")
                if not self._counted(s, msg, out):
                    return out
                out.reply = self._commit(s, msg, key)
        else:
            if not self._counted(s, msg, out):
                return out
            out.reply = self._commit(s, msg, key)
        out.accepted = out.replied = True
        out.attached = [name for name, *_ in s.attachments]
        return out

    def _counted(self, s: Session, msg: inbound.Incoming, out: Delivery) -> bool:
        """Count what the message does against the limits on strangers; False (and refused) if, with the messages
        handled meanwhile, it would now go over one."""
        try:
            limits.take(s.counters, s.claims, s.now)
        except limits.LimitError as exc:
            self._refuse_late(msg, out, str(exc))
            return False
        return True

    def _refuse_late(self, msg: inbound.Incoming, out: Delivery, why: str) -> Delivery:
        """A message refused after its commands were read (another message got there first): answered like any."""
        error = ("", why)
        out.reply = self._reply(msg, [], [error], [], True)
        out.errors, out.replied = [error], True
        return out

    def _signon_failed(self, s: Session) -> None:
        """Count a wrong password; when a power's budget is used up, its player and the master are told."""
        game = s.game
        count = SignonFailures(self.store.folder(game.name)).record(s.failed_signon, s.now)
        notices = wrong_password_notices(game, s.failed_signon, count, s.sender)
        for address, text in notices:
            subject, body = render("notice/event.txt", game=game.name, title="wrong passwords", lines=text)
            self.outbox.put(outbound.build(self.settings, address, subject, body))

    def _reply(self, msg: inbound.Incoming, lines, errors, unread, rejected: bool, tx: Commit | None = None,
               attach: list | None = None, subject: str = "") -> str:
        known = self.store.exists             # (a line that names a game may carry its password, however it is spelt)
        subject = subject or reply_subject(msg.subject, known)
        lines = [*lines, *notes(msg.subject, msg.stopped if msg.lines else None)]
        # Lines echoed back never carry a password: the reply is stored in the outbox and may be read by others.
        _, body = render("reply/reply.txt", subject=subject, lines=lines, rejected=rejected,
                         errors=[dict(zip(("line", "error"), hide_in_error(*e, known))) for e in errors],
                         unread=[hide_password(line, known) for line in unread])
        raw, body = fitted(body, attach, lambda text, files: outbound.build(
            self.settings, msg.sender, subject, text, msg.message_id, attachments=files, reply=True))
        if tx is not None:
            tx.mail(self.outbox.new_name(), raw)
        else:
            self.outbox.put(raw)
        return body

    def set_aside_notice(self, name: str, folder, why: str, raw: bytes = b"", envelope_sender: str | None = None,
                         parsed: inbound.Incoming | None = None, serving: bool = True) -> None:
        """Set aside for good: the sender learns that nothing was done; the keeper why, and what requeue does."""
        self.keeper.tell(f"set aside {name}", "a message was set aside", [
            f"Message {name} could not be processed: {why}.",
            f"It is kept in {folder}; after a fix, `judge requeue` {requeue_does(serving)}."])
        try:
            if parsed is None:
                parsed = inbound.read(raw, envelope_sender, self.settings.address)
            if parsed.automatic:
                return
            to, subject, msgid = parsed.sender, parsed.subject, parsed.message_id
        except inbound.BadMessage as exc:
            if not exc.sender:
                return
            to, subject, msgid = exc.sender, "", ""
        try:
            subject, body = render("reply/failed.txt", subject=reply_subject(subject))
            self.outbox.put(outbound.build(self.settings, to, subject, body, msgid, reply=True))
        except Exception:  # noqa: BLE001 - the keeper has been told; nothing more can be done here
            log.exception("could not answer the set-aside message %s", name)

    # -- the clock -------------------------------------------------------------------------------------------------
    def process(self, name: str) -> list[str]:
        """Do what the clock asks of a game now (process it, late notices, civil disorder), each thing due at this
        moment in turn, as serve's scheduler does (cron runs this once a minute); returns notes."""
        notes: list[str] = []
        for _ in range(8):              # (bounded: each step is its own commit and moves the game on)
            done, wake = self.clock_work(name)
            notes += done
            if not done or wake is None or wake > self.clock():
                break
        return notes

    def clock_work(self, name: str) -> tuple[list[str], datetime | None]:
        """Like process(), also returning the game's next wake-up afterwards, as committed (for the scheduler)."""
        if not self.store.exists(name):
            raise CommandError(f"NO SUCH GAME: {name}")
        with self.store.lock(name):
            game = self.store.open(name)
            now = self.clock()
            done = on_clock(game, self.settings, now)
            stored = self.store.wakeup(name)
            if done is None:
                wake = game.next_wakeup(now)
                if wake != stored:
                    # Nothing to do, but the saved wake-up is used up: the file says the next one, so that a fresh
                    # start-up plans exactly what the running scheduler plans.
                    self.store.save(game, now)
                return [], wake
            tx = self.store.begin(name)
            try:
                self._apply(tx, game, done)
                self.store.save(game, now, tx)
                self.outbox.note(tx.finish())
            except BaseException:
                tx.abandon()
                raise
            self.store.log(name, f"{now.isoformat(timespec='seconds')} judge {'; '.join(done.notes)}")
            return done.notes, game.next_wakeup(now)


__all__ = ["Judge", "Delivery", "WebSignon", "hide_password", "utcnow"]
