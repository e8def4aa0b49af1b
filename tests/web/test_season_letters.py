"""A calendar whose seasons begin with a letter that is not an ASCII letter (our own tests/data/maps/
standard_thorri.map: ÝLIR, ÞORRI; and one written here whose letters are "?", "#" and "/", which a link must not
write raw): played by mail over real SMTP, every link its pages write, fetched as a browser sends it
(percent-encoded), answers 200, and each phase's page and pictures are that phase's."""
from __future__ import annotations

import html
import re
import shutil
import urllib.parse
from pathlib import Path

import pytest

from judge import maps
from tests.web.conftest import GM, Served, address, password

MAPS = Path(__file__).resolve().parent.parent / "data" / "maps"
# The standard board on a year whose seasons are named "?", "#" and "/": what DPjudge's reader takes as a FLOW word.
MARKS = """MAP standard
FLOW    ?:MOVEMENT,RETREATS
FLOW    #:MOVEMENT,RETREATS
FLOW    /:ADJUSTMENTS
BEGIN   ? 1901 MOVEMENT
"""
# variant -> its codes for spring and fall movement, fall retreats, winter adjustments of 1901
CODES = {"standard_thorri": ["V1901M", "Ý1901M", "Ý1901R", "Þ1901A"],
         "standard_marks": ["?1901M", "#1901M", "#1901R", "/1901A"]}
# A path as a browser sends it: the fragment left out, every character outside printable ASCII (and the few a URL
# never holds raw) written %XX in UTF-8; a "%" already there is kept (WHATWG URL's path percent-encode set).
KEPT = "".join(chr(c) for c in range(0x21, 0x7F) if chr(c) not in '"<>`{} #')


def as_sent(link: str) -> str:
    return urllib.parse.quote(html.unescape(link).split("#", 1)[0], safe=KEPT)


@pytest.fixture(params=sorted(CODES))
def season_game(request, tmp_path):
    variants = tmp_path / "variants"
    variants.mkdir()
    if request.param == "standard_thorri":
        shutil.copy(MAPS / "standard_thorri.map", variants / "standard_thorri.map")
    else:
        (variants / "standard_marks.map").write_text(MARKS, encoding="utf-8")
    served = Served(tmp_path, judge_variants_dir=str(variants))
    try:
        yield served, request.param
    finally:
        served.stop()
        maps.use_folder(None)


def orders(served: Served, power: str, *lines: str) -> None:
    served.mail(address(power), "\n".join([f"SIGNON {power[0]}ice {password(power)}", *lines]))


def process(served: Served) -> None:
    served.mail(GM, "SIGNON Mice gm-pass\nPROCESS!")


def play(served: Served, variant: str) -> None:
    """Russia's fleet goes to Rumania in spring and is driven out in the fall (a retreat phase), Austria builds."""
    served.mail(GM, f"CREATE ice gm-pass {variant}")
    served.mail_many([(address(p), f"JOIN ice {password(p)} {p[0]}") for p in
                      ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")])
    served.secrets |= {"gm-pass"} | {password(p) for p in ("AUSTRIA", "RUSSIA", "ENGLAND")}
    orders(served, "RUSSIA", "F SEV - RUM")
    orders(served, "AUSTRIA", "A VIE - GAL")
    process(served)
    orders(served, "AUSTRIA", "A GAL - RUM", "A BUD S A GAL - RUM")
    process(served)
    process(served)                   # (Russia's fleet gives no retreat: disbanded)
    process(served)                   # (Austria's build is waived)


def links(text: str) -> list[str]:
    return [m for m in re.findall(r'(?:href|src)="(/[^"]*)"', text) if not m.startswith("/static/")]


def test_every_link_of_a_calendar_with_letters_outside_ascii_answers(season_game):
    served, variant = season_game
    play(served, variant)
    codes = CODES[variant]
    game = served.daemon.judge.store.load("ice")
    assert len(game.history) == 4, game.history
    v = served.visitor()
    page = v.get("/games/ice")
    assert page.status == 200
    listed = page.text[page.text.index('<ol class="phases">'):]
    shown = re.findall(r'<li><a href="[^"]+">([^<]+)</a></li>', listed[:listed.index("</ol>")])
    assert [html.unescape(s) for s in shown] == codes
    # Every link the pages write, followed as a browser follows it, from the game page through every phase's page.
    todo, seen = ["/games/ice"], set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        got = v.get(path)
        assert got.status == 200, (path, urllib.parse.unquote(path), got.status, got.text[-300:])
        if got.headers["Content-Type"].startswith("text/html"):
            todo += [as_sent(link) for link in links(got.text) if link.startswith("/games/ice")]
    for code in codes:
        sent = "/games/ice/phases/" + urllib.parse.quote(code, safe="")
        assert sent in seen and sent + "/map.svg" in seen and sent + "/map.png" in seen, code
        own = v.get(sent)
        # the phase's own results: "... (ice.Þ1901A)" as its results mail named it
        assert html.unescape(re.findall(r"\(ice\.([^)]+)\)", own.text)[0]) == code
        assert v.get(sent + "/map.svg").headers["Content-Type"] == "image/svg+xml"
    served.check_pages()
