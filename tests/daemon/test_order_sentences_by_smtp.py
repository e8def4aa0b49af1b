"""Orders written as DPjudge's own Format page writes them, by mail over real SMTP, and the replies read whole: a
sentence ("The army in Liverpool is moving to Yorkshire"), the -ING verbs, a long arrow, a star for a removal; the
master's refused order echoed with the power he wrote in front of it; a confirmation of orders that a PROCESS in the
same message played says so."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.web.conftest import GM, Served, address

DUMP = os.environ.get("JUDGE_TEST_DUMP", "")        # a file to write the replies to, for reading them


@pytest.fixture
def served(tmp_path):
    s = Served(tmp_path)
    try:
        yield s
    finally:
        s.stop()


def reply(served, who: str, seen: int) -> str:
    """The one mail to `who` since `seen` that answers its message (not a results mail)."""
    [mail] = [m for _, rcpts, m in served.relay.messages[seen:]
              if rcpts == [who] and "results" not in str(m["Subject"])]
    text = f"Subject: {mail['Subject']}\n\n" + mail.get_content().replace("\r\n", "\n")
    if DUMP:
        with Path(DUMP).open("a") as out:
            out.write(f"===== to {who}\n{text}\n")
    return text


def test_dpjudge_order_spellings_by_mail(served):
    served.start_game("fmt")
    def game():
        return served.daemon.judge.store.load("fmt")

    seen = len(served.relay.messages)
    served.orders("fmt", "ENGLAND", "The army in Liverpool is moving to Yorkshire", "F LON HOLDING",
                  "F EDI SUPPORTING A LVP --> YOR")
    text = reply(served, address("ENGLAND"), seen)
    assert "Orders for England (Spring 1901 Movement):\n  F EDI S A LVP - YOR\n  F LON H\n  A LVP - YOR\n" in text
    assert "NOT accepted" not in text
    served.orders("fmt", "ITALY", "A Ven --> Pie")
    served.orders("fmt", "AUSTRIA", "army vienna move tyrolia")
    served.orders("fmt", "MASTER", "PROCESS!")
    assert str(game().position.phase) == "F1901M"
    served.orders("fmt", "AUSTRIA", "Army at Tyrolia attacks Venice")
    served.orders("fmt", "MASTER", "PROCESS!")
    assert str(game().position.phase) == "W1901A"
    # Italy lost Venice: one of its three units goes, written as DPjudge allows (a star in front).
    seen = len(served.relay.messages)
    served.orders("fmt", "ITALY", "* A Rom")
    text = reply(served, address("ITALY"), seen)
    assert "Orders for Italy (Winter 1901 Adjustments):" in text and "REMOVE A ROM" in text
    assert "TOO LATE" not in text and "NOT ALLOWED" not in text and "NOT accepted" not in text
    assert game().player("ITALY").orders == ["* A Rom"]
    # The master's refused order, echoed as he wrote it: the power in front.
    seen = len(served.relay.messages)
    before = (served.daemon.judge.store.folder("fmt") / "status.json").read_bytes()
    served.orders("fmt", "MASTER", "AUSTRIA: Build A Xyz")
    text = reply(served, GM, seen)
    assert "Your message was NOT accepted" in text
    assert ">> AUSTRIA: Build A Xyz\n   UNKNOWN PLACENAME: XYZ\n" in text, text
    assert (served.daemon.judge.store.folder("fmt") / "status.json").read_bytes() == before
    # The master's orders and PROCESS in one message: the confirmation names the phase the orders were for, and says
    # plainly that it has been played since, under the header line of the phase the game is now in.
    seen = len(served.relay.messages)
    served.orders("fmt", "MASTER", "AUSTRIA: Build A Vie", "PROCESS!")
    assert str(game().position.phase) == "S1902M"
    text = reply(served, GM, seen)
    assert text.startswith("Subject: Diplomacy orders fmt W1901A\n"), text
    head, _, rest = text.partition("\n:: Deadline: S1902M ")
    assert head.endswith(":: Judge: JUDGE  Game: fmt  Variant: standard") and rest, text
    said = " ".join(rest.split("\n\n", 2)[1].split())
    assert said == ("Winter 1901 Adjustments has been processed since these orders were read: the game is now in "
                    "Spring 1902 Movement, which the ':: Deadline:' line above is for."), text
    assert "Orders for Austria (Winter 1901 Adjustments):" in text and "BUILD A VIE" in text
    assert {str(u) for u in game().position.units_of("AUSTRIA")} >= {"A VIE", "A VEN"}
    assert {str(u) for u in game().position.units_of("ITALY")} == {"A PIE", "F NAP"}
    served.check_pages()
