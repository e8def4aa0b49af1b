"""ROLLBACK and ROLLFORWARD from the master's orders box, with `judge serve` (real SMTP, real HTTP): the box goes
through the same command as a mail; the phase pages of what was rolled back go, and come back with the rollforward;
the scheduler's jobs are a fresh start-up's after each step, also after a real restart."""
from __future__ import annotations

from datetime import timedelta

from tests.daemon.conftest import assert_clock_as_at_start
from tests.web.conftest import GM, POWERS, address
from tests.web.test_rollback_finished import relay_text, restart

GAME = "demo"


def test_the_master_rolls_back_and_forward_from_the_orders_box(served):
    store = served.daemon.judge.store
    served.start_game(GAME)
    served.orders(GAME, "FRANCE", "A PAR - BUR")
    served.orders(GAME, "MASTER", "PROCESS!")
    served.orders(GAME, "FRANCE", "A BUR - BEL")
    served.orders(GAME, "MASTER", "PROCESS!")
    before = store.load(GAME).to_json()
    assert before["position"]["phase"] == "W1901A"
    gm = served.visitor()
    assert gm.signon(GAME, "M", "gm-pass").status == 303
    v = served.visitor()
    assert v.get(f"/games/{GAME}/phases/F1901M").status == 200

    sent = gm.send(GAME, "ROLLBACK S1901M")
    assert "rolled back to before S1901M" in sent.text
    assert str(store.load(GAME).position.phase) == "S1901M"
    assert v.get(f"/games/{GAME}/phases/F1901M").status == 404          # its results are aside
    served.settle()          # (the scheduler is planned again just after the form's answer)
    assert_clock_as_at_start(served.daemon)

    served.tick(hours=3)
    seen = len(served.relay.messages)
    sent = gm.send(GAME, "ROLLFORWARD")
    served.settle()                                     # (the notices on their way to the relay)
    assert "rolled forward to W1901A" in sent.text
    game = store.load(GAME)
    assert str(game.position.phase) == "W1901A" and game.history == before["history"]
    assert game.to_json()["position"] == before["position"]
    # An adjustment phase's time from now (24 hours).
    assert game.deadline == served.clock.now + timedelta(hours=24)
    notices = relay_text(served, seen, "rollforward notice")
    assert set(notices) == {address(p) for p in POWERS} | {GM}
    assert all(f"rolled game {GAME} forward to Winter 1901 Adjustments" in said for said in notices.values())
    assert v.get(f"/games/{GAME}/phases/F1901M").status == 200          # back
    assert v.get(f"/games/{GAME}/phases/S1901M").status == 200
    served.settle()          # (the scheduler is planned again just after the form's answer)
    assert_clock_as_at_start(served.daemon)
    served.check_pages()

    planned = dict(served.daemon.deadlines.wakeups)
    restart(served)
    assert served.daemon.deadlines.wakeups == planned
    served.settle()          # (the scheduler is planned again just after the form's answer)
    assert_clock_as_at_start(served.daemon)
