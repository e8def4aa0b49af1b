"""`judge serve` given mail from the judge's own address over SMTP (cron's mail handed on by the MTA, a loop): not
answered, kept in inbox/bad and forwarded to the keeper once, as `judge deliver` does (tests/test_own_mail.py)."""
import asyncio
import os

from tests.daemon.conftest import send, settle
from tests.daemon.test_trust import KEEPER, Running

CRON = "judge process: g: the game's status file cannot be read: Permission denied"


def test_the_daemon_keeps_mail_from_its_own_address_for_the_keeper(tmp_path):
    asyncio.run(_own(tmp_path))


async def _own(tmp_path):
    async with Running(tmp_path) as r:
        own = r.daemon.settings.address
        for n in range(2):
            assert await send(r.port, own, f"{CRON}\n# {n}", subject="Cron <judge@mail> judge process") == {}
        await settle(r.daemon)
        assert r.relay.to(own) == []
        assert [rcpts for _, rcpts, _ in r.relay.messages] == [[KEEPER]]
        [notice] = r.relay.to(KEEPER)
        assert "mail from the judge's own address" in notice["Subject"]
        assert CRON in " ".join(notice.get_content().split())
        kept = [n for n in os.listdir(tmp_path / "inbox" / "bad") if not n.endswith(".why")]
        assert len(kept) == 2
        assert all(CRON.encode() in (tmp_path / "inbox" / "bad" / n).read_bytes() for n in kept)
