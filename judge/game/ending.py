"""A finished game in words and in its final picture: how it ended, the phase that ended it (or the one it stopped
in), the last phase played. Shared by the end mail, LIST, STATUS, MAP and the web pages, so they all say the same.
Pure but for drawing the picture."""
from __future__ import annotations

from collections.abc import Callable

from judge import picture
from judge.game.frozen import FROZEN, WHY
from judge.maps import Map
from judge.picture.titles import phase_title
from judge.position import Phase
from judge.phrases import listed


def describe_result(result: dict | None, m: Map) -> str:
    """How a game ended, in words (the powers by the names the map shows)."""
    if not result:
        return "not over"
    names = [m.power_title(p) for p in result.get("powers", [])]
    if result["kind"] == "solo":
        return f"{names[0]} has won alone"
    if result["kind"] == "concession":
        return f"the game was conceded to {names[0]}"
    if result["kind"] == "draw" and not names:
        return "no power is left on the board"
    if result["kind"] == "draw":
        return _shared(names) + _why(result)
    return "terminated by the master"


def _shared(names: list[str]) -> str:
    """'a draw between A and B'; of one power (a frozen board where only it holds centres), 'a draw held by A alone'."""
    if len(names) == 1:
        return f"a draw held by {names[0]} alone"
    return "a draw between " + (" and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1])


def _why(result: dict) -> str:
    """Why a game ended that nobody ended: said after how it ended (a frozen board, judge.game.frozen)."""
    return f", as {WHY}" if result.get("reason") == FROZEN else ""


def end_sentence(result: dict | None, m: Map) -> str:
    """How a game ended, worded as DPjudge's end-of-game mail words it ("Game 'x' has been ...")."""
    names = [m.power_title(p) for p in (result or {}).get("powers", [])]
    kind = (result or {}).get("kind")
    if kind == "draw" and not names:
        return "ended with no power left on the board"
    if kind == "draw" and len(names) == 1:
        return f"declared a draw held by {names[0]} alone" + _why(result or {})
    if kind == "draw":
        return f"declared a draw between {listed(names)}" + _why(result or {})
    if kind == "concession":
        return f"conceded to {names[0]}"
    if kind == "solo":
        return f"won by {names[0]} alone"
    return "ended by its master"


def ended_at(game) -> tuple[str, str]:
    """(phase, when) of a finished game: ('F1905M', 'after') when processing that phase ended it (a solo, or the last
    holdout's elimination), ('S1903M', 'in') when a vote or the master ended it during that phase, before its
    orders were processed. Games ended before the distinction was kept say 'after'."""
    ended = game.result or {}
    return ended.get("phase", ""), ended.get("when", "after")


def final_title(game, words: Callable[[Phase], str] = Phase.describe) -> str:
    """The final board's title: the phase that ended the game, not the position's (after a solo, the next one,
    never played); `words` names the phase (a picture names it in one language: judge.picture.titles)."""
    phase, when = ended_at(game)
    if not phase:
        return "The game is over"
    try:
        return f"The game is over {when} {words(Phase.parse(phase, game.map.flow))}"
    except ValueError:
        return f"The game is over {when} {phase}"


def phase_shown(game) -> str:
    """The phase as LIST and the pages name it: the current one; for a finished game the one that ended it."""
    if game.position is None:
        return ""
    if game.over:
        return final_title(game)
    return game.position.phase.describe()


def final_svg(game) -> str:
    """The board at the end, titled with how and when the game ended: the end mail's picture, and the board the web
    pages and MAP show of a finished game (the map must have a drawing)."""
    return picture.position_svg(game.map, game.position, game=game.name, title=final_title(game, phase_title),
                                subtitle=describe_result(game.result, game.map))


def board_svg(game) -> str:
    """The board as it stands: of a running game its current phase; of a finished game the final picture."""
    if game.over:
        return final_svg(game)
    return picture.position_svg(game.map, game.position, game=game.name)
