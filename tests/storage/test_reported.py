"""What cron has already said about games it could not work on (judge.storage.reported)."""
from datetime import datetime, timedelta, timezone

from judge.storage import reported


def test_a_problem_that_stays_is_said_again_a_day_later(tmp_path):
    now = datetime(2026, 11, 26, 12, 0, tzinfo=timezone.utc)
    problems = {"a": "cannot read", "b": "bad wakeup"}
    assert reported.news(tmp_path, problems, now) == (problems, [])
    assert reported.news(tmp_path, problems, now + timedelta(hours=23)) == ({}, [])
    assert reported.news(tmp_path, {"a": "cannot read"}, now + timedelta(hours=23, minutes=30)) == ({}, ["b"])
    assert reported.news(tmp_path, {"a": "cannot read"}, now + timedelta(days=1)) == ({"a": "cannot read"}, [])
    (tmp_path / reported.RECORD).write_text('{"a": {"why": "cannot read", "told": "yesterday"}, "z": 3}')
    assert reported.news(tmp_path, {"a": "cannot read"}, now) == ({"a": "cannot read"}, [])   # damaged: said again
