"""The inbox spool: durable before 250, claimed while processed, recovered after a crash, failures set aside."""
import os
import stat

from judge.daemon.spool import KEEP_SET_ASIDE_DAYS, MAX_INTERRUPTED, Spool


def test_put_claim_done(tmp_path):
    spool = Spool(tmp_path / "inbox")
    key = spool.put(b"Subject: x\r\n\r\nhello", "a@example.org")
    assert (tmp_path / "inbox" / "new" / key).read_bytes().startswith(b"Return-Path: <a@example.org>\r\n")
    assert spool.pending() == ([key], [])
    path = spool.claim(key)
    assert path.parent.name == "cur" and not (tmp_path / "inbox" / "new" / key).exists()
    spool.done(key)
    assert spool.pending() == ([], []) and list((tmp_path / "inbox" / "tmp").iterdir()) == []


def test_interrupted_messages_come_back_first_and_are_set_aside_after_too_many(tmp_path):
    spool = Spool(tmp_path / "inbox")
    first = spool.put(b"one", "")
    second = spool.put(b"two", "")
    spool.claim(second)                        # a crash while processing `second`
    again, aside = spool.pending()
    assert again == sorted([first, f"{second}:1"]) and Spool.key(f"{second}:1") == second and aside == []
    name = f"{second}:1"
    for attempt in range(2, MAX_INTERRUPTED + 1):
        spool.claim(name)                      # ... and the judge is killed again
        pending, aside = spool.pending()
        if attempt < MAX_INTERRUPTED:
            name = f"{second}:{attempt}"
            assert name in pending and aside == []
    assert pending == [first] and [Spool.key(n) for n in aside] == [second]
    (kept, why), = spool.set_aside_messages()
    assert Spool.key(kept) == second and "interrupted" in why and f"{MAX_INTERRUPTED} times" in why


def test_deferred_messages_keep_their_key_and_count_attempts(tmp_path):
    spool = Spool(tmp_path / "inbox")
    key = spool.put(b"one", "")
    spool.claim(key)
    name = spool.defer(key)
    assert name == f"{key}:1" and Spool.key(name) == key and Spool.attempts(name) == 1
    spool.claim(name)
    assert spool.defer(name) == f"{key}:2"


def test_requeue_puts_set_aside_messages_back_with_a_clean_count(tmp_path):
    spool = Spool(tmp_path / "inbox")
    key = spool.put(b"one", "a@example.org")
    spool.claim(key)
    spool.set_aside(key, "ValueError: boom")
    assert spool.set_aside_messages() == [(key, "ValueError: boom")] and spool.pending() == ([], [])
    assert spool.requeue(["nothing-like-it"]) == []
    assert spool.requeue() == [f"{key}:0"]
    assert spool.pending() == ([f"{key}:0"], []) and spool.set_aside_messages() == []
    assert Spool.key(f"{key}:0") == key
    assert spool.read(f"{key}:0") == (b"one", "a@example.org")


def test_clean_drops_unacknowledged_tmp_files_and_expired_set_aside_ones(tmp_path):
    spool = Spool(tmp_path / "inbox")
    (tmp_path / "inbox" / "tmp" / "123.abc").write_bytes(b"half a message")
    old, fresh = spool.put(b"old", ""), spool.put(b"fresh", "")
    for key in (old, fresh):
        spool.claim(key)
        spool.set_aside(key, "boom")
    long_ago = os.stat(tmp_path / "inbox" / "bad" / old).st_mtime - (KEEP_SET_ASIDE_DAYS + 1) * 86400
    for name in (old, f"{old}.why"):
        os.utime(tmp_path / "inbox" / "bad" / name, (long_ago, long_ago))
    assert spool.clean() == 3
    assert list((tmp_path / "inbox" / "tmp").iterdir()) == []
    assert [k for k, _ in spool.set_aside_messages()] == [fresh]


def test_spool_files_are_private(tmp_path):
    spool = Spool(tmp_path / "inbox")
    key = spool.put(b"SIGNON Fdemo secret", "a@example.org")
    assert stat.S_IMODE(os.stat(tmp_path / "inbox" / "new" / key).st_mode) == 0o600
    for sub in ("tmp", "new", "cur", "bad"):
        assert stat.S_IMODE(os.stat(tmp_path / "inbox" / sub).st_mode) == 0o700


def test_two_flushes_per_message_and_none_of_tmp(tmp_path, monkeypatch):
    """The data while still in tmp/, then the name in new/ (here each flush an fsync of the paths named, as where
    there is no syncfs; with it, other threads' flushes may be shared: tests/storage/test_groupsync.py)."""
    from judge.storage import commit
    monkeypatch.setattr(commit, "durable", commit.GroupSync(use_syncfs=False))
    spool = Spool(tmp_path / "inbox")
    synced = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(os.readlink(f"/proc/self/fd/{fd}")) or real(fd))
    key = spool.put(b"Subject: x\r\n\r\nhello", "a@example.org")
    assert len(synced) == 2
    assert synced[0].startswith(str(tmp_path / "inbox" / "tmp") + "/")      # the data, while still in tmp/
    assert synced[1] == str(tmp_path / "inbox" / "new")                     # the name, once in new/
    assert spool.read(key) == (b"Subject: x\r\n\r\nhello", "a@example.org")


def test_a_message_the_disk_cannot_hold_leaves_nothing_in_tmp(tmp_path, monkeypatch):
    """ENOSPC part way through a message's write (injected where the spool writes its files): the part written is
    removed at once. Before, it stayed in tmp/ until the next start-up, holding the disk full, so that smaller
    messages were refused too."""
    import errno

    import pytest

    from judge.storage import commit
    real = commit.write_file

    def half(path, data, exclusive=False):
        real(path, data[:len(data) // 2], exclusive)
        raise OSError(errno.ENOSPC, "No space left on device")
    spool = Spool(tmp_path / "inbox")
    monkeypatch.setattr(commit, "write_file", half)
    with pytest.raises(OSError):
        spool.put(b"Subject: big\r\n\r\n" + b"x" * 500_000, "a@example.org")
    monkeypatch.undo()
    assert list((tmp_path / "inbox" / "tmp").iterdir()) == [] and spool.pending() == ([], [])
