"""A vacant power that is eliminated (no unit, no centre, no dislodged unit) has nothing to take over: LIST's
"OPEN:", the web index's "open:" and the "a power is open" notices leave it out, and TAKEOVER of it is refused with
a reply saying why (DPjudge's Power.resign offers no eliminated power either). Played by mail over real SMTP on our
own board tests/data/maps/sea_powers.map (five powers of one unit each, no centres at the start), pages over HTTP."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge import maps
from tests.web.conftest import GM, Served

MAPS = Path(__file__).resolve().parent.parent / "data" / "maps"
# letter -> (address, password); Albania's army, the one unit that can take no centre, is the one lost
PLAYERS = {"A": ("adr@example.org", "pw-adr"), "G": ("lyo@example.org", "pw-lyo"), "O": ("mao@example.org", "pw-mao"),
           "W": ("wes@example.org", "pw-wes"), "L": ("alb@example.org", "pw-alb")}
GONE = "ALBANIA"
NEWCOMER = "newcomer@example.org"
OBSERVER = "watcher@example.org"


@pytest.fixture
def served(tmp_path):
    variants = tmp_path / "variants"
    variants.mkdir()
    shutil.copy(MAPS / "sea_powers.map", variants / "sea_powers.map")
    s = Served(tmp_path, judge_variants_dir=str(variants))
    s.secrets |= {"gm-pass", "pw-new"} | {pw for _, pw in PLAYERS.values()}
    try:
        yield s
    finally:
        s.stop()
        maps.use_folder(None)


def mail(served: Served, letter: str, game: str, *lines: str) -> None:
    who, pw = PLAYERS[letter]
    served.mail(who, "\n".join([f"SIGNON {letter}{game} {pw}", *lines]))


def reply(served: Served, address: str) -> str:
    return served.relay.to(address)[-1].get_content()


def flat(text: str) -> str:
    """A mail's text with its lines joined (the judge wraps its replies)."""
    return " ".join(text.split())


def start(served: Served, game: str) -> None:
    served.mail(GM, f"CREATE {game} gm-pass sea_powers")
    served.mail_many([(who, f"JOIN {game} {pw} {letter}") for letter, (who, pw) in PLAYERS.items()])
    served.mail(OBSERVER, f"OBSERVE {game}")
    assert served.daemon.judge.store.load(game).status == "active"


def lose_albania(served: Served, game: str) -> None:
    """Fall 1900: four fleets take the four centres (nobody holds one at the start); Albania's army, whose one way
    leads to Venice, holds. In the winter a power without a centre loses its units: Albania has nothing left."""
    for letter, order in (("A", "F ADR - VEN"), ("G", "F LYO - SPA"), ("O", "F MAO - POR"), ("W", "F WES - TUN")):
        mail(served, letter, game, order)
    served.mail(GM, f"SIGNON M{game} gm-pass\nPROCESS!")       # (the winter asks no order: played at once)
    pos = served.daemon.judge.store.load(game).position
    assert str(pos.phase) == "S1901M" and pos.eliminated(GONE) and len(pos.units) == 4


def listed(served: Served, game: str) -> str:
    """The game's entry in LIST, as mailed (its one game: the paragraph of games in progress, wrapped lines joined)."""
    served.mail("reader@example.org", "LIST")
    text = reply(served, "reader@example.org").replace("\r\n", "\n")
    entry = flat(text.split("Games in progress or forming:\n", 1)[1].split("\n\n", 1)[0])
    assert entry.startswith(f"{game} active"), entry
    return entry


def indexed(served: Served, game: str) -> str:
    """The game's row on the web index."""
    page = served.visitor().get("/")
    assert page.status == 200
    return page.text[page.text.index(f'href="/games/{game}"'):].split("</tr>")[0]


def notices(served: Served, address: str, title: str) -> list[str]:
    return [m.get_content() for m in served.relay.to(address) if f"Diplomacy {title} (" in str(m["Subject"])]


def open_notices(served: Served, address: str) -> list[str]:
    return notices(served, address, "a power is open")


def refused_takeover(served: Served, game: str) -> str:
    served.mail(NEWCOMER, f"TAKEOVER L{game} pw-new")
    text = flat(reply(served, NEWCOMER))
    assert served.daemon.judge.store.load(game).player(GONE).address == ""
    return text


def test_a_power_eliminated_then_resigned_is_not_offered(served):
    start(served, "gone")
    lose_albania(served, "gone")
    mail(served, "L", "gone", "RESIGN")
    resigned = flat(reply(served, PLAYERS["L"][0]))
    assert "You have resigned Albania" in resigned
    assert "Albania is eliminated (no unit and no supply centre left): it is not offered for takeover." in resigned
    # Nobody is told it is open; the master alone hears of the resignation, and is not pointed to TAKEOVER.
    assert open_notices(served, OBSERVER) == [] and open_notices(served, PLAYERS["A"][0]) == []
    told = [flat(t) for t in notices(served, GM, "a power has left")]
    assert len(told) == 1 and "Albania in game gone has been resigned by its player" in told[0]
    assert "TAKEOVER" not in told[0] and "not offered for takeover" in told[0]
    assert "OPEN" not in listed(served, "gone")
    assert "open:" not in indexed(served, "gone")
    text = refused_takeover(served, "gone")
    assert f"{GONE} IS ELIMINATED (NO UNIT AND NO SUPPLY CENTRE LEFT): NOTHING TO TAKE OVER" in text
    # Nor may the master open it again.
    served.mail(GM, "SIGNON Mgone gm-pass\nREVIVE ALBANIA")
    assert "ALBANIA IS ELIMINATED (NO UNIT AND NO SUPPLY CENTRE LEFT): NOTHING TO TAKE OVER" in flat(reply(served, GM))
    assert open_notices(served, OBSERVER) == []
    # A power still on the board that resigns is offered as before (read by the same lines).
    mail(served, "W", "gone", "RESIGN")
    assert len(open_notices(served, OBSERVER)) == 1 and "TAKEOVER Wgone" in flat(open_notices(served, OBSERVER)[0])
    line = listed(served, "gone")
    assert "OPEN: " in line and "MEDITERRANEAN" in line and "ALBANIA" not in line
    row = indexed(served, "gone")
    assert "open: " in row and "Albania" not in row
    served.check_pages()


def test_a_vacant_power_eliminated_is_no_longer_offered(served):
    start(served, "left")
    mail(served, "L", "left", "RESIGN")                # still on the board: offered
    assert len(open_notices(served, OBSERVER)) == 1
    assert listed(served, "left").endswith(f"OPEN: {GONE}")
    assert "open: Albania" in indexed(served, "left")
    lose_albania(served, "left")
    assert "OPEN" not in listed(served, "left")
    assert "open:" not in indexed(served, "left")
    text = refused_takeover(served, "left")
    assert f"{GONE} IS ELIMINATED (NO UNIT AND NO SUPPLY CENTRE LEFT): NOTHING TO TAKE OVER" in text
    # Its former player signing on is told they no longer play it, not that it is open.
    mail(served, "L", "left", "LIST left")
    refused = flat(reply(served, PLAYERS["L"][0]))
    assert "YOU NO LONGER PLAY ALBANIA IN left (RESIGNED IN" in refused and "OPEN FOR TAKEOVER" not in refused
    # JOIN, refused in a game under way, does not point to TAKEOVER: nothing is open.
    served.mail(NEWCOMER, "JOIN left pw-new")
    assert "HAS NO OPEN POWER TO TAKE OVER" in flat(reply(served, NEWCOMER))
    served.check_pages()
