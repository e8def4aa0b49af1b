"""The counts behind the limits on strangers: on disk, within the hour, bounded, a broken file read as empty."""
import json
from datetime import timedelta

from judge.storage.counters import Counters
from tests.e2e.conftest import T0


def test_counts_are_kept_on_disk_for_the_hour(tmp_path):
    with Counters(tmp_path).changing() as c:
        c.add("t", "a", T0)
        c.add("t", "a", T0 + timedelta(minutes=30), "tag")
    fresh = Counters(tmp_path)                                   # another process, or after a restart
    assert [tag for _, tag in fresh.events("t", "a", T0 + timedelta(minutes=30))] == ["", "tag"]
    assert len(fresh.events("t", "a", T0 + timedelta(minutes=61))) == 1
    assert fresh.events("t", "b", T0) == [] and fresh.events("other", "a", T0) == []


def test_a_flood_of_keys_keeps_the_newest(tmp_path):
    counters = Counters(tmp_path, kept=100)
    for n in range(10):
        with counters.changing() as c:
            for i in range(n * 100, n * 100 + 100):
                c.add("t", f"s{i}", T0 + timedelta(seconds=i))
    doc = json.loads((tmp_path / ".limits" / "t.json").read_text())
    assert len(doc) == 100 and "s999" in doc and "s0" not in doc
    with counters.changing() as c:                               # an hour on, the old keys are dropped on write
        c.add("t", "late", T0 + timedelta(hours=2))
    assert list(json.loads((tmp_path / ".limits" / "t.json").read_text())) == ["late"]


def test_a_broken_file_counts_nothing(tmp_path):
    (tmp_path / ".limits").mkdir()
    for text in ("not json", "[1, 2]", '{"a": "x", "b": [[1]], "c": [["x", 1]]}'):
        (tmp_path / ".limits" / "t.json").write_text(text)
        assert Counters(tmp_path).events("t", "a", T0) == []
        with Counters(tmp_path).changing() as c:
            assert len(c.add("t", "a", T0)) == 1
