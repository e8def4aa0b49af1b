"""The web pages' requests to the judge: a sign-on, a private game's game password, a form's lines, STATUS. Each
goes through what a mail goes through (the SIGNON command and its failure budget; the reader, commands and commit),
never a second implementation."""
from __future__ import annotations

from typing import Callable

from judge.commands.base import PRIVACY_KEY, Session
from judge.commands.reader import read as read_lines
from judge.delivery import Delivery, WebSignon
from judge.game import Game
from judge.game.roles import ACTIVE
from judge.mail import inbound
from judge.redact import MASK
from judge.storage.failures import SignonFailures
from judge.storage.gamedir import GameUnavailable

WEB_SUBJECT = "orders from the web page"


def form_sender(game: Game, who: str, via_master: bool) -> str:
    """The address a web form from `who` (a power, or MASTER) is sent as: the player's own, or the master's for the
    master and for a power signed on with the master's password."""
    player = game.player(who) if who != "MASTER" else None
    return game.master_address if player is None or via_master else player.address


class WebForms:
    """Part of judge.service.Judge (its settings, store, clock, _deliver and _signon_failed)."""

    def signon(self, name: str, who: str, password: str, origin: str = "the web sign-on form") -> WebSignon:
        """A sign-on from a web form, read as the line `SIGNON <who><name> <password>` of a mail (the SIGNON command
        itself: the same hashes, the master's password for a power); a wrong password counts against the game's
        sign-on limits as a mail's from another address than the power's own does: one budget, by mail and on the
        web (judge.storage.failures)."""
        if not self.store.exists(name):
            return WebSignon(error=f"NO SUCH GAME: {name}")
        with self.store.lock(name):
            try:
                game = self.store.open(name)
            except GameUnavailable as exc:
                return WebSignon(error=f"GAME {exc.name} IS UNAVAILABLE AT THE MOMENT; PLEASE TRY AGAIN LATER")
            s = Session(self.settings, self.store, self.clock(), origin, loaded=game, on_web=True)
            reading = read_lines(s, [f"SIGNON {who}{name} {password}"])
            if reading.errors:
                error = reading.errors[0][1]
                self.store.log(name, f"{s.now.isoformat(timespec='seconds')} {origin} REFUSED "
                                     f"'SIGNON {who}{name} {MASK}': {error}")
                if s.failed_signon:
                    self._signon_failed(s)
                return WebSignon(error=error)
            from judge.storage.passwords import check_password
            if s.role == "master":
                return WebSignon(who="MASTER", stored=game.master_password)
            player = game.player(s.power)
            own = player.status == ACTIVE and check_password(password, player.password)
            return WebSignon(who=s.power, via_master=not own, stored=player.password if own else game.master_password)

    def deliver_form(self, name: str, who: str, via_master: bool, still: Callable[[object], bool], text: str,
                     key: str) -> Delivery:
        """The lines of a web form, applied as a mail with those lines from the signed-on player's (or master's)
        address: the same reader, commands, commit and mails. `still(game)` says whether the session still holds
        (the password not changed, the player not gone): if not, nothing is done. `key` identifies the form: one
        sent twice is applied once."""
        if not self.store.exists(name):
            return Delivery(note="no such game", errors=[("", f"NO SUCH GAME: {name}")])
        with self.store.lock(name):
            try:
                game = self.store.open(name)
            except GameUnavailable as exc:
                return Delivery(game=name, errors=[("", f"GAME {exc.name} IS UNAVAILABLE AT THE MOMENT")])
            if not still(game):
                return Delivery(game=name, note="signed off", errors=[("", "YOUR SIGN-ON HAS ENDED: SIGN ON AGAIN")])
            if key in game.seen:
                return Delivery(game=name, note="already applied")
            msg = inbound.Incoming(form_sender(game, who, via_master), WEB_SUBJECT, "", inbound.clean_lines(text))
            signed = ("master", None) if who == "MASTER" else ("power", who)
            return self._deliver(msg, key, game, signed=signed)

    def view_private(self, name: str, password: str, origin: str = "the web sign-on form") -> tuple[str, str]:
        """A private game's game password given on a web page: (the hash it matched, "") or ("", why). Wrong ones
        count against the game's sign-on limits, as wrong sign-on passwords do."""
        from judge.storage.passwords import check_password
        refused = ("", "NO SUCH GAME, OR A WRONG GAME PASSWORD (OR TOO MANY WRONG PASSWORDS LATELY)")
        if not self.store.exists(name):
            return refused
        with self.store.lock(name):
            try:
                game = self.store.open(name)
            except GameUnavailable:
                return refused
            if not game.private or not game.privacy:
                return refused
            failures, key, now = SignonFailures(self.store.folder(name)), PRIVACY_KEY, self.clock()
            if failures.locked_until(key, now) is not None:
                return refused
            if check_password(password, game.privacy):
                return game.privacy, ""
            failures.record(key, now)
            self.store.log(name, f"{now.isoformat(timespec='seconds')} {origin} REFUSED a wrong game password")
            return refused

    def command_text(self, game, who: str, line: str) -> str:
        """What a command that only reads (STATUS, HISTORY) answers `who` (a power, or MASTER), for a web page: the
        command itself, run on the game as read (the caller has checked the visitor may see it); nothing is
        written."""
        s = Session(self.settings, self.store, self.clock(), "", loaded=game)
        s.open_game(game.name)
        s.role, s.power = ("master", None) if who == "MASTER" else ("power", who)
        reading = read_lines(s, [line])
        return reading.errors[0][1] if reading.errors else "\n".join(s.lines)
