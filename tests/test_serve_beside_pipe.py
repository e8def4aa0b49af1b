"""`judge serve` notices what other processes do to its games: orders piped to a `judge deliver` beside it move a
game's wake-up (early processing), and the daemon processes the game then, not only once an SMTP message for the
game makes it look again; and clock work that failed is tried again when the keeper's notice says it is."""
import asyncio
import signal
import time
from datetime import timedelta

from judge import config
from judge.service import Judge
from tests.daemon.conftest import Clock, Daemon, Relay, settings_for, settle
from tests.daemon.test_games_by_mail import HOLDS
from tests.e2e.conftest import compose
from tests.serving import start_serve
from tests.test_pipe import POWERS, deliver, write_config

KEEPER = "keeper@example.org"



def test_serve_processes_a_game_whose_orders_came_through_judge_deliver_beside_it(tmp_path):
    cfg = write_config(tmp_path, early_minutes="0.05")             # every order in: processed 3 s later
    judge = Judge(config.load(cfg))
    judge.deliver(compose("gm@example.org", "CREATE beside gm-pass"))
    for letter in POWERS:
        judge.deliver(compose(f"{letter.lower()}@example.org", f"JOIN beside pw-{letter} {letter}"))
    proc = start_serve(tmp_path, cfg)
    try:
        for power, orders in HOLDS.items():
            p = deliver(cfg, compose(f"{power[0].lower()}@example.org", f"SIGNON {power[0]}beside pw-{power[0]}\n"
                                                                         f"{orders}"))
            assert p.returncode == 0, p.stderr
        in_at = time.monotonic()
        store = Judge(config.load(cfg)).store
        while store.load("beside").history != ["S1901M"]:
            assert time.monotonic() - in_at < 30, "judge serve did not process the game at its new wake-up"
            time.sleep(0.1)
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=60) == 0


def test_failed_clock_work_is_tried_again_when_the_keeper_is_told_it_is(tmp_path):
    asyncio.run(_retried(tmp_path))


async def _retried(tmp):
    relay = Relay()
    await relay.start()
    clock = Clock()
    settings = settings_for(tmp, relay.port).with_values(judge_keeper=KEEPER)
    judge = Judge(settings, clock)
    judge.deliver(compose("gm@example.org", "CREATE retried gm-pass"))
    for letter in POWERS:
        judge.deliver(compose(f"{letter.lower()}@example.org", f"JOIN retried pw-{letter} {letter}"))
    status = tmp / "games" / "retried" / "status.json"
    good = status.read_bytes()
    daemon = Daemon(settings, clock=clock, send_interval=0.05)
    await daemon.start("127.0.0.1", 0)
    try:
        await settle(daemon)
        moment = daemon.deadlines.wakeups["retried"]               # its first clock work (a reminder)
        status.write_bytes(b"{ broken for a moment")
        clock.now = moment
        daemon.deadlines.clock_moved()
        for _ in range(500):
            if relay.to(KEEPER):
                break
            await asyncio.sleep(0.02)
        [notice] = relay.to(KEEPER)
        assert "tried again in 30 s" in notice.get_content(), notice.get_content()
        status.write_bytes(good)                                   # mended
        before = len(relay.messages)
        clock.now = moment + timedelta(seconds=31)                 # ... and 31 s later the work is done
        daemon.deadlines.clock_moved()
        for _ in range(500):
            await settle(daemon)
            if len(relay.messages) > before:
                break
            await asyncio.sleep(0.02)
        assert len(relay.messages) > before, daemon.deadlines.wakeups
        assert judge.store.wakeup("retried") > moment
    finally:
        await daemon.stop()
        await relay.stop()
