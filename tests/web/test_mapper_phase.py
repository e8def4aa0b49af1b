"""Every phase name a results mail gives leads to that phase's page (judge-web.md: `<phase>` as the results name
it). A winter adjustment's mail names it W1901A in its subject and title, and F1901B on its ':: Deadline:' line, the
spelling Mapper needs there (DPjudge's mapperHeader: "what we call W1902A has to be called F1902B"): read with the
mail's ':: URL:' line, that name must open the W1901A page too, over real SMTP and HTTP."""
from __future__ import annotations

import re
import urllib.parse

from tests.web.conftest import GM, Served
from tests.web.test_paths import orders_by_mail
from tests.web.test_skipped_phase import FALL, SPRING


def test_each_phase_name_of_a_winter_results_mail_opens_its_page(tmp_path):
    served = Served(tmp_path, web_url="http://judge.example.org")
    try:
        served.start_game("demo")
        orders_by_mail(served, "demo", SPRING)
        orders_by_mail(served, "demo", FALL)                  # Austria takes Venice: one build in Winter 1901
        seen = len(served.relay.to(GM))
        served.orders("demo", "AUSTRIA", "BUILD A VIE")
        served.tick(seconds=1)
        assert str(served.daemon.judge.store.load("demo").position.phase) == "S1902M"
        mails = [m for m in served.relay.to(GM)[seen:] if "Diplomacy results" in str(m["Subject"])]
        assert len(mails) == 1
        text = mails[0].get_content().replace("\r\n", "\n")
        url = re.search(r"^:: URL: (\S+)$", text, re.M).group(1)
        mapper = re.search(r"^:: Deadline: (\S+) ", text, re.M).group(1)
        subject = str(mails[0]["Subject"]).rsplit(" ", 1)[1]
        title = re.search(r"\(demo\.(\S+)\)", text).group(1)
        assert (mapper, subject, title) == ("F1901B", "W1901A", "W1901A")   # (Mapper's spelling stays for Mapper)
        v = served.visitor()
        path = urllib.parse.urlsplit(url).path
        own = v.get(f"{path}/phases/W1901A")
        assert own.status == 200 and "Adjustment orders for Winter of 1901." in own.text
        for name in (mapper, subject, title):
            page = v.get(f"{path}/phases/{name}")
            assert page.status == 200 and page.text == own.text, name
            assert v.get(f"{path}/phases/{name}/map.svg").status == 200, name
        # Mapper's spelling is of a winter adjustment only: no other phase answers to a B.
        assert v.get(f"{path}/phases/F1901R").status == 404 and v.get(f"{path}/phases/S1901B").status == 404
        served.check_pages()
    finally:
        served.stop()
