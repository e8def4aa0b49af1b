"""What a message costs on disk and in which order it is written: a half-made commit is no commit, the
status is read once, mail is published after the status, a write error leaves no trace."""
from pathlib import Path

import pytest

from tests.commands.helpers import GAME, REPLY, compose
from tests.service.helpers import replies_to


def test_a_game_whose_last_commit_a_power_cut_left_unfinished_takes_orders(started):
    """A power cut during a commit's last flush can leave the manifest's name without all its bytes: the commit was
    never made (nothing was applied before that flush), so the game reads as before it and the next message is
    applied and answered once. Before, every message to the game failed on the manifest until it was deleted by hand."""
    started.new_mail()
    before = started.status_bytes()
    staging = started.folder(GAME) / ".pending"
    staging.mkdir(exist_ok=True)
    (staging / "s0000").write_bytes(b"From: judge@localhost\nTo: france@example.org\n\nhalf a commit\n")
    (staging / "COMMIT").write_bytes(b'{"ops": [["mail", "s0000", "20261126T000000-0.eml"], ["fi')
    assert started.signon("FRANCE", "A PAR - BUR").accepted
    mails = started.new_mail()
    assert len([m for m in mails if m["To"] == "france@example.org" and str(m["Subject"]).startswith(REPLY)]) == 1
    assert mails and all(b"half a commit" not in m.as_bytes() for m in mails)
    assert started.status_bytes() != before and b"A PAR - BUR" in started.status_bytes()
    assert not (staging / "COMMIT").exists()


def test_status_json_is_read_once_per_message(started, monkeypatch):
    store = started.judge.store
    loads = []
    original = store.load
    monkeypatch.setattr(store, "load", lambda name: loads.append(name) or original(name))
    assert started.signon("FRANCE", "A PAR - BUR").accepted
    assert loads == [GAME]                          # the seen check and the commands share one read


def test_mail_is_published_only_after_the_status_is_in_place(started, monkeypatch):
    """The commit point (the manifest) first, then status.json, then the reply into the outbox: no mail says
    'accepted' for a change that is not on disk."""
    from judge.storage import commit
    judge = started.judge
    events = []
    move = commit._move
    manifest = started.folder(GAME) / ".pending" / "COMMIT"

    def spy(src, dest):
        dest = Path(dest)
        events.append((dest.parent.name if dest.parent == judge.outbox.folder else dest.name, manifest.exists()))
        return move(src, dest)
    monkeypatch.setattr(commit, "_move", spy)
    assert judge.deliver(compose("france@example.org", f"SIGNON F{GAME} fra-pw\nA PAR - BUR"), key="k1").accepted
    assert events == [("status.json", True), ("outbox", True)]
    assert list(manifest.parent.iterdir()) == []                     # the staging folder stays, empty


def test_a_write_error_while_committing_leaves_no_trace_and_no_reply(started, monkeypatch):
    """A full disk while the commit is staged: the game is as it was and nobody is told 'accepted'; the message
    (still in the spool) is applied and answered once when it is tried again."""
    judge = started.judge
    started.new_mail()
    save = judge.store.save

    def crash(game, now=None, tx=None):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(judge.store, "save", crash)
    raw = compose("france@example.org", f"SIGNON F{GAME} fra-pw\nA PAR - BUR")
    before = started.status_bytes()
    with pytest.raises(OSError):
        judge.deliver(raw, key="spool-1")
    assert started.status_bytes() == before and replies_to(started, "france@example.org") == []
    assert list((started.folder(GAME) / ".pending").iterdir()) == []
    monkeypatch.setattr(judge.store, "save", save)
    assert judge.deliver(raw, key="spool-1").accepted                     # tried again
    assert judge.deliver(raw, key="spool-1").note == "already applied"
    assert started.game(GAME).player("FRANCE").orders == ["A PAR - BUR"]
    assert len(replies_to(started, "france@example.org")) == 1


def test_a_message_read_beforehand_is_not_read_again(started, monkeypatch):
    from judge.mail import inbound
    raw = compose("france@example.org", f"SIGNON F{GAME} fra-pw\nA PAR - BUR")
    parsed = inbound.read(raw, None, started.judge.settings.address)
    monkeypatch.setattr(inbound, "read", lambda *a: pytest.fail("read again"))
    assert started.judge.deliver(b"", key="k2", parsed=parsed).accepted
    assert started.game(GAME).player("FRANCE").orders == ["A PAR - BUR"]
