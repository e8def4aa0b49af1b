"""`judge serve` at start-up: two lines saying where mail comes in, where games live and where mail goes out."""
import asyncio
import logging

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
