"""The `Server:` header of every kind of answer the judge's pages give, over real HTTP to `judge serve`'s server: one
neutral name, never the software and versions behind it (aiohttp's default names aiohttp's and Python's, which tells
an attacker which known flaws to try)."""
from __future__ import annotations

import http.client
import re

from tests.web.conftest import Page, Served, password
from tests.web.test_server_log import FORM, raw
from tests.web.test_unreadable import UNREADABLE, parsed

NAME = "judge"
SOFTWARE = re.compile(r"aiohttp|python|cpython|\d+\.\d+\.\d+", re.IGNORECASE)
FREE = ("date", "etag", "last-modified", "content-security-policy")       # (their digits are no version)


def neutral(what: str, headers: http.client.HTTPMessage | dict[str, str]) -> None:
    """One Server header, ours; no header names the software or a version."""
    servers = headers.get_all("Server") if isinstance(headers, http.client.HTTPMessage) else [headers.get("server")]
    assert servers == [NAME], (what, servers)
    named = [f"{k}: {v}" for k, v in headers.items() if k.lower() not in FREE and SOFTWARE.search(f"{k}: {v}")]
    assert named == [], (what, named)


def test_every_kind_of_answer_names_no_software(tmp_path):
    served = Served(tmp_path)
    try:
        served.start_game("demo")
        served.orders("demo", "MASTER", "PROCESS!")         # a processed phase: its page and its picture
        v = served.visitor()
        seen: list[tuple[str, int, Page]] = []

        def ask(what: str, status: int, method: str, path: str, **kw) -> Page:
            page = v.request(method, path, **kw)
            assert page.status == status, (what, page.status, page.text[:300])
            seen.append((what, status, page))
            return page

        ask("the list of games", 200, "GET", "/")
        ask("a game page", 200, "GET", "/games/demo")
        ask("a HEAD of a page", 200, "HEAD", "/games/demo")
        ask("a static file", 200, "GET", "/static/judge.css")
        ask("a HEAD of a static file", 200, "HEAD", "/static/judge.js")
        ask("the results", 200, "GET", "/games/demo/results.txt")
        ask("the state", 200, "GET", "/games/demo/state.json")
        board = ask("the board, a file on disk", 200, "GET", "/games/demo/map.svg")
        ask("the board, its HEAD", 200, "HEAD", "/games/demo/map.svg")
        ask("the board, not modified", 304, "GET", "/games/demo/map.svg",
            headers={"If-None-Match": board.headers["ETag"]})
        picture = ask("a phase's picture", 200, "GET", "/games/demo/phases/S1901M/map.svg")
        ask("a phase's picture, not modified", 304, "GET", "/games/demo/phases/S1901M/map.svg",
            headers={"If-None-Match": picture.headers["ETag"]})
        ask("an unknown page", 404, "GET", "/no/such/page")
        ask("an unknown game", 404, "GET", "/games/nosuch")
        ask("a phase not played", 404, "GET", "/games/demo/phases/F1909M")
        ask("a wrong method", 405, "POST", "/games/demo")
        ask("a HEAD of an unknown page", 404, "HEAD", "/games/nosuch")
        ask("a form without its token", 403, "POST", "/games/demo/signon", form={"power": "F", "password": "x"})
        form = ask("the sign-on form", 200, "GET", "/games/demo/signon")
        ask("a wrong password", 200, "POST", "/games/demo/signon",
            form={"csrf": form.field("csrf"), "power": "F", "password": "not-it"})
        form = ask("the sign-on form again", 200, "GET", "/games/demo/signon")
        signed = ask("a sign-on: a redirect", 303, "POST", "/games/demo/signon",
                     form={"csrf": form.field("csrf"), "power": "F", "password": password("FRANCE")})
        assert signed.headers["Location"] == "/games/demo/orders"
        orders = ask("the orders form", 200, "GET", "/games/demo/orders")
        ask("a form too large", 413, "POST", "/games/demo/orders",
            form={"csrf": orders.field("csrf"), "nonce": "x", "lines": "A PAR H\n" * 20000})

        # An error of ours (a view that fails) and a game that cannot be read.
        views = served.daemon.web.views
        views.index, index = (lambda: 1 / 0), views.index
        try:
            ask("an internal error", 500, "GET", "/")
        finally:
            views.index = index
        status = served.settings.games_dir / "demo" / "status.json"
        good = status.read_bytes()
        status.write_bytes(b"{ not json")
        try:
            ask("a game that cannot be read", 503, "GET", "/games/demo")
        finally:
            status.write_bytes(good)

        for what, status, page in seen:
            neutral(what, page.headers)
        assert {s for _, s, _ in seen} >= {200, 303, 304, 403, 404, 405, 413, 500, 503}

        # What aiohttp cannot read (answered by judge.web.unreadable), and a body that cannot be decoded.
        for data in UNREADABLE + [FORM]:
            code, headers, _ = parsed(raw(served.port, data))
            assert code == 400, data[:60]
            neutral(repr(data[:40]), headers)
        served.check_pages()
    finally:
        served.stop()
