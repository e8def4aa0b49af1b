"""`judge serve` starting with a game whose status file is damaged after its wake-up: start-up reads only a file's
first bytes (its wake-up) and last bytes, so the damage is said at start-up, the keeper told, without reading every
whole file (100,000 games start in seconds)."""
import asyncio
import logging

from tests.daemon.conftest import settle
from tests.daemon.test_trust import KEEPER, Running, bodies_to, started_game


def test_a_status_file_damaged_after_its_wakeup_is_said_at_start_up(tmp_path, caplog):
    asyncio.run(_damaged(tmp_path, caplog))


async def _damaged(tmp_path, caplog):
    async with Running(tmp_path) as r:
        await started_game(r.port, r.daemon, "heart")
        await started_game(r.port, r.daemon, "good")
    status = tmp_path / "games" / "heart" / "status.json"
    data = status.read_bytes()
    assert data.startswith(b'{"wakeup":"2')             # the wake-up start-up reads stays as it was
    status.write_bytes(data[:200] + b"GARBAGE" * 10)
    with caplog.at_level(logging.WARNING):
        async with Running(tmp_path) as r:
            await settle(r.daemon)
            assert "good" in r.daemon.deadlines.jobs()            # the other games start as usual
            notices = bodies_to(r.relay, KEEPER)
            assert len(notices) == 1 and "game heart is unavailable" in notices[0], notices
            assert "not a valid status file" in notices[0]
    said = [rec.getMessage() for rec in caplog.records if "heart" in rec.getMessage()]
    assert any("game heart is unavailable" in line for line in said), said
