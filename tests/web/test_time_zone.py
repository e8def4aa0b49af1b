"""shared/spec/judge-web.md: "Times are shown in the game's zone and say so". A game in Tokyo (UTC+9, no summer
time), served by a judge whose clock and host are in UTC: the deadline on the game page and the orders page, when the
sign-on ends by itself, and until when too many wrong passwords close the sign-ons: each in Tokyo's time, named JST,
and no time on any of those pages in UTC."""
from __future__ import annotations

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from tests.web.conftest import password

TOKYO = ZoneInfo("Asia/Tokyo")


def in_tokyo(moment: datetime) -> str:
    """As deadlines are written (DPjudge's 'Thu 8 Jan 2026 21:00 JST'), in Tokyo."""
    t = moment.astimezone(TOKYO)
    return f"{t:%a} {t.day} {t:%b %Y %H:%M} JST"


def test_every_time_on_the_pages_is_in_the_games_zone_and_named(served):
    served.start_game("tokyo", "SET ZONE Asia/Tokyo")
    deadline = served.daemon.judge.store.load("tokyo").deadline
    assert deadline is not None and deadline.utcoffset() == timedelta(0)
    v = served.visitor()
    page = v.get("/games/tokyo")
    assert in_tokyo(deadline) in page.text and "the game's time zone: Asia/Tokyo" in page.text
    # (and for script: the same moment with its offset, for the reader's own zone)
    iso = re.search(r'<time datetime="([^"]+)" class="deadline">', page.text).group(1)
    assert datetime.fromisoformat(iso) == deadline

    signed_on_at = served.clock()
    assert v.signon("tokyo", "E", password("ENGLAND")).status == 303
    orders = v.get("/games/tokyo/orders")
    assert in_tokyo(deadline) in orders.text
    assert f"ends by itself at {in_tokyo(signed_on_at + timedelta(hours=12))}" in orders.text

    stranger = served.visitor()
    for _ in range(6):
        refused = stranger.signon("tokyo", "F", "not-it")
    locked = re.search(r"REFUSED UNTIL ([^(]+) \(", refused.text)
    assert locked and locked.group(1).endswith(" JST"), refused.text
    for p in (page, orders, refused):
        assert " UTC" not in p.text.replace("(UTC+", ""), p.path
    served.check_pages()
