"""The forms: sign on, send what a mail would carry, sign off. Each POST is checked for its CSRF token before
anything else (403, nothing done); what it asks for is done in the game's lane, through the judge's own commands."""
from __future__ import annotations

import asyncio
import re
import secrets
from typing import Any

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from judge.commands import after_end
from judge.delivery import Delivery
from judge.game import Game
from judge.redact import hide_in_error, hide_password
from judge.service_web import form_sender
from judge.storage.gamedir import valid_name
from judge.web import pages, unreadable
from judge.web.session import COOKIE, CSRF_COOKIE, LIFETIME, MASTER, Session, form_key
from judge.web.views import VIEWER, NotFound, Reply, holds, html, personal

# One power letter, of any script or a sign (void's + and *), or M; never a control character (no power's letter,
# and one echoed back in the page's error is no text HTML may hold).
_WHO = re.compile(r"^[^\s?@\x00-\x1f\x7f-\x9f]$")
_WORD = re.compile(r"^[!-~]{1,100}$")      # a password is one word of printable ASCII, as a mail line can carry it


class Forms:
    def __init__(self, face: Any):
        """`face`: the judge.web.app.WebFace these forms belong to (its sessions, views, lanes and cookies)."""
        self.face = face
        self.views = face.views
        self.sessions = face.sessions
        self.judge = face.judge

    # -- sign-on ---------------------------------------------------------------------------------------------------
    def _game_or_none(self, name: str, cookie: str | None):
        try:
            return self.views.game(name, cookie)
        except NotFound:
            return None, None

    def _signon_form(self, name: str, visitor: str, error: str = "", status: int | None = None) -> Reply:
        """The sign-on form. For an unknown game and a private one alike: 404, with the form (a private game's
        players sign on here; its existence is not told to others)."""
        game, session = self._game_or_none(name, None)
        choices = pages.signon_choices(game) if game is not None else []
        reply = html("signon.html", status=status or (200 if game is not None else 404),
                     judge=self.judge.settings.judge_name, name=name if game is not None else "",
                     asked=name, choices=choices, private=game is None, error=error,
                     csrf=self.sessions.form_token(self.sessions.unsign(visitor) or ""))
        reply.cookies.append((CSRF_COOKIE, visitor, {}))
        return personal(reply)

    def _visitor(self, request: web.Request) -> str:
        cookie = request.cookies.get(CSRF_COOKIE)
        return cookie if self.sessions.unsign(cookie) else self.sessions.new_visitor()

    async def signon_page(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["game"]
        return self.face.respond(await _thread(self._signon_form, name, self._visitor(request)))

    async def signon(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["game"]
        if not valid_name(name):
            raise NotFound()
        form = await posted(request)
        visitor = request.cookies.get(CSRF_COOKIE)
        if not self.sessions.form_ok(visitor, _field(form, "csrf")):
            # An unknown game and a private one alike: 404, as on every other path (a 403 here told a stranger that
            # the name was free or taken only for games anyone may see, and a private game's existence by contrast).
            game, _ = await _thread(self._game_or_none, name, request.cookies.get(COOKIE))
            if game is None:
                raise NotFound()
            raise web.HTTPForbidden()
        who, password = _field(form, "power").strip(), _field(form, "password").strip()
        game_password = _field(form, "game_password").strip()
        client = self.sessions.client_digest(self.face.client(request))
        if game_password and not who:
            result = await self.face.in_lane(name, lambda: self.judge.view_private(name, game_password)) \
                if _WORD.match(game_password) else None
            if result is None or not result[0]:
                why = (result or (None, "A GAME PASSWORD IS ONE WORD"))[1]
                return self.face.respond(await _thread(self._signon_form, name, visitor, why, 404))
            return self._opened(name, VIEWER, False, result[0], client, to=f"/games/{name}")
        if not _WHO.match(who) or not _WORD.match(password):
            error = "CHOOSE A POWER (OR M FOR THE MASTER) AND GIVE ITS PASSWORD (ONE WORD)"
            return self.face.respond(await _thread(self._signon_form, name, visitor, error))
        result = await self.face.in_lane(name, lambda: self.judge.signon(name, who.upper(), password))
        if result.error:
            game, _ = await _thread(self._game_or_none, name, None)
            error = result.error if game is not None else \
                "NO SUCH GAME, OR A WRONG POWER OR PASSWORD (OR TOO MANY WRONG PASSWORDS LATELY)"
            return self.face.respond(await _thread(self._signon_form, name, visitor, error))
        return self._opened(name, result.who, result.via_master, result.stored, client, to=f"/games/{name}/orders")

    def _opened(self, name: str, who: str, via_master: bool, stored: str, client: str,
                to: str) -> web.StreamResponse:
        cookie, _ = self.sessions.open(name, who, via_master, stored, client)
        response = see_other(to)
        self.face.set_cookie(response, COOKIE, cookie, path=f"/games/{name}", max_age=int(LIFETIME.total_seconds()))
        return response

    # -- orders ----------------------------------------------------------------------------------------------------
    def _session(self, name: str, request: web.Request) -> Session | None:
        return self._signed(name, request)[1]

    def _signed(self, name: str, request: web.Request) -> tuple[Game, Session | None]:
        """(the game, the session signed on to it as a power or the master, or None); NotFound for a private game
        without a session."""
        game, session = self.views.game(name, request.cookies.get(COOKIE))
        return game, session if session is not None and session.who != VIEWER else None

    def _orders_form(self, name: str, session: Session, reply: str = "", errors: list | None = None,
                     note: str = "", text: str = "", attached: list[str] | None = None) -> Reply:
        # (answering: this session held when its request came; a form may end it, and its reply is still shown)
        game, session_now = self.views.game(name, self.sessions.sign(session.id), answering=True)
        signed = session_now is not None and session_now.id == session.id
        # A finished game: the box offers what the reader still takes from this role (the same rule), or nothing.
        still = after_end.offered("master" if session.who == MASTER else "power") if game.over else []
        out = html("orders.html", still=still, judge=self.judge.settings.judge_name, game=pages.summary(game),
                   deadline=pages.deadline(game, self.judge.clock()), who=session.who,
                   via_master=session.via_master, signed=signed,
                   held=self.views.status_text(game, session) if signed and game.position else "",
                   reply=pages.redact(reply), errors=self._errors(errors or []),
                   attached=[(n, "map" + n[n.rfind("."):]) for n in attached or []] if reply else [],
                   note=note, csrf=session.csrf, nonce=secrets.token_urlsafe(16),
                   text=self._kept(text),
                   expires=pages.expires_words(session.expires, game))
        return personal(out)

    def _kept(self, text: str) -> str:
        """What was typed, given back to send again, without its passwords and codes (as a mail's reply hides them:
        whoever sees the page may not be who typed it)."""
        known = self.judge.store.exists
        return "\n".join(hide_password(line, known) for line in text[:20_000].splitlines())

    def _errors(self, errors: list) -> list[tuple[str, str]]:
        """Refused lines as a mail's reply shows them: without a password, a code or an address (the page echoes them
        when no reply was made, as for a message refused again and again)."""
        known = self.judge.store.exists
        return [(pages.redact(line), pages.redact(e)) for line, e in (hide_in_error(*e, known) for e in errors)]

    async def orders_page(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["game"]
        session = await _thread(self._session, name, request)
        if session is None:
            return see_other(f"/games/{name}/signon")
        return self.face.respond(await _thread(self._orders_form, name, session))

    async def orders(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["game"]
        game, session = await _thread(self._signed, name, request)
        form = await posted(request)
        if session is None:
            # The sign-on ended (signed off elsewhere, a new password, its time ran out): say so, give the way back
            # and what was typed (bounded), rather than a bare "could not be checked".
            # Its passwords are hidden as a mail's reply hides them: whoever sees this page may not be who typed it.
            return self.face.error(403, "Forbidden", "Your sign-on has ended: nothing was done. Sign on again, then "
                                   "send your lines once more.", (f"/games/{name}/signon", "Sign on again"),
                                   self._kept(_field(form, "lines")))
        if not self.sessions.csrf_ok(session, _field(form, "csrf")):
            raise web.HTTPForbidden()
        text, nonce = _field(form, "lines"), _field(form, "nonce")
        if not nonce or len(nonce) > 64:
            raise web.HTTPForbidden()
        if self.face.rate.over(form_sender(game, session.who, session.via_master).lower()):
            # As a mail from that address would be (SMTP's 451): the form counts as one of its messages.
            refused = [("", f"TOO MANY MESSAGES FROM YOUR ADDRESS WITHIN AN HOUR (THIS JUDGE TAKES "
                            f"{self.face.rate.per_hour} AN HOUR FROM ONE ADDRESS, BY MAIL AND ON THE WEB TOGETHER): "
                            "NOTHING WAS DONE. PLEASE TRY AGAIN LATER")]
            page = await _thread(self._orders_form, name, session, "", refused, "", text)
            page.status = 429
            return self.face.respond(page)
        key = form_key(session, nonce, text)
        if key in session.applied:
            done = Delivery(game=name, note="already applied")
        else:
            done = await self.face.in_lane(name, lambda: self.judge.deliver_form(
                name, session.who, session.via_master, lambda game: holds(session, game), text, key))
            if done.accepted:
                session.applied.append(key)
        note = {"already applied": "This form was sent already: nothing was done again.",
                "signed off": "Your sign-on has ended (a new password, or the power changed hands): sign on again."
                }.get(done.note, "")
        reply = done.reply if done.replied else ""
        # A refused form's lines go back in the box (nothing of them was applied, and the web keeps no sent copy to
        # correct); an accepted one's do not: sent again, they would be applied again.
        back = text if not done.accepted and done.note != "already applied" else ""
        return self.face.respond(await _thread(self._orders_form, name, session, reply,
                                               done.errors if not reply else [], note, back, done.attached))

    async def signoff(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["game"]
        if not valid_name(name):
            raise NotFound()
        form = await posted(request)
        session = self.sessions.get(request.cookies.get(COOKIE), name)
        # No live session, no token to check: another site's form (the Strict cookie stays behind) gets nothing, not
        # even a cookie deleting the player's session in their browser.
        if session is None:
            # An unknown game and a private one alike: 404, as every other path answers (its existence not told).
            game, _ = await _thread(self._game_or_none, name, None)
            if game is None:
                raise NotFound()
            return self.face.error(403, "Not signed on", "This browser is not signed on to this game (the sign-on "
                                   "has ended, or the form came from another site): nothing was done.",
                                   link=(f"/games/{name}", "The game's page"))
        if not self.sessions.csrf_ok(session, _field(form, "csrf")):
            raise web.HTTPForbidden()
        self.sessions.end(session)
        response = see_other(f"/games/{name}")
        self.face.set_cookie(response, COOKIE, "", path=f"/games/{name}", max_age=0)
        return response


async def posted(request: web.Request) -> Any:
    """The form's fields. A body not in its charset (bytes that are not UTF-8, a charset nobody knows) is the
    visitor's malformed request, answered 400 and counted as one (it ended in a 500 and a traceback). So is a
    multipart body aiohttp cannot take apart (no boundary, a part without a name, an unknown transfer encoding: its
    reader raises ValueError or RuntimeError for these)."""
    try:
        # (asyncio.wait_for, not asyncio.timeout: Python 3.10 has no asyncio.timeout, and its wait_for raises
        # asyncio.TimeoutError, not yet the builtin TimeoutError)
        return await asyncio.wait_for(request.post(), unreadable.REQUEST_SECONDS)
    except asyncio.TimeoutError:
        # A body that stops coming (judge.web.unreadable.REQUEST_SECONDS): answered, and the connection closed.
        raise web.HTTPRequestTimeout(headers={"Connection": "close"}) from None
    except (LookupError, ValueError, RuntimeError) as exc:
        raise HttpProcessingError(code=400, message="the form cannot be read") from exc


def see_other(to: str) -> web.Response:
    return web.Response(status=303, headers={"Location": to})


def _field(form, name: str) -> str:
    value = form.get(name, "")
    return value if isinstance(value, str) else ""


async def _thread(fn, *args):
    import asyncio
    return await asyncio.to_thread(fn, *args)
