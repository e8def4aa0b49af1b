"""Which pages a cache may keep, over real HTTP: a private game's (behind its game password or a sign-on) and any
page drawn for one session are `private, no-store`; a public game's pages for anyone stay cacheable."""
from __future__ import annotations

from tests.web.conftest import password
from tests.web.test_paths import SPRING, orders_by_mail

PERSONAL = "private, no-store"


def paths(game: str) -> list[str]:
    return [f"/games/{game}", f"/games/{game}/state.json", f"/games/{game}/results.txt",
            f"/games/{game}/map.svg", f"/games/{game}/map.png", f"/games/{game}/phases/S1901M",
            f"/games/{game}/phases/S1901M/map.svg", f"/games/{game}/phases/S1901M/map.png"]


def test_a_private_games_pages_are_kept_by_no_cache(served):
    # (map_picture none: the phase pictures are drawn on request, not sent from a file)
    served.start_game("secret", "SET PRIVATE hush-hush", "SET RULE map_picture=none", game_password="hush-hush")
    served.secrets.add("hush-hush")
    orders_by_mail(served, "secret", SPRING)
    reader, player = served.visitor(), served.visitor()
    form = reader.get("/games/secret/signon")
    assert reader.post("/games/secret/signon", {"csrf": form.field("csrf"), "game_password": "hush-hush"}).status \
        == 303
    assert player.signon("secret", "E", password("ENGLAND")).status == 303
    for v in (reader, player):
        for path in paths("secret") * 2:                  # drawn on the first request, then sent from the file
            r = v.get(path)
            assert r.status == 200 and r.headers["Cache-Control"] == PERSONAL, (path, r.status, r.headers)
    etag = player.get("/games/secret/phases/S1901M/map.png").headers["ETag"]
    again = player.request("GET", "/games/secret/phases/S1901M/map.png", headers={"If-None-Match": etag})
    assert again.status == 304 and again.headers["Cache-Control"] == PERSONAL
    assert player.get("/games/secret/orders").headers["Cache-Control"] == PERSONAL
    served.check_pages()


def test_a_public_games_pages_stay_cacheable_but_not_a_page_drawn_for_a_session(served):
    served.start_game("demo")
    orders_by_mail(served, "demo", SPRING)
    anyone, player = served.visitor(), served.visitor()
    for path in paths("demo") * 2:
        r = anyone.get(path)
        assert r.status == 200 and r.headers["Cache-Control"] == "no-cache", (path, r.headers)
    player.signon("demo", "F", password("FRANCE"))
    assert player.get("/games/demo").headers["Cache-Control"] == PERSONAL       # it names the player's power
    assert player.get("/games/demo/orders").headers["Cache-Control"] == PERSONAL
    assert anyone.get("/games/demo").headers["Cache-Control"] == "no-cache"
    assert player.get("/games/demo/signon").headers["Cache-Control"] == PERSONAL
    served.check_pages()


def test_a_visitor_is_told_where_to_mail_to_join_take_over_or_observe(tmp_path):
    # The list said "Join one by mail" and no page named the judge's address: a visitor had nowhere to send JOIN.
    from tests.web.conftest import Served
    served = Served(tmp_path, judge_address="judge@example.org", smtp_recipients=["judge@localhost"])
    try:
        served.mail("gm@example.org", "CREATE forming gm-pass")
        served.mail("gm@example.org", "CREATE hidden gm-pass\nSET PRIVATE hush")
        served.start_game("demo")
        served.orders("demo", "ITALY", "RESIGN")
        served.secrets.add("hush")
        v = served.visitor()
        assert "Join one by mail to <code>judge@example.org</code>" in v.get("/").text
        forming = v.get("/games/forming").text
        assert "By mail to <code>judge@example.org</code>" in forming
        assert "<code>JOIN forming &lt;your password&gt; [power letters]</code>" in forming
        assert "<code>OBSERVE forming</code>" in forming and "<code>TAKEOVER" not in forming
        running = v.get("/games/demo").text
        assert "take over an open power (Italy) with <code>TAKEOVER &lt;power\nletter&gt;demo &lt;your password&gt;" \
            "</code>" in running and "JOIN demo" not in running and "<code>OBSERVE demo</code>" in running
        form = v.get("/games/hidden/signon")
        v.post("/games/hidden/signon", {"csrf": form.field("csrf"), "game_password": "hush"})
        hidden = v.get("/games/hidden").text
        assert "<code>JOIN hidden &lt;your password&gt; [power letters] &lt;game password&gt;</code>" in hidden
        assert "<code>OBSERVE hidden &lt;game password&gt;</code>" in hidden
        # DPjudge's results-only follower, with no sign-on: the page tells the command, and counts them, no more.
        assert "<code>MONITOR hidden &lt;game password&gt;</code>" in hidden
        served.mail("site@example.org", "MONITOR demo")
        served.mail("watcher@example.org", "OBSERVE demo")
        assert "Players are never named here; 1 observer; 1 monitor." in v.get("/games/demo").text
        served.orders("demo", "MASTER", "TERMINATE")
        assert "By mail to" not in v.get("/games/demo").text           # a finished game takes nobody in
        served.check_pages()
    finally:
        served.stop()
