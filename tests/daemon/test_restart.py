"""Never lose mail, never apply it twice: SIGKILL between accepting and processing; deadlines missed while down."""
import asyncio
import json
import signal
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

from judge import config
from judge.game import Game
from judge.service import Judge
from tests.daemon.conftest import Clock, Daemon, send, settings_for, settle
from tests.e2e.conftest import T0, compose

ROOT = Path(__file__).resolve().parents[2]


def write_config(tmp: Path) -> Path:
    path = tmp / "config.ini"
    path.write_text(config.render_ini().replace("rate_per_hour = 120", "rate_per_hour = 0"))
    return path


def start_serve(tmp: Path, cfg: Path) -> tuple[subprocess.Popen, int]:
    ready = tmp / "ready"
    ready.unlink(missing_ok=True)
    with open(tmp / "serve.log", "ab") as log:
        proc = subprocess.Popen([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "serve",
                                 "--port", "0", "--web-port", "0", "--ready-file", str(ready)], cwd=tmp, stdout=log, stderr=log)
    end = time.monotonic() + 30
    while not ready.exists() or not ready.read_text().strip():
        assert proc.poll() is None, (tmp / "serve.log").read_text()
        assert time.monotonic() < end, "judge serve did not start"
        time.sleep(0.05)
    return proc, int(ready.read_text().split()[1])


def test_sigkill_between_accepting_and_processing(tmp_path):
    cfg = write_config(tmp_path)
    # A game in progress, made through the judge itself (real files in games/).
    judge = Judge(config.load(cfg))
    judge.deliver(compose("gm@example.org", "CREATE crash gm-pass"))
    for letter in "AEFGIRT":
        judge.deliver(compose(f"{letter.lower()}@example.org", f"JOIN crash pw-{letter} {letter}"))
    assert judge.store.load("crash").status == "active"

    inbox = tmp_path / "inbox"
    inbox.mkdir(exist_ok=True)
    (inbox / "PAUSE").touch()               # accept mail, but hold it in the spool
    proc, port = start_serve(tmp_path, cfg)
    try:
        orders = "SIGNON Fcrash pw-F\nA Paris - Burgundy\nF Brest - Mid-Atlantic"
        refused = asyncio.run(send(port, "f@example.org", orders))
        assert refused == {}                 # the server said 250: the message is ours now
        assert len(list((inbox / "new").iterdir())) == 1
        assert judge.store.load("crash").player("FRANCE").orders == []
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)

    (inbox / "PAUSE").unlink()
    proc, port = start_serve(tmp_path, cfg)
    try:
        end = time.monotonic() + 30
        while any(any((inbox / d).iterdir()) for d in ("new", "cur")) and time.monotonic() < end:
            time.sleep(0.05)
        assert not any(any((inbox / d).iterdir()) for d in ("new", "cur")), "the spool was not drained"
        # Now the same message arrives again (a crash right after processing would redeliver it): applied once.
        game = judge.store.load("crash")
        assert game.player("FRANCE").orders == ["A Paris - Burgundy", "F Brest - Mid-Atlantic"]
        assert len(game.seen) == 1
        status_before = (tmp_path / "games" / "crash" / "status.json").read_text()
        spool_id = game.seen[0]
        raw = compose("f@example.org", "SIGNON Fcrash pw-F\nA Paris - Picardy")
        assert judge.deliver(raw, key=spool_id).note == "already applied"
        assert (tmp_path / "games" / "crash" / "status.json").read_text() == status_before
        end = time.monotonic() + 30
        while list((tmp_path / "outbox").glob("*.eml")) and time.monotonic() < end:
            time.sleep(0.05)
        replies = [p for p in (tmp_path / "maildir" / "new").iterdir() if b"Orders for France" in p.read_bytes()]
        assert len(replies) == 1             # one reply to that message, delivered to the local maildir
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 0


def test_deadline_missed_while_down_is_processed_at_start(tmp_path):
    asyncio.run(_missed(tmp_path))


async def _missed(tmp_path):
    clock = Clock()
    settings = settings_for(tmp_path)
    judge = Judge(settings, clock=clock)
    judge.deliver(compose("gm@example.org", "CREATE missed gm-pass\nSET RULE late_powers=default\nSET GRACE 0"))
    for letter in "AEFGIRT":
        judge.deliver(compose(f"{letter.lower()}@example.org", f"JOIN missed pw-{letter} {letter}"))
    deadline = judge.store.load("missed").deadline
    saved = json.loads((tmp_path / "games" / "missed" / "status.json").read_text())
    assert saved["wakeup"] is not None      # start-up reads only this
    clock.now = deadline + timedelta(hours=5)          # the judge was down over the deadline
    daemon = Daemon(settings, clock=clock, send_interval=0.05)
    await daemon.start("127.0.0.1", 0)
    try:
        await settle(daemon)
        game = Game.from_json(json.loads((tmp_path / "games" / "missed" / "status.json").read_text()))
        assert game.history == ["S1901M"] and str(game.position.phase) == "F1901M"
        assert clock() > T0
    finally:
        await daemon.stop()
