"""A form's reply that a mail would carry a picture with (MAP): the page cannot carry it, so it says where the
picture went (the copy mailed to the player) and links the game's own board picture instead of claiming an
attachment the page does not have."""
from __future__ import annotations

import re

from tests.web.conftest import address, password


def test_map_from_the_form_says_where_the_picture_went_and_links_the_board(served):
    served.start_game("demo")
    v = served.visitor()
    v.signon("demo", "F", password("FRANCE"))
    page = v.get("/games/demo/orders")
    sent = v.post("/games/demo/orders", {"csrf": page.field("csrf"), "nonce": page.field("nonce"), "lines": "MAP"})
    assert sent.status == 200
    notes = re.findall(r'<p class="note attached">(.*?)</p>', sent.text, re.S)
    assert len(notes) == 1
    assert "<code>demo-S1901M.png</code>" in notes[0] and "mailed to you" in notes[0]
    link = re.search(r'href="([^"]+)"', notes[0]).group(1)
    assert link == "/games/demo/map.png"
    board = v.get(link)
    assert board.status == 200 and board.headers["Content-Type"].startswith("image/png")
    assert board.body[:8] == b"\x89PNG\r\n\x1a\n"
    served.settle()
    names = [p.get_filename() for m in served.relay.to(address("FRANCE")) for p in m.iter_attachments()]
    assert "demo-S1901M.png" in names                               # the mailed copy does carry it
    # orders alone carry no picture: no such note
    sent = v.post("/games/demo/orders", {"csrf": sent.field("csrf"), "nonce": sent.field("nonce"),
                                         "lines": "A PAR - BUR"})
    assert sent.status == 200 and 'class="note attached"' not in sent.text
    served.check_pages()
