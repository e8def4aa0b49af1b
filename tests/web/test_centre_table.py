"""The game page's supply-centre table and chart over real HTTP, for games played by mail over real SMTP: the row
before the first year is "start" on every calendar, and a calendar that names its era writes its years as its phases
do ("B.C. 272"). Our own toy boards (tests/data/maps), given to the judge as its variants folder."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge import maps
from tests.web.conftest import GM, Served

MAPS = Path(__file__).resolve().parent.parent / "data" / "maps"


@pytest.fixture
def served_variants(tmp_path):
    folder = tmp_path / "variants"
    folder.mkdir()
    for name in ("toy.map", "toy_bc.map"):
        (folder / name).write_text((MAPS / name).read_text(encoding="utf-8"), encoding="utf-8")
    # The toy board begun in a Fall of the standard calendar, as DPjudge's void map begins (FALL 1900 MOVEMENT).
    (folder / "toy_fall.map").write_text("USE toy\nBEGIN FALL 1900 MOVEMENT\n", encoding="utf-8")
    s = Served(tmp_path, judge_variants_dir=str(folder))
    try:
        yield s
    finally:
        s.stop()
        maps.use_folder(None)


def toy_game(served: Served, name: str, variant: str, processed: int) -> None:
    served.mail(GM, f"CREATE {name} gm-pass {variant}")
    served.mail_many([("north@example.org", f"JOIN {name} pw-north N"),
                      ("south@example.org", f"JOIN {name} pw-south S")])
    assert served.daemon.judge.store.load(name).status == "active"
    for _ in range(processed):
        served.mail(GM, f"SIGNON M{name} gm-pass\nPROCESS!")
    served.secrets |= {"gm-pass", "pw-north", "pw-south"}


def table_labels(html: str) -> list[str]:
    table = html.split("<h2>Supply centres</h2>")[1].split("</table>")[0]
    return re.findall(r"<tr><td>([^<]*)</td>", table)


def test_the_first_row_is_the_start_on_every_calendar(served_variants):
    served = served_variants
    served.start_game("std")
    toy_game(served, "fall", "toy_fall", 0)
    toy_game(served, "bc", "toy_bc", 0)
    v = served.visitor()
    for name in ("std", "fall", "bc"):
        page = v.get(f"/games/{name}")
        assert page.status == 200 and table_labels(page.text)[0] == "start", (name, table_labels(page.text))
    served.check_pages()


def test_years_before_christ_are_named_as_the_phases_name_them(served_variants):
    served = served_variants
    # B.C. 273 to 270 Movement: centres change hands, and a year's count is kept, in the even years (IFYEARDIV:2).
    toy_game(served, "bc", "toy_bc", 4)
    page = served.visitor().get("/games/bc")
    assert "B.C. 269 Movement" in page.text
    assert table_labels(page.text) == ["start", "B.C. 272", "B.C. 270"]
    chart = page.text.split('<figure class="chart">')[1].split("</figure>")[0]
    assert re.findall(r">(B\.C\. \d+)</text>", chart) == ["B.C. 272", "B.C. 270"]
    served.check_pages()
