"""A refused orders form gives its lines back in the box: the judge applied none of them (all or nothing, as for a
mail), and a player on the web has no sent copy to correct and send again, as a mail's sender has. An accepted form
leaves the box empty (sent again, it would be applied again)."""
from __future__ import annotations

import re

from tests.e2e.conftest import game_files
from tests.web.conftest import password


def box(page) -> str:
    return re.search(r"<textarea[^>]*>(.*?)</textarea>", page.text, re.S).group(1)


def test_a_refused_form_keeps_its_lines_and_an_accepted_one_does_not(served):
    served.start_game("demo")
    v = served.visitor()
    v.signon("demo", "F", password("FRANCE"))
    page = v.get("/games/demo/orders")
    files = game_files(served.settings.games_dir)
    lines = "A PAR - BUR\nF BRE - MAO\nA MAR - NOWHERE"          # the last names no province: the set is refused
    sent = v.post("/games/demo/orders", {"csrf": page.field("csrf"), "nonce": page.field("nonce"), "lines": lines})
    assert sent.status == 200 and "NOT accepted" in sent.text
    assert box(sent).splitlines() == lines.splitlines()
    served.settle()
    assert game_files(served.settings.games_dir) == files              # nothing of it was applied
    good = "A PAR - BUR\nF BRE - MAO\nA MAR - SPA"
    sent = v.post("/games/demo/orders", {"csrf": sent.field("csrf"), "nonce": sent.field("nonce"), "lines": good})
    assert sent.status == 200 and "NOT accepted" not in sent.text and box(sent) == ""
    assert "A MAR: no order" not in sent.text                          # the held orders now have it
    served.check_pages()
