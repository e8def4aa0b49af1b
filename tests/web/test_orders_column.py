"""The game page's 'orders' column (house rule show_status) says what LIST says: whose orders are in, only for the
powers that have something to order in the phase, and nothing at all once the game is over (it waits for no orders).
Over real HTTP, for games played by mail through a running `judge serve`."""
from __future__ import annotations

import re

POWERS_SHOWN = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]


def orders_column(html: str) -> dict[str, str] | None:
    """{power: what its 'orders' cell says}, or None when the Powers table has no such column."""
    table = html.split('<table class="players">')[1].split("</table>")[0]
    if "<th>orders</th>" not in table:
        return None
    out = {}
    for row in re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>")[1], re.DOTALL):
        cells = [" ".join(re.sub(r"<[^>]+>", "", c).split()) for c in re.findall(r"<td>(.*?)</td>", row, re.DOTALL)]
        out[cells[0]] = cells[2]
    return out


def test_in_a_winter_only_the_powers_that_adjust_are_waited_for(served):
    # Russia takes Sweden and Rumania in 1901: in Winter 1901 it alone has builds to order; nobody else gained or
    # lost a centre, so nobody else has anything to order (LIST names no orders for them).
    served.start_game("cols", "SET RULE show_status")
    v = served.visitor()
    assert orders_column(v.get("/games/cols").text) == dict.fromkeys(POWERS_SHOWN, "not yet")
    served.orders("cols", "RUSSIA", "F STP/SC - BOT", "A MOS - UKR", "A WAR - GAL", "F SEV - BLA")
    assert orders_column(v.get("/games/cols").text)["Russia"] == "in"
    served.orders("cols", "MASTER", "PROCESS!")
    served.orders("cols", "RUSSIA", "F BOT - SWE", "A UKR - RUM", "A GAL H", "F BLA S A UKR - RUM")
    served.orders("cols", "MASTER", "PROCESS!")
    assert str(served.daemon.judge.store.load("cols").position.phase) == "W1901A"
    shown = orders_column(v.get("/games/cols").text)
    assert shown == {**dict.fromkeys(POWERS_SHOWN, "-"), "Russia": "not yet"}, shown
    served.check_pages()


def test_a_finished_game_has_no_orders_column(served):
    served.russia_wins("over", "SET RULE show_status")
    page = served.visitor().get("/games/over")
    assert page.status == 200
    assert orders_column(page.text) is None
    assert "not yet" not in page.text
    served.check_pages()
