"""Paths as real clients and probes send them (shared/spec/judge-web.md: an unknown game 404, keep the paths exactly):
a game's name percent-encoded is that game; `..` (plain or encoded), NUL, bytes that are not UTF-8, an encoded slash,
an overlong name or phase: 404, never another game's or a file's content; a query string changes no page. HEAD of an
unknown or private game's page: 404 as its GET."""
from __future__ import annotations

import json


def test_odd_paths_find_nothing_but_their_own_page(served):
    served.start_game("demo")
    served.start_game("secret", "SET PRIVATE hush-hush", game_password="hush-hush")
    served.secrets.add("hush-hush")
    served.orders("demo", "MASTER", "PROCESS!")
    v = served.visitor()
    page = v.get("/games/demo")
    assert v.get("/games/%64%65%6D%6F").body == page.body                # "demo", every letter encoded
    assert v.get("/games/demo/phases/%53%31%39%30%31%4D").status == 200  # "S1901M"
    assert v.get("/games/demo?x=%ff&y=..%2f..%2fsecret").body == page.body
    assert json.loads(v.get("/games/demo/state.json?variant=chaos").body)["variant"] == "standard"
    for path in ("/games/..", "/games/%2e%2e", "/games/demo/../secret", "/games/demo/%2e%2e/secret/state.json",
                 "/games/..%2fsecret", "/games/demo%2fstate.json", "/games/%00", "/games/demo%00", "/games/%ff",
                 "/games/d%C3%A9mo", "/games/" + "d" * 300, "/games/demo/phases/..%2f..%2fsecret",
                 "/games/demo/phases/S1901M%00", "/games/demo/phases/%ff", "/games/demo/phases/" + "S" * 3000,
                 "/games/demo/phases/..", "/games/demo/phases/S1901M/..%2f..%2fmap.svg", "/static/..%2fjudge.css",
                 "/static/%2e%2e/web/judge.css", "/games/secret/phases/S1901M", "/games/%73ecret"):
        got = v.get(path)
        assert got.status == 404, (path, got.status)
        assert b"<svg" not in got.body[:300] and b'"units"' not in got.body, path
    for path in ("/games/nosuch", "/games/secret", "/games/secret/phases/S1901M/map.png"):
        head = v.request("HEAD", path)
        assert (head.status, head.body) == (404, b""), path
    served.check_pages()
