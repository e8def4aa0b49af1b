"""The wake-up hint file: written whole, read back exactly, ignored when it is not one written whole or too big."""
from datetime import datetime, timedelta, timezone

from judge.storage import wakeup_index

T = datetime(2026, 3, 1, 18, 30, tzinfo=timezone.utc)


def test_round_trip_and_the_threshold(tmp_path, monkeypatch):
    monkeypatch.setattr(wakeup_index, "MIN_GAMES", 3)
    wakeups = {"g1": T, "g2": T + timedelta(hours=5), "b-3": T.astimezone(timezone(timedelta(hours=2)))}
    wakeup_index.write(tmp_path, wakeups)
    assert wakeup_index.read(tmp_path) == wakeups
    assert not [p for p in tmp_path.iterdir() if p.name != wakeup_index.FILE]      # no temp file left
    # Fewer games than the threshold: no hint kept (an older one goes), none read.
    wakeup_index.write(tmp_path, {"g1": T})
    assert not wakeup_index.path(tmp_path).exists()
    wakeup_index.path(tmp_path).write_text('{"version": 1, "wakeups": {"g1": "2026-03-01T18:30:00+00:00"}}')
    assert wakeup_index.read(tmp_path) is None


def test_missing_and_oversized_hints_are_not_read(tmp_path, monkeypatch):
    monkeypatch.setattr(wakeup_index, "MIN_GAMES", 1)
    assert wakeup_index.read(tmp_path) is None
    assert wakeup_index.read(tmp_path / "no such folder") is None
    wakeup_index.write(tmp_path, {"g1": T})
    assert wakeup_index.read(tmp_path) == {"g1": T}
    monkeypatch.setattr(wakeup_index, "MAX_BYTES", 10)
    assert wakeup_index.read(tmp_path) is None


def test_a_truncated_hint_is_ignored(tmp_path, monkeypatch):
    monkeypatch.setattr(wakeup_index, "MIN_GAMES", 1)
    wakeup_index.write(tmp_path, {f"g{i}": T + timedelta(minutes=i) for i in range(50)})
    whole = wakeup_index.path(tmp_path).read_bytes()
    for cut in (1, len(whole) // 3, len(whole) - 3):
        wakeup_index.path(tmp_path).write_bytes(whole[:cut])
        assert wakeup_index.read(tmp_path) is None
