"""While a phase's grace period runs (its deadline passed, late orders still used), the game page, the orders page,
LIST and STATUS say until when, as the late notice does; before the deadline and after the grace they do not. The
judge is served for real (SMTP, HTTP) with its clock injected."""
from __future__ import annotations

import re
from datetime import timedelta

from judge.deadlines import show
from tests.web.conftest import address, password


def facts(html: str) -> str:
    block = html.split('<div class="facts">')[1].split("</div>")[0]
    return " ".join(re.sub(r"<[^>]+>", "", block).split())


def reply_to(served, power: str, body: str) -> str:
    served.mail(address(power), f"SIGNON {power[0]}demo {password(power)}\n{body}")
    replies = [m for m in served.relay.to(address(power)) if str(m["Subject"]).startswith("Re:")]
    return " ".join(replies[-1].get_content().split())


def test_the_grace_end_is_shown_while_the_grace_period_runs(served):
    served.start_game("demo")
    game = served.daemon.judge.store.load("demo")
    deadline, timing = game.deadline, game.timing
    grace = deadline + timedelta(hours=timing.grace_hours)       # (config.ini's grace: 24 hours)
    late = f"orders arriving before {show(grace, timing)} will still be used"
    anyone, france = served.visitor(), served.visitor()
    assert late not in facts(anyone.get("/games/demo").text)     # (the page kept for visitors: see below)

    served.clock.now = deadline + timedelta(hours=1)            # nobody's orders in: the grace period runs
    served.tick(seconds=1)
    notice = [m for m in served.relay.to(address("FRANCE")) if "deadline missed" in str(m["Subject"])]
    assert notice and "O" + late[1:] in " ".join(notice[-1].get_content().split())   # what players were told
    page = anyone.get("/games/demo")
    shown = facts(page.text)
    assert f"Deadline {show(deadline, timing)}" in shown and late in shown, shown
    assert f'datetime="{grace.isoformat()}"' in page.text        # (the script adds the reader's own time to it)
    assert france.signon("demo", "F", password("FRANCE")).status == 303     # (a sign-on lasts 12 hours)
    assert late in facts(france.get("/games/demo/orders").text)
    assert late in reply_to(served, "FRANCE", "STATUS")
    assert late in reply_to(served, "FRANCE", "LIST demo")

    # A page kept for visitors goes stale when the deadline passes, without any file changing.
    served.clock.now = grace + timedelta(days=5)                 # (the grace long over: not said any more)
    assert late not in facts(anyone.get("/games/demo").text)
    served.check_pages()


def test_a_page_kept_before_the_deadline_is_not_shown_after_it(served):
    """Nothing is written when the deadline passes with the scheduler not yet run: the page says the grace anyway."""
    served.start_game("demo")
    game = served.daemon.judge.store.load("demo")
    grace = game.deadline + timedelta(hours=game.timing.grace_hours)
    v = served.visitor()
    assert "Grace" not in facts(v.get("/games/demo").text)
    served.clock.now = game.deadline + timedelta(minutes=1)     # (the scheduler is not told: no file changes)
    assert "will still be used" in facts(v.get("/games/demo").text)
    assert show(grace, game.timing) in facts(v.get("/games/demo").text)


def test_past_the_grace_period_the_page_says_the_game_waits_as_status_does(served):
    """Under late_powers=preview the grace period ends with nothing processed: the page showed a bare past deadline,
    read as one still to meet, while STATUS says the game waits. Both now say it."""
    served.start_game("demo", "SET RULE late_powers=preview")
    game = served.daemon.judge.store.load("demo")
    served.clock.now = game.grace_until() + timedelta(minutes=5)
    served.tick(seconds=1)
    waits = "the game waits for the late orders, or the master"
    shown = facts(served.visitor().get("/games/demo").text)
    assert f"Deadline {show(game.deadline, game.timing)}" in shown and waits in shown, shown
    assert "will still be used" not in shown
    assert waits in reply_to(served, "FRANCE", "STATUS")
    served.check_pages()
