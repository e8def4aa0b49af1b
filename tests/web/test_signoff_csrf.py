"""POST /games/<game>/signoff without a valid CSRF token changes nothing (shared/spec/judge-web.md: 403), also when
the browser sends no session cookie: that is what another site's form gets, since the SameSite=Strict cookie stays
behind on such a request. Answering it with a cookie that deletes the session signed the player off from anywhere."""
from __future__ import annotations

from judge.web.session import COOKIE
from tests.web.conftest import password


def _cookies_set(page) -> list[str]:
    return [c for c in page.headers.get_all("Set-Cookie") or [] if c.startswith(COOKIE + "=")]


def test_a_signoff_from_another_site_is_refused_and_leaves_the_browser_signed_on(served):
    served.start_game("demo")
    player = served.visitor()
    assert player.signon("demo", "F", password("FRANCE")).status == 303
    held = player.cookies[COOKIE]
    # Another site's auto-submitted form: the player's browser, but without the Strict cookie and without a token.
    for form in ({}, {"csrf": "forged"}):
        cross_site = served.visitor()
        refused = cross_site.post("/games/demo/signoff", form)
        assert refused.status == 403, refused.status
        assert _cookies_set(refused) == []                  # nothing for the browser to drop
        assert "nothing was done" in refused.text
    assert player.cookies[COOKIE] == held and player.get("/games/demo/orders").status == 200
    served.check_pages()


def test_a_signoff_with_a_token_still_ends_the_session(served):
    served.start_game("demo")
    player = served.visitor()
    player.signon("demo", "F", password("FRANCE"))
    page = player.get("/games/demo/orders")
    ended = player.post("/games/demo/signoff", {"csrf": page.field("csrf")})
    assert ended.status == 303 and ended.headers["Location"] == "/games/demo"
    assert any("Max-Age=0" in c for c in _cookies_set(ended))
    assert player.get("/games/demo/orders").status == 303             # to the sign-on form again


def test_a_signoff_for_an_unknown_or_private_game_without_a_session_is_not_found_as_its_other_paths_are(served):
    """shared/spec/judge-web.md: an unknown game and a private game without its game password answer 404 on every
    path; sign-off said 403 "not signed on", which told a stranger that the private game exists."""
    served.start_game("demo")
    served.start_game("secret", "SET PRIVATE hush-hush", game_password="hush-hush")
    stranger = served.visitor()
    for game in ("nosuch", "secret"):
        assert stranger.get(f"/games/{game}").status == 404
        for form in ({}, {"csrf": "forged"}):
            page = stranger.post(f"/games/{game}/signoff", form)
            assert page.status == 404, (game, form, page.status)
            assert _cookies_set(page) == []
            assert "secret" not in page.text.lower().replace("/games/secret", "")
    # A public game without a session: still the 403 that says nothing was done.
    assert stranger.post("/games/demo/signoff", {}).status == 403
    served.check_pages()
