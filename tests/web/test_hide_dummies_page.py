"""The game's page under hide_dummies (DPjudge HIDE_DUMMIES: a dummy is listed as a power that can be logged in, so
nobody tells it from a played power): its Powers table shows a dummy as a power whose player is silent, to visitors
and players; the master, signed on, still sees the dummy. Real HTTP for a game played by mail through `judge serve`."""
from __future__ import annotations

import json
import re

from tests.web.conftest import password


def powers_table(html: str) -> dict[str, list[str]]:
    """{power: the text of its row's cells after the name}."""
    table = html.split('<table class="players">')[1].split("</table>")[0]
    out = {}
    for row in re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>")[1], re.DOTALL):
        cells = [" ".join(re.sub(r"<[^>]+>", "", c).split()) for c in re.findall(r"<td>(.*?)</td>", row, re.DOTALL)]
        out[cells[0]] = cells[1:]
    return out


def test_the_page_shows_a_dummy_as_a_silent_player(served):
    served.start_game("hd", "SET RULE hide_dummies", "SET RULE show_status")
    served.orders("hd", "MASTER", "DUMMY ITALY")
    assert served.daemon.judge.store.load("hd").player("ITALY").status == "dummy"
    player = served.visitor()
    assert player.signon("hd", "F", password("FRANCE")).status == 303
    for who in (served.visitor(), player):
        rows = powers_table(who.get("/games/hd").text)
        assert rows["Italy"] == rows["Germany"], rows           # 'playing', 'not yet', their first player 'to now'
        assert "dummy" not in str(rows) and "disorder" not in str(rows)
    gm = served.visitor()
    assert gm.signon("hd", "M", "gm-pass").status == 303
    rows = powers_table(gm.get("/games/hd").text)
    assert rows["Italy"][0] == "dummy (civil disorder)", rows
    served.check_pages()


def test_the_state_json_names_no_dummy_but_to_the_master(served):
    # immobile_dummies keeps the list of dummies in the position (judge-json.md's state: "dummies"); under
    # hide_dummies only the master's copy has it.
    served.start_game("hj", "SET RULE hide_dummies immobile_dummies")
    served.orders("hj", "MASTER", "DUMMY ITALY", "PROCESS!")
    assert served.daemon.judge.store.load("hj").position.house.dummies == frozenset({"ITALY"})
    public = json.loads(served.visitor().get("/games/hj/state.json").body)
    assert "dummies" not in public and "vassals" not in public and "ITALY" in public["units"]
    gm = served.visitor()
    assert gm.signon("hj", "M", "gm-pass").status == 303
    assert json.loads(gm.get("/games/hj/state.json").body)["dummies"] == ["ITALY"]
    served.check_pages()
