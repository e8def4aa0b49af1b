"""What the game page shows, from the game alone (no server): the centre chart's years and the powers' standing."""
from tests.test_game import POWERS, set_position, started
from judge.web import pages


def test_the_centre_chart_keeps_the_years_in_the_order_played():
    """A calendar may count its years down (B.C.) or past a power of ten: never sorted as text."""
    game = started()
    game.center_history = {"9": {"FRANCE": 3}, "10": {"FRANCE": 4}, "12": {"FRANCE": 5}}
    assert [row["label"] for row in pages.centres(game)["rows"]][1:4] == ["9", "10", "12"]
    game.center_history = {"272": {"FRANCE": 3}, "270": {"FRANCE": 4}}
    assert [row["label"] for row in pages.centres(game)["rows"]][1:3] == ["272", "270"]


def test_a_power_off_the_board_is_shown_eliminated():
    game = started()
    set_position(game, {"phase": "S1902M", "units": {p: [] for p in POWERS if p != "AUSTRIA"} | {"GERMANY": ["A MUN"]},
                        "centers": {"GERMANY": ["MUN"]}})
    shown = {row["power"]: row["status"] for row in pages.players(game)}
    assert shown["Germany"] == "playing" and shown["Austria"] == "eliminated", shown
