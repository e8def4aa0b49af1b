"""A processed phase's page on a variant whose map has no drawing (an operator's DPjudge board of its own): played
by mail over real SMTP, the page says why there is no picture, as the game's page does, instead of "No picture was
kept for this phase" (which reads as if a picture had been lost)."""
from __future__ import annotations

import re
from pathlib import Path

from judge import maps
from tests.commands.helpers import toy_variants
from tests.web.conftest import GM, Served


def test_a_phase_page_of_a_variant_without_a_drawing_says_so(tmp_path: Path):
    served = Served(tmp_path, judge_variants_dir=str(toy_variants(tmp_path / "variants")))
    try:
        served.mail(GM, "CREATE t gm-pass toy")
        served.mail_many([("north@example.org", "JOIN t npw N"), ("south@example.org", "JOIN t spw S")])
        served.mail(GM, "SIGNON Mt gm-pass\nPROCESS!")
        v = served.visitor()
        game_page = v.get("/games/t")
        assert game_page.status == 200 and "has no drawing" in game_page.text
        phase_links = re.findall(r'href="(/games/t/phases/[^"/]+)"', game_page.text)
        assert phase_links, game_page.text
        page = v.get(phase_links[0])
        assert page.status == 200
        assert "has no drawing" in page.text and "No picture was kept" not in page.text, page.text
    finally:
        served.stop()
        maps.use_folder(None)
