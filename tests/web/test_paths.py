"""Every path of shared/spec/judge-web.md over real HTTP, against the pages `judge serve`'s daemon serves while a game
is played over real SMTP: status codes, types, headers, and after every step no address, password or hash on any
page a visitor was shown."""
from __future__ import annotations

import json
import re

from tests.web.conftest import GM, address, password

SPRING = {"AUSTRIA": "A VIE - GAL", "ENGLAND": "F LON - NTH", "FRANCE": "A PAR - BUR", "GERMANY": "A MUN - RUH",
          "ITALY": "A VEN - TYR", "RUSSIA": "A WAR - GAL", "TURKEY": "A CON - BUL"}


def orders_by_mail(served, game: str, orders: dict[str, str]) -> None:
    for power, order in orders.items():
        served.mail(address(power), f"SIGNON {power[0]}{game} {password(power)}\n{order}")
    served.tick(seconds=1)          # with EARLY 0 the phase is processed once the last orders are in


def test_every_path_of_a_game_played_by_mail(served):
    v = served.visitor()
    served.mail(GM, "CREATE forming gm-pass")
    served.mail(address("FRANCE"), "JOIN forming pw-x F")
    served.start_game("demo")

    index = v.get("/")
    assert index.status == 200 and index.headers["Content-Type"] == "text/html; charset=utf-8"
    assert 'href="/games/demo"' in index.text and 'href="/games/forming"' in index.text
    assert "1 of 7 joined" in index.text
    served.check_pages()

    # A game not started: its page, no board, no position yet.
    forming = v.get("/games/forming")
    assert forming.status == 200 and "has not started" in forming.text
    assert v.get("/games/forming/map.svg").status == 404
    assert v.get("/games/forming/state.json").status == 404
    served.check_pages()

    page = v.get("/games/demo")
    assert page.status == 200
    for words in ("Spring 1901 Movement", "Standard", "the game's time zone: UTC", 'src="/games/demo/map.svg"',
                  "Supply centres", "convoy_paradox", "first player (S1901M to now)",
                  "Tap or click the board to see it at full size"):     # (on a phone it is small: say it enlarges)
        assert words in page.text, words
    assert 'id="board"' in page.text
    svg = v.get("/games/demo/map.svg")
    assert svg.status == 200 and svg.headers["Content-Type"] == "image/svg+xml"
    assert svg.body.startswith(b"<svg") or b"<svg" in svg.body[:200]
    assert b'id="unit-PAR"' in svg.body or b"PAR" in svg.body
    png = v.get("/games/demo/map.png")
    assert png.status == 200 and png.headers["Content-Type"] == "image/png" and png.body[:8] == b"\x89PNG\r\n\x1a\n"
    state = v.get("/games/demo/state.json")
    assert state.status == 200 and state.headers["Content-Type"].startswith("application/json")
    doc = json.loads(state.body)
    assert doc["variant"] == "standard" and doc["phase"] == "S1901M" and "PAR" in json.dumps(doc["units"])
    assert v.get("/games/demo/phases/S1901M").status == 404             # not processed yet
    assert v.get("/games/demo/phases/S1901M/map.svg").status == 404
    served.check_pages()

    # Spring is played by mail; the board as it stands is never the orders before they are processed.
    for power, order in list(SPRING.items())[:-1]:
        served.mail(address(power), f"SIGNON {power[0]}demo {password(power)}\n{order}")
    assert v.get("/games/demo/map.svg").body == svg.body                 # orders in, nothing processed
    served.check_pages()
    orders_by_mail(served, "demo", {"TURKEY": SPRING["TURKEY"]})
    page = v.get("/games/demo")
    assert "Fall 1901 Movement" in page.text and 'href="/games/demo/phases/S1901M"' in page.text
    # the latest results, escaped (each arrow in a span kept whole on a phone)
    assert 'Austria: Army Vienna <span class="arrow">-&gt;</span> Galicia.  (*bounce*)' in page.text
    moved = v.get("/games/demo/map.svg")
    assert moved.status == 200 and moved.body != svg.body
    phase = v.get("/games/demo/phases/S1901M")
    assert phase.status == 200 and 'France: Army Paris <span class="arrow">-&gt;</span> Burgundy.' in phase.text
    assert 'src="/games/demo/phases/S1901M/map.svg"' in phase.text
    for kind, magic in (("svg", b"<svg"), ("png", b"\x89PNG")):
        pic = v.get(f"/games/demo/phases/S1901M/map.{kind}")
        assert pic.status == 200 and magic in pic.body[:300]
    # The phase's picture is the one the results mail carried, kept with the game (not drawn again).
    mail = [m for m in served.relay.to(address("ITALY")) if "results demo S1901M" in str(m["Subject"])][0]
    attached = [p for p in mail.iter_attachments()][0].get_content()
    assert v.get("/games/demo/phases/S1901M/map.png").body == attached
    assert v.get("/games/demo/phases/F1901M").status == 404
    assert v.get("/games/demo/phases/nonsense").status == 404
    results = v.get("/games/demo/results.txt")
    assert results.status == 200 and results.headers["Content-Type"] == "text/plain; charset=utf-8"
    assert "Movement results for Spring of 1901.  (demo.S1901M)" in results.text
    served.mail("archivist@example.org", "HISTORY demo")              # as HISTORY mails them
    history = served.relay.to("archivist@example.org")[-1].get_content().replace("\r\n", "\n")   # as SMTP carried it
    assert results.text.strip() in history
    served.check_pages()

    # Fall: everyone holds; the winter adjustments and the next spring give more phases to page through.
    orders_by_mail(served, "demo", {"AUSTRIA": "A BUD H", "ENGLAND": "A LVP H", "FRANCE": "F BRE H",
                                    "GERMANY": "A BER H", "ITALY": "F NAP H", "RUSSIA": "A MOS H",
                                    "TURKEY": "A BUL - GRE"})
    page = v.get("/games/demo")
    listed = page.text[page.text.index('<ol class="phases">'):]
    phases = re.findall(r'href="/games/demo/phases/(\w+)"', listed[:listed.index("</ol>")])
    assert phases[:2] == ["S1901M", "F1901M"]
    fall = v.get("/games/demo/phases/F1901M")
    assert 'rel="prev" href="/games/demo/phases/S1901M"' in fall.text
    assert 'rel="prev"' not in v.get("/games/demo/phases/S1901M").text
    assert "1901" in page.text and "<svg" in page.text and "Turkey 4" in page.text   # the chart after a year
    served.check_pages()

    # Unknown games, unknown pages, wrong methods.
    for path in ("/games/nosuch", "/games/nosuch/map.svg", "/games/nosuch/state.json", "/games/nosuch/results.txt",
                 "/games/nosuch/phases/S1901M", "/games/Bad..Name", "/nothing"):
        assert v.get(path).status == 404, path
    for method, path in (("POST", "/games/demo"), ("POST", "/"), ("DELETE", "/games/demo/orders"),
                         ("PUT", "/games/demo/signon"), ("GET", "/games/demo/signoff"), ("POST", "/games/demo/map.svg")):
        r = v.request(method, path)
        assert r.status == 405, (method, path, r.status)
        assert "Allow" in r.headers
    served.check_pages()


def test_headers_on_every_answer(served):
    served.start_game("demo")
    v = served.visitor()
    for path in ("/", "/games/demo", "/games/nosuch", "/games/demo/map.svg", "/games/demo/state.json"):
        r = v.get(path)
        assert "default-src 'none'" in r.headers["Content-Security-Policy"], path
        assert r.headers["X-Content-Type-Options"] == "nosniff"
        assert "script-src 'self'" in r.headers["Content-Security-Policy"] or path.endswith(".svg")
    # A picture opened on its own keeps its own styles, and no script.
    svg = v.get("/games/demo/map.svg").headers["Content-Security-Policy"]
    assert "style-src 'unsafe-inline'" in svg and "script" not in svg
    served.check_pages()


def test_a_head_of_every_page_answers_as_its_get(served):
    """RFC 9110 (9.3.2): HEAD is GET without the body; a server that answers GET must answer HEAD alike. The sign-on
    and orders pages answered it 405 ("wrong method", while their Allow header named GET), the other pages 200: a link
    checker or a crawler's HEAD saw a page that works for a browser as one that does not."""
    served.start_game("demo")
    v = served.visitor()
    paths = ["/", "/games/demo", "/games/demo/state.json", "/games/demo/results.txt", "/games/demo/signon",
             "/games/demo/orders", "/games/nosuch/signon", "/games/nosuch/orders"]
    for path in paths:
        got, head = v.get(path), v.request("HEAD", path)
        assert (head.status, head.body) == (got.status, b""), (path, got.status, head.status)
    assert v.signon("demo", "F", password("FRANCE")).status == 303
    got, head = v.get("/games/demo/orders"), v.request("HEAD", "/games/demo/orders")
    assert (got.status, head.status, head.body) == (200, 200, b"")
    served.check_pages()
