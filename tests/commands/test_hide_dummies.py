"""The hide_dummies house rule (DPjudge HIDE_DUMMIES, its Rules page: a dummy is listed as a power that can be
logged in and written to, so the players cannot tell which powers are dummies). By mail: every place that would
name a dummy shows the players and observers a power whose player is silent; the master still sees the dummy."""
from __future__ import annotations

import pytest

from tests.commands.helpers import GAME, GM, PLAYERS

ASKER = "asker@example.org"
TITLES = {p.title() for p in PLAYERS}


@pytest.fixture
def hiding(started):
    """Game g1 under hide_dummies with Italy made a dummy by the master; Italy's old address is nobody's now."""
    assert started.master("SET RULE hide_dummies", "DUMMY ITALY").accepted
    assert started.game(GAME).player("ITALY").status == "dummy"
    started.new_mail()
    return started


def _line(reply: str, power: str) -> str:
    """What LIST says of a power, without its name."""
    return " ".join(next(line for line in reply.splitlines() if line.strip().startswith(power)).split()[1:])


def test_the_rule_takes_dpjudge_s_name_and_its_negation(started):
    assert started.master("SET RULE HIDE_DUMMIES").accepted
    assert started.game(GAME).rules.hide_dummies
    assert started.master("SET RULE !HIDE_DUMMIES").accepted
    assert not started.game(GAME).rules.hide_dummies


@pytest.mark.parametrize("show_status", [False, True])
def test_list_shows_a_dummy_as_a_silent_player(hiding, show_status):
    if show_status:
        assert hiding.master("SET RULE show_status").accepted
        hiding.new_mail()
    for asker in (ASKER, PLAYERS["FRANCE"][0]):
        assert hiding.send(asker, f"LIST {GAME}").accepted
        reply = hiding.reply(asker)
        # Italy (a dummy) and Germany (a player who sent nothing) read alike: no 'dummy', no 'civil disorder'.
        assert _line(reply, "Italy") == _line(reply, "Germany")
        powers = [line for line in reply.splitlines() if line.strip().split(" ")[0] in TITLES]
        assert len(powers) == 7 and not any("dummy" in line or "disorder" in line for line in powers), powers
    assert hiding.master(f"LIST {GAME}").accepted
    assert _line(hiding.reply(GM[0]), "Italy").startswith("dummy")
