"""A game with no power left on the board ends at once, by mail over real SMTP with the clock run as judge serve
runs it. On our board tests/data/maps/sea_powers.map (five powers of one unit each, no centres at the start): if
nobody takes a centre in Fall 1900, the winter removes every unit. The game used to go on alone, processing
S1901M, F1901M, ... as fast as it could (nobody had anything to order, so every phase was 'ready'), forever."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from judge import maps
from tests.web.conftest import GM, Served

MAPS = Path(__file__).resolve().parent.parent / "data" / "maps"
PLAYERS = {"A": ("adr@example.org", "pw-adr", "F ADR H"), "G": ("lyo@example.org", "pw-lyo", "F LYO H"),
           "O": ("mao@example.org", "pw-mao", "F MAO H"), "W": ("wes@example.org", "pw-wes", "F WES H"),
           "L": ("alb@example.org", "pw-alb", "A ALB H")}
OBSERVER = "watcher@example.org"
DUMP = os.environ.get("JUDGE_TEST_DUMP", "")        # a file to write the mails to, for reading them


@pytest.fixture
def served(tmp_path):
    variants = tmp_path / "variants"
    variants.mkdir()
    shutil.copy(MAPS / "sea_powers.map", variants / "sea_powers.map")
    s = Served(tmp_path, judge_variants_dir=str(variants))
    s.secrets |= {"gm-pass"} | {pw for _, pw, _ in PLAYERS.values()}
    try:
        yield s
    finally:
        s.stop()
        maps.use_folder(None)


def test_a_board_left_empty_ends_the_game_at_once(served):
    served.mail(GM, "CREATE empty gm-pass sea_powers\nSET EARLY 0")
    served.mail_many([(who, f"JOIN empty {pw} {letter}") for letter, (who, pw, _) in PLAYERS.items()])
    served.mail(OBSERVER, "OBSERVE empty")
    assert served.daemon.judge.store.load("empty").status == "active"
    seen = len(served.relay.messages)
    for letter, (who, pw, hold) in PLAYERS.items():            # every unit holds: no centre is taken
        served.mail(who, f"SIGNON {letter}empty {pw}\n{hold}")
    for _ in range(5):                                         # time passes: the deadline, and more
        served.tick(hours=100)
    game = served.daemon.judge.store.load("empty")
    assert game.over and game.status == "completed", (game.status, str(game.position.phase))
    assert not game.position.units and not game.position.centers
    # The winter removed the last units; nothing was played after it.
    assert game.history[-1] == "W1900A" and str(game.position.phase) == "S1901M", game.history
    assert game.result["phase"] == "W1900A" and game.result["powers"] == []
    ends = [(rcpts, m) for _, rcpts, m in served.relay.messages[seen:] if "complete" in str(m["Subject"])]
    told = {r for rcpts, _ in ends for r in rcpts}
    assert told >= {GM, OBSERVER} | {who for who, _, _ in PLAYERS.values()}, told
    text = " ".join(ends[0][1].get_content().split())
    if DUMP:
        Path(DUMP).write_text("\n\n=====\n".join(f"{rc} {m['Subject']}\n{m.get_content()}"
                                                  for _, rc, m in served.relay.messages[seen:]))
    winter = [m for _, _, m in served.relay.messages[seen:] if "results empty W1900A" in str(m["Subject"])]
    assert winter and all("The game is over: no power is left on the board." in " ".join(m.get_content().split())
                          for m in winter), winter
    assert "Game 'empty' has been ended with no power left on the board" in text, text
    assert "S1901M" not in text and "1902" not in text, text
    # LIST and the game's web page say how it ended, as they say it of any finished game.
    served.mail("reader@example.org", "LIST empty")
    listed = " ".join(served.relay.to("reader@example.org")[-1].get_content().split())
    assert "Status: completed (no power is left on the board)" in listed, listed
    page = served.visitor().get("/games/empty")
    assert page.status == 200 and "no power is left on the board" in " ".join(page.text.split()), page.text
    served.check_pages()
    # Nothing more happens however long one waits: no wake-up is planned, no mail is sent.
    assert "empty" not in served.daemon.deadlines.wakeups
    count = len(served.relay.messages)
    served.tick(days=30)
    assert len(served.relay.messages) == count
    assert served.daemon.judge.store.load("empty").history == game.history
