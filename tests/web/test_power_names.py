"""The pages name a power as DPjudge shows it: a game on our board tests/data/maps/plus_names.map, played by mail over
SMTP and looked at over HTTP, says "USA" and "USSR" (the file's U+S+A and U+S+S+R), never "Usa" or "Ussr"."""
from __future__ import annotations

import shutil
from pathlib import Path

from judge import maps
from tests.web.conftest import GM, Served

PLUS_NAMES = Path(__file__).resolve().parent.parent / "data" / "maps" / "plus_names.map"
LETTERS = {"BRITAIN": "B", "USA": "U", "USSR": "S"}


def test_a_game_with_usa_and_ussr_names_them_so_on_its_pages(tmp_path):
    variants = tmp_path / "variants"
    variants.mkdir()
    shutil.copy(PLUS_NAMES, variants / "plus_names.map")
    served = Served(tmp_path, judge_variants_dir=str(variants))
    try:
        served.mail(GM, "CREATE pn gm-pass plus_names\nSET EARLY 0")
        served.mail_many([(f"{p.lower()}@example.org", f"JOIN pn pw-{p.lower()} {letter}")
                          for p, letter in LETTERS.items()])
        served.secrets |= {"gm-pass"} | {f"pw-{p.lower()}" for p in LETTERS}
        served.mail(GM, "SIGNON Mpn gm-pass\nUSA: BUILD A BOS\nPROCESS!")
        results = [m for m in served.relay.to("usa@example.org") if "results pn W1939A" in str(m["Subject"])]
        assert results and "\nUSA:        Builds an army in Boston." in results[0].get_content()
        v = served.visitor()
        page = v.get("/games/pn")
        assert page.status == 200
        assert "<td>USA</td>" in page.text and "<td>USSR</td>" in page.text         # who plays what
        assert "<th>USA</th>" in page.text                                          # the centre counts by year
        assert ">USA 3</text>" in page.text                                         # the centre chart's legend
        assert "Usa" not in page.text and "Ussr" not in page.text
        assert v.signon("pn", "U", "pw-usa").status in (200, 303)
        assert "Signed on as USA." in v.get("/games/pn").text
        orders = v.get("/games/pn/orders")
        assert "<h1>pn: USA</h1>" in orders.text and "Usa" not in orders.text
        phase = v.get("/games/pn/phases/W1939A")
        assert phase.status == 200 and "USA:        Builds an army in Boston." in phase.text
        served.check_pages()
    finally:
        served.stop()
        maps.use_folder(None)
