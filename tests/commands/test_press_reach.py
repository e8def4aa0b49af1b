"""DPjudge's TOUCH_PRESS and REMOTE_PRESS (house rule press_reach, judge.game.press_reach), by mail, on a board set
up so that each answer can be worked out from the standard map's adjacencies:

    France: A BUR, F BRE (centres BRE PAR MAR)    Germany: A MUN (KIE BER MUN)
    England: F LON (LON EDI LVP)                 Italy: A PIE (NAP ROM VEN)

A BUR borders MUN: France and Germany touch (either could support the other to hold). A PIE borders MAR, a French
centre, but no French unit, nor does a French unit border PIE: Italy does not touch France, yet is not remote from
it. England's F LON borders neither a French unit nor a French centre, and no French unit borders an English
centre: England is remote."""
import pytest

from tests.commands.helpers import GAME, GM, PLAYERS
from tests.commands.test_press_house import refused_untouched

BOARD = {"phase": "S1901M",
         "units": {"FRANCE": ["A BUR", "F BRE"], "GERMANY": ["A MUN"], "ENGLAND": ["F LON"], "ITALY": ["A PIE"]},
         "centers": {"FRANCE": ["BRE", "PAR", "MAR"], "GERMANY": ["KIE", "BER", "MUN"],
                     "ENGLAND": ["LON", "EDI", "LVP"], "ITALY": ["NAP", "ROM", "VEN"]}}


@pytest.fixture
def board(started):
    started.set_board(BOARD)
    return started


def test_touch_press_only_to_powers_whose_units_touch(board):
    """DPjudge: "Private press is only allowed to the Master and to players owning units that the press-sending
    power could support to hold, or units that could support a hold order of any unit of the press-sending power."
    Without PUBLIC_PRESS "no broadcasts at all can be sent by the players"."""
    assert board.master("SET RULE TOUCH_PRESS").accepted
    board.new_mail()
    assert board.signon("FRANCE", "PRESS TO G", "Neighbour.", "ENDPRESS").accepted
    assert set(board.delivered("press from France")) == {PLAYERS["GERMANY"][0]}
    assert board.signon("GERMANY", "PRESS TO F", "Indeed.", "ENDPRESS").accepted
    why = refused_untouched(board, "FRANCE", "PRESS TO I", "Far away.", "ENDPRESS")
    assert why == (f"GAME {GAME} PLAYS TOUCH PRESS (HOUSE RULE PRESS_REACH=TOUCH): NOT TO ITALY (NO UNIT OF EITHER "
                   "COULD SUPPORT ONE OF THE OTHER TO HOLD); PRESS TO GERMANY OR TO M")
    assert "NOT TO ENGLAND, ITALY" in refused_untouched(board, "FRANCE", "PRESS TO G E I", "All?", "ENDPRESS")
    assert refused_untouched(board, "FRANCE", "BROADCAST", "All.", "ENDBROADCAST") == (
        f"GAME {GAME} PLAYS TOUCH PRESS (HOUSE RULE PRESS_REACH=TOUCH): NO BROADCASTS (ONLY WITH PRESS=BROADCAST); "
        "PRESS TO GERMANY OR TO M")
    # Russia has no unit at all: it touches nobody, and may still write to the master.
    assert "NOW ONLY PRESS TO M" in refused_untouched(board, "RUSSIA", "PRESS TO F", "Hi.", "ENDPRESS")
    assert board.signon("RUSSIA", "PRESS TO M", "Hi.", "ENDPRESS").accepted
    assert board.master("PRESS TO I", "The master writes to anyone.", "ENDPRESS").accepted


def test_touch_press_with_public_press_adds_broadcasts(board):
    """DPjudge: "if the PUBLIC_PRESS rule is also used in the game, then messages may be sent to all players"."""
    assert board.master("SET RULE TOUCH_PRESS PUBLIC_PRESS").accepted
    board.new_mail()
    assert board.signon("FRANCE", "BROADCAST", "All.", "ENDBROADCAST").accepted
    assert set(board.delivered("broadcast from France")) == {a for p, (a, _) in PLAYERS.items() if p != "FRANCE"} | {
        GM[0]}
    assert board.signon("FRANCE", "PRESS TO G", "Neighbour.", "ENDPRESS").accepted
    assert set(board.delivered("press from France")) == {PLAYERS["GERMANY"][0]}
    assert "NOT TO ITALY" in refused_untouched(board, "FRANCE", "PRESS TO I", "Far away.", "ENDPRESS")


def test_touch_press_leaves_observers_no_broadcast_but_with_public_press(board):
    """DPjudge's touch and remote press allow broadcasts only with PUBLIC_PRESS, from anyone: an observer allowed to
    broadcast (observer_press) may not either (it could, before)."""
    assert board.master("SET RULE TOUCH_PRESS observer_press").accepted
    assert board.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    before = board.status_bytes()
    r = board.send("watcher@example.org", f"OBSERVE {GAME}\nBROADCAST\nA kibitz.\nENDBROADCAST")
    assert not r.accepted and r.errors[-1][1] == (f"GAME {GAME} PLAYS TOUCH PRESS (HOUSE RULE PRESS_REACH=TOUCH): NO "
                                                  "BROADCASTS (ONLY WITH PRESS=BROADCAST); NOW ONLY PRESS TO M")
    assert board.status_bytes() == before
    assert board.send("watcher@example.org", f"OBSERVE {GAME}\nPRESS TO M\nA question.\nENDPRESS").accepted
    assert board.master("SET RULE PUBLIC_PRESS").accepted
    board.new_mail()
    assert board.send("watcher@example.org", f"OBSERVE {GAME}\nBROADCAST\nA kibitz.\nENDBROADCAST").accepted
    assert PLAYERS["FRANCE"][0] in board.delivered("broadcast from", same=False)


def test_remote_press_only_to_powers_out_of_reach(board):
    """DPjudge: "Private press is only allowed to the Master and to players owning no units that the press-sending
    power could support to hold, nor any units that could support a hold order of any unit of the press-sending
    power, nor any units that could move directly into a supply center owned by the press-sending power, nor any
    supply centers into which the press-sending power could directly move." (DPjudge also asks that they own
    centres.)"""
    assert board.master("SET RULE REMOTE_PRESS").accepted
    board.new_mail()
    assert board.signon("FRANCE", "PRESS TO E", "Across the sea.", "ENDPRESS").accepted
    assert set(board.delivered("press from France")) == {PLAYERS["ENGLAND"][0]}
    why = refused_untouched(board, "FRANCE", "PRESS TO G I", "Near.", "ENDPRESS")
    assert why == (f"GAME {GAME} PLAYS REMOTE PRESS (HOUSE RULE PRESS_REACH=REMOTE): NOT TO GERMANY, ITALY (THEIR "
                   "UNITS OR CENTRES ARE WITHIN REACH OF YOURS, OR THEY HAVE NO CENTRES); PRESS TO ENGLAND OR TO M")
    assert board.signon("FRANCE", "PRESS TO M", "Master.", "ENDPRESS").accepted
    assert set(board.delivered("press from France")) == {GM[0]}


def test_touch_and_remote_are_one_rule_and_conflict_with_no_press(board):
    """DPjudge's rule list: TOUCH_PRESS and REMOTE_PRESS deny each other (the later one stands here, as a value of
    one rule), and NO_PRESS denies both."""
    assert board.master("SET RULE TOUCH_PRESS REMOTE_PRESS").accepted
    assert board.game(GAME).rules.press_reach == "remote"
    r = board.master("SET RULE NO_PRESS")
    assert r.errors[0][1] == "RULE PRESS_REACH CONFLICTS WITH PRESS=none"
    assert board.master("SET RULE !REMOTE_PRESS NO_PRESS").accepted
