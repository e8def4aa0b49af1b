"""A commit under faults: the outbox on another file system (a copy, not a rename, for each mail), a crash at any
step of finishing, a full disk before and after the commit point. Each mail is published once, whatever stops the
commit where, and a commit that never reached its commit point leaves nothing behind."""
import contextlib
import errno
import logging
import os
from pathlib import Path
from typing import Iterator

import pytest

from judge.storage import atomic, commit, groupsync
from judge.storage.commit import Commit, recover
from tests.disks import apart, small_disk

MAILS = 4


class Killed(BaseException):
    """The process dies here (raised at a durable step, as JUDGE_TEST_KILL_AT's SIGKILL would stop it)."""


def staged(game: Path, outbox: Path, size: int = 64) -> tuple[Commit, dict[str, bytes]]:
    tx = Commit(game, outbox)
    tx.write("status.json", '{"v": 2}')
    tx.write("results/0001-S1901M.txt", "results")
    mails = {f"m{i}.eml": f"mail {i} ".encode() + bytes(size) for i in range(MAILS)}
    for name, raw in mails.items():
        tx.mail(name, raw)
    return tx, mails


def steps_of_finishing(tmp_path: Path, outbox: Path) -> tuple[int, list[str]]:
    """(how many steps a finish takes before its commit point is passed, the labels of all of them)."""
    labels: list[str] = []
    (outbox / "count").mkdir()
    tx, _ = staged(tmp_path / "count" / "g1", outbox / "count")
    with pytest.MonkeyPatch.context() as patch:
        at_each_step(patch, labels.append)
        tx.finish()
    return labels.index("written COMMIT") + 1, labels


class Flushes:
    """The group commit, with a durable step after each flush (the step is the caller's: a kill inside the flush
    would reach the caller as the flush's OSError, which a real kill never does)."""

    def __init__(self, real: groupsync.GroupSync, call):
        self.real, self.call = real, call

    def sync(self, paths) -> None:
        self.real.sync(paths)
        self.call("synced")


def at_each_step(monkeypatch, call) -> None:
    """`call(label)` at each durable step, where JUDGE_TEST_KILL_AT counts them (each module's checkpoint)."""
    for module in (atomic, commit):
        monkeypatch.setattr(module, "checkpoint", call)
    monkeypatch.setattr(groupsync, "checkpoint", lambda label: None)
    monkeypatch.setattr(commit, "durable", Flushes(commit.durable, call))


def dies(call) -> bool:
    """Run `call`; True if it was killed."""
    try:
        call()
    except Killed:
        return True
    return False


@pytest.mark.parametrize("where", ["apart", "same"])
def test_a_kill_at_any_step_of_finishing_publishes_each_mail_once(tmp_path, monkeypatch, where):
    """Killed at each step after the commit point, with a sender taking every mail it can see meanwhile, then the
    recovery itself killed at its first step, then recovered: every mail is sent once, none twice or never, no
    hidden copy is left behind. The sender never sees a mail whose staged copy is still there (it would be copied
    again). Before, with the outbox elsewhere, the recovery raised FileNotFoundError for a mail moved already:
    rename(2) says EXDEV before it looks for its source, and the copy that followed read a file that was gone."""
    with apart(tmp_path) if where == "apart" else _here(tmp_path / "outboxes") as outboxes:
        assert (os.stat(outboxes).st_dev != os.stat(tmp_path).st_dev) == (where == "apart")
        made, steps = steps_of_finishing(tmp_path, outboxes)
        for n in range(made + 1, len(steps) + 1):
            game, outbox = tmp_path / f"run{n}" / "g1", outboxes / f"run{n}"
            outbox.mkdir()
            tx, mails = staged(game, outbox)
            sent: list[str] = []
            count, stop = [0], [n]

            def send_what_is_visible() -> None:
                for path in outbox.glob("*.eml"):
                    assert not (game / ".pending" / staged_name(tx, path.name)).exists(), \
                        f"{path.name} visible while its staged copy is still there (killed at {steps[n - 1]})"
                    assert path.read_bytes() == mails[path.name]
                    sent.append(path.name)
                    path.unlink()

            def dying(label: str) -> None:
                count[0] += 1
                send_what_is_visible()
                if count[0] == stop[0]:
                    raise Killed(label)
            at_each_step(monkeypatch, dying)
            assert dies(tx.finish)
            assert (game / ".pending" / "COMMIT").exists() == (steps[n - 1] != "manifest removed")
            count[0], stop[0] = 0, 1                    # the recovery killed at its first step as well
            dies(lambda: recover(game, outbox))
            stop[0] = 0
            assert not dies(lambda: recover(game, outbox))
            send_what_is_visible()
            monkeypatch.undo()
            assert sorted(sent) == sorted(mails), f"killed at step {n} ({steps[n - 1]})"
            assert (game / "status.json").read_text() == '{"v": 2}'
            assert list((game / ".pending").iterdir()) == []
            assert list(outbox.iterdir()) == []                                       # no hidden copy left


def staged_name(tx: Commit, mail: str) -> str:
    return next(op[1] for op in tx.ops if op[0] == "mail" and op[2] == mail)


@contextlib.contextmanager
def _here(folder: Path) -> Iterator[Path]:
    """The outboxes on the test's own file system (a rename per mail)."""
    folder.mkdir()
    yield folder


def test_an_outbox_folder_not_made_yet_on_another_file_system(tmp_path):
    """The first mail into an outbox folder that does not exist yet, on another file system: the folder is made and
    the mail copied there. Before, the rename tried again after making the folder raised EXDEV."""
    with apart(tmp_path) as elsewhere:
        tx, mails = staged(tmp_path / "g1", elsewhere / "outbox")
        assert sorted(p.name for p in tx.finish()) == sorted(mails)
        assert {p.name: p.read_bytes() for p in (elsewhere / "outbox").iterdir()} == mails


def full_disk_after(count: int, suffix: str):
    """commit.write_file failing as a full disk does for the files whose name ends with `suffix`, after `count` of
    them were written: half the data written, then ENOSPC (what write(2) does when the space runs out)."""
    real, written = commit.write_file, [0]

    def writing(path, data, exclusive=False):
        if not str(path).endswith(suffix):
            return real(path, data, exclusive)
        if written[0] < count:
            real(path, data, exclusive)
            written[0] += 1
            return None
        real(path, data[:len(data) // 2], exclusive)
        raise OSError(errno.ENOSPC, "No space left on device")
    return writing


def test_a_full_outbox_elsewhere_leaves_the_commit_to_be_finished_and_no_part_file(tmp_path, monkeypatch):
    """The disk of the outbox fills after two mails of four (a fault injected where the files are written): the
    change is made (its commit point passed) and stays to be finished, the two mails are out, no part-written copy
    holds the space; once there is room the next reader publishes the other two, and only them."""
    with apart(tmp_path) as outbox:
        game = tmp_path / "g1"
        tx, mails = staged(game, outbox)
        monkeypatch.setattr(commit, "write_file", full_disk_after(2, commit.CROSSING))
        with pytest.raises(OSError) as caught:
            tx.finish()
        assert caught.value.errno == errno.ENOSPC
        assert (game / ".pending" / "COMMIT").exists() and (game / "status.json").read_text() == '{"v": 2}'
        assert sorted(p.name for p in outbox.iterdir()) == ["m0.eml", "m1.eml"]          # nothing hidden, half-made
        with pytest.raises(OSError):
            recover(game, outbox)                                   # still full: still to be finished
        monkeypatch.undo()
        for path in outbox.iterdir():
            path.unlink()                                           # sent: room again
        assert sorted(p.name for p in recover(game, outbox)) == ["m2.eml", "m3.eml"]
        assert sorted(p.name for p in outbox.iterdir()) == ["m2.eml", "m3.eml"]
        assert list((game / ".pending").iterdir()) == []


def test_a_small_outbox_disk_that_fills_mid_publish(tmp_path):
    """The same on a real file system that fills: a 512 KB tmpfs for the outbox, mails of 150 KB."""
    with small_disk(tmp_path / "outbox", "512k") as outbox:
        game = tmp_path / "g1"
        tx, mails = staged(game, outbox, size=150 * 1024)
        with pytest.raises(OSError) as caught:
            tx.finish()
        assert caught.value.errno == errno.ENOSPC
        first = sorted(p.name for p in outbox.iterdir())
        assert 0 < len(first) < MAILS and all(name.endswith(".eml") for name in first)
        for path in outbox.iterdir():
            assert path.read_bytes() == mails[path.name]
            path.unlink()
        rest = sorted(p.name for p in recover(game, outbox))
        assert sorted(first + rest) == sorted(mails)
        assert list((game / ".pending").iterdir()) == []


def test_a_full_disk_while_the_manifest_is_written_leaves_nothing_and_no_warning(tmp_path, monkeypatch, caplog):
    """ENOSPC while the manifest is written: the commit never reached its commit point, so it removes the manifest
    (part written) and the staged files at once. Before, an empty COMMIT and the staged files stayed, and the next
    reader logged that the manifest was incomplete, blaming a power cut."""
    game, outbox = tmp_path / "g1", tmp_path / "outbox"
    game.mkdir()
    (game / "status.json").write_text('{"v": 1}')
    tx, _ = staged(game, outbox)
    monkeypatch.setattr(commit, "write_file", full_disk_after(0, "/COMMIT"))
    with pytest.raises(OSError):
        tx.finish()
    monkeypatch.undo()
    assert list((game / ".pending").iterdir()) == []
    assert (game / "status.json").read_text() == '{"v": 1}' and not outbox.exists()
    with caplog.at_level(logging.INFO, logger="judge.storage"):
        assert commit.finish_interrupted(game, outbox) is None
    assert caplog.records == []
    again, mails = staged(game, outbox)                             # the message applied again, whole
    assert sorted(p.name for p in again.finish()) == sorted(mails)


def test_a_full_disk_while_staging_gives_the_space_back_at_once(tmp_path, monkeypatch):
    """ENOSPC on the third staged file: the two before it and the part of it go now, not at the game's next
    commit (a disk left full stops every other game's commit meanwhile)."""
    game, outbox = tmp_path / "g1", tmp_path / "outbox"
    tx = Commit(game, outbox)
    monkeypatch.setattr(commit, "write_file", full_disk_after(2, ""))
    tx.write("status.json", "one")
    tx.write("results/0001-S1901M.txt", "two")
    with pytest.raises(OSError):
        tx.mail("m.eml", b"three" * 100)
    assert list((game / ".pending").iterdir()) == []
    with pytest.raises(RuntimeError):
        tx.finish()                                 # (a commit missing a file is never made)


def test_a_manifest_cut_short_is_said_as_what_it_is(tmp_path, caplog):
    game, outbox = tmp_path / "g1", tmp_path / "outbox"
    tx, _ = staged(game, outbox)
    (tx.staging / "COMMIT").write_bytes(b'{"ops": [["file", "s0')
    with caplog.at_level(logging.WARNING, logger="judge.storage"):
        assert commit.finish_interrupted(game, outbox) is None
    [record] = caplog.records
    assert "before its commit point" in record.getMessage() and "power cut" not in record.getMessage()
    assert list((game / ".pending").iterdir()) == []
