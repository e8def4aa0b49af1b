"""The end mail of a game on a map with a calendar of its own names the phase that ended it by its short code, as the
same mail's list of players' turns and the subjects of its results name phases (B273M), never in the long form the
game keeps ("B.C. 273 MOVEMENT")."""
from __future__ import annotations

import pytest

from tests.commands.helpers import GM, Desk, bc_game


@pytest.fixture
def bc(tmp_path):
    for desk in bc_game(tmp_path):
        desk.new_mail()
        yield desk


def _end_text(desk: Desk) -> str:
    ends = desk.delivered("complete", same=False)
    assert ends, "no end mail"
    return ends["north@example.org"].get_content()


def test_terminated_in_its_first_phase_the_end_mail_names_it_by_its_code(bc):
    assert bc.send(GM[0], f"SIGNON Mbc {GM[1]}\nTERMINATE").accepted
    text = " ".join(_end_text(bc).split())
    assert "The game is over (in B273M)." in text, text
    assert "(from B273M to the end)" in text
    assert "MOVEMENT" not in text


def test_terminated_later_the_end_mail_names_the_phase_it_stood_in(bc):
    assert bc.send(GM[0], f"SIGNON Mbc {GM[1]}\nPROCESS!").accepted
    subjects = {str(m["Subject"]) for m in bc.new_mail()}
    assert "Diplomacy results bc B273M" in subjects
    assert bc.send(GM[0], f"SIGNON Mbc {GM[1]}\nTERMINATE").accepted
    text = " ".join(_end_text(bc).split())
    assert "The game is over (in B272M)." in text, text
