"""The game page's 'orders' column under DPjudge's names for the rules about it, over real HTTP for games played by
mail through a running `judge serve`: LIST_UNORDERED shows whose orders are in (our show_status); HIDE_LATE_POWERS
keeps the late powers from the players, so the page shows no such column even once the deadline has passed."""
from __future__ import annotations

from tests.web.test_orders_column import POWERS_SHOWN, orders_column


def test_list_unordered_shows_the_orders_column(served):
    served.start_game("lu", "SET RULE LIST_UNORDERED")
    served.orders("lu", "FRANCE", "F BRE H", "A PAR H", "A MAR H")
    shown = orders_column(served.visitor().get("/games/lu").text)
    assert shown == {**dict.fromkeys(POWERS_SHOWN, "not yet"), "France": "in"}
    served.check_pages()


def test_hide_late_powers_shows_no_late_power_on_the_page(served):
    served.start_game("hl", "SET RULE HIDE_LATE_POWERS")
    served.orders("hl", "FRANCE", "F BRE H", "A PAR H", "A MAR H")
    served.tick(hours=73)                               # past the first deadline (72 hours): six powers are late
    game = served.daemon.judge.store.load("hl")
    assert game.rules.hide_late_powers and str(game.position.phase) == "S1901M"
    page = served.visitor().get("/games/hl").text
    powers = page.split('<table class="players">')[1].split("</table>")[0]   # (the rules' meanings name late powers)
    assert orders_column(page) is None and "not yet" not in powers and "late" not in powers.lower()
    served.check_pages()
