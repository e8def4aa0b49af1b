"""PURGE (and RENAME) with `judge serve` (real SMTP, real HTTP, the daemon's scheduler and lanes): a game nobody joined goes as
if it had never been (LIST, its pages 404, no wake-up planned, no lane left), a CREATE of the same name makes a new
game, and a restart plans the same; a started game is refused and left as it was. (By mail through the pipe's code
path: tests/commands/test_purge.py.)"""
from __future__ import annotations

from tests.daemon.conftest import assert_clock_as_at_start
from tests.e2e.conftest import game_files
from tests.web.conftest import GM
from tests.web.test_rollback_finished import relay_text, restart

OTHER = "other@example.org"


def test_a_purged_game_is_gone_for_the_daemon_and_its_name_is_free(served):
    store = served.daemon.judge.store
    served.mail(GM, "CREATE gone gm-pass\nSET DEADLINE +2d")
    served.start_game("stays")
    served.secrets |= {"gm-pass", "other-pw"}
    v = served.visitor()
    assert v.get("/games/gone").status == 200 and "gone" in v.get("/").text
    served.settle()          # (the scheduler is planned again just after the form's answer)
    assert_clock_as_at_start(served.daemon)

    seen = len(served.relay.messages)
    served.mail(GM, "PURGE gone gm-pass")
    reply = relay_text(served, seen, "Re:")[GM]
    assert "Game gone purged: it is no longer on this judge, and the name gone is free for a new game." in reply
    assert "gm-pass" not in reply
    assert not (served.settings.games_dir / "gone").exists()
    assert v.get("/games/gone").status == 404 and v.get("/games/gone/signon").status == 404
    assert "gone" not in v.get("/").text
    assert "gone" not in served.daemon.deadlines.wakeups and not served.daemon.lanes.busy
    assert "gone" not in served.daemon.lanes.running
    served.settle()          # (the scheduler is planned again just after the form's answer)
    assert_clock_as_at_start(served.daemon)
    seen = len(served.relay.messages)
    served.mail("someone@example.org", "LIST")
    assert "gone" not in relay_text(served, seen, "Re:")["someone@example.org"].split()

    # A started game is not purged: nothing of it changes, its wake-up stays.
    before, planned = game_files(served.settings.games_dir), dict(served.daemon.deadlines.wakeups)
    seen = len(served.relay.messages)
    served.mail(GM, "PURGE stays gm-pass")
    assert "GAME stays HAS STARTED" in relay_text(served, seen, "Re:")[GM]
    assert game_files(served.settings.games_dir) == before and served.daemon.deadlines.wakeups == planned

    # The name is free: a new game of that name, someone else's, with its own page.
    served.mail(OTHER, "CREATE gone other-pw")
    assert store.load("gone").master_address == OTHER and v.get("/games/gone").status == 200
    served.settle()          # (the scheduler is planned again just after the form's answer)
    assert_clock_as_at_start(served.daemon)
    restart(served)
    assert_clock_as_at_start(served.daemon)
    assert served.visitor().get("/games/gone").status == 200
    served.check_pages()


def test_a_renamed_game_is_served_under_its_new_name_only(served):
    served.mail(GM, "CREATE before gm-pass")
    served.secrets |= {"gm-pass"}
    v = served.visitor()
    assert v.get("/games/before").status == 200
    seen = len(served.relay.messages)
    served.mail(GM, "RENAME before after gm-pass")
    assert "Game before is now called after" in relay_text(served, seen, "Re:")[GM]
    assert v.get("/games/before").status == 404 and v.get("/games/after").status == 200
    assert not served.daemon.lanes.busy
    served.settle()          # (the scheduler is planned again just after the form's answer)
    assert_clock_as_at_start(served.daemon)
    restart(served)
    assert_clock_as_at_start(served.daemon)
    assert served.daemon.judge.store.load("after").master_address == GM
    served.check_pages()
