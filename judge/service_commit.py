"""Committing what a message or the clock did: the game, its archives and every mail it causes, staged in one
commit (judge.storage.commit), so that nothing is visible before all of it is on disk."""
from __future__ import annotations

import logging

from judge.commands.base import Session
from judge.game.ending import describe_result
from judge.game.press_routing import mail_context
from judge.game.processing import Processed, end_mails, notified
from judge.mail import inbound, outbound
from judge.reports import mail_file_entry
from judge.service_web import WEB_SUBJECT
from judge.storage.commit import Commit
from judge.templating import render

log = logging.getLogger("judge")


class Committing:
    """Part of judge.service.Judge (its settings, store, outbox and _reply)."""

    def _commit(self, s: Session, msg: inbound.Incoming | None = None, key: str | None = None) -> str:
        """Write what an accepted message did, as one commit: the game, its archives and every mail it causes (the
        notices, then the reply to `msg`). Nothing is visible before all of it is on disk; the message's key is in
        the same commit, so a message redelivered after a crash is recognised and not applied again."""
        game = s.game
        purged = [e.payload for e in s.effects if e.kind == "purge"]
        if purged:
            return self._purge(s, msg, purged[0])
        for e in s.effects:
            if e.kind == "rename":
                # The folder takes the new name first (under the game's lock, held), then the game is saved in it
                # as a message's change is: the reply and notices go out with that commit.
                self.store.log(game.name, f"{s.now.isoformat(timespec='seconds')} {s.sender} RENAME {game.name} "
                                          f"{e.payload}")
                self.store.rename(game.name, e.payload)
                log.info("%s: renamed %s by its master (%s)", game.name, e.payload, s.sender)
                game.name = e.payload
        tx = self.store.begin(game.name)
        try:
            for e in s.effects:
                if e.kind == "processed":
                    self._apply(tx, game, e.payload)
                elif e.kind == "rollback":
                    target, before = e.payload
                    self.store.rollback_to(game.name, target, tx, self.store.stamp(game.name, "rolledback", s.now),
                                           before)
                elif e.kind == "rollforward":
                    self.store.roll_forward(game.name, *e.payload, tx,
                                            self.store.stamp(game.name, "rolledforward", s.now))
                elif e.kind == "press":
                    deliveries, entry = e.payload
                    self.store.archive_press(game, entry, tx)
                    for d in deliveries:
                        self._mail(tx, [d.address], "notice/press.txt", mail_context(game, entry, d))
                elif e.kind == "ended":
                    for mail in end_mails(game, self.settings):
                        self._mail(tx, mail.to, mail.template, mail.context, mail.attachments)
                elif e.kind == "mail":
                    to, template, ctx = e.payload
                    self._mail(tx, to, template, ctx)
                elif e.kind == "started":
                    to, subject, body = e.payload
                    self.store.archive_start(game, mail_file_entry(self.settings.address, s.now, subject, body), tx)
                    self._send(tx, to, subject, body)
                elif e.kind == "notify":
                    title, lines, who = e.payload
                    to = notified(game, who, s.sender, title)
                    if to:
                        self._mail(tx, to, "notice/event.txt", {"game": game.name, "title": title, "lines": lines})
            reply = ""
            if msg is not None:
                # (orders from a web form say so, after the subject a mail's orders get: DPjudge's filters match it)
                subject = s.subject if msg.subject != WEB_SUBJECT else \
                    f"{s.subject} ({WEB_SUBJECT})" if s.subject else ""
                reply = self._reply(msg, s.lines, s.declined, [], False, tx, s.attachments, subject)
            if key:
                game.seen.append(key)
            self.store.save(game, s.now, tx)
            self.outbox.note(tx.finish())
        except BaseException:
            tx.abandon()
            raise
        stamp = s.now.isoformat(timespec="seconds")
        for line in s.log or ["MESSAGE"]:
            self.store.log(game.name, f"{stamp} {s.sender} {line}")
        for e in s.effects:
            if e.kind == "processed" and e.payload.notes:          # (logged as a deadline's processing is)
                self.store.log(game.name, f"{stamp} judge {'; '.join(e.payload.notes)}")
                log.info("%s: %s (by a message from %s)", game.name, "; ".join(e.payload.notes), s.sender)
        kinds = {e.kind for e in s.effects}
        if game.over and "ended" in kinds and "processed" not in kinds:
            # (ended by votes, a resignation or TERMINATE: the operator's log says so, as it says a phase processed)
            log.info("%s: the game is over: %s (by a message from %s)", game.name,
                     describe_result(game.result, game.map), s.sender)
        return reply

    def _purge(self, s: Session, msg: inbound.Incoming | None, kept: str) -> str:
        """PURGE: the game's folder moved aside whole (the caller holds its lock), then the reply. In that order:
        after a crash between the two, the message comes again and finds no game, so no reply ever says a game is
        gone that is still there."""
        name = s.game.name
        self.store.log(name, f"{s.now.isoformat(timespec='seconds')} {s.sender} PURGE (kept as {kept})")
        self.store.purge(name, kept)
        log.info("%s: purged by its master (%s); its folder is kept as _purged/%s", name, s.sender, kept)
        if msg is None:
            return ""
        return self._reply(msg, s.lines, s.declined, [], False, attach=s.attachments, subject=s.subject)

    def _apply(self, tx: Commit, game, done: Processed) -> None:
        """Stage what processing produced: the snapshot, the results, a disagreement case, the mail."""
        if done.snapshot is not None:
            from judge.game import Game
            self.store.snapshot(Game.from_json(done.snapshot), tx)
        if done.results is not None:
            self.store.archive_results(game, *done.results, tx, pictures=done.pictures)
        if done.crosscheck is not None:
            self.store.archive_crosscheck(game, *done.crosscheck, tx)
        for mail in done.mails:
            if mail.template == "raw":
                self._send(tx, mail.to, mail.context["subject"], mail.context["body"], mail.attachments)
            else:
                self._mail(tx, mail.to, mail.template, mail.context, mail.attachments)

    def _mail(self, tx: Commit, to: list[str], template: str, ctx: dict, attachments=None) -> None:
        subject, body = render(template, **ctx)
        self._send(tx, to, subject, body, attachments)

    def _send(self, tx: Commit, to: list[str], subject: str, body: str, attachments=None) -> None:
        """One message per recipient: nobody learns another's address, nor (by the order of addresses) who plays
        which power."""
        seen, addresses = set(), []
        for address in to:
            if address and address.lower() not in seen:
                seen.add(address.lower())
                addresses.append(address)
        for raw in outbound.build_many(self.settings, addresses, subject, body, attachments):
            tx.mail(self.outbox.new_name(), raw)
