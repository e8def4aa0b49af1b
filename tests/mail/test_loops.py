"""Loops recognised by content, and the rate table bounded."""
from datetime import datetime, timedelta, timezone

from judge.mail.loops import RateLimit, Repeats

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=timezone.utc)


def test_the_same_text_again_and_again_is_a_loop():
    r = Repeats(limit=3)
    lines = ["I am out of the office until Monday."]
    assert [r.looping("bot@example.org", lines, T0 + timedelta(minutes=i)) for i in range(5)] == \
        [False, False, False, True, True]
    assert not r.looping("bot@example.org", ["something else"], T0)             # other text
    assert not r.looping("person@example.org", lines, T0)                       # other sender
    assert not r.looping("bot@example.org", lines, T0 + timedelta(hours=2))     # the hour is over


def test_the_repeat_table_is_bounded():
    r = Repeats(limit=3, kept=100)
    for i in range(1000):
        r.looping(f"s{i}@example.org", ["x"], T0)
    assert len(r._seen) == 100


def test_the_rate_table_forgets_the_oldest_senders():
    clock = [0.0]
    rate = RateLimit(2, kept=1000, monotonic=lambda: clock[0])
    assert [rate.over("a@example.org") for _ in range(3)] == [False, False, True]
    for i in range(200_000):
        rate.over(f"s{i}@example.org")
    assert len(rate.recent) == 1000                          # bounded (it once held 170 MiB for 200,000 senders)
    clock[0] += 3601
    assert not rate.over("a@example.org")
