"""A phase typed by hand in another case (`s1901m`), over real HTTP to the daemon: the spec names a phase's path as
the results name it (`S1901M`), and mail takes phases in any case, so the page answers a permanent redirect (301)
to that spelling, the rest of the path and the query kept. A phase not yet processed, and any phase of a private
game the visitor may not see, stay the 404 of the spec whatever their case (no redirect tells a private game's
phases)."""
from __future__ import annotations


def test_a_phase_in_another_case_is_redirected_to_the_results_spelling(served):
    served.start_game("demo")
    served.start_game("hidden", "SET PRIVATE hush-hush", game_password="hush-hush")
    served.secrets.add("hush-hush")
    for game in ("demo", "hidden"):
        served.orders(game, "MASTER", "PROCESS!")
    v = served.visitor()
    for typed in ("s1901m", "S1901m", "s1901M"):
        for rest in ("", "/map.svg", "/map.png"):
            r = v.get(f"/games/demo/phases/{typed}{rest}")
            assert (r.status, r.headers["Location"]) == (301, f"/games/demo/phases/S1901M{rest}"), (typed, rest)
    r = v.get("/games/demo/phases/s1901m/map.svg?size=2")
    assert r.headers["Location"] == "/games/demo/phases/S1901M/map.svg?size=2"
    page = v.get(r.headers["Location"])
    assert page.status == 200 and page.headers["Content-Type"].startswith("image/svg+xml")
    assert v.get("/games/demo/phases/S1901M").status == 200                 # the spec's spelling: served as is
    # not processed yet, in any case: 404, no redirect
    for typed in ("f1901m", "F1901M", "w1901a"):
        r = v.get(f"/games/demo/phases/{typed}")
        assert r.status == 404 and "Location" not in r.headers, typed
    # a private game's phase, without its password: the 404 of any unknown page, in any case
    for typed in ("s1901m", "S1901M"):
        r = v.get(f"/games/hidden/phases/{typed}")
        assert r.status == 404 and "Location" not in r.headers, typed
    served.check_pages()
