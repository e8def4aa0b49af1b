"""When the keeper was last told of each problem, shared by every process of the judge (judge.storage.told)."""
import json
import threading
from datetime import datetime, timedelta, timezone

from judge.storage import told

HOUR = timedelta(hours=1)
NOW = datetime(2026, 11, 27, 12, 0, tzinfo=timezone.utc)


def test_a_problem_is_new_again_an_hour_after_it_was_told(tmp_path):
    assert told.first_in(tmp_path, "unavailable heart", NOW, HOUR) is None
    assert told.first_in(tmp_path, "unavailable heart", NOW + timedelta(minutes=59), HOUR) == NOW
    assert told.first_in(tmp_path, "deferred", NOW + timedelta(minutes=59), HOUR) is None      # another problem
    assert told.first_in(tmp_path, "unavailable heart", NOW + HOUR, HOUR) is None
    # A time far ahead of this clock (written under a clock set wrong) holds nothing back for ever.
    assert told.first_in(tmp_path, "unavailable heart", NOW - timedelta(days=3), HOUR) is None


def test_the_record_keeps_only_what_still_holds_a_mail_back(tmp_path):
    for i in range(told.KEPT + 500):
        told.first_in(tmp_path, f"unsendable {i:04d}.eml", NOW + timedelta(seconds=i), timedelta(days=1))
    record = json.loads((tmp_path / told.RECORD).read_text())
    assert len(record) == told.KEPT and f"unsendable {told.KEPT + 499:04d}.eml" in record
    assert "unsendable 0000.eml" not in record                   # the oldest were forgotten first
    told.first_in(tmp_path, "deferred", NOW + timedelta(days=2), HOUR)
    assert list(json.loads((tmp_path / told.RECORD).read_text())) == ["deferred"]    # the rest are past their hour
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_a_damaged_record_makes_every_problem_new_and_is_replaced(tmp_path):
    for damaged in (b"{ not json", b"[1, 2]", b'{"deferred": "yesterday", "x": 3}', b"\xff\xfe",
                    b'{"deferred": "' + b"9" * told.MAX_BYTES + b'"}'):
        (tmp_path / told.RECORD).write_bytes(damaged)
        assert told.first_in(tmp_path, "deferred", NOW, HOUR) is None
        assert told.first_in(tmp_path, "deferred", NOW, HOUR) == NOW


def test_of_processes_meeting_one_problem_at_once_one_tells_it(tmp_path):
    # Each call takes the lock anew (as another process would): of 16 at once, exactly one finds the problem new.
    results = []
    start = threading.Barrier(16)

    def meet():
        start.wait()
        results.append(told.first_in(tmp_path, "unavailable heart", NOW, HOUR))
    threads = [threading.Thread(target=meet) for _ in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count(None) == 1 and results.count(NOW) == 15


def test_a_record_that_cannot_be_written_tells_the_problem_anyway(tmp_path):
    games = tmp_path / "games"
    games.write_text("a file where the games folder belongs")
    assert told.first_in(games, "deferred", NOW, HOUR) is None
    assert told.first_in(games, "deferred", NOW, HOUR) is None   # nothing kept: told again rather than never
