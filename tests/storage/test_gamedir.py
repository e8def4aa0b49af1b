"""games/<name>/: names, status.json, snapshots, results and press archives, rollback, access log, lock."""
import json
import threading

import pytest

from judge.game import Game
from judge.storage.gamedir import GameStore, valid_name
from tests.storage.helpers import T0, started_game


@pytest.mark.parametrize("name, ok", [
    ("g1", True), ("a", True), ("my-game_2", True), ("a" * 20, True), ("a" * 21, False), ("1game", False),
    ("", False), ("Game", False), ("../etc", False), ("a/b", False), ("a.b", False), ("a b", False),
])
def test_valid_name(name, ok):
    assert valid_name(name) is ok


def test_folder_refuses_bad_names(tmp_path):
    store = GameStore(tmp_path)
    with pytest.raises(ValueError, match="BAD GAME NAME"):
        store.folder("../outside")
    assert not store.exists("../outside")


def test_save_load_and_names(tmp_path):
    store = GameStore(tmp_path / "games")
    assert store.names() == [] and not store.exists("g1")
    game = started_game("g1")
    store.save(game)
    store.save(started_game("b2"))
    (tmp_path / "games" / "empty").mkdir()                  # a folder without status.json is no game
    (tmp_path / "games" / "Bad Name").mkdir()
    assert store.names() == ["b2", "g1"] and store.exists("g1") and not store.exists("empty")
    assert store.load("g1").to_json() == game.to_json()
    text = (tmp_path / "games" / "g1" / "status.json").read_text()
    assert text.endswith("\n") and json.loads(text)["phase"] == "S1901M"
    # One line, written by the C encoder (an indented dump took 2 ms a message); `python -m json.tool` shows it
    # indented to a human.
    assert text.count("\n") == 1


def test_status_is_utf8_and_readable(tmp_path):
    store = GameStore(tmp_path)
    game = started_game()
    game.player("FRANCE").orders = ["A Paris \u2013 Bourgogne"]
    store.save(game)
    assert "A Paris \u2013 Bourgogne" in (tmp_path / "g1" / "status.json").read_text(encoding="utf-8")


def test_snapshots_and_results_are_numbered_in_order(tmp_path):
    store = GameStore(tmp_path)
    game = started_game()
    store.save(game)
    first = store.snapshot(game)
    assert first == "snapshots/0001-S1901M.json"
    assert json.loads((tmp_path / "g1" / first).read_text())["phase"] == "S1901M"
    assert store.archive_results(game, "S1901M", "spring") == "results/0001-S1901M.txt"
    assert store.archive_results(game, "F1901M", "fall") == "results/0002-F1901M.txt"
    assert store.snapshot(game) == "snapshots/0002-S1901M.json"
    assert [p.name for p in store.snapshots("g1")] == ["0001-S1901M.json", "0002-S1901M.json"]
    assert [p.read_text() for p in store.results("g1")] == ["spring", "fall"]


def test_press_archive(tmp_path):
    store = GameStore(tmp_path)
    game = started_game()
    assert [store.archive_press(game, {"body": [t]}) for t in ("a", "b")] == ["press/0001-press.json",
                                                                             "press/0002-press.json"]
    assert [json.loads(p.read_text())["body"] for p in store.press("g1")] == [["a"], ["b"]]


def test_archives_written_by_one_commit_take_consecutive_numbers(tmp_path):
    store = GameStore(tmp_path)
    game = started_game()
    store.archive_press(game, {"body": ["before"]})
    tx = store.begin("g1")
    assert [store.archive_press(game, {"body": [t]}, tx) for t in ("a", "b")] == ["press/0002-press.json",
                                                                                 "press/0003-press.json"]
    assert not (tmp_path / "g1" / "press" / "0002-press.json").exists()       # nothing in place before the commit
    tx.finish()
    assert [json.loads(p.read_text())["body"] for p in store.press("g1")] == [["before"], ["a"], ["b"]]


def test_rollback_moves_later_files_aside(tmp_path):
    store = GameStore(tmp_path)
    game = started_game()
    spring = tmp_path / "g1" / store.snapshot(game)         # before S1901M
    store.archive_results(game, "S1901M", "spring results")
    game.history.append("S1901M")
    fall = tmp_path / "g1" / store.snapshot(game)           # before F1901M (history: one phase processed)
    store.archive_results(game, "F1901M", "fall results")
    tx = store.begin("g1")
    before = game.to_json()
    store.rollback_to("g1", fall, tx, "stamp1", before)
    assert len(store.snapshots("g1")) == 2                  # nothing moves before the commit
    tx.finish()
    assert [p.name for p in store.snapshots("g1")] == [spring.name]
    assert [p.read_text() for p in store.results("g1")] == ["spring results"]
    aside = sorted(p.relative_to(tmp_path / "g1" / "rolledback") for p in (tmp_path / "g1" / "rolledback").rglob("*.*"))
    assert [p.parts[1:] for p in aside] == [("results", "0002-F1901M.txt"), ("snapshots", "0002-S1901M.json"),
                                            ("status.json",)]
    # The game as it stood before the rollback is kept beside what it undid (for ROLLFORWARD).
    assert json.loads((tmp_path / "g1" / "rolledback" / "stamp1" / "status.json").read_text()) == before
    tx = store.begin("g1")
    store.rollback_to("g1", spring, tx, "stamp2", game.to_json())
    tx.finish()
    assert store.snapshots("g1") == [] and store.results("g1") == []
    assert len(list((tmp_path / "g1" / "rolledback").rglob("*.*"))) == 6     # kept, never deleted


def test_access_log(tmp_path):
    store = GameStore(tmp_path)
    store.log("g1", "2026-01-05T12:00:00+00:00 a@example.org SIGNON FRANCE g1")
    store.log("g1", "second")
    assert (tmp_path / "g1" / "access.log").read_text().splitlines() == [
        "2026-01-05T12:00:00+00:00 a@example.org SIGNON FRANCE g1", "second"]


def test_the_game_lock_serialises_read_modify_write(tmp_path):
    """Two threads each add an observer under the lock; neither update is lost."""
    store = GameStore(tmp_path)
    store.save(started_game())
    inside, go_on = threading.Event(), threading.Event()

    def first():
        with store.lock("g1"):
            game = store.load("g1")
            inside.set()
            go_on.wait()
            game.observers.append("first@example.org")
            store.save(game)

    def second():
        with store.lock("g1"):
            game = store.load("g1")
            game.observers.append("second@example.org")
            store.save(game)
    a = threading.Thread(target=first)
    a.start()
    inside.wait()
    b = threading.Thread(target=second)
    b.start()                                               # blocks on the lock until `first` has saved
    go_on.set()
    a.join()
    b.join()
    assert store.load("g1").observers == ["first@example.org", "second@example.org"]


def test_a_loaded_game_is_a_copy(tmp_path):
    store = GameStore(tmp_path)
    store.save(started_game())
    game: Game = store.load("g1")
    game.observers.append("x@example.org")
    assert store.load("g1").observers == []


def test_what_is_made_durable(tmp_path, monkeypatch):
    """status.json: its staged data and the staging folder, then the manifest (the commit point), then the game
    folder once the file is in place - three flushes, each of which other threads' commits may share; the access
    log: nothing (an audit trail). Here each flush is an fsync of every path named (as where there is no syncfs)."""
    import os
    from judge.storage import commit
    group = commit.GroupSync(use_syncfs=False)
    monkeypatch.setattr(commit, "durable", group)
    store = GameStore(tmp_path)
    game = started_game()
    store.save(game, T0)
    fsyncs = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: fsyncs.append(os.readlink(f"/proc/self/fd/{fd}")) or real(fd))
    flushes = group.flushes
    store.log("g1", "a line")
    assert fsyncs == []
    store.save(game, T0)
    pending = str(tmp_path / "g1" / ".pending")
    assert fsyncs == [f"{pending}/s0000", pending, f"{pending}/COMMIT", pending, str(tmp_path / "g1")]
    assert group.flushes - flushes == 3


def test_a_phases_pictures_are_kept_beside_its_results_and_rolled_back_with_them(tmp_path):
    store = GameStore(tmp_path)
    game = started_game()
    spring = tmp_path / "g1" / store.snapshot(game)
    rel = store.archive_results(game, "S1901M", "spring results", pictures={"svg": b"<svg/>", "png": b"\x89PNG"})
    assert rel == "results/0001-S1901M.txt"
    assert (tmp_path / "g1" / "results" / "0001-S1901M.svg").read_bytes() == b"<svg/>"
    assert [p.name for p in store.results("g1")] == ["0001-S1901M.txt"]         # HISTORY reads the text only
    tx = store.begin("g1")
    store.archive_results(game, "F1901M", "fall", tx, pictures={"svg": b"<svg/>"})
    assert {t for t in tx._targets if t.startswith("results/")} == {"results/0002-F1901M.txt",
                                                                     "results/0002-F1901M.svg"}
    tx.finish()
    tx = store.begin("g1")
    store.rollback_to("g1", spring, tx, "s", game.to_json())
    tx.finish()
    assert not list((tmp_path / "g1" / "results").iterdir())
    aside = sorted(p.name for p in (tmp_path / "g1" / "rolledback").rglob("results/*"))
    assert aside == ["0001-S1901M.png", "0001-S1901M.svg", "0001-S1901M.txt", "0002-F1901M.svg", "0002-F1901M.txt"]


def test_a_folder_without_its_status_file_is_a_game_unavailable_unless_it_holds_nothing_of_one(tmp_path,
                                                                                               monkeypatch):
    """Missing status.json with the game's other files still there: the name is taken and the game unavailable
    (reads, the wake-up pass and cron say why). Only a lock and an empty staging folder (a CREATE refused or
    failed before its commit point): no game. A first commit interrupted after its commit point (a CREATE's): a
    game, finished by its next reader."""
    from judge.storage.gamedir import GameUnavailable
    store = GameStore(tmp_path / "games", tmp_path / "outbox")
    game = started_game()
    store.save(game, T0)
    store.archive_results(game, "S1901M", "spring")
    (tmp_path / "games" / "g1" / "status.json").unlink()
    assert store.exists("g1")
    with pytest.raises(GameUnavailable, match="status.json is missing, but the folder holds results"):
        store.load("g1")
    with pytest.raises(GameUnavailable):
        store.wakeup("g1")
    assert "status.json is missing" in store.wakeups()[1]["g1"]
    (tmp_path / "games" / "free" / ".pending").mkdir(parents=True)
    (tmp_path / "games" / "free" / ".lock").write_bytes(b"")
    assert not store.exists("free") and "free" not in store.wakeups()[1]
    from judge.storage import commit
    tx = store.begin("new")
    tx.write("status.json", json.dumps(started_game("new").to_json()))
    monkeypatch.setattr(commit, "_apply", lambda *a: (_ for _ in ()).throw(KeyboardInterrupt()))    # killed there
    with pytest.raises(KeyboardInterrupt):
        tx.finish()
    monkeypatch.undo()
    assert store.exists("new") and not (tmp_path / "games" / "new" / "status.json").exists()
    found = store.survey()
    assert "new" not in found.broken and list(found.unfinished) == ["new"]
    assert store.finish("new") == [] and store.load("new").name == "new" and store.survey().unfinished == {}


def test_a_game_folder_that_cannot_be_listed_is_said_and_the_other_games_surveyed(tmp_path, monkeypatch):
    """A game folder this user may not list (made by root, mode 700, when cron's `judge process` runs as the judge's
    user): that game is unavailable, with why, and every other game's wake-up is still read (the pass stopped at the
    first such folder: no deadline of any game that minute)."""
    import os
    from judge.storage import survey as survey_module
    store = GameStore(tmp_path / "games", tmp_path / "outbox")
    for name in ("aaa", "bbb", "ccc"):
        store.save(started_game(name), T0)
    listdir = os.listdir

    def refused(path):
        if str(path).endswith("/bbb"):
            raise PermissionError(13, "Permission denied", str(path))
        return listdir(path)
    monkeypatch.setattr(survey_module.os, "listdir", refused)
    for found in (store.survey(), store.scan()):
        assert sorted(found.wakeups) == ["aaa", "ccc"] and all(found.wakeups.values())
        assert list(found.broken) == ["bbb"] and "Permission denied" in found.broken["bbb"]
