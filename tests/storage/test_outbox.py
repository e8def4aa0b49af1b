"""The outbox: one .eml file per outgoing message, written atomically."""
from email.message import EmailMessage

from judge.storage.outbox import Outbox


def message(n: int) -> EmailMessage:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "judge@localhost", f"p{n}@example.org", f"message {n}"
    msg.set_content(f"body {n} \u00e9\n")
    return msg


def test_empty(tmp_path):
    box = Outbox(tmp_path / "outbox")
    assert box.paths() == [] and box.messages() == []


def test_put_and_read_back_in_order(tmp_path):
    box = Outbox(tmp_path / "outbox")
    paths = [box.put(message(n)) for n in range(3)]
    assert box.paths() == paths and all(p.suffix == ".eml" and p.parent == tmp_path / "outbox" for p in paths)
    got = box.messages()
    assert [str(m["Subject"]) for m in got] == ["message 0", "message 1", "message 2"]
    assert got[1]["To"] == "p1@example.org" and got[1].get_content() == "body 1 \u00e9\n"


def test_remove(tmp_path):
    box = Outbox(tmp_path)
    first, second = box.put(message(1)), box.put(message(2))
    box.remove(first)
    box.remove(first)                                    # already gone: no error
    assert box.paths() == [second]


def test_other_files_are_not_messages(tmp_path):
    box = Outbox(tmp_path)
    (tmp_path / ".x.eml.123.tmp").write_text("half written")
    (tmp_path / "notes.txt").write_text("not mail")
    assert box.paths() == []


def test_bytes_a_batch_and_what_this_thread_wrote(tmp_path, monkeypatch):
    import os
    import threading
    box = Outbox(tmp_path)
    fsyncs = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: fsyncs.append(fd) or real(fd))
    first = box.put(b"Subject: one\n\nbody\n", sync=False)
    second = box.put(message(2), sync=False)
    box.sync()
    assert len(fsyncs) == 3                              # two files, one folder
    assert [str(m["Subject"]) for m in box.messages()] == ["one", "message 2"]
    other = []
    t = threading.Thread(target=lambda: other.extend([box.put(b"Subject: x\n\n\n"), box.written()]))
    t.start()
    t.join()
    assert box.written() == [first, second] and box.written() == []    # another thread's messages are its own
    assert len(other[1]) == 1 and other[1][0] == other[0]
