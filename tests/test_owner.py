"""The operator's commands run as root on a judge user's folder (as `sudo judge requeue --now` would): each stops
before it writes anything, saying whose the folder is and how to run it as him, and the games stay the judge
user's. Run as operators run them: `judge ...` in a subprocess."""
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from judge import config
from tests.e2e.conftest import compose
from tests.test_pipe import deliver, game_for, write_config

ROOT = Path(__file__).resolve().parent.parent
OTHER = 65534           # the judge user here: a uid that is not ours (nobody's, on most systems)

# Only root can give a folder to another user (and only a run as another user than the folder's is refused).
needs_root = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                                reason="chowning the folder to another user needs root")


def judge_cmd(cfg: Path, *words: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), *words], input=stdin,
                          check=False, capture_output=True, timeout=120, cwd=cfg.parent)


def files_of(folder: Path) -> dict[str, tuple[int, int, int]]:
    """Every file and folder: (owner, mode, modification time)."""
    return {str(p.relative_to(folder)): (p.stat().st_uid, p.stat().st_mode, p.stat().st_mtime_ns)
            for p in folder.rglob("*")}


def judge_users_folder(tmp: Path) -> Path:
    """A game with a message set aside in the spool, everything of it given to the judge user (OTHER)."""
    game_for(tmp)
    cfg = tmp / "config.ini"
    bad = tmp / "inbox" / "bad"
    bad.mkdir(parents=True, exist_ok=True)
    (bad / "1.x.judge").write_bytes(compose("a@example.org", "SIGNON Apiped pw-A\nA PAR-BUR"))
    for p in [tmp / "games", tmp / "inbox", tmp / "outbox", *(tmp / "games").rglob("*"),
              *(tmp / "inbox").rglob("*"), *(tmp / "outbox").rglob("*")]:
        os.chown(p, OTHER, OTHER)
    return cfg


@needs_root
@pytest.mark.parametrize("words, status", [
    (["requeue", "--now"], 77),
    (["process"], 77),
    (["process", "piped"], 77),
    (["serve", "--port", "0", "--web-port", "0"], 77),
])
def test_a_command_run_by_another_user_than_the_folders_writes_nothing(tmp_path, words, status):
    cfg = judge_users_folder(tmp_path)
    before = files_of(tmp_path / "games"), files_of(tmp_path / "inbox"), files_of(tmp_path / "outbox")
    run = judge_cmd(cfg, *words)
    assert run.returncode == status, run.stderr
    said = run.stderr.decode()
    assert said.count("\n") == 1 and "Traceback" not in said
    assert f"{tmp_path / 'games'} belongs to the user " in said
    assert "sudo -u " in said and " ".join(["--config", str(cfg), *words]) in said
    assert (files_of(tmp_path / "games"), files_of(tmp_path / "inbox"), files_of(tmp_path / "outbox")) == before


@needs_root
def test_judge_deliver_by_another_user_leaves_the_message_to_the_mta(tmp_path):
    """75 (EX_TEMPFAIL): Postfix keeps the message and tries again once the pipe runs as the judge user."""
    cfg = judge_users_folder(tmp_path)
    before = files_of(tmp_path)
    run = deliver(cfg, compose("a@example.org", "SIGNON Apiped pw-A\nA PAR-BUR"))
    assert run.returncode == 75
    said = run.stderr.decode()
    assert said.startswith("judge deliver: ") and said.count("\n") == 1 and "belongs to the user" in said
    assert files_of(tmp_path) == before


@needs_root
def test_only_the_folder_of_another_user_counts(tmp_path):
    """The outbox given to another user alone (a folder per disk) is refused as well: its mail would be stuck."""
    cfg = write_config(tmp_path)
    for name in ("games", "inbox", "outbox"):
        (tmp_path / name).mkdir()
    os.chown(tmp_path / "outbox", OTHER, OTHER)
    run = judge_cmd(cfg, "process")
    assert run.returncode == 77 and f"{tmp_path / 'outbox'} belongs to the user" in run.stderr.decode()
    os.chown(tmp_path / "outbox", os.geteuid(), os.getegid())
    run = judge_cmd(cfg, "process")
    assert run.returncode == 0, run.stderr


def test_folders_not_made_yet_are_made_by_whoever_runs_first(tmp_path):
    cfg = write_config(tmp_path)
    run = deliver(cfg, compose("gm@example.org", "CREATE first gm-pass"))
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "games" / "first" / "status.json").stat().st_uid == os.geteuid()
    assert config.load(cfg).games_dir == tmp_path / "games"


@needs_root
def test_the_judge_user_on_a_folder_root_made_is_told_to_take_it_back(tmp_path):
    """The other way round: root made the games folder, the judge user runs cron's job. Running as root is not
    the way out: giving the folder to the judge user is, and the line says so."""
    folder = Path(tempfile.mkdtemp(dir="/tmp", prefix="judge-owner-"))        # (tmp_path is root's, mode 700)
    try:
        folder.chmod(0o755)
        cfg = write_config(folder)
        cfg.chmod(0o644)
        (folder / "games").mkdir()                                            # root's
        for name in ("inbox", "outbox"):
            (folder / name).mkdir()
            os.chown(folder / name, OTHER, OTHER)
        try:
            subprocess.run([sys.executable, "-c", "pass"], user=OTHER, group=OTHER, extra_groups=[],
                           capture_output=True, check=True, timeout=60)
        except (OSError, subprocess.CalledProcessError):
            pytest.skip(f"uid {OTHER} cannot run this Python ({sys.executable}: a pyenv under /root?)")
        run = subprocess.run([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "process"],
                             user=OTHER, group=OTHER, extra_groups=[], capture_output=True, text=True, timeout=120,
                             cwd=folder, check=False)
        assert run.returncode == 77, run.stderr
        assert run.stderr.startswith(f"judge process: {folder / 'games'} belongs to root, not ")
        assert "chown -R " in run.stderr and "sudo" not in run.stderr and run.stderr.count("\n") == 1
        assert list((folder / "games").iterdir()) == []
    finally:
        shutil.rmtree(folder)


@needs_root
def test_the_line_for_a_folder_root_made_says_chown_not_sudo():
    """The same check made in this process under the judge user's effective uid (for a machine whose Python that
    uid cannot run, where the test above is skipped)."""
    from judge.owner import wrong_user
    folder = Path(tempfile.mkdtemp(dir="/tmp", prefix="judge-owner-"))        # (one the other uid can look in)
    try:
        folder.chmod(0o755)
        (folder / "games").mkdir()                                            # root's
        settings = config.load(write_config(folder))
        os.seteuid(OTHER)
        try:
            said = wrong_user(settings, ["process"])
        finally:
            os.seteuid(0)
    finally:
        shutil.rmtree(folder)
    assert said is not None and said.startswith(f"{folder / 'games'} belongs to root, not ")
    assert "chown -R " in said and str(folder / "games") in said.split("chown -R ")[1] and "sudo" not in said
