"""A finished game's pages over real HTTP, for games played to their end over real SMTP: the page says the game is
over and how, names and links only phases that were played (never the one after the end), shows the final board
(the end mail's picture, never a board drawn before the end) and the last phase played beside the end; the
list of games and the pictures agree. After every game: no address or password on any page."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from tests.web.conftest import POWERS

SVG = "{http://www.w3.org/2000/svg}"


def title_band(svg: bytes) -> str:
    """The words of a picture's title band (its title and, at its right, the subtitle)."""
    band = ET.fromstring(svg).find(f".//{SVG}g[@id='title']")
    return " ".join("".join(band.itertext()).replace("\u00b7", " ").split())     # (the game's name, a dot, ...)


def facts(html: str) -> dict[str, str]:
    """The game page's facts line: {'Result': 'Russia has won alone', ...}."""
    block = html.split('<div class="facts">')[1].split("</div>")[0]
    return {k: " ".join(re.sub(r"<[^>]+>", "", v).split())
            for k, v in re.findall(r"<b>([^<]+)</b>(.*?)</span>", block, re.DOTALL)}


def phase_links(html: str, game: str) -> set[str]:
    return set(re.findall(rf'href="/games/{game}/phases/([^"/]+)"', html))


@pytest.mark.parametrize("picture", ["png", "none"])
def test_the_page_of_a_game_won_names_the_phase_that_ended_it_never_the_next(served, picture):
    """map_picture=none: processing kept only what the last phase's picture is drawn from; drawn on request."""
    served.russia_wins("solo", f"SET RULE map_picture={picture}")
    v = served.visitor()
    page = v.get("/games/solo")
    assert page.status == 200
    shown = facts(page.text)
    # Over: how and when, no phase to play and no deadline.
    assert shown["Result"] == "Russia has won alone" and shown["Ended"] == "after Fall 1901 Movement", shown
    assert "Deadline" not in shown and "Phase" not in shown, shown
    # Only the phases played are named and linked; Winter 1901 came after the end and was never played.
    assert "W1901A" not in page.text and "Winter 1901" not in page.text
    assert phase_links(page.text, "solo") == {"S1901M", "F1901M"}
    for phase in phase_links(page.text, "solo"):
        assert v.get(f"/games/solo/phases/{phase}").status == 200
    assert v.get("/games/solo/phases/W1901A").status == 404
    assert re.search(r'The last phase played:\s*<a href="/games/solo/phases/F1901M">F1901M</a>', page.text)
    assert "Latest results" not in page.text
    # The final board: the end mail's picture, titled with the end, not with the phase after it.
    assert '<h2>The final board</h2>' in page.text
    board = v.get("/games/solo/map.svg")
    assert board.status == 200
    band = title_band(board.body)
    assert "The game is over after Fall 1901 Movement" in band and "Russia has won alone" in band, band
    assert "Winter" not in band
    # Beside the end, the last phase played: its orders and what became of them; it announces no next phase.
    assert '<img src="/games/solo/phases/F1901M/map.svg"' in page.text
    last = v.get("/games/solo/phases/F1901M/map.svg")
    assert last.status == 200
    band = title_band(last.body)
    assert "Fall 1901 Movement: orders and results" in band and "the game is over: Russia has won alone" in band
    assert "next:" not in band and "Winter" not in band, band
    assert v.get("/games/solo/map.png").body.startswith(b"\x89PNG")
    # The list of games: finished, with its result.
    index = v.get("/").text
    assert re.search(r'<a href="/games/solo">solo</a></td>\s*<td>Standard</td>\s*<td>Russia has won alone</td>',
                     index.split("<h2>Finished</h2>")[1])
    served.check_pages()


def test_a_game_ended_during_a_phase_links_the_last_phase_played(served):
    """A draw voted in Fall 1901, after Spring 1901 was processed: the page says the Fall was never played and
    links the Spring; the board drawn while the game ran is not the one shown once it ended."""
    served.start_game("vote")
    served.orders("vote", "MASTER", "PROCESS!")
    v = served.visitor()
    running = v.get("/games/vote/map.svg")
    assert title_band(running.body).startswith("vote Fall 1901 Movement")            # (drawn, and kept)
    for power in POWERS:
        served.orders("vote", power, "VOTE DRAW")
    assert served.daemon.judge.store.load("vote").result["kind"] == "draw"
    page = v.get("/games/vote")
    shown = facts(page.text)
    assert shown["Ended"] == "during Fall 1901 Movement, before its orders were processed", shown
    assert shown["Result"].startswith("a draw between Austria, England") and "Deadline" not in shown
    assert phase_links(page.text, "vote") == {"S1901M"}
    assert re.search(r'The last phase played:\s*<a href="/games/vote/phases/S1901M">S1901M</a>', page.text)
    # The same position as before the vote, but the final board: titled with the end.
    band = title_band(v.get("/games/vote/map.svg").body)
    assert band.startswith("vote The game is over in Fall 1901 Movement") and "a draw between" in band, band
    served.check_pages()


def test_a_game_terminated_before_any_phase_was_played(served):
    served.start_game("short")
    served.orders("short", "MASTER", "TERMINATE")
    v = served.visitor()
    page = v.get("/games/short")
    assert page.status == 200
    shown = facts(page.text)
    assert shown["Result"] == "terminated by the master"
    assert shown["Ended"] == "during Spring 1901 Movement, before its orders were processed", shown
    assert phase_links(page.text, "short") == set() and "The last phase played" not in page.text
    band = title_band(v.get("/games/short/map.svg").body)
    assert band == "short The game is over in Spring 1901 Movement terminated by the master", band
    served.check_pages()


def seat(html: str, power: str) -> str:
    """The seat column of a power's row in the game page's table of players."""
    table = html.split('<table class="players">')[1].split("</table>")[0]
    m = re.search(rf"<tr><td>{power}</td><td>([^<]*)</td>", table)
    assert m, f"no row for {power}"
    return m.group(1)


def test_a_finished_game_offers_no_seat_for_takeover(served):
    """Italy resigned, then the master ended the game: TAKEOVER is refused now, so the page must not offer the seat
    (it did, while the game ran, and says only that it is empty once the game is over)."""
    served.start_game("left")
    served.orders("left", "ITALY", "RESIGN")
    v = served.visitor()
    assert seat(v.get("/games/left").text, "Italy") == "open for takeover"
    served.orders("left", "MASTER", "TERMINATE")
    page = v.get("/games/left")
    assert page.status == 200 and "open for takeover" not in page.text
    assert seat(page.text, "Italy") == "vacant" and seat(page.text, "France") == "playing"
    # What the page no longer offers, the judge refuses by mail.
    served.mail("newcomer@example.org", "TAKEOVER Ileft new-pw")
    [reply] = served.relay.to("newcomer@example.org")
    # (said as every refusal of a finished game: with how it ended)
    assert "GAME left IS OVER (TERMINATED BY THE MASTER): NOTHING TO TAKE OVER" in " ".join(reply.get_content().split())
    served.check_pages()
