"""The inbox spool: durable before 250, claimed while processed, recovered after a crash, poison kept aside."""
from judge.daemon.spool import MAX_ATTEMPTS, Spool


def test_put_claim_done(tmp_path):
    spool = Spool(tmp_path / "inbox")
    key = spool.put(b"Subject: x\r\n\r\nhello", "a@example.org")
    assert (tmp_path / "inbox" / "new" / key).read_bytes().startswith(b"Return-Path: <a@example.org>\r\n")
    assert spool.pending() == [key]
    path = spool.claim(key)
    assert path.parent.name == "cur" and not (tmp_path / "inbox" / "new" / key).exists()
    spool.done(key)
    assert spool.pending() == [] and list((tmp_path / "inbox" / "tmp").iterdir()) == []


def test_interrupted_messages_come_back_first_and_poison_is_kept(tmp_path):
    spool = Spool(tmp_path / "inbox")
    first = spool.put(b"one", "")
    second = spool.put(b"two", "")
    spool.claim(second)                        # a crash while processing `second`
    again = spool.pending()
    assert again == sorted([first, f"{second}:1"]) and Spool.key(f"{second}:1") == second
    name = f"{second}:1"
    for attempt in range(2, MAX_ATTEMPTS + 1):
        spool.claim(name)                      # ... and it crashes the judge again
        pending = spool.pending()
        if attempt < MAX_ATTEMPTS:
            name = f"{second}:{attempt}"
            assert name in pending
    assert pending == [first]
    assert [p.name.split(":")[0] for p in (tmp_path / "inbox" / "bad").iterdir()] == [second]


def test_two_fsyncs_per_message_and_none_of_tmp(tmp_path, monkeypatch):
    import os
    spool = Spool(tmp_path / "inbox")
    synced = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(os.readlink(f"/proc/self/fd/{fd}")) or real(fd))
    key = spool.put(b"Subject: x\r\n\r\nhello", "a@example.org")
    assert len(synced) == 2
    assert synced[0].startswith(str(tmp_path / "inbox" / "tmp") + "/")      # the data, while still in tmp/
    assert synced[1] == str(tmp_path / "inbox" / "new")                     # the name, once in new/
    assert spool.read(key) == (b"Subject: x\r\n\r\nhello", "a@example.org")
