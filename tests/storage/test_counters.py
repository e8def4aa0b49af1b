"""The counts behind the limits on strangers: on disk, within the hour, bounded, a broken line read as nothing."""
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


def test_a_block_that_fails_counts_nothing(tmp_path):
    try:
        with Counters(tmp_path).changing() as c:
            c.add("t", "a", T0)
            raise RuntimeError
    except RuntimeError:
        pass
    assert Counters(tmp_path).events("t", "a", T0) == []


def test_a_flood_of_keys_keeps_the_file_small_and_the_newest_keys(tmp_path):
    counters = Counters(tmp_path, kept=100, max_bytes=4096)
    for i in range(1000):
        with counters.changing() as c:
            c.add("t", f"sender{i}@example.org", T0 + timedelta(seconds=i))
    path = tmp_path / ".limits" / "t.txt"
    assert path.stat().st_size <= 4096 + 100
    assert counters.events("t", "sender999@example.org", T0 + timedelta(seconds=999))
    assert not counters.events("t", "sender0@example.org", T0 + timedelta(seconds=999))
    keys = {line.split()[2] for line in path.read_text().splitlines()}
    assert len(keys) <= 100


def test_broken_lines_count_nothing(tmp_path):
    (tmp_path / ".limits").mkdir()
    (tmp_path / ".limits" / "t.txt").write_text(f"garbage\nx - a\n{T0.timestamp()} - a\n{T0.timestamp()}")
    assert len(Counters(tmp_path).events("t", "a", T0)) == 1
    with Counters(tmp_path).changing() as c:
        c.add("t", "a b\nc", T0)                               # a key with spaces or a line break stays one key
    assert len(Counters(tmp_path).events("t", "a b\nc", T0)) == 1
