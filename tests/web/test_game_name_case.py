"""A game's name in capitals in a path (`/games/Demo`), over real HTTP to the daemon `judge serve` runs: names are
lower case, and mail takes them in any case, so every /games/<game>/... path answers a permanent redirect to its
lower-case spelling (RFC 9110: 301 for GET, whose method a client may change; RFC 9110/7538: 308 for POST, which
keeps it a POST with its body). A game nobody may see without a password (private) or none at all gets the 404 any
unknown game gets: the redirect would tell that a private game exists."""
from __future__ import annotations

from tests.e2e.conftest import game_files
from tests.web.conftest import password

GET_PATHS = ["", "/map.svg", "/map.png", "/state.json", "/results.txt", "/phases/S1901M", "/phases/S1901M/map.svg",
             "/phases/S1901M/map.png", "/signon", "/orders"]
POST_PATHS = ["/signon", "/orders", "/signoff"]


def test_a_game_named_in_capitals_is_redirected_to_its_lower_case_path(served):
    served.start_game("demo")
    served.start_game("hidden", "SET PRIVATE hush-hush", game_password="hush-hush")
    served.secrets.add("hush-hush")
    v = served.visitor()
    for spelt in ("Demo", "DEMO", "dEmO"):
        for rest in GET_PATHS:
            r = v.get(f"/games/{spelt}{rest}")
            assert (r.status, r.headers["Location"]) == (301, f"/games/demo{rest}"), (spelt, rest)
        for rest in POST_PATHS:
            r = v.post(f"/games/{spelt}{rest}", {"csrf": "x"})
            assert (r.status, r.headers["Location"]) == (308, f"/games/demo{rest}"), (spelt, rest)
    # The rest of the path and the query are kept as sent; a name sent percent-encoded is the same name.
    r = v.get("/games/DEMO/phases/S1901M/map.svg?size=2&x=%20")
    assert r.headers["Location"] == "/games/demo/phases/S1901M/map.svg?size=2&x=%20"
    assert v.get("/games/%44emo").headers["Location"] == "/games/demo"
    # A wrong method stays a wrong method.
    assert v.request("PUT", "/games/Demo").status == 405

    # A POST followed to where it was sent, with its body, signs on there.
    files = game_files(served.settings.games_dir)
    form = v.get("/games/demo/signon")
    fields = {"csrf": form.field("csrf"), "power": "F", "password": password("FRANCE")}
    moved = v.post("/games/Demo/signon", fields)
    assert moved.status == 308 and "judge_session" not in v.cookies        # nothing done at the first address
    done = v.post(moved.headers["Location"], fields)
    assert (done.status, done.headers["Location"]) == (303, "/games/demo/orders")
    served.settle()
    assert game_files(served.settings.games_dir) == files

    # An unknown game and a private one answer alike, whatever the case: nothing tells the private one exists.
    stranger = served.visitor()
    for rest in GET_PATHS:
        unknown, private = stranger.get(f"/games/Nosuch{rest}"), stranger.get(f"/games/Hidden{rest}")
        assert unknown.status == private.status == 404, rest
        assert "Location" not in private.headers
        assert private.text.replace("Hidden", "?") == unknown.text.replace("Nosuch", "?"), rest
    for rest in POST_PATHS:
        unknown = stranger.post(f"/games/Nosuch{rest}", {"csrf": "x"})
        private = stranger.post(f"/games/Hidden{rest}", {"csrf": "x"})
        assert (unknown.status, "Location" in unknown.headers) == (private.status, False), rest
    assert stranger.get("/games/Nosuch").status == 404                   # (no game of that name in any case)
    served.check_pages()
