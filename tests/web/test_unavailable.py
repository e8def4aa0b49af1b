"""A game whose status file cannot be read, as a visitor meets it through `judge serve`'s pages: its page answers
503 saying the judge keeper has been told, and he is (at most once an hour, as the mail side tells him); the list of
games says it leaves a game out, without naming it (it may be a private one)."""
from __future__ import annotations

import logging

from tests.web.conftest import Served

KEEPER = "keeper@example.org"


def test_an_unreadable_games_page_tells_the_keeper_and_the_list_says_it_leaves_one_out(tmp_path, caplog):
    s = Served(tmp_path, judge_keeper=KEEPER)
    try:
        s.start_game("heart")
        s.start_game("other")
        status = tmp_path / "games" / "heart" / "status.json"
        good = status.read_bytes()
        status.write_bytes(b"{ not json")
        v = s.visitor()
        with caplog.at_level(logging.WARNING, logger="judge.keeper"):
            page = v.get("/games/heart")
            assert page.status == 503 and "the judge keeper has been told" in page.text
            s.settle()
            [notice] = s.relay.to(KEEPER)
            assert str(notice["Subject"]).endswith("game heart is unavailable")
            assert "not a valid status file" in notice.get_content()
            for path in ("/games/heart", "/", "/games/heart/results.txt", "/"):     # asked again and again
                assert v.get(path).status in (200, 503)
            listed = v.get("/")
            s.settle()
        assert listed.status == 200 and "/games/other" in listed.text and "/games/heart" not in listed.text
        assert "1 game cannot be read at the moment and is not listed; the judge keeper has been told" in \
            " ".join(listed.text.split())
        assert len(s.relay.to(KEEPER)) == 1                          # once an hour, not once a request
        assert len([r for r in caplog.records if "game heart is unavailable" in r.getMessage()]) == 1   # logged once
        status.write_bytes(good)
        assert v.get("/games/heart").status == 200 and "1 game cannot" not in v.get("/").text
        s.check_pages()
    finally:
        s.stop()
