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


def test_the_centre_chart_starts_from_the_games_own_start():
    """Under mobilize a game begins with no centre owned: its chart's first row counts none, not the map's homes."""
    game = started("mobilize")
    assert not game.position.centers, "mobilize begins with nothing owned"
    assert pages.centres(game)["rows"][0] == {"label": "start", "counts": [0] * len(POWERS)}
    assert pages.centres(started())["rows"][0]["counts"] == [3, 3, 3, 3, 3, 4, 3]      # (Russia has four homes)


def test_a_power_off_the_board_is_shown_eliminated():
    game = started()
    set_position(game, {"phase": "S1902M", "units": {p: [] for p in POWERS if p != "AUSTRIA"} | {"GERMANY": ["A MUN"]},
                        "centers": {"GERMANY": ["MUN"]}})
    shown = {row["power"]: row["status"] for row in pages.players(game)}
    assert shown["Germany"] == "playing" and shown["Austria"] == "eliminated", shown


def test_powers_with_the_same_count_are_drawn_side_by_side_in_the_chart():
    # Lines of powers with equal counts lay one on the other: only the last drawn showed.
    import re
    from judge import maps
    from judge.picture.chart import centre_chart
    from judge.picture.style import power_styles
    m = maps.load("standard")
    colour = {p: st.colour for p, st in power_styles(m).items()}
    rows = [("start", {"FRANCE": 3, "GERMANY": 3, "ITALY": 3}), ("1901", {"FRANCE": 5, "GERMANY": 5, "ITALY": 4})]
    svg = centre_chart(m, rows, 18).plot
    lines = {c: [tuple(float(v) for v in p.split(",")) for p in pts.split()]
             for c, pts in re.findall(r'<polyline fill="none" stroke="([^"]+)"[^>]* points="([^"]+)"', svg)}
    start = [lines[colour[p]][0][1] for p in ("FRANCE", "GERMANY", "ITALY")]
    assert len(set(start)) == 3 and max(start) - min(start) <= 6           # side by side, near their count
    france, germany, italy = (lines[colour[p]][1][1] for p in ("FRANCE", "GERMANY", "ITALY"))
    assert france != germany and abs(france - germany) <= 3
    alone = re.search(r'<line [^>]*y1="([\d.]+)"[^>]*/><text [^>]*>4</text>', svg)
    assert alone and italy == float(alone.group(1))                          # alone at its count: exactly on it
