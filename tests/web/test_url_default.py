"""judge-web.md: `[web] url` defaults to `http://<host>:<port>` and is written into mails (DPjudge's `:: URL:` header
line). Through the real `judge serve` with no [web] host, port or url in its config.ini (the defaults, 127.0.0.1 and
8080): the results mail's third header line is the game's page at that address."""
from __future__ import annotations

import time

from tests.web.serve_process import delivered, mail_reply, started_game


def test_results_mails_link_the_game_page_at_the_default_address(tmp_path):
    with started_game(tmp_path) as (smtp, _):
        mail_reply(tmp_path, smtp, "gm@example.org", "SIGNON Mdemo gm-pass\nPROCESS!")
        end = time.monotonic() + 60
        while not (results := [text for text in (m.get_body(("plain",)).get_content() for m in delivered(tmp_path))
                                if "Movement results for Spring of 1901" in text]):
            assert time.monotonic() < end, "no results mail"
            time.sleep(0.05)
        for text in results:
            assert text.split("\n")[:4] == [":: Judge: JUDGE  Game: demo  Variant: standard", text.split("\n")[1],
                                            ":: URL: http://127.0.0.1:8080/games/demo", ""], text[:300]


def test_the_starting_mail_links_the_game_page_as_the_results_do(tmp_path):
    # The first mail every player keeps, "Diplomacy game demo starting", had no `:: URL:` line: the game's page was
    # first named by the Spring results, days later.
    with started_game(tmp_path) as _:
        end = time.monotonic() + 60
        while not (starts := [m for m in delivered(tmp_path) if str(m["Subject"]) == "Diplomacy game demo starting"]):
            assert time.monotonic() < end, "no starting mail"
            time.sleep(0.05)
        for m in starts:
            text = m.get_body(("plain",)).get_content()
            assert text.split("\n")[:5] == [":: Judge: JUDGE  Game: demo  Variant: standard", text.split("\n")[1],
                                            ":: URL: http://127.0.0.1:8080/games/demo", "",
                                            "Starting position for Spring of 1901.  (demo.S1901M)"], text[:300]
