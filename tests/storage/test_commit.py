"""A commit: staged, then the manifest (the commit point), then everything in place; recovery after a crash."""
import json
import os
import stat
from pathlib import Path

import pytest

from judge.storage import commit
from judge.storage.commit import Commit, recover, remove_temp_files
from judge.storage.gamedir import GameStore, GameUnavailable
from tests.storage.helpers import T0, started_game


def staged(tmp_path, n_mails=2):
    game, outbox = tmp_path / "games" / "g1", tmp_path / "outbox"
    tx = Commit(game, outbox)
    tx.write("status.json", '{"v": 2}')
    tx.write("results/0001-S1901M.txt", "results")
    names = [f"m{i}.eml" for i in range(n_mails)]
    for name in names:
        tx.mail(name, f"mail {name}".encode())
    return tx, game, outbox, names


def test_nothing_is_visible_before_finish_and_everything_after(tmp_path):
    tx, game, outbox, names = staged(tmp_path)
    assert not (game / "status.json").exists() and not outbox.exists()
    published = tx.finish()
    assert (game / "status.json").read_text() == '{"v": 2}' and (game / "results/0001-S1901M.txt").exists()
    assert sorted(p.name for p in published) == names == sorted(os.listdir(outbox))
    assert list((game / ".pending").iterdir()) == []


def test_a_crash_before_the_manifest_leaves_nothing(tmp_path):
    tx, game, outbox, _ = staged(tmp_path)          # staged, never committed: the process died here
    assert recover(game, outbox) == []
    assert list((game / ".pending").iterdir()) == [] and not (game / "status.json").exists() and not outbox.exists()


@pytest.mark.parametrize("moves_done", [0, 1, 2, 3])
def test_a_crash_after_the_manifest_is_finished_by_recovery_exactly_once(tmp_path, monkeypatch, moves_done):
    tx, game, outbox, names = staged(tmp_path)
    real, count = commit._move, []

    def dying(src, dest):
        if len(count) == moves_done:
            raise KeyboardInterrupt("killed")            # the process dies here, mid-way through the renames
        count.append(Path(dest))
        return real(src, dest)
    monkeypatch.setattr(commit, "_move", dying)
    with pytest.raises(KeyboardInterrupt):
        tx.finish()
    monkeypatch.setattr(commit, "_move", real)
    assert (game / ".pending" / "COMMIT").exists()
    published = recover(game, outbox)
    assert (game / "status.json").read_text() == '{"v": 2}'
    assert sorted(os.listdir(outbox)) == names                      # every mail once, none twice
    assert len(published) == len([n for n in names if outbox / n not in count])
    assert recover(game, outbox) == [] and list((game / ".pending").iterdir()) == []


def test_an_error_while_staging_is_abandoned_cleanly(tmp_path):
    tx, game, outbox, _ = staged(tmp_path)
    tx.abandon()
    assert list((game / ".pending").iterdir()) == [] and not outbox.exists()


def test_a_new_commit_first_finishes_an_interrupted_one(tmp_path, monkeypatch):
    store = GameStore(tmp_path / "games", tmp_path / "outbox")
    game = started_game()
    store.save(game, T0)
    tx = store.begin("g1")
    store.archive_results(game, "S1901M", "spring", tx)
    tx.mail("a.eml", b"results")
    monkeypatch.setattr(commit, "_apply", lambda *a: (_ for _ in ()).throw(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        tx.finish()
    monkeypatch.undo()
    # The next reader (under the lock) sees the committed change, and the next commit numbers after it.
    with store.lock("g1"):
        store.open("g1")
    assert [p.name for p in store.results("g1")] == ["0001-S1901M.txt"]
    assert store.archive_results(game, "F1901M", "fall") == "results/0002-F1901M.txt"
    assert os.listdir(tmp_path / "outbox") == ["a.eml"]


def test_temp_files_are_removed(tmp_path):
    (tmp_path / ".status.json.abc123.tmp").write_text("half")
    (tmp_path / "status.json").write_text("whole")
    assert remove_temp_files(tmp_path) == 1 and os.listdir(tmp_path) == ["status.json"]


def test_recover_all_cleans_every_game_folder(tmp_path):
    store = GameStore(tmp_path / "games", tmp_path / "outbox")
    store.save(started_game("g1"), T0)
    store.save(started_game("g2"), T0)
    (tmp_path / "games" / "g1" / ".status.json.dead.tmp").write_text("x")
    tx = store.begin("g2")
    tx.mail("late.eml", b"x")
    tx.ops.append(["mail", "missing", "x"])     # so that _apply is reached only through recovery
    os.makedirs(tx.staging, exist_ok=True)
    (tx.staging / "COMMIT").write_text(json.dumps({"ops": tx.ops}))
    published = store.recover_all()
    assert [p.name for p in published] == ["late.eml"]
    leftovers = [p for p in (tmp_path / "games").rglob("*") if p.name.endswith(".tmp") or p.parent.name == ".pending"]
    assert leftovers == []


def test_staging_without_commit_point_is_dropped_by_the_next_commit(tmp_path):
    # Start-up leaves such a game alone (it only opens games with a manifest or a temp file, to start fast with
    # thousands of games); the game's next commit must still drop the uncommitted files and never publish them.
    store = GameStore(tmp_path / "games", tmp_path / "outbox")
    game = started_game("g1")
    store.save(game, T0)
    tx = store.begin("g1")
    tx.mail("never.eml", b"x")
    (tx.staging / ".s0001.dead.tmp").write_text("half")
    assert store.recover_all() == []
    assert not (tmp_path / "outbox").exists() or os.listdir(tmp_path / "outbox") == []
    with store.lock("g1"):
        tx = store.begin("g1")
        store.save(game, T0, tx)
        tx.mail("real.eml", b"y")
        tx.finish()
    assert os.listdir(tmp_path / "outbox") == ["real.eml"]
    assert os.listdir(tmp_path / "games" / "g1" / ".pending") == []


def test_game_files_and_folders_are_private(tmp_path):
    store = GameStore(tmp_path / "games", tmp_path / "outbox")
    game = started_game()
    store.save(game, T0)
    store.archive_results(game, "S1901M", "spring")
    for path in [tmp_path / "games", tmp_path / "games" / "g1", tmp_path / "games" / "g1" / "results"]:
        assert stat.S_IMODE(path.stat().st_mode) == 0o700, path
    for path in [tmp_path / "games" / "g1" / "status.json", tmp_path / "games" / "g1" / "results" / "0001-S1901M.txt"]:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path


@pytest.mark.parametrize("content, why", [
    (b"", "not a valid status file"),
    (b"{not json", "not a valid status file"),
    (b"\xff\xfe\x00", "not a valid status file"),
    (b"[1, 2]", "not a JSON object"),
    (b'{"name": "g1"}', "does not describe a game"),
])
def test_a_broken_status_file_makes_the_game_unavailable(tmp_path, content, why):
    store = GameStore(tmp_path)
    store.save(started_game("g1"), T0)
    store.save(started_game("g2"), T0)
    (tmp_path / "g1" / "status.json").write_bytes(content)
    with pytest.raises(GameUnavailable, match=why):
        store.load("g1")
    wakeups, broken = store.wakeups()
    assert set(broken) == ({"g1"} if why != "does not describe a game" else set()) and "g2" in wakeups


def test_an_unreadable_status_file_says_so(tmp_path):
    """Unreadable, not missing: a read error (here a folder where the file should be; tests run as root, who
    reads any file whatever its mode) names the file and the error."""
    store = GameStore(tmp_path)
    store.save(started_game("g1"), T0)
    (tmp_path / "g1" / "status.json").unlink()
    (tmp_path / "g1" / "status.json").mkdir()
    with pytest.raises(GameUnavailable, match="cannot read .*status.json: Is a directory"):
        store.load("g1")
    assert "g1" in store.wakeups()[1]


@pytest.mark.parametrize("waiting", [0.0, 1e9])
def test_the_start_up_pass_over_many_games_in_threads_misses_none(tmp_path, monkeypatch, waiting):
    # The pass runs in chunks, on threads when its first chunk waited for the disk (waiting=1e9: always; 0: never);
    # with chunks of 2 it must still see every game's wake-up, finish the interrupted commit, and report the
    # unreadable game.
    import threading
    from datetime import timedelta

    from judge.storage import survey
    monkeypatch.setattr(survey, "SCAN_CHUNK", 2)
    monkeypatch.setattr(survey, "SCAN_WAITING", waiting)
    threads = set()
    scan_one = survey.scan_one
    monkeypatch.setattr(survey, "scan_one",
                        lambda *a: (threads.add(threading.current_thread().name), scan_one(*a)))
    store = GameStore(tmp_path / "games", tmp_path / "outbox")
    names = [f"g{i}" for i in range(9)]
    for i, name in enumerate(names):
        game = started_game(name)
        game.deadline = T0 + timedelta(hours=i + 1)
        store.save(game, T0)
    expected = {name: store.wakeup(name) for name in names}
    tx = store.begin("g4")
    tx.mail("late.eml", b"x")
    tx.ops.append(["mail", "missing", "x"])
    os.makedirs(tx.staging, exist_ok=True)
    (tx.staging / "COMMIT").write_text(json.dumps({"ops": tx.ops}))
    (tmp_path / "games" / "g7" / "status.json").write_text("{not json")
    wakeups, broken, published, unfinished = GameStore(tmp_path / "games", tmp_path / "outbox").scan()
    assert list(broken) == ["g7"]
    assert wakeups == {n: w for n, w in expected.items() if n != "g7"} and list(wakeups) == sorted(wakeups)
    assert len(set(expected.values())) == 9                  # each game its own wake-up: none taken for another's
    assert [p.name for p in published] == ["late.eml"] and unfinished == {}
    assert len(threads) > 1 if waiting else threads == {threading.current_thread().name}


@pytest.mark.parametrize("torn", [b"", b'{"ops": [["mail", "s00', b"\x00" * 96, b'{"ops": [["mail", "s0000"]]}',
                                  b'{"ops": [["copy", "s0000", "x"]]}', b'{"ops": "s0000"}', b"[]", b"\xff\xfe"])
def test_a_manifest_a_power_cut_left_unfinished_is_a_commit_never_made(tmp_path, torn):
    """The manifest's name made durable without all of its bytes (a power cut during the flush that makes the commit;
    file systems without a journal order neither): no operation was applied yet, since that waits for the flush, so
    the commit counts as never made. The game stays readable, and the message, still in the spool, is applied again.
    Before, reading the game raised a JSONDecodeError until someone deleted the file by hand."""
    tx, game, outbox, _ = staged(tmp_path)
    (game / "status.json").write_text('{"v": 1}')
    (tx.staging / "COMMIT").write_bytes(torn)
    assert commit.finish_interrupted(game, outbox) is None
    assert not (tx.staging / "COMMIT").exists()
    assert (game / "status.json").read_text() == '{"v": 1}' and not outbox.exists()
    assert recover(game, outbox) == [] and list((game / ".pending").iterdir()) == []
    again, _, _, names = staged(tmp_path)                     # the message applied again: a whole commit
    assert sorted(p.name for p in again.finish()) == names
    assert (game / "status.json").read_text() == '{"v": 2}'
