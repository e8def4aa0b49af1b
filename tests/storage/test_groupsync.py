"""The group commit of judge.storage.commit: threads asking for durability at the same moment share one flush, and
no thread is answered by a flush that began before it asked."""
import os
import sys
import threading
import time

import pytest

from judge.storage import commit
from judge.storage.commit import GroupSync
from tests.disks import apart


class Recording(GroupSync):
    """A group whose flush notes what it was given and when, and can be held up (a slow disk)."""

    def __init__(self):
        super().__init__(use_syncfs=False)
        self.batches: list[tuple[float, list[str]]] = []
        self.gate = threading.Event()
        self.gate.set()
        self.fail_next = False

    def _flush(self, paths):
        self.batches.append((time.monotonic(), sorted(paths)))
        self.gate.wait(10)
        if self.fail_next:
            self.fail_next = False
            raise OSError(5, "Input/output error")


def test_requests_made_during_a_flush_share_the_next_one(tmp_path):
    group = Recording()
    group.gate.clear()
    first = threading.Thread(target=group.sync, args=[["a"]])
    first.start()
    while not group.batches:
        time.sleep(0.001)
    asked = {}

    def ask(name):
        asked[name] = time.monotonic()
        group.sync([name, "shared"])
    others = [threading.Thread(target=ask, args=[f"p{i}"]) for i in range(6)]
    for t in others:
        t.start()
    time.sleep(0.2)                     # all six are waiting behind the flush under way
    assert len(group.batches) == 1
    group.gate.set()
    for t in [first, *others]:
        t.join(10)
    assert group.batches[0][1] == ["a"]
    assert group.batches[1][1] == sorted([f"p{i}" for i in range(6)] + ["shared"])    # each path once
    assert len(group.batches) == 2
    # every request was answered by a flush that began after it was made
    assert all(group.batches[1][0] > t for t in asked.values())


def test_a_lone_request_is_flushed_at_once(tmp_path):
    group = Recording()
    group.sync(["x"])
    group.sync(["y"])
    assert [b[1] for b in group.batches] == [["x"], ["y"]]


def test_a_failed_flush_fails_every_request_of_its_batch_and_only_those(tmp_path):
    group = Recording()
    group.gate.clear()
    errors, done = {}, []

    def ask(name):
        try:
            group.sync([name])
            done.append(name)
        except OSError as exc:
            errors[name] = exc
    first = [threading.Thread(target=ask, args=[f"a{i}"]) for i in range(3)]
    for t in first:
        t.start()
    while not group.batches:
        time.sleep(0.001)
    time.sleep(0.1)
    later = [threading.Thread(target=ask, args=[f"b{i}"]) for i in range(3)]
    for t in later:
        t.start()
    time.sleep(0.1)
    group.fail_next = True              # the flush under way fails; the one after it does not
    group.gate.set()
    for t in first + later:
        t.join(10)
    failed_batch = group.batches[0][1]
    assert sorted(errors) == failed_batch and sorted(done) == sorted(group.batches[1][1])
    assert set(failed_batch) | set(done) == {f"a{i}" for i in range(3)} | {f"b{i}" for i in range(3)}
    assert all(exc.errno == 5 and "could not make files durable" in str(exc) for exc in errors.values())
    assert len(group.batches) == 2


def test_fsync_mode_fsyncs_each_path_once_per_flush(tmp_path, monkeypatch):
    (tmp_path / "f").write_text("x")
    synced = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(os.readlink(f"/proc/self/fd/{fd}")) or real(fd))
    group = GroupSync(use_syncfs=False)
    group.sync([tmp_path / "f", tmp_path, tmp_path / "f", tmp_path / "gone"])     # a path gone: nothing to do
    assert synced == [str(tmp_path / "f"), str(tmp_path)]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="syncfs is Linux's")
def test_on_linux_a_flush_is_one_syncfs_per_file_system(tmp_path, monkeypatch):
    group = GroupSync()
    calls = []
    real = group._syncfs
    assert real is not None
    group._syncfs = lambda fd: calls.append(fd) or real(fd)
    (tmp_path / "a").write_text("x")
    (tmp_path / "b").write_text("y")
    group.sync([tmp_path / "a", tmp_path / "b", tmp_path, tmp_path / "gone"])
    assert len(calls) == 1 and group.flushes == 1
    group._syncfs = lambda fd: -1          # an error reported by the kernel
    with pytest.raises(OSError, match="could not make files durable"):
        group.sync([tmp_path / "a"])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="syncfs is Linux's")
def test_syncfs_finds_each_file_system_without_a_stat_it_can_do_without(disk_path, monkeypatch):
    """A folder is looked at once (its file system is remembered), a file whose folder is in the same flush not at
    all, yet a flush still covers every file system named: here two, side by side (tests.disks.apart)."""
    tmp_path = disk_path
    with apart(tmp_path) as folder:
        other = str(folder)
        assert os.stat(other).st_dev != os.stat(tmp_path).st_dev
        group = GroupSync()
        group.sync([tmp_path, other])           # (each file system's folder opened for syncfs: looked at once)
        synced, looked = [], []
        real_syncfs, real_stat = group._syncfs, os.stat
        group._syncfs = lambda fd: synced.append(os.fstat(fd).st_dev) or real_syncfs(fd)
        monkeypatch.setattr(os, "stat", lambda p, *a, **k: looked.append(os.fspath(p)) or real_stat(p, *a, **k))
        both = sorted({real_stat(tmp_path).st_dev, real_stat(other).st_dev})
        (tmp_path / "sub").mkdir()
        for name in ("a", "b", "sub/c"):
            (tmp_path / name).write_text("x")
        for name in ("a", "b"):
            with open(f"{other}/{name}", "w") as fh:
                fh.write("y")
        group.sync([tmp_path / "a", tmp_path, f"{other}/a"])        # a file alone in the batch is looked at
        assert sorted(synced) == both and looked == [f"{other}/a"]
        synced.clear(), looked.clear()
        group.sync([tmp_path / "b", tmp_path, f"{other}/b", other])    # each file's folder named: no stat at all
        assert sorted(synced) == both and looked == []
        synced.clear(), looked.clear()
        group.sync([tmp_path / "sub/c", tmp_path / "sub", f"{other}/b"])
        assert sorted(synced) == both and looked == [str(tmp_path / "sub"), f"{other}/b"]   # a new folder: once
        synced.clear(), looked.clear()
        group.sync([tmp_path / "sub", tmp_path / "gone"])
        assert synced == [real_stat(tmp_path).st_dev] and looked == [str(tmp_path / "gone")]


def test_the_environment_can_ask_for_fsync(monkeypatch):
    monkeypatch.setenv("JUDGE_SYNC", "fsync")
    assert GroupSync()._syncfs is None


def test_commits_of_several_threads_share_flushes(disk_path, monkeypatch):
    """Eight games committed by eight threads at once: every commit whole, in fewer flushes than the three per
    commit it would take alone. On a disk: in memory a flush takes no time, and the threads never meet in one."""
    tmp_path = disk_path
    group = GroupSync(use_syncfs=False)
    monkeypatch.setattr(commit, "durable", group)
    start = threading.Barrier(8)

    def one(i):
        tx = commit.Commit(tmp_path / f"g{i}", tmp_path / "outbox")
        tx.write("status.json", f"game {i}")
        tx.mail(f"m{i}.eml", b"reply")
        start.wait()
        tx.finish()
    threads = [threading.Thread(target=one, args=[i]) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    assert sorted(os.listdir(tmp_path / "outbox")) == [f"m{i}.eml" for i in range(8)]
    assert all((tmp_path / f"g{i}" / "status.json").read_text() == f"game {i}" for i in range(8))
    assert group.flushes < 3 * 8
