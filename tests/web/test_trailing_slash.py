"""A path of shared/spec/judge-web.md typed or linked with a trailing slash (`/games/demo/`, as many sites and
bookmarks write them): a permanent redirect to the path itself, its query kept, for GET and HEAD (it answered 404 "no
such page", the game there all along). Only the shape of the path decides, never the game: an unknown and a private
game's are sent on alike and answer their 404 there. A path that is no page, and a POST, still answer 404."""
from __future__ import annotations

from tests.web.conftest import password


def test_a_trailing_slash_is_sent_on_to_the_page_itself(served):
    served.start_game("demo")
    served.start_game("secret", "SET PRIVATE hush-hush", game_password="hush-hush")
    served.secrets.add("hush-hush")
    served.orders("demo", "MASTER", "PROCESS!")
    v = served.visitor()
    for path in ("/games/demo", "/games/demo/map.svg", "/games/demo/state.json", "/games/demo/results.txt",
                 "/games/demo/phases/S1901M", "/games/demo/phases/S1901M/map.png", "/games/demo/signon",
                 "/games/demo/orders", "/games/nosuch", "/games/secret", "/games/secret/state.json"):
        for method in ("GET", "HEAD"):
            page = v.request(method, path + "/")
            assert page.status == 301 and page.headers["Location"] == path, (method, path, page.status)
    assert v.get("/games/demo/state.json//?at=now").headers["Location"] == "/games/demo/state.json?at=now"
    assert v.get("/games/demo/").headers["Content-Security-Policy"]          # (every answer's headers)
    for path in ("/games/demo/nothing/", "/games/demo/phases/S1901M/map.gif/", "/games/", "/static/"):
        assert v.get(path).status == 404, path
    assert v.get("/games/demo/phases/F1901M/").headers["Location"] == "/games/demo/phases/F1901M"
    assert v.get("/games/demo/phases/F1901M").status == 404                   # (not processed: its 404 there)
    assert v.get("/games/secret").status == v.get("/games/nosuch").status == 404
    # A form is never posted to such a path by a page: still no page, and nothing done.
    assert v.signon("demo", "F", password("FRANCE")).status == 303
    form = v.get("/games/demo/orders")
    sent = v.post("/games/demo/orders/", {"csrf": form.field("csrf"), "nonce": form.field("nonce"),
                                          "lines": "A PAR - BUR"})
    assert sent.status == 404
    served.check_pages()
