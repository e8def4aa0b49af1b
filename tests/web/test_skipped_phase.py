"""A retreat phase nobody could retreat in is skipped (as DPjudge): over real SMTP and HTTP, its players got one
results mail, and the game's pages list the movement and the adjustments that follow, never the retreat phase."""
from __future__ import annotations

import re

from tests.commands.helpers import HOLDS
from tests.web.conftest import GM, POWERS, address, password
from tests.web.test_paths import orders_by_mail

# Spring: Austria into Tyrolia and Trieste (its fleet out to the Adriatic), Italy into Tuscany and Rome, France into
# Piedmont. Fall: Austria takes Venice from Trieste with Tyrolia's support, and Apulia with its fleet. Venice's army
# cannot retreat: Tyrolia, Piedmont, Tuscany, Rome and Apulia are held, and the attack came from Trieste.
HELD = {p: "\n".join(HOLDS[p]) for p in POWERS}
SPRING = {**HELD, "AUSTRIA": "A VIE - TYR\nA BUD - TRI\nF TRI - ADR", "ITALY": "A ROM - TUS\nF NAP - ROM\nA VEN H",
          "FRANCE": "A MAR - PIE\nA PAR H\nF BRE H"}
FALL = {**HELD, "AUSTRIA": "A TRI - VEN\nA TYR S A TRI - VEN\nF ADR - APU", "ITALY": "A VEN H\nA TUS H\nF ROM H",
        "FRANCE": "A PIE H\nA PAR H\nF BRE H"}


def test_the_pages_know_no_skipped_retreat_phase(served):
    served.start_game("demo")
    v = served.visitor()
    orders_by_mail(served, "demo", SPRING)
    assert str(served.daemon.judge.store.load("demo").position.phase) == "F1901M"
    seen = len(served.relay.to(GM))
    orders_by_mail(served, "demo", FALL)
    game = served.daemon.judge.store.load("demo")
    assert str(game.position.phase) == "W1901A" and game.position.centers["VEN"] == "AUSTRIA"
    results = [m for m in served.relay.to(GM)[seen:] if "Diplomacy results" in str(m["Subject"])]
    assert [str(m["Subject"]) for m in results] == ["Diplomacy results demo F1901M"]
    text = results[0].get_content().replace("\r\n", "\n")
    assert "The Italian army in Venice with no valid retreats was destroyed." in text
    assert "The next phase of 'demo' will be Adjustments for Winter of 1901." in text
    assert "Austria:     4 Supply centers,  3 Units:  Builds   1 unit." in text

    page = v.get("/games/demo")
    listed = page.text[page.text.index('<ol class="phases">'):]
    assert re.findall(r'href="/games/demo/phases/(\w+)"', listed[:listed.index("</ol>")]) == ["S1901M", "F1901M"]
    assert "Winter 1901 Adjustments" in page.text
    assert v.get("/games/demo/phases/F1901R").status == 404
    fall = v.get("/games/demo/phases/F1901M")
    assert fall.status == 200 and "with no valid retreats was destroyed" in fall.text
    assert 'rel="next"' not in fall.text
    pic = v.get("/games/demo/phases/F1901M/map.svg")
    assert pic.status == 200 and b"no retreat" in pic.body and b"next: Winter 1901 Adjustments" in pic.body
    history = v.get("/games/demo/results.txt").text
    assert history.count("Subject: Diplomacy results demo ") == 2 and "F1901R" not in history
    served.mail("archivist@example.org", "HISTORY demo")
    assert "F1901R" not in served.relay.to("archivist@example.org")[-1].get_content()
    assert password("FRANCE") not in history and address("FRANCE") not in history
    served.check_pages()
