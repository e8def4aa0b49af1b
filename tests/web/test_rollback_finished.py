"""ROLLBACK of a finished game, over real SMTP with the game's pages over real HTTP: a game won by a mistyped order
runs again from the phase rolled back to. The stored game is the one before that phase was processed (with a
fresh deadline), every player hears of it as of any rollback, LIST, the game page, the list of games and the board
no longer say it is over, and the scheduler's jobs are a fresh start-up's, also after a real restart."""
from __future__ import annotations

import re
from datetime import timedelta

from tests.daemon.conftest import Daemon, assert_clock_as_at_start
from tests.web.conftest import GM, POWERS, address
from tests.web.test_finished_game import facts, title_band

GAME = "solo"
WATCHER = "watcher@example.org"
RENEWED = ("deadline", "phase_started", "seen")       # what any rollback gives the phase anew


def shown(moment) -> str:
    return f"{moment:%a} {moment.day} {moment:%b %Y %H:%M} UTC"


def relay_text(served, since: int, subject: str) -> dict[str, str]:
    """The mails since `since` whose subject holds `subject`, by recipient: their words, joined."""
    out = {}
    for _, rcpts, m in served.relay.messages[since:]:
        if subject in str(m["Subject"]):
            assert len(rcpts) == 1 and rcpts[0] not in out, rcpts
            out[rcpts[0]] = " ".join(m.get_content().split())
    return out


def restart(served) -> None:
    """Stop the daemon and start a fresh one on the same folders (as after a reboot)."""
    served.call(served.daemon.stop())
    served.daemon = Daemon(served.settings, clock=served.clock, send_interval=0.02)
    _, served.smtp_port = served.call(served.daemon.start("127.0.0.1", 0, "127.0.0.1", 0))
    served.port = served.daemon.web_port
    served.settle()


def test_a_game_won_by_mistake_runs_again_from_the_phase_rolled_back_to(served):
    store = served.daemon.judge.store
    # Russia wins after Fall 1901 (victory lowered to 6), as in tests/web/conftest.py's russia_wins; the game
    # before its last phase was processed is kept for the comparison.
    served.start_game(GAME, "SET VICTORY 6")
    served.mail(WATCHER, f"OBSERVE {GAME}")
    served.orders(GAME, "RUSSIA", "F STP/SC - BOT", "A MOS - UKR", "A WAR - GAL", "F SEV - BLA")
    served.orders(GAME, "MASTER", "PROCESS!")
    served.orders(GAME, "RUSSIA", "F BOT - SWE", "A UKR - RUM", "A GAL H", "F BLA S A UKR - RUM")
    before = store.load(GAME).to_json()
    served.orders(GAME, "MASTER", "PROCESS!")
    won = store.load(GAME)
    assert won.over and won.winner == "RUSSIA" and won.deadline is None
    v = served.visitor()
    assert facts(v.get(f"/games/{GAME}").text)["Result"] == "Russia has won alone"
    assert "The game is over" in title_band(v.get(f"/games/{GAME}/map.svg").body)     # (drawn, and kept)
    assert served.daemon.deadlines.wakeups.get(GAME) is None                            # nothing planned

    # A player cannot undo it, as before: the game is over for everyone but its master.
    seen = len(served.relay.messages)
    served.orders(GAME, "FRANCE", "ROLLBACK F1901M")
    [refused] = relay_text(served, seen, "Re:").values()
    assert f"GAME {GAME} IS OVER (RUSSIA HAS WON ALONE): NOTHING MORE TO CHANGE" in refused
    assert store.load(GAME).over

    # The master rolls back to before Fall 1901.
    served.tick(hours=5)
    seen = len(served.relay.messages)
    served.orders(GAME, "MASTER", "ROLLBACK F1901M")
    game = store.load(GAME)
    deadline = served.clock.now + timedelta(hours=72)                  # a movement phase's time, from now
    assert game.deadline == deadline and not game.over
    after = game.to_json()
    assert {k: v for k, v in after.items() if k not in RENEWED} == {k: v for k, v in before.items()
                                                                    if k not in RENEWED}
    assert after["status"] == "active" and after["result"] is None and after["winner"] is None
    # Everyone in the game is told, with the new deadline, that the end is undone; the master's reply says so too.
    notices = relay_text(served, seen, "rollback notice")
    assert set(notices) == {address(p) for p in POWERS} | {GM, WATCHER}
    for said in notices.values():
        assert f"The master has rolled game {GAME} back to Fall 1901 Movement." in said
        assert "The end of the game (Russia has won alone) is undone" in said
        assert f"The deadline for orders is {shown(deadline)}" in said
    reply = relay_text(served, seen, "Re:")[GM]
    assert f"Game {GAME} rolled back to before F1901M" in reply and "is undone" in reply

    # The clock: the deadline is planned again, exactly as a fresh start-up plans it.
    assert_clock_as_at_start(served.daemon)
    assert served.daemon.deadlines.wakeups[GAME] <= deadline

    # LIST: among the games in progress, at its phase and deadline, with no result.
    seen = len(served.relay.messages)
    served.mail("someone@example.org", "LIST")
    listing = relay_text(served, seen, "Re:")["someone@example.org"]
    running, _, finished = listing.partition("Finished")
    assert f"Games in progress or forming: {GAME} active F1901M " in running, listing
    assert GAME not in finished and "won alone" not in listing
    seen = len(served.relay.messages)
    served.mail("someone@example.org", f"LIST {GAME}")
    one = relay_text(served, seen, "Re:")["someone@example.org"]
    assert "Status: active Phase: Fall 1901 Movement" in one and f"Deadline: {shown(deadline)}" in one
    assert "won alone" not in one

    # The pages: running, at its phase with its deadline, no result and no final board; listed as running.
    page = v.get(f"/games/{GAME}")
    shown_facts = facts(page.text)
    assert "Result" not in shown_facts and "Ended" not in shown_facts, shown_facts
    assert "Deadline" in shown_facts and "Fall 1901" in page.text
    assert "The final board" not in page.text and "won alone" not in page.text
    band = title_band(v.get(f"/games/{GAME}/map.svg").body)
    assert "over" not in band and "Fall 1901 Movement" in band, band
    index = v.get("/").text
    running, finished = index.split("<h2>Running</h2>")[1].split("<h2>Finished</h2>")
    assert re.search(rf'<a href="/games/{GAME}">{GAME}</a></td>\s*<td>Standard</td>\s*<td>Fall 1901 Movement</td>',
                     running), running
    assert "No game has finished." in finished
    served.check_pages()

    # A fresh start-up reads the same game and plans the same wake-up.
    planned, stored = dict(served.daemon.deadlines.wakeups), store.load(GAME).to_json()
    restart(served)
    assert served.daemon.deadlines.wakeups == planned
    assert_clock_as_at_start(served.daemon)
    assert served.daemon.judge.store.load(GAME).to_json() == stored

    # And the game goes on: Russia orders otherwise, the clock processes the Fall once its grace period is over
    # (the others are late: default orders), and nobody has won.
    served.orders(GAME, "RUSSIA", "F BOT - SWE", "A UKR H", "A GAL H", "F BLA H")
    served.tick(seconds=(store.load(GAME).grace_until() - served.clock.now).total_seconds() + 60)
    game = served.daemon.judge.store.load(GAME)
    assert game.history[-1] == "F1901M" and game.position.centers.get("RUM") != "RUSSIA"
    assert str(game.position.phase) == "W1901A" and not game.over and game.deadline is not None
    assert_clock_as_at_start(served.daemon)
