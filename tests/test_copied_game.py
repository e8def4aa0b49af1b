"""A copy of a game's folder left in the games folder under another name (an operator's backup: README, "Upgrading")
is not played, and is said as soon as the judge looks over its games: at `judge serve`'s start-up (its log and the
keeper) and by cron's `judge process`, not first when the copy's deadline comes or someone mails it."""
import email
import shutil
import signal
import subprocess
import sys
import time
from email import policy

from judge import config
from tests.daemon.test_restart import ROOT, start_serve
from tests.e2e.conftest import compose

JUDGE = [sys.executable, str(ROOT / "bin" / "judge")]
SAID = "game live-old: its status file is game live's: a copy of that game's folder?"


def _judge_with_a_copied_game(tmp_path):
    cfg = tmp_path / "config.ini"
    cfg.write_text(config.render_ini().replace("keeper =\n", "keeper = keeper@example.org\n", 1))
    done = subprocess.run(JUDGE + ["--config", str(cfg), "deliver"], input=compose("gm@example.org", "CREATE live gm"),
                          cwd=tmp_path, capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    for i, letter in enumerate("AEFGIRT"):              # started: a game with a deadline, as a backup would be
        done = subprocess.run(JUDGE + ["--config", str(cfg), "deliver"],
                              input=compose(f"p{i}@example.org", f"JOIN live pw{i} {letter}"), cwd=tmp_path,
                              capture_output=True, timeout=60)
        assert done.returncode == 0, done.stderr
    shutil.copytree(tmp_path / "games" / "live", tmp_path / "games" / "live-old")
    shutil.rmtree(tmp_path / "maildir")
    return cfg


def _keeper_mail(tmp_path):
    found = []
    for path in (tmp_path / "maildir" / "new").glob("*"):
        msg = email.message_from_bytes(path.read_bytes(), policy=policy.default)
        if msg["To"] == "keeper@example.org":
            found.append(msg.get_body(("plain",)).get_content())
    return found


def test_serve_says_a_copied_game_folder_at_start_up(tmp_path):
    cfg = _judge_with_a_copied_game(tmp_path)
    proc, _ = start_serve(tmp_path, cfg)
    try:
        end = time.monotonic() + 30
        while not any(SAID in text for text in _keeper_mail(tmp_path)):        # (told the keeper by mail)
            assert time.monotonic() < end, (tmp_path / "serve.log").read_text()
            time.sleep(0.1)
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=60) == 0
    log = (tmp_path / "serve.log").read_text()
    assert SAID in log.split("judge listening for mail")[0], log        # before it takes mail


def test_cron_says_a_copied_game_folder(tmp_path):
    cfg = _judge_with_a_copied_game(tmp_path)
    done = subprocess.run(JUDGE + ["--config", str(cfg), "process"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60)
    assert f"judge process: live-old: {SAID}" in done.stderr, done.stderr
    assert "live:" not in done.stderr and "Traceback" not in done.stderr
