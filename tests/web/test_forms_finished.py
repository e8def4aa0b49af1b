"""The orders page of a finished game, over real HTTP for a game won over real SMTP: it offers the box for what the
game still takes from the one signed on (the reader's own rule, judge.commands.after_end), says which, and applies
it; what the game no longer takes is refused and changes nothing. No address or password on any page."""
from __future__ import annotations

import html
import re

from tests.e2e.conftest import game_files
from tests.web.conftest import password

# A line for each command a finished game may still take, as a player would write it (the master's and a power's).
SAMPLES = {"PRESS": "PRESS TO R\nWell played.\nENDPRESS", "BROADCAST": "BROADCAST\nThanks all.\nENDBROADCAST",
           "ARCHIVE": "ARCHIVE", "STATUS": "STATUS", "POSITION": "POSITION", "MAP": "MAP", "LIST": "LIST won",
           "SUMMARY": "SUMMARY won", "HISTORY": "HISTORY won", "SET PRIVATE": "SET PRIVATE look-pw",
           "SET PUBLIC": "SET PUBLIC", "SET PASSWORD": "SET PASSWORD fresh-pw", "ROLLBACK": "ROLLBACK F1901M",
           "REVEAL": "REVEAL",
           "OFFICIAL": "OFFICIAL The last word\nBROADCAST\nGood game.\nENDBROADCAST"}


def offered(page_text: str) -> list[str]:
    """The commands the page says the finished game still takes."""
    said = re.search(r'<p id="still">(.*?)</p>', page_text, re.DOTALL)
    assert said, "the page does not say what the game still takes"
    return [html.unescape(c) for c in re.findall(r"It still takes (.*?), each read", said.group(1), re.DOTALL)
            for c in re.findall(r"<code>([^<]+)</code>", c)]


def test_the_master_of_a_finished_game_gets_the_box_for_what_it_still_takes(served):
    served.russia_wins("won")
    served.secrets |= {"fresh-pw", "look-pw"}
    gm = served.visitor()
    assert gm.signon("won", "M", "gm-pass").status == 303
    page = gm.get("/games/won/orders")
    assert page.status == 200 and "nothing more can be sent" not in page.text
    assert '<textarea name="lines"' in page.text
    still = offered(page.text)
    assert {"SET PASSWORD", "SET PRIVATE", "SET PUBLIC", "PRESS", "BROADCAST", "STATUS"} <= set(still), still
    assert not {"SET DEADLINE", "PROCESS", "VOTE", "SET WAIT", "TERMINATE"} & set(still), still
    assert "ROLLBACK" in still                 # (the master may undo the end: tests/web/test_rollback_finished.py)
    assert set(still) <= set(SAMPLES), still
    # Everything offered is taken, in one form (the password last: a new one ends this sign-on, as it should; not
    # ROLLBACK, which would make the game run again).
    lines = [SAMPLES[c] for c in still if c not in ("SET PASSWORD", "ROLLBACK")] + [SAMPLES["SET PASSWORD"]]
    sent = gm.send("won", "\n".join(lines))
    assert sent.status == 200 and "NOT accepted" not in sent.text and "IS OVER" not in sent.text, sent.text
    game = served.daemon.judge.store.load("won")
    assert not game.private and game.over                       # (SET PRIVATE, then SET PUBLIC: both applied)
    served.settle()
    assert any("Thanks all." in m.get_content() for m in served.relay.to("france@example.org"))
    assert gm.signon("won", "M", "fresh-pw").status == 303      # the new password is the master's now
    # What the game no longer takes is refused, and nothing changes.
    files = game_files(served.settings.games_dir)
    refused = gm.send("won", "SET DEADLINE +2d")
    assert "IS OVER (RUSSIA HAS WON ALONE): NOTHING MORE TO CHANGE" in refused.text, refused.text
    served.settle()
    assert game_files(served.settings.games_dir) == files
    served.check_pages()


def test_a_player_of_a_finished_game_is_offered_what_a_player_still_may_send(served):
    served.russia_wins("won")
    served.secrets |= {"fresh-pw"}
    france = served.visitor()
    assert france.signon("won", "F", password("FRANCE")).status == 303
    page = france.get("/games/won/orders")
    still = offered(page.text)
    assert "SET PASSWORD" in still and "STATUS" in still, still
    assert not {"PRESS", "BROADCAST", "SET PRIVATE", "SET PUBLIC"} & set(still), still     # the master's alone
    files = game_files(served.settings.games_dir)
    refused = france.send("won", "PRESS TO R\nWell played.\nENDPRESS")
    assert "IS OVER (RUSSIA HAS WON ALONE): NO MORE PRESS" in refused.text, refused.text
    served.settle()
    assert game_files(served.settings.games_dir) == files
    assert "Password changed." in france.send("won", "SET PASSWORD fresh-pw").text
    served.check_pages()


def test_nothing_left_to_send_keeps_the_words_and_no_box(served, monkeypatch):
    """Should the rule leave a role nothing, its page says so and offers no box (it reads the same rule)."""
    from judge.commands import after_end
    served.russia_wins("won")
    france = served.visitor()
    assert france.signon("won", "F", password("FRANCE")).status == 303
    monkeypatch.setattr(after_end, "offered", lambda role: [])
    page = france.get("/games/won/orders")
    assert "The game is over: nothing more can be sent to it." in page.text and "<textarea" not in page.text
    served.check_pages()
