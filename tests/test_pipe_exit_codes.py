"""`judge deliver` as Postfix runs it, when the judge's side is wrong (config.ini, its permissions, a folder): exit 75,
which an MTA takes as "keep the message and try again", never 78 or a traceback's 1, which Postfix bounces for good
(the player's orders lost). One line on stderr says what is wrong; nothing in the games folder changes."""
import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.conftest import compose
from tests.test_pipe import ROOT, delivered, game_for, judge_run

ORDERS = "SIGNON Fpiped pw-F\nA PAR - BUR"


def files(folder: Path) -> dict[str, tuple[int, str]]:
    """Every file under `folder` with its modification time and a digest of its bytes."""
    return {str(p.relative_to(folder)): (p.stat().st_mtime_ns, hashlib.sha256(p.read_bytes()).hexdigest())
            for p in sorted(folder.rglob("*")) if p.is_file()}


def assert_kept_for_retry(run: subprocess.CompletedProcess, what: str) -> None:
    err = run.stderr.decode()
    assert run.returncode == 75, (run.returncode, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert what in lines[0] and "the MTA keeps the message" in lines[0], err


def deliver(cfg: Path, tmp: Path) -> subprocess.CompletedProcess:
    """F's orders piped to `judge deliver` as Postfix's master.cf line runs it, in the judge's folder."""
    return subprocess.run([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "deliver", "--sender",
                           "f@example.org"], input=compose("f@example.org", ORDERS), capture_output=True,
                          timeout=120, cwd=tmp, check=False)


def broken_value(tmp: Path, cfg: Path) -> Path:
    text = cfg.read_text()
    relay = text.index("[relay]")
    cfg.write_text(text[:relay] + text[relay:].replace("\nport = 25\n", "\nport = 25x\n", 1))
    return cfg


def wrong_path(tmp: Path, cfg: Path) -> Path:
    return tmp / "no-such-folder" / "config.ini"


def games_not_a_folder(tmp: Path, cfg: Path) -> Path:
    (tmp / "not-a-folder").write_text("a file where the games folder should be\n")
    text = cfg.read_text()
    start = text.index("\ngames_dir = ")
    end = text.index("\n", start + 1)
    cfg.write_text(text[:start] + "\ngames_dir = not-a-folder/games" + text[end:])
    return cfg


@pytest.mark.parametrize("spoil, what", [(broken_value, "config.ini:relay:port: '25x' is not valid"),
                                         (wrong_path, "cannot read: No such file or directory"),
                                         (games_not_a_folder, "not-a-folder")])
def test_a_mistake_on_the_judges_side_keeps_the_message_for_a_retry(tmp_path, spoil, what):
    game_for(tmp_path)
    cfg = tmp_path / "config.ini"
    before = files(tmp_path / "games")
    sent = len(delivered(tmp_path))
    run = deliver(spoil(tmp_path, cfg), tmp_path)
    assert_kept_for_retry(run, what)
    assert files(tmp_path / "games") == before
    assert len(delivered(tmp_path)) == sent


def test_a_config_the_judge_user_cannot_read_keeps_the_message_for_a_retry(tmp_path):
    game_for(tmp_path)
    cfg = tmp_path / "config.ini"
    before = files(tmp_path / "games")
    if os.geteuid() == 0:
        # Root reads a file whatever its mode (and the interpreter here is root's own): a folder where config.ini
        # should be is the other way it cannot be read.
        cfg = tmp_path / "folder.ini"
        cfg.mkdir()
        what = "cannot read: Is a directory"
    else:
        cfg.chmod(0)
        what = "cannot read: Permission denied"
    run = deliver(cfg, tmp_path)
    assert_kept_for_retry(run, what)
    assert files(tmp_path / "games") == before


def test_what_is_wrong_with_the_message_itself_is_still_bounced(tmp_path):
    game_for(tmp_path)
    cfg = tmp_path / "config.ini"
    before = files(tmp_path / "games")
    run = judge_run(cfg, "deliver", stdin=b"From: \r\nSubject: x\r\n\r\nHELP\r\n")       # nobody to answer
    assert run.returncode == 65, run.stderr
    assert files(tmp_path / "games") == before


@pytest.mark.parametrize("words, what", [
    (["deliver", "--sender", "f@example.org", "--bogus"], "unrecognized arguments: --bogus"),
    (["deliver", "--sendr", "f@example.org"], "unrecognized arguments: --sendr f@example.org"),
    (["--debgu", "deliver", "--sender", "f@example.org"], "--debgu")])
def test_a_mistake_in_master_cfs_command_line_keeps_the_message_for_a_retry(tmp_path, words, what):
    """A word mistyped in master.cf's `argv=` is the keeper's to mend, as config.ini is: exit 75, one line; argparse's
    own exit 2 is a status Postfix bounces for good ("Command died with status 2"), the player's orders lost."""
    game_for(tmp_path)
    cfg = tmp_path / "config.ini"
    before = files(tmp_path / "games")
    sent = len(delivered(tmp_path))
    run = subprocess.run([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), *words],
                         input=compose("f@example.org", ORDERS), capture_output=True, timeout=120, cwd=tmp_path,
                         check=False)
    assert_kept_for_retry(run, what)
    assert run.stderr.decode().startswith("judge deliver: bad command line: ")
    assert files(tmp_path / "games") == before
    assert len(delivered(tmp_path)) == sent


def test_help_and_other_commands_mistakes_keep_their_exit_codes(tmp_path):
    helped = judge_run(tmp_path / "config.ini", "deliver", "--help")
    assert helped.returncode == 0 and b"--sender" in helped.stdout and helped.stderr == b""
    wrong = judge_run(tmp_path / "config.ini", "process", "--bogus")           # (a person at a terminal: argparse's)
    assert wrong.returncode == 2 and b"unrecognized arguments: --bogus" in wrong.stderr
