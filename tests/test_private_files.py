"""Everything the judge writes is readable by its own user only (README, "Each game is a folder"): the folders and
files `judge serve`, `judge deliver` and `judge process` make in an empty folder, under the usual umask 022."""
import os
import signal
import smtplib
import stat
import subprocess
import sys

from tests.daemon.test_restart import ROOT, start_serve, write_config
from tests.e2e.conftest import compose


def _open_to_others(top):
    found = []
    for folder, dirs, files in os.walk(top):
        for name in dirs + files:
            path = os.path.join(folder, name)
            if stat.S_IMODE(os.lstat(path).st_mode) & 0o077:
                found.append((os.path.relpath(path, top), oct(stat.S_IMODE(os.lstat(path).st_mode))))
    return found


def test_the_folders_and_files_the_judge_makes_are_its_users_alone(tmp_path):
    """The games folder was made 0755 (by the daemon's lock, the web secret or the counters, with mkdir's default
    mode), so any local user could list every game's name, private ones too; its lock file was 0644."""
    old = os.umask(0o022)
    try:
        cfg = write_config(tmp_path)
        proc, port = start_serve(tmp_path, cfg)
        try:
            with smtplib.SMTP("127.0.0.1", port, timeout=60) as smtp:
                smtp.sendmail("gm@example.org", ["judge@localhost"], compose("gm@example.org", "CREATE modes pw"))
        finally:
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(timeout=60) == 0
        judge = [sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg)]
        done = subprocess.run(judge + ["deliver"], input=compose("p@example.org", "JOIN modes pw2"), cwd=tmp_path,
                              capture_output=True, timeout=60)
        assert done.returncode == 0, done.stderr
        done = subprocess.run(judge + ["process"], cwd=tmp_path, capture_output=True, timeout=60)
        assert done.returncode == 0, done.stderr
    finally:
        os.umask(old)
    assert (tmp_path / "games" / "modes" / "status.json").exists() and any((tmp_path / "maildir" / "new").iterdir())
    made = [p for p in tmp_path.iterdir() if p.name not in ("config.ini", "serve.log", "ready")]
    assert {p.name for p in made} >= {"games", "inbox", "outbox", "maildir"}
    assert [(p.name, oct(stat.S_IMODE(p.stat().st_mode))) for p in made if p.stat().st_mode & 0o077] == []
    assert [f for p in made for f in _open_to_others(p)] == []
