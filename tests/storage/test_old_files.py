"""The answered-once marks of an earlier release (a table of judge.storage.counters in games/.limits/answered-00.txt
to answered-15.txt, and the temp files a kill left while one was rewritten) are removed when `judge serve` starts and
when cron's `judge process` runs, and nothing else is touched: not the counts the judge still keeps beside them, not
the claims that replaced them, not a name that merely looks like theirs."""
import hashlib
import os
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

from judge.mail.loops import Answered
from judge.storage.counters import Counters
from judge.storage.old_files import remove_old_files
from judge.storage.rates import RateLimit
from tests.serving import start_serve
from tests.test_pipe import ROOT, write_config
from tests.test_rate_on_disk import stop

NOW = datetime.now().astimezone()


def old_release_marks(games: Path, answered: int) -> list[Path]:
    """What the earlier release's Answered.note wrote for `answered` messages about no game (judge/mail/loops.py
    before the claims: a Counters table per digest shard, kept five days), and a temp file of a rewrite cut short by
    a kill (atomic_write's name for it). Returns the files."""
    counters = Counters(games, kept=48_000 // 16, window=timedelta(days=5))
    for n in range(answered):
        digest = hashlib.sha256(f"asker{n}@example.org\n<q{n}@example.org>".encode()).hexdigest()
        with counters.changing() as change:
            change.add(f"answered-{int(digest[:4], 16) % 16:02d}", digest[:24], NOW)
    cut = games / ".limits" / f".answered-03.txt.{os.urandom(6).hex()}.tmp"
    cut.write_text(f"{NOW.timestamp():.3f} - 0123456789abcdef01234567\n")
    return sorted(games.glob(".limits/*answered-*.t*"))


def kept_files(games: Path, outside: Path) -> None:
    """What must stay: the counts the judge keeps today beside the old marks, the claims that replaced them, a game,
    and names like the old marks' that are not theirs (other names, a link, a folder)."""
    RateLimit(games, 120).over("player@example.org")
    with Counters(games).changing() as change:
        change.add("repeats-03", "player@example.org 0123", NOW)                  # the loop guard's
    Answered(games).claim("asker@example.org", "<new@example.org>").done()        # the claims that replaced them
    (games / "tiny").mkdir()
    (games / "tiny" / "status.json").write_text("{}")
    limits = games / ".limits"
    for name in ("answered-16.txt", "answered-7.txt", "answered-07.txt.bak", "Answered-01.txt"):
        (limits / name).write_text("the keeper's\n")
    outside.write_text("not the judge's\n")
    # A link and a folder under names of the old marks (of shards the marks above left free).
    link, folder = [p for p in (limits / f"answered-{n:02d}.txt" for n in range(16)) if not p.exists()][:2]
    link.symlink_to(outside)
    folder.mkdir()
    (folder / "note").write_text("kept\n")


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every file's bytes (a link's target, a folder's name) under `folder`, by path."""
    out: dict[str, bytes | str] = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(root) / name
            rel = str(path.relative_to(folder))
            out[rel] = ("link to " + os.readlink(path) if path.is_symlink() else "folder" if path.is_dir()
                        else path.read_bytes())
    return out


def laid_out(tmp: Path) -> tuple[Path, list[Path], dict[str, bytes | str]]:
    """A games folder as the earlier release left it, with the judge's other files: (games, the old marks' files,
    a snapshot of everything but them)."""
    games = tmp / "games"
    games.mkdir()
    old = old_release_marks(games, 12)
    kept_files(games, tmp / "outside.txt")
    assert len(old) > 5 and all(p.is_file() for p in old)
    before = snapshot(games)
    for path in old:
        del before[str(path.relative_to(games))]
    return games, old, before


def test_the_old_marks_are_removed_and_nothing_else(tmp_path):
    games, old, before = laid_out(tmp_path)
    assert remove_old_files(games) == len(old)
    assert not any(p.exists() for p in old)
    assert snapshot(games) == before
    assert (tmp_path / "outside.txt").read_text() == "not the judge's\n"
    assert remove_old_files(games) == 0 and snapshot(games) == before


def test_a_games_folder_without_them_is_not_touched(tmp_path):
    assert remove_old_files(tmp_path) == 0 and list(tmp_path.iterdir()) == []        # nothing made, not even a lock
    (tmp_path / ".limits").mkdir()
    (tmp_path / ".limits" / "rate-00.txt").write_text("1 x\n")
    assert remove_old_files(tmp_path) == 0
    assert [p.name for p in (tmp_path / ".limits").iterdir()] == ["rate-00.txt"]


def test_judge_serve_removes_them_at_start_up(tmp_path):
    cfg = write_config(tmp_path, rate_per_hour="0")
    games, old, before = laid_out(tmp_path)
    proc = start_serve(tmp_path, cfg)
    try:
        assert not any(p.exists() for p in old)                  # at start-up, before any mail
    finally:
        stop(proc)
    after = snapshot(games)
    assert {k: v for k, v in after.items() if k in before} == before    # all else as it was
    assert not any("answered-" in k and k not in before for k in after)


def test_cron_judge_process_removes_them(tmp_path):
    cfg = write_config(tmp_path)
    games, old, before = laid_out(tmp_path)
    run = subprocess.run([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "process"],
                         check=False, capture_output=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 0 and run.stdout == b"", run
    assert not any(p.exists() for p in old)
    assert snapshot(games) == before
