"""Claims on a piece of work shared by processes: one process gets it, the others wait for it and find it done; a
claim whose process died, or which was given up, is taken again; done claims expire and are bounded in number."""
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from judge.storage.claims import FOLDERS, Claims

ROOT = Path(__file__).resolve().parents[2]
NAME = "ab" + "0" * 30
DAY = 86_400.0


def claims(tmp: Path, **kw) -> Claims:
    return Claims(tmp / "claims", kept=kw.pop("kept", 1000), kept_for=kw.pop("kept_for", 5 * DAY), **kw)


def test_one_claim_then_done_for_everyone(tmp_path):
    first = claims(tmp_path).take(NAME)
    assert first is not None
    first.done()
    assert claims(tmp_path).take(NAME) is None                    # another process, or later: done
    assert claims(tmp_path).take("cd" + "1" * 30) is not None      # other work: its own claim


def test_a_released_claim_is_taken_again(tmp_path):
    claims(tmp_path).take(NAME).release()
    again = claims(tmp_path).take(NAME)
    assert again is not None
    again.done()
    assert claims(tmp_path).take(NAME) is None


def test_a_second_taker_waits_for_the_first_and_finds_it_done(tmp_path):
    held = claims(tmp_path).take(NAME)
    got = []
    waiter = threading.Thread(target=lambda: got.append(claims(tmp_path).take(NAME)))
    waiter.start()
    time.sleep(0.3)
    assert waiter.is_alive() and not got                          # waiting while the first works
    held.done()
    waiter.join(timeout=10)
    assert got == [None]


def test_a_second_taker_takes_over_what_the_first_gave_up(tmp_path):
    held = claims(tmp_path).take(NAME)
    got = []
    waiter = threading.Thread(target=lambda: got.append(claims(tmp_path).take(NAME)))
    waiter.start()
    time.sleep(0.2)
    held.release()
    waiter.join(timeout=10)
    assert got[0] is not None
    got[0].done()
    assert claims(tmp_path).take(NAME) is None


def test_the_claim_of_a_killed_process_is_taken_over(tmp_path):
    script = ("import os, signal, sys; from pathlib import Path; from judge.storage.claims import Claims\n"
              "c = Claims(Path(sys.argv[1]), 1000, 1e6).take(sys.argv[2]); assert c is not None\n"
              "os.kill(os.getpid(), signal.SIGKILL)\n")
    p = subprocess.run([sys.executable, "-c", script, str(tmp_path / "claims"), NAME], env=_env(), timeout=60,
                       check=False)
    assert p.returncode == -signal.SIGKILL
    assert (tmp_path / "claims" / NAME[:2] / NAME).exists()
    taken = claims(tmp_path, wait=5).take(NAME)                    # at once: the dead hold no lock
    assert taken is not None
    taken.done()
    assert claims(tmp_path).take(NAME) is None


def test_a_claim_held_too_long_is_a_timeout(tmp_path):
    held = claims(tmp_path).take(NAME)
    start = time.monotonic()
    with pytest.raises(TimeoutError):
        claims(tmp_path, wait=0.3).take(NAME)
    assert time.monotonic() - start < 5
    held.done()


def test_a_done_claim_expires(tmp_path):
    clock = [time.time()]
    c = claims(tmp_path, kept_for=DAY, clock=lambda: clock[0])
    c.take(NAME).done()
    assert c.take(NAME) is None
    clock[0] += DAY + 1
    again = c.take(NAME)
    assert again is not None                                       # a day on: known no longer
    again.done()
    assert c.take(NAME) is None                                    # (and known again from now)


def test_claims_are_bounded_and_old_ones_removed(tmp_path):
    clock = [time.time()]
    c = claims(tmp_path, kept=FOLDERS * 20, kept_for=DAY, clock=lambda: clock[0])      # 20 a folder
    folder = tmp_path / "claims" / "00"
    most = 0
    for i in range(500):                                   # a flood of new messages, all in one folder
        clock[0] += 1
        c.take(f"00{i:030x}").done()
        most = max(most, len(list(folder.glob("[!.]*"))))
    assert most <= 20
    assert c.take(f"00{499:030x}") is None                 # the newest are kept
    assert c.take(f"00{0:030x}") is not None               # the oldest forgotten
    # A claim older than kept_for, and a maker's temp file left an hour ago, go at the folder's next sweep.
    old, temp = folder / ("00" + "f" * 30), folder / ".leftover.tmp"
    for path in (old, temp):
        path.touch()
        os.utime(path, (clock[0] - DAY - 10,) * 2)
    for i in range(5):
        c.take(f"00{i:02x}" + "e" * 28).done()
    assert not old.exists() and not temp.exists()
    assert len(list((tmp_path / "claims").iterdir())) == 1     # (one folder made: the others on first use)


def _race(folder: str, start, results) -> None:
    start.wait()
    claim = Claims(Path(folder), 1000, 1e6).take(NAME)
    if claim is not None:
        time.sleep(0.05)                                   # the work (a reply written)
        claim.done()
    results.put(claim is not None)


def test_of_processes_started_together_one_gets_the_claim(tmp_path):
    ctx = multiprocessing.get_context("fork")
    for round_ in range(10):
        folder = str(tmp_path / f"round{round_}")
        start, results = ctx.Event(), ctx.Queue()
        procs = [ctx.Process(target=_race, args=(folder, start, results)) for _ in range(6)]
        for p in procs:
            p.start()
        start.set()
        got = [results.get(timeout=60) for _ in procs]
        for p in procs:
            p.join(timeout=60)
        assert sorted(got) == [False] * 5 + [True], round_


def _env() -> dict:
    return {**os.environ, "PYTHONPATH": str(ROOT)}
