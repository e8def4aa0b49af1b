"""The web face's HTTP server (aiohttp) on `judge serve`'s event loop: the paths of shared/spec/judge-web.md.

Reading pages is done in worker threads (judge.web.views); anything that writes (a sign-on's failure count, a form,
drawing the board the first time) waits for the game's lane like a mail. Why aiohttp: benchmarks/README.md.
"""
from __future__ import annotations

import asyncio
import logging
import os
import urllib.parse
from collections.abc import Awaitable, Callable
from http import HTTPStatus
from typing import Any

from aiohttp import web
from yarl import URL

from judge.service import Judge
from judge.storage.rates import RateLimit
from judge.storage.gamedir import valid_name
from judge.storage.secret import load_secret
from judge.web import boards
from judge.web.client import client_address, networks
from judge.web.forms import Forms
from judge.web.phase_pictures import DrawingFailed, PhasePictures
from judge.web.server_log import MALFORMED, ServerLog
from judge.web.session import Sessions
from judge.web.unreadable import Gate, Handler, listen
from judge.web.views import PERSONAL, Moved, NotFound, Reply, Unavailable, Views, environment, personal

log = logging.getLogger("judge.web")
MAX_REQUEST_BYTES = 64 * 1024       # a posted form (a page of orders and press is a few KB)
InLane = Callable[[str, Callable[[], Any]], Awaitable[Any]]
# Every answer: no script or style from elsewhere, no framing, no referrer (a page's address names a private game).
SECURITY = {"Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; "
                                       "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
            "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY"}
# A picture opened on its own: its own <style> applies, nothing else (no script ever).
PICTURE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'"
# The Server header of every answer: a name, no software or version (aiohttp's own names aiohttp's and Python's, which
# tells an attacker which known flaws to try).
SERVER = "judge"
STATIC = {"judge.css": "text/css", "judge.js": "text/javascript"}
UNREADABLE = ("Bad request", "The request could not be read: nothing was done.")
INTERNAL = ("Internal error", "Something went wrong; nothing was lost. Please try again.")
BUSY = ("Busy", "The pages have as many visitors at once as they can take: please try again in a minute.")


async def in_thread(fn: Callable[..., Any], *args: Any) -> Any:
    return await asyncio.to_thread(fn, *args)


async def _server_name(request: web.Request, response: web.StreamResponse) -> None:
    response.headers["Server"] = SERVER         # (after aiohttp has put its own there)


class WebFace:
    """The pages of every game, served on the running loop. `in_lane(game, work)` runs `work` in that game's lane
    (the daemon's); without a daemon (tests of the views alone) it runs it in a thread. `rate`: the SMTP server's
    count of messages per sender (judge.daemon.server), which a form's sender shares: one limit, by mail or web."""

    def __init__(self, judge: Judge, in_lane: InLane | None = None, rate: RateLimit | None = None):
        self.judge = judge
        self.rate = rate or RateLimit(judge.settings.games_dir, judge.settings.get("smtp", "rate_per_hour"),
                                      per_envelope=judge.settings.get("smtp", "rate_per_envelope"))
        self.sessions = Sessions(load_secret(judge.settings.games_dir), judge.clock)
        self.views = Views(judge, self.sessions)
        self.in_lane: InLane = in_lane or (lambda game, work: asyncio.to_thread(work))
        self.forms = Forms(self)
        self.pictures = PhasePictures()
        self.server_log = ServerLog()
        self.runner: web.AppRunner | None = None
        self.listener: asyncio.Server | None = None
        self._unreadable_pages: dict[int, bytes] = {}
        self.secure = judge.settings.web_url.startswith("https://")
        self.trusted = networks(judge.settings.get("web", "trusted_proxies"))     # (checked at load)
        self.app = web.Application(client_max_size=MAX_REQUEST_BYTES, middlewares=[self._answer])
        self.app.on_response_prepare.append(_server_name)     # (every answer to a routed request, whatever made it)
        r = self.app.router
        r.add_get("/", self._index)
        r.add_get("/static/{file}", self._static)
        r.add_get("/games/{game}", self._game)
        r.add_get("/games/{game}/map.{kind:svg|png}", self._board)
        r.add_get("/games/{game}/state.json", self._state)
        r.add_get("/games/{game}/results.txt", self._results)
        r.add_get("/games/{game}/phases/{phase}", self._phase)
        r.add_get("/games/{game}/phases/{phase}/map.{kind:svg|png}", self._phase_map)
        # (add_get: a HEAD too, as every page that answers GET must; add_route("GET") answered HEAD 405)
        r.add_get("/games/{game}/signon", self.forms.signon_page)
        r.add_route("POST", "/games/{game}/signon", self.forms.signon)
        r.add_get("/games/{game}/orders", self.forms.orders_page)
        r.add_route("POST", "/games/{game}/orders", self.forms.orders)
        r.add_route("POST", "/games/{game}/signoff", self.forms.signoff)

    # -- life cycle ------------------------------------------------------------------------------------------------
    async def start(self, host: str, port: int) -> tuple[str, int]:
        # handle_signals=False: the daemon owns SIGTERM and SIGINT on this loop; no access log (it would hold the
        # addresses of pages of private games, and every visitor's IP), nor aiohttp's lines naming a visitor.
        handler = {"access_log": None, "logger": self.server_log}
        self.runner = web.AppRunner(self.app, handle_signals=False, shutdown_timeout=2.0, **handler)
        await self.runner.setup()
        try:
            # (not aiohttp's TCPSite: its connections would answer an unreadable request with aiohttp's own page)
            gate = Gate(self.judge.settings.get("web", "max_connections"), log.warning)
            self.listener = await listen(self.runner, host, port, self._unreadable, gate, **handler)
        except OSError as exc:          # (judge serve prints this: the operator is told which setting it is)
            await self.runner.cleanup()
            why = os.strerror(exc.errno) if exc.errno else str(exc)      # (not aiohttp's "error while attempting...")
            from judge.daemon.listener import CannotListen
            raise CannotListen(exc.errno, f"{why} on {host}:{port} (the web pages: [web] host and port in "
                                          "config.ini; port = 0 serves none)") from None
        address = self.listener.sockets[0].getsockname()
        log.info("web pages on http://%s:%s", address[0], address[1])
        return address[0], address[1]

    async def stop(self) -> None:
        if self.listener is not None:
            self.listener.close()            # no new connections; the runner's clean-up closes the open ones
            self.listener = None
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None
        self.server_log.flush()
        self.pictures.close()

    # -- every answer ----------------------------------------------------------------------------------------------
    @web.middleware
    async def _answer(self, request: web.Request, handler) -> web.StreamResponse:
        protocol = request.protocol
        timed = isinstance(protocol, Handler)       # (our connections: a request's headers are timed until here)
        if timed:
            protocol.request_began()
        try:
            return await self._answered(request, handler)
        finally:
            if timed:
                protocol.request_ended()

    async def _answered(self, request: web.Request, handler) -> web.StreamResponse:
        try:
            response = await self._slash(request) or await self._lower_case(request) or await handler(request)
        except NotFound as exc:
            response = self.error(404, "Not found", str(exc))
        except Moved as exc:
            response = moved_phase(request, exc.phase)
        except DrawingFailed:
            response = self.error(500, "Picture not drawn", "The picture of this phase could not be drawn; the "
                                                            "judge keeper has been told. The results are unchanged.")
        except Unavailable:
            response = self.error(503, "Unavailable", "This game cannot be read at the moment; the judge keeper has "
                                                     "been told. Please try again later.")
        except web.HTTPException as exc:
            if exc.status < 400:
                raise
            why = {404: "There is no such page here.", 405: "This page does not take that kind of request.",
                   413: "The form was too large.", 403: "The form could not be checked: nothing was done.",
                   408: "The form came too slowly, or not whole: nothing was done. Please send it again."}
            response = self.error(exc.status, exc.reason, why.get(exc.status, ""))
            if exc.status == 405:
                response.headers["Allow"] = exc.headers.get("Allow", "")
            if exc.status == 408:
                response.force_close()          # (what is left of its body is not waited for)
        except MALFORMED as exc:         # a body that cannot be read (a bad gzip, a bad chunk): the visitor's fault
            self.server_log.malformed(exc)
            response = self.error(400, *UNREADABLE)
        except (asyncio.CancelledError, ConnectionError):
            raise
        except Exception:
            log.exception("web request %s %s failed", request.method, request.path)
            response = self.error(500, *INTERNAL)
        response.headers.update(SECURITY)
        if response.headers.get("Content-Type", "").startswith("image/svg+xml"):
            response.headers["Content-Security-Policy"] = PICTURE_POLICY
        # An answer to a form may echo what was posted: kept by no cache (the pages themselves say when they are).
        response.headers.setdefault("Cache-Control", PERSONAL if request.method == "POST" else "no-cache")
        return response

    async def _slash(self, request: web.Request) -> web.StreamResponse | None:
        """A page's path with a trailing slash (`/games/demo/`, as bookmarks and other sites write paths): a permanent
        redirect to the path itself, the query kept (GET and HEAD only: no page posts to such a path). The path's
        shape alone decides, never the game, so that a private game's existence is not told."""
        raw = request.rel_url.raw_path
        missing = request.match_info.http_exception
        if request.method not in ("GET", "HEAD") or not raw.endswith("/") or missing is None or missing.status != 404:
            return None
        bare = raw.rstrip("/")
        if not bare:
            return None
        found = await self.app.router.resolve(request.clone(rel_url=URL(bare, encoded=True)))
        if found.http_exception is not None:
            return None
        query = request.rel_url.raw_query_string
        return web.Response(status=301, headers={"Location": bare + ("?" + query if query else "")})

    async def _lower_case(self, request: web.Request) -> web.StreamResponse | None:
        """A game's path with its name in capitals (`/games/Demo/...`: names are lower case, and mail takes them in
        any case): a permanent redirect to the lower-case path (308 keeps a POST a POST; 301 for GET). Only for a
        game anyone may see: for an unknown or private one, None, and the handler answers its usual 404 (a redirect
        would tell that a private game exists)."""
        name = request.match_info.get("game", "")
        if not name or name.islower() or not name.isascii() or request.match_info.http_exception is not None:
            return None
        lower = name.lower()
        if not valid_name(lower):
            return None
        try:
            await in_thread(self.views.game, lower, None)
        except (NotFound, Unavailable):
            return None
        raw = request.rel_url.raw_path
        head = "/games/" + raw.split("/")[2]             # (the name as sent, perhaps percent-encoded)
        query = request.rel_url.raw_query_string
        to = "/games/" + lower + raw[len(head):] + ("?" + query if query else "")
        return web.Response(status=308 if request.method == "POST" else 301, headers={"Location": to})

    def _unreadable(self, status: int) -> web.Response:
        """Our answer to a request aiohttp could not read (judge.web.unreadable): a fixed page, nothing of the request
        in it, with every page's headers. (Made once per status: anyone may send such requests by the thousand.)"""
        if status not in self._unreadable_pages:
            title, why = UNREADABLE if status == 400 else INTERNAL if status == 500 else BUSY if status == 503 else \
                (HTTPStatus(status).phrase, "")
            self._unreadable_pages[status] = self.error(status, title, why).body
        response = web.Response(status=status, body=self._unreadable_pages[status], content_type="text/html",
                                charset="utf-8")
        response.headers.update(SECURITY)
        response.headers["Cache-Control"] = "no-cache"
        response.headers["Server"] = SERVER      # (such a request was never routed: _server_name does not see it)
        return response

    def error(self, status: int, title: str, why: str, link: tuple[str, str] | None = None,
              kept: str = "") -> web.Response:
        """An error page: why, a way on (`link`: its path and words), and what the visitor typed (`kept`, its
        passwords hidden by the caller; such a page is kept by no cache)."""
        page = environment().get_template("web/error.html").render(status=status, title=title, why=why, link=link,
                                                                      kept=kept, judge=self.judge.settings.judge_name)
        response = web.Response(status=status, text=page, content_type="text/html")
        if kept:
            response.headers["Cache-Control"] = PERSONAL
        return response

    def respond(self, reply: Reply) -> web.StreamResponse:
        if reply.file is not None:
            response: web.StreamResponse = web.FileResponse(reply.file, headers={"Content-Type": reply.type})
        else:
            body = reply.body.encode("utf-8") if isinstance(reply.body, str) else reply.body
            response = web.Response(status=reply.status, body=body, content_type=reply.type,
                                    charset="utf-8" if reply.type.startswith(("text/", "application/json")) else None)
        response.headers.update(reply.headers)
        for name, value, attrs in reply.cookies:
            self.set_cookie(response, name, value, **attrs)
        return response

    def set_cookie(self, response: web.StreamResponse, name: str, value: str, path: str = "/",
                   max_age: int | None = None) -> None:
        response.set_cookie(name, value, path=path, max_age=max_age, httponly=True, samesite="Strict",
                            secure=self.secure or None)

    # -- the pages anyone may read ---------------------------------------------------------------------------------
    async def _index(self, request: web.Request) -> web.StreamResponse:
        return self.respond(await in_thread(self.views.index))

    async def _static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["file"]
        if name not in STATIC:
            raise NotFound()
        text = environment().loader.get_source(environment(), f"web/{name}")[0]
        response = web.Response(text=text, content_type=STATIC[name])
        response.headers["Cache-Control"] = "max-age=3600"
        return response

    async def _game(self, request: web.Request) -> web.StreamResponse:
        name, cookie = request.match_info["game"], self.cookie(request)
        reply = self.views.kept_page(name, cookie) or await in_thread(self.views.game_page, name, cookie)
        return self.respond(reply)

    async def _phase(self, request: web.Request) -> web.StreamResponse:
        m = request.match_info
        return self.respond(await in_thread(self.views.phase_page, m["game"], m["phase"], self.cookie(request)))

    async def _phase_map(self, request: web.Request) -> web.StreamResponse:
        m = request.match_info
        reply = await in_thread(self.views.phase_map, m["game"], m["phase"], m["kind"], self.cookie(request))
        if reply.source is not None:
            etag = f'"{reply.source.key}"'
            if etag in request.headers.get("If-None-Match", ""):
                return web.Response(status=304, headers={"ETag": etag, **reply.headers})
            # not drawn at processing: drawn now in a worker thread (once for all who ask), then kept in memory
            reply = Reply(type=reply.type, body=await self.pictures.get(reply.source),
                          headers={"ETag": etag, **reply.headers})
        return self.respond(reply)

    async def _board(self, request: web.Request) -> web.StreamResponse:
        name, kind = request.match_info["game"], request.match_info["kind"]
        reply = self.views.kept_board(name, kind, self.cookie(request))
        if reply is None:
            reply, game = await in_thread(self.views.board, name, kind, self.cookie(request))
            if reply is None:
                # Drawn once per position, in the game's lane (after the mail before it), then kept.
                path = await self.in_lane(name, lambda: boards.draw_board(self.judge.store, name, kind))
                if path is None:
                    raise NotFound("This game has no board to show.")
                reply = personal(Reply(type=boards.KINDS[kind], file=path), game.private)
        return self.respond(reply)

    async def _state(self, request: web.Request) -> web.StreamResponse:
        return self.respond(await in_thread(self.views.state, request.match_info["game"], self.cookie(request)))

    async def _results(self, request: web.Request) -> web.StreamResponse:
        return self.respond(await in_thread(self.views.results, request.match_info["game"], self.cookie(request)))

    def client(self, request: web.Request) -> str | None:
        """The address the request comes from: its peer, or who a trusted proxy forwarded it for
        (judge.web.client). Only ever digested: never logged or stored."""
        return client_address(request.remote, request.headers.getall("X-Forwarded-For", []), self.trusted)

    @staticmethod
    def cookie(request: web.Request) -> str | None:
        from judge.web.session import COOKIE
        return request.cookies.get(COOKIE)


def moved_phase(request: web.Request, phase: str) -> web.Response:
    """A permanent redirect from /games/<game>/phases/<as typed>[/map.svg] to the phase's own spelling, the rest of
    the path and the query kept (only GETs reach a phase)."""
    parts = request.rel_url.raw_path.split("/")          # ['', 'games', game, 'phases', phase, ...]
    parts[4] = urllib.parse.quote(phase, safe="")
    query = request.rel_url.raw_query_string
    return web.Response(status=301, headers={"Location": "/".join(parts) + ("?" + query if query else "")})
