"""A broken file in the variants folder, as `judge serve` meets it: one line in the log per file, naming it and
what is wrong, at start-up (a real `judge serve` process) and, for a file put there while it runs, at the next sweep;
the server goes on, the good variants are offered, and a player who asks for a broken one is told why."""
from __future__ import annotations

import asyncio
import logging
import shutil
import signal
import time
from pathlib import Path

from judge import maps
from judge.daemon import sweeping
from tests.daemon.conftest import Daemon, Relay, send, settings_for, settle
from tests.daemon.test_restart import start_serve, write_config
from tests.e2e.conftest import Clock

DATA = Path(__file__).resolve().parent.parent / "data" / "maps"
GM = "gm@example.org"


def broken_folder(folder: Path) -> dict[str, str]:
    """A good DPjudge map and three broken files; for each broken file, what its line must say."""
    folder.mkdir()
    shutil.copy(DATA / "toy.map", folder / "toy.map")
    (folder / "cut.json").write_text('{"name": "cut", "powers": ', encoding="utf-8")
    (folder / "latin.json").write_bytes('{"name": "latin", "title": "Diplomatie à la française"}'.encode("latin-1"))
    (folder / "orphan.json").write_text('{"base": "no_such_variant"}', encoding="utf-8")
    return {"cut.json": "not JSON", "latin.json": "not UTF-8", "orphan.json": "UNKNOWN VARIANT: 'no_such_variant'"}


def test_serve_logs_each_broken_variant_file_at_start_up_and_goes_on(tmp_path):
    folder = tmp_path / "more"
    expected = broken_folder(folder)
    cfg = write_config(tmp_path)
    cfg.write_text(cfg.read_text().replace("variants_dir =", f"variants_dir = {folder}", 1))
    proc, port = start_serve(tmp_path, cfg)
    try:
        asyncio.run(send(port, GM, "HELP"))           # it serves mail (the toy variant and the shipped ones)
        assert proc.poll() is None
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
    log = (tmp_path / "serve.log").read_text()
    for name, why in expected.items():
        lines = [line for line in log.splitlines() if str(folder / name) in line]
        assert len(lines) == 1, (name, log)
        assert why in lines[0] and f"variant {name.split('.')[0]!r} cannot be played" in lines[0], lines[0]
    assert "toy.map" not in log and "Traceback" not in log, log


def test_a_broken_file_put_there_while_serve_runs_is_logged_at_the_next_sweep(tmp_path, monkeypatch, caplog):
    folder = tmp_path / "more"
    folder.mkdir()
    monkeypatch.setattr(sweeping, "SWEEP_INTERVAL", 0.05)
    caplog.set_level(logging.INFO, logger="judge")

    def said(name: str) -> list[str]:
        return [r.getMessage() for r in caplog.records if str(folder / name) in r.getMessage()]

    async def wait_for(name: str, count: int) -> None:
        end = time.monotonic() + 20
        while len(said(name)) < count:
            assert time.monotonic() < end, caplog.text
            await asyncio.sleep(0.05)

    async def go():
        relay = Relay()
        await relay.start()
        settings = settings_for(tmp_path, relay.port).with_values(judge_variants_dir=str(folder))
        daemon = Daemon(settings, clock=Clock(), send_interval=0.01)
        _, port = await daemon.start("127.0.0.1", 0)
        try:
            (folder / "latin.json").write_bytes('{"name": "latin", "title": "à"}'.encode("latin-1"))
            await wait_for("latin.json", 1)
            await asyncio.sleep(0.3)                         # several sweeps more: said once while it stays so
            assert len(said("latin.json")) == 1 and "not UTF-8" in said("latin.json")[0]
            (folder / "latin.json").write_text('{"name": "latin", ', encoding="utf-8")     # changed, still broken
            await wait_for("latin.json", 2)
            assert "not JSON" in said("latin.json")[1]
            # A player who asks for it is told its error, and nothing is set aside.
            (folder / "latin.json").write_bytes(b'{"name": "latin", "title": "\xe0"}')
            await wait_for("latin.json", 3)
            assert await send(port, GM, "CREATE newgame gm-pass latin") == {}
            await settle(daemon)
            reply = [m for m in relay.to(GM) if str(m["Subject"]).startswith("Re:")][-1].get_content()
            assert "latin.json: not UTF-8" in " ".join(reply.split()) and not daemon.judge.store.exists("newgame")
            assert "could not be processed" not in reply, reply
        finally:
            await daemon.stop()
            await relay.stop()
            maps.use_folder(None)
    asyncio.run(go())


def test_a_good_file_broken_while_serve_runs_is_logged_at_the_next_sweep(tmp_path, monkeypatch, caplog):
    # An operator edited a DPjudge map serve had already read (a game played on it) and broke it: `judge variants`
    # named the error, but serve said nothing (it keeps each variant it has read), until a restart left the
    # variant's games unavailable.
    folder = tmp_path / "more"
    folder.mkdir()
    shutil.copy(DATA / "toy.map", folder / "toy.map")
    monkeypatch.setattr(sweeping, "SWEEP_INTERVAL", 0.05)
    caplog.set_level(logging.INFO, logger="judge")

    def said() -> list[str]:
        return [r.getMessage() for r in caplog.records if str(folder / "toy.map") in r.getMessage()]

    async def go():
        relay = Relay()
        await relay.start()
        settings = settings_for(tmp_path, relay.port).with_values(judge_variants_dir=str(folder))
        daemon = Daemon(settings, clock=Clock(), send_interval=0.01)
        await daemon.start("127.0.0.1", 0)
        try:
            assert maps.load("toy").name == "toy" and said() == []       # read at start-up, and good
            with open(folder / "toy.map", "a", encoding="utf-8") as f:
                f.write("\nNOWHERE ABUTS XYZ\n")         # (read as a power NOWHERE, whose letter is NORTH's)
            end = time.monotonic() + 20
            while not said():
                assert time.monotonic() < end, caplog.text
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.3)                                       # several sweeps more: said once
            assert len(said()) == 1, said()
            assert "until it restarts" in said()[0] and "toy.map:" in said()[0], said()
            assert maps.load("toy").name == "toy"       # the version read is still what its games play
        finally:
            await daemon.stop()
            await relay.stop()
            maps.use_folder(None)
    asyncio.run(go())


def test_a_file_a_dpjudge_map_uses_broken_while_serve_runs_is_logged_at_the_next_sweep(tmp_path, monkeypatch,
                                                                                          caplog):
    # DPjudge's maps keep their board in files they USE (standard.map: USE standard.geography): an operator who
    # broke only such a file heard nothing from serve, whose sweep looked at the .map file's own date alone.
    folder = tmp_path / "more"
    folder.mkdir()
    shutil.copy(DATA / "toy.map", folder / "toy.geography")
    (folder / "split.map").write_text("USE toy.geography\n", encoding="utf-8")
    monkeypatch.setattr(sweeping, "SWEEP_INTERVAL", 0.05)
    caplog.set_level(logging.INFO, logger="judge")

    def said() -> list[str]:
        return [r.getMessage() for r in caplog.records if "variants folder" in r.getMessage()]

    async def go():
        relay = Relay()
        await relay.start()
        settings = settings_for(tmp_path, relay.port).with_values(judge_variants_dir=str(folder))
        daemon = Daemon(settings, clock=Clock(), send_interval=0.01)
        await daemon.start("127.0.0.1", 0)
        try:
            assert maps.load("split").name == "split" and said() == []     # read at start-up, and good
            await asyncio.sleep(0.3)                                       # swept a few times: nothing to say
            assert said() == []
            with open(folder / "toy.geography", "a", encoding="utf-8") as f:
                f.write("\nNOWHERE ABUTS XYZ\n")
            end = time.monotonic() + 20
            while not said():
                assert time.monotonic() < end, caplog.text
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.3)                                       # several sweeps more: said once
            assert len(said()) == 1, said()
            assert str(folder / "split.map") in said()[0] and "toy.geography:" in said()[0], said()
            assert "until it restarts" in said()[0], said()
        finally:
            await daemon.stop()
            await relay.stop()
            maps.use_folder(None)
    asyncio.run(go())
