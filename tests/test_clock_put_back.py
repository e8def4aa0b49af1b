"""A clock set ahead and then put right: what the judge counted while it was wrong (wrong passwords, games created,
problems said) lies in the future of the right clock, and is not believed, instead of counting for as long as the
clock was wrong (a player's right password refused for a month). `judge deliver` and `judge process` run under
faketime, as a tester ran them."""
import shutil
import subprocess
import sys

import pytest

from judge import config
from judge.service import Judge
from tests.e2e.conftest import compose
from tests.test_pipe import ROOT, delivered, game_for, write_config

pytestmark = pytest.mark.skipif(shutil.which("faketime") is None, reason="needs faketime (libfaketime)")
AHEAD = "+30d"


def run(cfg, *args, stdin=b"", ahead=False):
    """A judge command, on a clock 30 days ahead if `ahead`."""
    prefix = ["faketime", "-f", AHEAD] if ahead else []
    p = subprocess.run([*prefix, sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), *args],
                       input=stdin, capture_output=True, timeout=120, cwd=cfg.parent)
    assert p.returncode in (0, 1), p.stderr
    return p


def test_wrong_passwords_under_a_clock_set_ahead_do_not_lock_the_player_out_once_it_is_put_back(tmp_path):
    game_for(tmp_path)
    cfg = tmp_path / "config.ini"
    for n in range(6):
        run(cfg, "deliver", stdin=compose("f@example.org", f"SIGNON Fpiped wrong-{n}\nA PAR H"), ahead=True)
    # Locked, on that clock (the sixth reply; the notice to the player written in the same moment may sort after it)
    assert any("TOO MANY WRONG PASSWORDS FOR FRANCE" in m for m in delivered(tmp_path))
    run(cfg, "deliver", stdin=compose("f@example.org", "SIGNON Fpiped pw-F\nA PAR - BUR"))
    [reply] = [m for m in delivered(tmp_path) if "A PAR - BUR" in m]    # (Maildir names: the faked clock's later)
    assert "TOO MANY WRONG PASSWORDS" not in reply, reply
    assert Judge(config.load(cfg)).store.load("piped").player("FRANCE").orders == ["A PAR - BUR"]


def test_games_created_under_a_clock_set_ahead_do_not_count_once_it_is_put_back(tmp_path):
    cfg = write_config(tmp_path)
    for n in range(6):
        run(cfg, "deliver", stdin=compose("maker@example.org", f"CREATE ahead{n} pw"), ahead=True)
    assert "THIS JUDGE LETS ONE ADDRESS CREATE 5 GAMES AN HOUR" in delivered(tmp_path)[-1]
    run(cfg, "deliver", stdin=compose("maker@example.org", "CREATE backnow pw"))
    [reply] = [m for m in delivered(tmp_path) if "backnow" in m]
    assert "Game backnow created" in reply, reply


def test_a_problem_cron_said_under_a_clock_set_ahead_is_said_again_once_it_is_put_back(tmp_path):
    cfg = write_config(tmp_path)
    game_for(tmp_path)
    (tmp_path / "games" / "piped" / "status.json").write_bytes(b"{ not json")
    assert b"piped:" in run(cfg, "process", ahead=True).stderr
    # Right again: said once more (the record of a day ahead is not believed), then not every minute.
    assert b"piped:" in run(cfg, "process").stderr
    assert run(cfg, "process").stderr == b""
