"""With no relay, the judge delivers into a Maildir it names itself: a kill (SIGKILL, a real `judge process` run by
cron) after a message reached maildir/new but before its file left the outbox must not deliver it twice when the next
run sends what the outbox still holds, whether the message is still in new/ or a reader moved it to cur/."""
import email
import email.policy
import os
import shutil
from collections import Counter
from pathlib import Path

import pytest

from judge import config
from judge.daemon.sender import Sender
from judge.storage.outbox import Outbox
from tests.test_pipe import POWERS, judge_run, started_days_ago, write_config

RESULTS = "Diplomacy results cron S1901M"
KILL_AFTER = 3                     # the run's third mail (a results mail) is in new/, its outbox file not yet removed


def maildir_files(tmp: Path) -> list[Path]:
    return [p for sub in ("new", "cur") if (tmp / "maildir" / sub).is_dir() for p in (tmp / "maildir" / sub).iterdir()]


def copies(tmp: Path) -> Counter:
    """How many files the Maildir holds of each mail: (recipient, subject) -> count."""
    mails = [email.message_from_bytes(p.read_bytes(), policy=email.policy.default) for p in maildir_files(tmp)]
    return Counter((str(m["To"]), str(m["Subject"])) for m in mails)


def game_due(tmp: Path) -> Path:
    """A game whose first deadline is past, its start's mail already delivered (so a run's mail is its results)."""
    cfg = write_config(tmp)
    started_days_ago(cfg)
    settings = config.load(cfg)
    Sender(settings, Outbox(settings.outbox_dir)).drain()
    assert list((tmp / "outbox").glob("*.eml")) == []
    return cfg


def kill_point(tmp: Path) -> tuple[int, int]:
    """The durable step at which the KILL_AFTER-th message of a `judge process` run is in maildir/new, and how many
    messages the run sends: counted in a copy of the folder, run to the end."""
    counted = tmp / "counted"
    shutil.copytree(tmp, counted)
    cfg = write_config(counted)
    trace = tmp / "steps.txt"
    p = judge_run(cfg, "process", env={**os.environ, "JUDGE_TEST_CHECKPOINTS": str(trace)})
    assert p.returncode == 0, p.stderr
    assert sum(n for (_, subject), n in copies(counted).items() if subject == RESULTS) == len(POWERS) + 1
    steps = [int(line.split()[0]) for line in trace.read_text().splitlines() if line.endswith(" maildir delivered")]
    return steps[KILL_AFTER - 1], len(steps)


@pytest.mark.parametrize("reader", ["left in new", "moved to cur"])
def test_a_kill_between_the_maildir_and_the_outbox_removal_delivers_once(tmp_path, reader):
    run = tmp_path / "run"
    run.mkdir()
    cfg = game_due(run)
    at, sent = kill_point(run)
    shutil.rmtree(run / "counted")
    before = len(maildir_files(run))
    p = judge_run(cfg, "process", env={**os.environ, "JUDGE_TEST_KILL_AT": str(at)})
    assert p.returncode == -9, p.stderr
    # killed with the third mail in new/ and still in the outbox (with the ones after it)
    assert len(maildir_files(run)) == before + KILL_AFTER
    assert len(list((run / "outbox").glob("*.eml"))) == sent - KILL_AFTER + 1
    if reader == "moved to cur":
        # as a mail reader does once it has seen them: new/ to cur/, with the info (flag "seen") appended
        for path in list((run / "maildir" / "new").iterdir()):
            path.rename(run / "maildir" / "cur" / f"{path.name}:2,S")
    p = judge_run(cfg, "process")                        # the next cron run sends what the outbox still holds
    assert p.returncode == 0, p.stderr
    assert list((run / "outbox").glob("*.eml")) == []
    mails = copies(run)
    assert [mail for mail, n in mails.items() if n != 1] == []          # each mail once, the one killed over too
    assert {to for to, subject in mails if subject == RESULTS} == {f"{x.lower()}@example.org" for x in POWERS} | {
        "gm@example.org"}
    assert len(maildir_files(run)) == before + sent
    assert list((run / "maildir" / "tmp").iterdir()) == []
