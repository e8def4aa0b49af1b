"""What reaches the operator of the set-up without the daemon (the MTA pipes each message to `judge deliver`, cron
runs `judge process` every minute) when a game goes wrong: cron mails whatever a run prints, so a problem is said in
a line when it is new or changed, then once a day, and the keeper is mailed about it as `judge serve` mails him, at
most once an hour per problem, however many processes meet it."""
import email
import email.policy
import json
import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests.e2e.conftest import compose
from tests.test_pipe import deliver, judge_run, started_days_ago, write_config

KEEPER = "keeper@example.org"


def mails_to(tmp: Path, address: str) -> list[email.message.EmailMessage]:
    """The mail sent to `address` (no relay configured: into the Maildir), oldest first."""
    new = tmp / "maildir" / "new"
    found = [email.message_from_bytes(p.read_bytes(), policy=email.policy.default)
             for p in sorted(new.iterdir(), key=lambda p: p.name)] if new.exists() else []
    return [m for m in found if m["To"] == address]


def damage(status: Path, where: str) -> None:
    """Garbage written over part of a status file, its wake-up (the first bytes) left as it was."""
    data = status.read_bytes()
    assert data.startswith(b'{"wakeup":"') and len(data) > 400
    if where == "end":
        status.write_bytes(data[:200] + b"GARBAGE" * 10)
    else:                                           # its middle: the file still ends as a status file ends
        status.write_bytes(data[:200] + b"\x00GARBAGE\x00" * 10 + data[-100:])


def a_day_later(tmp: Path) -> None:
    """What cron and the keeper's memory remember, moved a day back, as if a day had passed."""
    for name in (".problems-told.json", ".keeper-told.json"):
        path = tmp / "games" / name
        record = json.loads(path.read_text())
        for key, value in record.items():
            if isinstance(value, dict):
                value["told"] = (datetime.fromisoformat(value["told"]) - timedelta(days=1)).isoformat()
            else:
                record[key] = (datetime.fromisoformat(value) - timedelta(days=1)).isoformat()
        path.write_text(json.dumps(record))


@pytest.mark.parametrize("where", ["end", "middle"])
def test_cron_says_a_damaged_game_in_one_line_once_and_mails_the_keeper_once(tmp_path, where):
    # The tester's case: a game due (its deadline ten days ago) whose status file is damaged after its wake-up. Cron
    # used to print a 20-line traceback every minute, and nobody mailed the keeper.
    cfg = write_config(tmp_path)
    started_days_ago(cfg, game="heart")
    damage(tmp_path / "games" / "heart" / "status.json", where)
    runs = [judge_run(cfg, "process") for _ in range(3)]
    assert [r.returncode for r in runs] == [1, 1, 1]
    said = runs[0].stderr.decode()
    assert said.count("\n") == 1 and said.startswith("judge process: heart: ") and "Traceback" not in said, said
    assert "not a valid status file" in said and "once a day" in said
    assert [r.stderr for r in runs[1:]] == [b"", b""]
    [notice] = mails_to(tmp_path, KEEPER)
    assert notice["Subject"].endswith("game heart is unavailable")
    assert "not a valid status file" in notice.get_content()


def test_cron_says_a_fault_in_one_line_when_it_says_the_fault(tmp_path):
    # Not the game's file but its work failing (here: a file where its snapshots folder belongs, so the commit of
    # the processed phase cannot be finished): one line naming the file and the place in the judge's code, once,
    # not every minute (the traceback only with `judge --debug`: cron mails it, and a log keeps a line). The
    # commit is past its commit point: it is said as a change made and not finished, which every run tries to
    # finish (whatever the game's wake-up), not as clock work to do again.
    cfg = write_config(tmp_path)
    started_days_ago(cfg, game="heart")
    folder = tmp_path / "games" / "heart"
    shutil.rmtree(folder / "snapshots", ignore_errors=True)
    (folder / "snapshots").write_text("not a folder")
    runs = [judge_run(cfg, "process") for _ in range(3)]
    said = runs[0].stderr.decode()
    assert said.startswith("judge process: heart: a commit of the game is made but cannot be finished yet: [Errno 20] "
                           "Not a directory"), said
    assert said.count("\n") == 1 and "Traceback" not in said and "snapshots/0001-S1901M.json" in said, said
    assert ".py:" in said.split("(at ")[1]
    assert [r.stderr for r in runs[1:]] == [b"", b""]
    [notice] = mails_to(tmp_path, KEEPER)
    assert notice["Subject"].endswith("game heart: a change is not finished")
    assert "Not a directory" in notice.get_content()
    a_day_later(tmp_path)                          # still failing a day later: said again, here with --debug
    again = judge_run(cfg, "--debug", "process").stderr.decode()
    assert again.count("Traceback (most recent call last)") == 1 and "Not a directory" in again
    assert len(mails_to(tmp_path, KEEPER)) == 2
    assert judge_run(cfg, "process").stderr == b""
    (folder / "snapshots").unlink()                # mended: the next run finishes the commit, and says so
    mended = judge_run(cfg, "process")
    assert mended.returncode == 0 and mended.stderr == b"", mended.stderr
    assert mended.stdout.decode().splitlines()[-1] == "heart: no longer fails"
    assert (folder / "snapshots" / "0001-S1901M.json").exists()


def test_the_keeper_hears_of_an_unavailable_game_once_however_many_deliveries_meet_it(tmp_path):
    # Each `judge deliver` is a process of its own: the keeper's once-an-hour memory used to die with it, and he got
    # a mail for every message to the game, and for every stranger's LIST of it.
    cfg = write_config(tmp_path)
    started_days_ago(cfg, days=0, game="heart")
    (tmp_path / "games" / "heart" / "status.json").write_bytes(b"{ not json")
    for letter in "AEFGI":
        p = deliver(cfg, compose(f"{letter.lower()}@example.org", f"SIGNON {letter}heart pw-{letter}\nA VIE H"))
        assert p.returncode == 0, p.stderr
    assert deliver(cfg, compose("stranger@example.org", "LIST heart")).returncode == 0
    for who in ("a@example.org", "i@example.org", "stranger@example.org"):
        assert "GAME heart IS UNAVAILABLE AT THE MOMENT" in mails_to(tmp_path, who)[-1].get_content()
    [notice] = mails_to(tmp_path, KEEPER)
    assert notice["Subject"].endswith("game heart is unavailable")
    judge_run(cfg, "process")                       # cron says it on stderr; the keeper has his mail already
    assert len(mails_to(tmp_path, KEEPER)) == 1
    record = json.loads((tmp_path / "games" / ".keeper-told.json").read_text())
    assert list(record) == ["unavailable heart"]
    assert datetime.now(timezone.utc) - datetime.fromisoformat(record["unavailable heart"]) < timedelta(minutes=5)
