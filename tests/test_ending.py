"""A finished game in words and pictures (judge.game.ending): the phase that ended it, or the one it stopped in, and
never the phase after a solo, which is not played. Pure: no mail."""
from datetime import timedelta

from judge.game import Game
from judge.game.ending import board_svg, ended_at, final_title, phase_shown
from tests.test_game import T0, everyone_holds, started


def finished_after_the_spring(how: str) -> Game:
    """Spring 1901 processed, then the game ended: by a vote during the Fall ('in'), or as processing ends it
    ('after' the Spring, the position already in the Fall)."""
    game = started()
    everyone_holds(game, T0)
    outcome, _ = game.adjudicate()
    game.advance(outcome, T0 + timedelta(minutes=1))
    game.finish({"kind": "draw", "powers": ["FRANCE", "GERMANY"]}, T0 + timedelta(hours=1), processed=how == "after")
    return game


def test_a_game_ended_by_processing_is_over_after_the_phase_processed():
    game = finished_after_the_spring("after")
    assert str(game.position.phase) == "F1901M"                      # (the next phase: never played)
    assert ended_at(game) == ("S1901M", "after")
    assert final_title(game) == phase_shown(game) == "The game is over after Spring 1901 Movement"


def test_a_game_ended_during_a_phase_is_over_in_it():
    game = finished_after_the_spring("in")
    assert ended_at(game) == ("F1901M", "in")
    assert final_title(game) == "The game is over in Fall 1901 Movement"


def test_a_game_ended_before_the_distinction_was_kept_reads_after():
    game = finished_after_the_spring("in")
    game.result = {k: v for k, v in game.result.items() if k != "when"}
    assert ended_at(game) == ("F1901M", "after")
    game.result["phase"] = "not a phase"
    assert final_title(game) == "The game is over after not a phase"      # shown as kept, never an error


def test_the_board_of_a_finished_game_is_its_final_picture():
    game = started()
    running = board_svg(game)
    assert "Spring 1901 Movement" in running and "The game is over" not in running
    game = finished_after_the_spring("after")
    final = board_svg(game)
    assert "The game is over after Spring 1901 Movement" in final and "a draw between France and Germany" in final
    assert "Fall 1901" not in final


def test_a_frozen_board_says_why_it_ended_and_a_draw_of_one_reads_as_one():
    """A draw the judge declared on a frozen board (judge.game.frozen) says why, in the end mail's sentence and
    wherever the result is shown; a frozen board where only one power holds centres is its draw alone."""
    from judge import maps
    from judge.game.ending import describe_result, end_sentence
    m = maps.load()
    why = "no unit is on the board and no power can build one"
    two = {"kind": "draw", "powers": ["FRANCE", "GERMANY"], "reason": "frozen"}
    assert describe_result(two, m) == f"a draw between France and Germany, as {why}"
    assert end_sentence(two, m) == f"declared a draw between France and Germany, as {why}"
    one = {"kind": "draw", "powers": ["ITALY"], "reason": "frozen"}
    assert describe_result(one, m) == f"a draw held by Italy alone, as {why}"
    assert end_sentence(one, m) == f"declared a draw held by Italy alone, as {why}"
    voted = {"kind": "draw", "powers": ["FRANCE", "GERMANY", "ITALY"]}           # (a draw the players voted)
    assert describe_result(voted, m) == "a draw between France, Germany and Italy"
    assert end_sentence(voted, m) == "declared a draw between France, Germany and Italy"
