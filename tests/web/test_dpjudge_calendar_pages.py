"""The web pages of games on DPjudge's real maps with calendars of their own (the year each plays by mail in
tests/maps/test_dpjudge_calendar_by_mail.py, here over real SMTP): the game page links every processed phase by its
code, percent-encoded ("Þ1901A" -> "%C3%9E1901A"); each phase's page answers at that path with its own results and
links the phases before and after; state.json names the phase in DPjudge's long form, as judge-json's state does; the
results history holds each phase's results once; public press is shown with its phase's code. The map files come
from a mirror of DPjudge's repository."""
from __future__ import annotations

import html
import json
import re
import urllib.parse

import pytest

from judge import maps
from tests.dpjudge_mirror import extract
from tests.maps.test_dpjudge_calendar_by_mail import YEARS, abbr
from tests.web.conftest import GM, Served


def address(m, power: str) -> str:
    return f"p{sorted(m.playable_powers).index(power)}@example.org"


@pytest.fixture(params=sorted(YEARS))
def played(request, tmp_path):
    variant = request.param
    served = Served(tmp_path, judge_variants_dir=str(extract(tmp_path / "variants")))
    try:
        m = maps.load(variant)
        served.mail(GM, f"CREATE g gm-pass {variant}\nSET EARLY 0")
        served.mail_many([(address(m, p), f"JOIN g pw-{p.lower()} {m.power_letters[p]}") for p in m.playable_powers])
        served.secrets |= {"gm-pass"} | {f"pw-{p.lower()}" for p in m.playable_powers}
        first = m.playable_powers[0]        # (a broadcast in the first phase: the game page shows it with its phase)
        served.mail(address(m, first), f"SIGNON {m.power_letters[first]}g pw-{first.lower()}\nBROADCAST\nHail all."
                                       "\nENDBROADCAST")
        for long, orders in YEARS[variant].phases:
            for power, lines in orders.items():
                served.mail(address(m, power), "\n".join([f"SIGNON {m.power_letters[power]}g pw-{power.lower()}",
                                                          *lines]))
            # (the last orders a phase needs process it at once; the master processes the others)
            if str(served.daemon.judge.store.load("g").position.phase) == long:
                served.mail(GM, "SIGNON Mg gm-pass\nPROCESS!")
        assert str(served.daemon.judge.store.load("g").position.phase) == YEARS[variant].after
        yield served, variant
    finally:
        served.stop()
        maps.use_folder(None)


def test_each_phase_of_a_calendar_of_the_maps_own_has_its_page(played):
    served, variant = played
    year = YEARS[variant]
    codes = [abbr(long) for long, _ in year.phases]
    paths = [f"/games/g/phases/{urllib.parse.quote(code, safe='')}" for code in codes]
    v = served.visitor()
    game = v.get("/games/g")
    assert game.status == 200
    # (the press by the phase's code, as the press mail gave it: DPjudge keys its press file by Game.phaseAbbr)
    press = re.findall(r'<article class="press"><p class="small">([^,]*),', game.text)
    assert [html.unescape(p) for p in press] == codes[:1], press
    listed = game.text[game.text.index('<ol class="phases">'):]
    assert re.findall(r'href="(/games/g/phases/[^"]+)"', listed[:listed.index("</ol>")]) == paths
    for i, (code, path) in enumerate(zip(codes, paths)):
        page = v.get(path)
        assert page.status == 200, path
        assert re.findall(r"\(g\.([^)]+)\)", html.unescape(page.text)) == [code], path
        assert (f'rel="prev" href="{paths[i - 1]}"' in page.text) == (i > 0), path
        following = re.findall(r'rel="next" href="([^"]+)"', page.text)
        assert following == paths[i + 1:i + 2], path
    state = v.get("/games/g/state.json")
    assert state.status == 200 and json.loads(state.text)["phase"] == year.after
    history = v.get("/games/g/results.txt").text
    assert re.findall(r"^Subject: Diplomacy results g (\S+)", history, re.MULTILINE) == codes
    served.check_pages()
