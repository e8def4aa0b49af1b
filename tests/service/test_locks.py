"""The game lock: a message and the clock wait for it; simultaneous orders and creates lose nothing."""
import threading

import pytest

from judge.commands.base import CommandError
from tests.commands.helpers import GAME, HOLDS, PLAYERS, Desk


def test_a_message_waits_for_the_game_lock(started):
    store = started.judge.store
    result = {}
    worker = threading.Thread(target=lambda: result.update(r=started.signon("FRANCE", "SET WAIT")))
    with store.lock(GAME):
        worker.start()
        worker.join(0.3)
        assert worker.is_alive()                                   # blocked: someone else works on the game
        game = store.load(GAME)                                    # that someone changes the game meanwhile
        game.observers.append("watcher@example.org")
        store.save(game)
    worker.join()
    assert result["r"].accepted
    game = store.load(GAME)
    assert game.player("FRANCE").wait and game.observers == ["watcher@example.org"]    # no update was lost


def test_the_clock_waits_for_the_game_lock(started):
    started.all_hold()
    started.clock.advance(minutes=10)                               # due for early processing
    store = started.judge.store
    result = {}
    worker = threading.Thread(target=lambda: result.update(notes=started.judge.process(GAME)))
    with store.lock(GAME):
        worker.start()
        worker.join(0.3)
        assert worker.is_alive()
        game = store.load(GAME)                                     # meanwhile France decides to wait
        game.set_wait("FRANCE", True, started.clock())
        store.save(game)
    worker.join()
    assert result["notes"] == [] and str(store.load(GAME).position.phase) == "S1901M"


def test_simultaneous_orders_are_all_kept(started):
    started.checks = False               # the invariants are checked message by message, not for seven at once
    barrier = threading.Barrier(len(PLAYERS))
    results = {}

    def send(power):
        barrier.wait()
        results[power] = started.signon(power, *HOLDS[power])
    threads = [threading.Thread(target=send, args=(p,)) for p in PLAYERS]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r.accepted for r in results.values())
    game = started.game(GAME)
    assert all(game.player(p).orders == HOLDS[p] for p in PLAYERS) and game.all_in()


def test_two_creates_of_one_game_at_once(tmp_path):
    desk = Desk(tmp_path)
    desk.checks = False                  # the invariants are checked message by message, not for two at once
    barrier = threading.Barrier(2)
    results = {}

    def create(who):
        barrier.wait()
        results[who] = desk.send(f"{who}@example.org", f"CREATE race {who}-pw")
    threads = [threading.Thread(target=create, args=(w,)) for w in ("one", "two")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r.accepted for r in results.values()) == [False, True]
    assert all(r.replied for r in results.values())
    loser = next(r for r in results.values() if not r.accepted)
    assert loser.errors[0][1] == "GAME race ALREADY EXISTS"
    winner = next(w for w, r in results.items() if r.accepted)
    assert desk.game("race").master_address == f"{winner}@example.org"


def test_process_an_unknown_game(started):
    with pytest.raises(CommandError, match="NO SUCH GAME: nosuch"):
        started.judge.process("nosuch")
    with pytest.raises(CommandError, match="NO SUCH GAME"):
        started.judge.process("../g1")
