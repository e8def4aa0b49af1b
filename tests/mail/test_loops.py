"""The loop guard: refused messages counted per sender and text, on disk, bounded (the rate table:
tests/storage/test_rates.py)."""
from datetime import timedelta

from judge.mail.loops import Repeats, Verdict
from judge.storage.counters import MAX_BYTES
from tests.e2e.conftest import T0


def answer(r: Repeats, sender: str, lines: list[str], mid: str, at) -> Verdict:
    look = r.verdict(sender, lines, mid, at)
    r.count(look, at)
    return look.verdict


def test_the_same_text_again_and_again(tmp_path):
    r = Repeats(tmp_path, limit=3)
    lines = ["I am out of the office until Monday."]
    got = [answer(r, "bot@example.org", lines, f"<{i}@x>", T0 + timedelta(minutes=i)) for i in range(6)]
    assert got == [Verdict.ANSWER] * 3 + [Verdict.LAST, Verdict.SILENT, Verdict.SILENT]
    # The LAST reply names when the text is answered again: an hour after the first copy.
    look = Repeats(tmp_path, limit=3).verdict("bot@example.org", lines, "<9@x>", T0 + timedelta(minutes=9))
    assert look.verdict is Verdict.SILENT and look.until == T0 + timedelta(hours=1)     # on disk: a new process
    assert answer(r, "bot@example.org", lines, "<10@x>", T0 + timedelta(minutes=60, seconds=1)) is Verdict.LAST
    assert answer(r, "bot@example.org", ["something else"], "<11@x>", T0) is Verdict.ANSWER          # other text
    assert answer(r, "person@example.org", lines, "<12@x>", T0) is Verdict.ANSWER                   # other sender
    assert answer(r, "bot@example.org", lines, "<13@x>", T0 + timedelta(hours=3)) is Verdict.ANSWER  # hours later


def test_the_same_message_delivered_again_is_answered_once(tmp_path):
    r = Repeats(tmp_path, limit=3)
    assert answer(r, "a@example.org", ["x"], "<same@x>", T0) is Verdict.ANSWER
    assert answer(r, "a@example.org", ["x"], "<same@x>", T0 + timedelta(seconds=5)) is Verdict.SILENT
    assert answer(r, "a@example.org", ["x"], "", T0 + timedelta(seconds=6)) is Verdict.ANSWER   # no Message-ID


def test_a_reply_lost_in_a_crash_is_given_when_the_message_comes_again(tmp_path):
    r = Repeats(tmp_path, limit=3)
    r.verdict("a@example.org", ["x"], "<m@x>", T0)            # the process dies before the reply is written
    assert answer(r, "a@example.org", ["x"], "<m@x>", T0 + timedelta(seconds=1)) is Verdict.ANSWER


def test_the_repeat_tables_are_bounded(tmp_path):
    r = Repeats(tmp_path, limit=3)
    for i in range(800):
        answer(r, f"sender{i}@example.org", [f"text {i}"], "", T0)
    sizes = [p.stat().st_size for p in (tmp_path / ".limits").glob("repeats-*.txt")]
    assert len(sizes) == 16 and max(sizes) < MAX_BYTES                 # spread over 16 files, each bounded
    assert answer(r, "sender799@example.org", ["text 799"], "", T0) is Verdict.ANSWER      # still counted: 2 of 3
