"""A phase's results mail stopped on its way into the outbox, in real processes: cron's `judge process` SIGKILLed
(JUDGE_TEST_KILL_AT) after its commit point, with the outbox on the games' file system or on another one (as
config.ini allows), or the outbox's disk filling mid-publish (a real 512 KB tmpfs). Then cron runs, or `judge serve`
starts, as an operator's machine would: every results mail reaches its player once, none twice or never, the
operator is told what happened, and nothing is left behind."""
import contextlib
import email
import os
import shutil
import signal
import smtplib
import subprocess
import time
from collections import Counter
from pathlib import Path
from typing import Iterator

import pytest

from tests.disks import apart, small_disk
from tests.e2e.conftest import compose
from tests.test_pipe import POWERS, judge_run, started_days_ago, write_config

RESULTS = "Diplomacy results cron S1901M"
EVERYONE = sorted([f"{letter.lower()}@example.org" for letter in POWERS] + ["gm@example.org"])


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    """games/ with game 'cron' started ten days ago (its deadline long past: cron's next run processes it)."""
    base = tmp_path_factory.mktemp("template")
    started_days_ago(write_config(base))
    return base / "games"


def judge_in(run: Path, template: Path, outbox: Path) -> Path:
    """A judge folder in `run` holding a copy of the template's games, its outbox at `outbox`; its config.ini."""
    shutil.copytree(template, run / "games")
    outbox.mkdir(exist_ok=True)                      # (a mount point, say)
    return write_config(run, outbox_dir=str(outbox))


@contextlib.contextmanager
def _folder(path: Path) -> Iterator[Path]:
    """The outbox on the test's own file system."""
    path.mkdir()
    yield path


def maildir(run: Path) -> list[email.message.Message]:
    new = run / "maildir" / "new"
    return [email.message_from_bytes(p.read_bytes()) for p in new.iterdir()] if new.exists() else []


def results_to(run: Path) -> list[str]:
    """The recipient of each results mail delivered, one entry per mail (twice if a mail went twice)."""
    return sorted(str(m["To"]) for m in maildir(run) if str(m["Subject"]) == RESULTS)


def left_behind(run: Path, outbox: Path) -> list[str]:
    """An unfinished commit, staged files, a hidden copy on its way, a temp file."""
    pending = run / "games" / "cron" / ".pending"
    return sorted([p.name for p in pending.iterdir()] + [p.name for p in outbox.iterdir() if p.name.startswith(".")])


_TRACED: dict[str, list[str]] = {}


def trace(run: Path, cfg: Path, where: str) -> list[str]:
    """The labels of the durable steps of an uninterrupted `judge process` (step n is the list's n-th), the
    outbox `where` it is (the same run each time: traced once)."""
    if where in _TRACED:
        return _TRACED[where]
    steps = run / "steps.txt"
    p = judge_run(cfg, "process", env={**os.environ, "JUDGE_TEST_CHECKPOINTS": str(steps)})
    assert p.returncode == 0 and b"S1901M processed" in p.stdout, p.stderr
    _TRACED[where] = [line.split(" ", 1)[1] for line in steps.read_text().splitlines()]
    return _TRACED[where]


def step_of(labels: list[str], after: int) -> int:
    """The step `after` steps past the status file's, in place (0: that step itself): the results mails follow."""
    return labels.index("in place status.json") + 1 + after


# The steps after the status file is in place: each mail's copy made under a hidden name, its staged file removed,
# the copy renamed (each made durable), where the outbox is elsewhere; a rename each where it is not.
@pytest.mark.parametrize("where,after", [("same", 0), ("same", 3), ("apart", 0), ("apart", 2), ("apart", 4),
                                         ("apart", 6)])
def test_cron_finishes_a_run_killed_mid_publish(tmp_path, template, where, after):
    """`judge process` SIGKILLed after its commit point: the next cron run finishes the commit (the game is not
    due again for days: before, nothing touched it, and the results stayed in `.pending/` until a message came)
    and says so; each player gets the results once; the run after says nothing."""
    with apart(tmp_path) if where == "apart" else _folder(tmp_path / "outbox") as outbox:
        labels = trace(tmp_path / "count", judge_in(tmp_path / "count", template, outbox / "count"), where)
        run = tmp_path / "run"
        cfg = judge_in(run, template, outbox / "run")
        kill = step_of(labels, after)
        p = judge_run(cfg, "process", env={**os.environ, "JUDGE_TEST_KILL_AT": str(kill)})
        assert p.returncode == -signal.SIGKILL, p.stderr
        assert (run / "games" / "cron" / ".pending" / "COMMIT").exists()
        assert len(results_to(run)) < len(EVERYONE)
        p = judge_run(cfg, "process")
        assert p.returncode == 0, p.stderr
        assert p.stdout.decode().startswith("cron: an interrupted commit finished ("), p.stdout
        assert results_to(run) == EVERYONE                            # each once
        assert left_behind(run, outbox / "run") == [] and list((outbox / "run").glob("*.eml")) == []
        again = judge_run(cfg, "process")
        assert (again.returncode, again.stdout, again.stderr) == (0, b"", b"")
        assert results_to(run) == EVERYONE


def test_serve_starts_after_a_kill_mid_publish_into_an_outbox_elsewhere(tmp_path, template):
    """Killed with the first mail's staged file gone and its copy not yet in place: `judge serve` starts, finishes the
    commit and sends each results mail once, and the game takes mail. Before, start-up met FileNotFoundError
    finishing that commit and the daemon would not start, saying "cannot listen: No such file or directory"."""
    from tests.daemon.test_kills import serve
    with apart(tmp_path) as outbox:
        labels = trace(tmp_path / "count", judge_in(tmp_path / "count", template, outbox / "count"), "apart")
        run = tmp_path / "run"
        cfg = judge_in(run, template, outbox / "run")
        p = judge_run(cfg, "process", env={**os.environ, "JUDGE_TEST_KILL_AT": str(step_of(labels, 4))})
        assert p.returncode == -signal.SIGKILL, p.stderr
        proc, port = serve(run, cfg)
        try:
            assert port, (run / "serve.log").read_text()
            with smtplib.SMTP("127.0.0.1", port, timeout=30) as s:
                s.sendmail("f@example.org", ["judge@localhost"], compose("f@example.org", "SIGNON Fcron pw-F"))
            end = time.monotonic() + 30
            while not (results_to(run) == EVERYONE and any(str(m["To"]) == "f@example.org" and "Re:" in
                                                           str(m["Subject"]) for m in maildir(run))):
                assert time.monotonic() < end, (results_to(run), (run / "serve.log").read_text()[-3000:])
                time.sleep(0.05)
        finally:
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(timeout=30) == 0
        assert results_to(run) == EVERYONE
        assert left_behind(run, outbox / "run") == []
        assert "Traceback" not in (run / "serve.log").read_text()


def test_cron_when_the_outbox_disk_fills_mid_publish(tmp_path, template):
    """The outbox on a 512 KB tmpfs: four results mails of about 108 KB fit, the fifth does not. The run says the
    game's change is made but not finished (not a fault with a traceback), leaves no part-written copy, and sends the
    four; the next run finishes the commit (its game not due for days) and says it no longer fails; each player
    gets the results once. Before, the next runs said nothing, the keeper heard "no longer fails" while four mails
    stayed in `.pending/`, and every later message for the game failed."""
    run = tmp_path / "run"
    with small_disk(tmp_path / "outbox", "512k") as outbox:
        cfg = judge_in(run, template, outbox)
        first = judge_run(cfg, "process")
        assert first.returncode == 1
        said = first.stderr.decode()
        assert said.startswith("judge process: cron: a commit of the game is made but cannot be finished yet: "
                               "[Errno 28] No space left on device") and "Traceback" not in said, said
        assert 0 < len(results_to(run)) < len(EVERYONE)
        assert "COMMIT" in left_behind(run, outbox) and not [n for n in os.listdir(outbox) if n.startswith(".")]
        keeper = [m for m in maildir(run) if str(m["To"]) == "keeper@example.org"]
        assert [str(m["Subject"]) for m in keeper] == ["JUDGE judge - game cron: a change is not finished"]
        second = judge_run(cfg, "process")
        assert second.returncode == 0, second.stderr
        lines = second.stdout.decode().splitlines()
        assert lines[0].startswith("cron: an interrupted commit finished (") and lines[-1] == "cron: no longer fails"
        assert results_to(run) == EVERYONE
        assert left_behind(run, outbox) == []
        assert Counter(str(m["Message-ID"]) for m in maildir(run)).most_common(1)[0][1] == 1
        third = judge_run(cfg, "process")
        assert (third.returncode, third.stdout, third.stderr) == (0, b"", b"")


def test_serve_starts_with_a_commit_its_full_outbox_cannot_take_and_its_next_message_finishes_it(tmp_path, template):
    """Killed with the status file in place and eight results mails staged, then `judge serve` started with the
    outbox on a 512 KB tmpfs: start-up publishes what fits and says the rest waits (it does not refuse to start),
    the sender makes room, and the game's next message finishes the commit before it is applied: each results
    mail once, the message answered."""
    from tests.daemon.test_kills import serve
    run = tmp_path / "run"
    with small_disk(tmp_path / "outbox", "512k") as outbox:
        cfg = judge_in(run, template, outbox)
        labels = trace(tmp_path / "count", judge_in(tmp_path / "count", template, tmp_path / "count-outbox"), "same")
        p = judge_run(cfg, "process", env={**os.environ, "JUDGE_TEST_KILL_AT": str(step_of(labels, 0))})
        assert p.returncode == -signal.SIGKILL, p.stderr
        proc, port = serve(run, cfg)
        try:
            assert port, (run / "serve.log").read_text()
            log = (run / "serve.log").read_text()
            assert "start-up: game cron: a commit of the game is made but cannot be finished yet: [Errno 28] No " \
                   "space left" in log, log
            end = time.monotonic() + 30
            while list(outbox.glob("*.eml")) or not results_to(run):     # the sender makes room
                assert time.monotonic() < end, (run / "serve.log").read_text()[-3000:]
                time.sleep(0.05)
            assert 0 < len(results_to(run)) < len(EVERYONE)
            with smtplib.SMTP("127.0.0.1", port, timeout=30) as s:
                s.sendmail("f@example.org", ["judge@localhost"], compose("f@example.org", "SIGNON Fcron pw-F"))
            while not (results_to(run) == EVERYONE and any(str(m["To"]) == "f@example.org" and "Re:" in
                                                           str(m["Subject"]) for m in maildir(run))):
                assert time.monotonic() < end, (results_to(run), (run / "serve.log").read_text()[-3000:])
                time.sleep(0.05)
        finally:
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(timeout=30) == 0
        assert results_to(run) == EVERYONE and left_behind(run, outbox) == []
