"""atomic_write (old or new content, never a mix), append_line, reading a file whole, and the folder lock across threads
and processes."""
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from judge.storage import atomic
from judge.storage.atomic import append_line, atomic_write, locked, sync_folder

ROOT = Path(__file__).resolve().parents[2]


def test_atomic_write_creates_folders_and_replaces(tmp_path):
    path = tmp_path / "a" / "b" / "status.json"
    atomic_write(path, "first\n")
    assert path.read_text() == "first\n"
    atomic_write(path, b"second \xe2\x82\xac")
    assert path.read_bytes() == b"second \xe2\x82\xac"
    atomic_write(path, "caf\u00e9")
    assert path.read_bytes() == "caf\u00e9".encode("utf-8")
    assert sorted(p.name for p in path.parent.iterdir()) == ["status.json"]       # no temp file left behind


@pytest.mark.parametrize("fail_in", ["fsync", "replace"])
def test_a_failed_write_leaves_the_old_content(tmp_path, monkeypatch, fail_in):
    path = tmp_path / "status.json"
    atomic_write(path, "old content\n")

    def disk_full(*args):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, fail_in, disk_full)
    with pytest.raises(OSError, match="No space left"):
        atomic_write(path, "new content that never lands\n")
    monkeypatch.undo()
    assert path.read_text() == "old content\n"
    assert [p.name for p in tmp_path.iterdir()] == ["status.json"]               # the temp file was removed


def test_a_failed_first_write_leaves_no_file(tmp_path, monkeypatch):
    def crash(*args):
        raise KeyboardInterrupt                                                   # even a BaseException cleans up
    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        atomic_write(tmp_path / "new.json", "x")
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


def test_append_line(tmp_path):
    path = tmp_path / "logs" / "access.log"
    append_line(path, "one")
    append_line(path, "two\n")
    append_line(path, "three\n\n")
    assert path.read_text() == "one\ntwo\nthree\n"


def test_the_lock_excludes_another_thread(tmp_path):
    held, release, done = threading.Event(), threading.Event(), threading.Event()

    def holder():
        with locked(tmp_path):
            held.set()
            release.wait()
        done.set()
    t = threading.Thread(target=holder)
    t.start()
    held.wait()
    with pytest.raises(BlockingIOError):
        with locked(tmp_path, blocking=False):
            pass
    release.set()
    t.join()
    with locked(tmp_path, blocking=False):          # free again
        assert (tmp_path / ".lock").exists()


def test_the_lock_excludes_another_process(tmp_path):
    code = ("import sys\nfrom judge.storage.atomic import locked\n"
            "with locked(sys.argv[1]):\n    print('locked', flush=True)\n    sys.stdin.readline()\n"
            "print('released', flush=True)\n")
    with subprocess.Popen([sys.executable, "-c", code, str(tmp_path)], cwd=ROOT, stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True) as child:
        assert child.stdout.readline().strip() == "locked"        # the child holds the lock now
        with pytest.raises(BlockingIOError):
            with locked(tmp_path, blocking=False):
                pass
        child.stdin.write("\n")
        child.stdin.flush()
        assert child.stdout.readline().strip() == "released"
        with locked(tmp_path, blocking=False):
            pass
    assert child.returncode == 0


def test_the_lock_is_released_after_an_exception(tmp_path):
    with pytest.raises(ValueError):
        with locked(tmp_path):
            raise ValueError("boom")
    with locked(tmp_path, blocking=False):
        pass


def count_fsyncs(monkeypatch) -> list:
    calls = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: calls.append(os.readlink(f"/proc/self/fd/{fd}")) or real(fd))
    return calls


def test_the_folder_is_fsynced_unless_the_caller_does_it_once_for_several_files(tmp_path, monkeypatch):
    calls = count_fsyncs(monkeypatch)
    atomic_write(tmp_path / "a.json", "a")
    assert calls[-1] == str(tmp_path) and len(calls) == 2                   # the file's data, then the folder
    calls.clear()
    atomic_write(tmp_path / "b.eml", "b", sync_dir=False)
    atomic_write(tmp_path / "c.eml", "c", sync_dir=False)
    assert [Path(c).name.split(".")[1] for c in calls] == ["b", "c"]       # the temp files' data only
    sync_folder(tmp_path)
    assert calls[-1] == str(tmp_path) and (tmp_path / "b.eml").read_text() == "b"


def test_append_line_without_fsync(tmp_path, monkeypatch):
    calls = count_fsyncs(monkeypatch)
    append_line(tmp_path / "access.log", "audit", durable=False)
    assert calls == [] and (tmp_path / "access.log").read_text() == "audit\n"
    append_line(tmp_path / "access.log", "durable")
    assert len(calls) == 1


@pytest.mark.parametrize("size", [0, 1, 4096, 300_000])
def test_read_bytes_reads_a_file_whole(tmp_path, size):
    data = os.urandom(size)
    (tmp_path / "f").write_bytes(data)
    assert atomic.read_bytes(tmp_path / "f") == data
    assert atomic.read_bytes(str(tmp_path / "f")) == data


def test_read_all_reads_on_when_the_file_grew_or_its_size_says_nothing(tmp_path):
    (tmp_path / "f").write_bytes(b"0123456789")
    fd = os.open(tmp_path / "f", os.O_RDONLY)
    try:
        assert atomic.read_all(fd, 4) == b"0123456789"        # longer than the size it was said to have
    finally:
        os.close(fd)
    assert atomic.read_bytes("/proc/self/status").startswith(b"Name:")    # st_size 0, yet it has bytes
    with pytest.raises(FileNotFoundError):
        atomic.read_bytes(tmp_path / "missing")
