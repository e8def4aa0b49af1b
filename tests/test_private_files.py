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


def test_a_games_folder_an_older_judge_left_open_is_made_private_and_said(tmp_path):
    """An older judge made games/ 0755; an upgraded one kept that mode, leaving every game's name (private ones too)
    listable by any local user. Each operator command makes the judge's own folders private again, and says so."""
    cfg = write_config(tmp_path)
    judge = [sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg)]
    for command, folder in (("process", "games"), ("deliver", "inbox"), ("serve", "outbox")):
        (tmp_path / folder).mkdir(mode=0o755, exist_ok=True)
        os.chmod(tmp_path / folder, 0o755)               # (mkdir's mode is cut by the umask)
        if command == "serve":
            proc, _ = start_serve(tmp_path, cfg)
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(timeout=60) == 0
            said = (tmp_path / "serve.log").read_text()
        else:
            done = subprocess.run(judge + [command], input=compose("a@example.org", "HELP"), cwd=tmp_path,
                                  capture_output=True, timeout=60)
            assert done.returncode == 0, done.stderr
            said = done.stderr.decode()
        assert stat.S_IMODE((tmp_path / folder).stat().st_mode) == 0o700, command
        assert f"{tmp_path / folder} was open to other users (mode 0755): made private" in said, (command, said)
    # once private, nothing more is said
    done = subprocess.run(judge + ["process"], cwd=tmp_path, capture_output=True, timeout=60)
    assert done.returncode == 0 and b"open to other users" not in done.stderr
