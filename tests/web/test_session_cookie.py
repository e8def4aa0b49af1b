"""The session cookie of shared/spec/judge-web.md ("signed, expiring") as a browser may present it: forged (its
signature changed), another game's, or past its lifetime. None signs anyone on: the orders page sends the visitor
to sign on, a posted form changes nothing (403), and the game's public page is still shown, as to anyone."""
from __future__ import annotations

from judge.web.session import COOKIE, LIFETIME
from tests.e2e.conftest import game_files
from tests.web.conftest import password


def refused_everywhere(served, visitor, csrf: str, nonce: str) -> None:
    before = game_files(served.settings.games_dir)
    page = visitor.get("/games/demo/orders")
    assert page.status == 303 and page.headers["Location"] == "/games/demo/signon"
    sent = visitor.post("/games/demo/orders", {"csrf": csrf, "nonce": nonce, "lines": "A PAR - BUR"})
    assert sent.status == 403 and "nothing was done" in sent.text
    assert visitor.get("/games/demo").status == 200
    served.settle()
    assert game_files(served.settings.games_dir) == before


def test_a_forged_a_foreign_and_an_expired_session_cookie_sign_nobody_on(served):
    served.start_game("demo")
    served.start_game("other")
    player = served.visitor()
    assert player.signon("demo", "F", password("FRANCE")).status == 303
    form = player.get("/games/demo/orders")
    csrf, nonce = form.field("csrf"), form.field("nonce")
    held = player.cookies[COOKIE]

    forged = served.visitor()
    sid, _, mac = held.rpartition(".")
    forged.cookies[COOKIE] = f"{sid}.{mac[::-1]}"
    refused_everywhere(served, forged, csrf, nonce)
    unsigned = served.visitor()
    unsigned.cookies[COOKIE] = sid
    refused_everywhere(served, unsigned, csrf, nonce)

    # demo's cookie sent to another game (a browser scopes it to /games/demo; a script may not)
    foreign = served.visitor()
    other = served.visitor()
    assert other.signon("other", "F", password("FRANCE")).status == 303
    foreign.cookies[COOKIE] = other.cookies[COOKIE]
    refused_everywhere(served, foreign, csrf, nonce)

    assert player.get("/games/demo/orders").status == 200           # the real one still holds, until its end
    served.tick(seconds=LIFETIME.total_seconds() + 60)
    refused_everywhere(served, player, csrf, nonce)
    served.check_pages()
