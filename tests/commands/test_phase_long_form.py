"""PROCESS, PROCESS! and ROLLBACK name a phase by its code (B273M) or, on a map with a calendar of its own, by the long
form the game keeps and its mails show ("B.C. 273 MOVEMENT"): words with spaces, read whole. Only the first word
was read, so the long form of the very phase the game stood in was refused as another ("IS IN B273M, NOT B.C.")."""
from __future__ import annotations

import pytest

from tests.commands.helpers import GM, Desk, bc_game


@pytest.fixture
def bc(tmp_path):
    yield from bc_game(tmp_path)


def master(desk: Desk, line: str):
    return desk.send(GM[0], f"SIGNON Mbc {GM[1]}\n{line}")


def test_process_takes_the_long_form_of_the_phase_the_game_is_in(bc):
    assert bc.game("bc").position.phase.describe() == "B.C. 273 Movement"
    assert master(bc, "PROCESS! B.C. 273 Movement").accepted, bc.reply_to(GM[0])
    assert bc.game("bc").position.phase.describe() == "B.C. 272 Movement"
    # Another phase's long form is refused, naming it whole; nothing is processed.
    refused = master(bc, "PROCESS! B.C. 273 MOVEMENT")
    assert not refused.accepted
    assert refused.errors[0][1] == "GAME bc IS IN B272M, NOT B.C. 273 MOVEMENT: NOTHING PROCESSED"
    assert bc.game("bc").position.phase.describe() == "B.C. 272 Movement"


def test_rollback_takes_the_long_form_of_the_phase_a_terminated_game_ended_in(bc):
    assert master(bc, "PROCESS!").accepted
    assert master(bc, "TERMINATE").accepted and bc.game("bc").over
    assert master(bc, "ROLLBACK B.C. 272 MOVEMENT").accepted, bc.reply_to(GM[0])
    game = bc.game("bc")
    assert not game.over and game.position.phase.describe() == "B.C. 272 Movement"
