"""POST /games/<game>/signon without a valid CSRF token (shared/spec/judge-web.md): for a game anyone may see, 403 and
nothing done; for an unknown game, or a private one the visitor has not opened with its game password, 404, as every
other path of such a game answers (a 403 there told a stranger nothing was wrong with the name but the form)."""
from __future__ import annotations

from judge.web.session import COOKIE
from tests.web.conftest import password


def test_a_signon_without_its_token_is_not_found_for_an_unknown_or_private_game_and_forbidden_for_a_public_one(served):
    served.start_game("demo")
    served.start_game("secret", "SET PRIVATE hush-hush", game_password="hush-hush")
    served.secrets.add("hush-hush")
    stranger = served.visitor()
    tries = ({}, {"csrf": "forged", "power": "F", "password": password("FRANCE")},
             {"csrf": "forged", "game_password": "hush-hush"})
    for game in ("nosuch", "secret"):
        for form in tries:
            page = stranger.post(f"/games/{game}/signon", form)
            assert page.status == 404, (game, form, page.status)
            assert COOKIE not in stranger.cookies
    for form in tries[:2]:
        page = stranger.post("/games/demo/signon", form)
        assert page.status == 403 and "nothing was done" in page.text
        assert COOKIE not in stranger.cookies
    # the form itself still signs on (its token is the one the browser holds)
    assert stranger.signon("secret", "F", password("FRANCE")).status == 303
    served.check_pages()
