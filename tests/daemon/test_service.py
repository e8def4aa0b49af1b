"""`judge serve` at start-up: the lines saying where mail comes in, where games live and where mail goes out; its
threads on one CPU while it runs."""
import asyncio
import contextlib
import hashlib
import logging
import os

import pytest

from judge.storage import passwords

from tests.daemon.conftest import Daemon, settings_for


def start_lines(settings, caplog) -> list[str]:
    async def go():
        daemon = Daemon(settings, send_interval=0.05)
        host, port = await daemon.start("127.0.0.1", 0)
        await daemon.stop()
        return port
    with caplog.at_level(logging.INFO, logger="judge.daemon"):
        port = asyncio.run(go())
    lines = [r.getMessage() for r in caplog.records if r.name == "judge.daemon"]
    return [line.replace(str(port), "PORT") for line in lines]


def test_it_names_the_relay(tmp_path, caplog):
    lines = start_lines(settings_for(tmp_path, 2525), caplog)
    assert f"judge listening for mail on 127.0.0.1:PORT (SMTP), games in {tmp_path / 'games'}, 4 game workers" in lines
    assert "outgoing mail goes to the relay 127.0.0.1:2525" in lines


def test_it_names_the_maildir_without_a_relay(tmp_path, caplog):
    lines = start_lines(settings_for(tmp_path), caplog)
    assert f"outgoing mail goes to the Maildir {tmp_path / 'maildir'} (no relay configured)" in lines


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity") or len(os.sched_getaffinity(0)) < 2,
                    reason="needs Linux and two CPUs")
@pytest.mark.parametrize("one_cpu", [True, False])
def test_its_threads_share_one_cpu_while_it_runs_and_scrypt_uses_them_all(tmp_path, monkeypatch, caplog, one_cpu):
    """[smtp] one_cpu (the default): the daemon's threads on one CPU while it runs (judge.affinity says why), a
    password's scrypt free to run on any, and every CPU given back when it stops."""
    allowed = os.sched_getaffinity(0)
    during_scrypt = []
    real_scrypt = hashlib.scrypt
    monkeypatch.setattr(hashlib, "scrypt", lambda *a, **k: during_scrypt.append(os.sched_getaffinity(0))
                        or real_scrypt(*a, **k))

    def threads() -> dict[int, set[int]]:
        out = {}
        for t in os.listdir("/proc/self/task"):
            with contextlib.suppress(ProcessLookupError):      # (a thread that ended since the listing)
                out[int(t)] = os.sched_getaffinity(int(t))
        return out

    async def go():
        daemon = Daemon(settings_for(tmp_path).with_values(smtp_one_cpu=one_cpu), send_interval=0.05)
        await daemon.start("127.0.0.1", 0)
        running = threads()
        stored = await asyncio.to_thread(passwords.hash_password, "secret")
        await asyncio.to_thread(passwords.check_password, "secret", stored)
        after_check = os.sched_getaffinity(0)
        await daemon.stop()
        return running, after_check
    with caplog.at_level(logging.INFO, logger="judge.daemon"):
        running, after_check = asyncio.run(go())
    said = [r.getMessage() for r in caplog.records if "keeps its threads on CPU" in r.getMessage()]
    assert during_scrypt == [allowed, allowed]
    assert all(cpus == allowed for cpus in threads().values())
    if one_cpu:
        cpus = set(map(frozenset, running.values()))
        assert len(cpus) == 1 and len(next(iter(cpus))) == 1 and next(iter(cpus)) <= allowed
        assert after_check == set(next(iter(cpus))) and len(said) == 1
    else:
        assert all(cpus == allowed for cpus in running.values()) and not said
