"""`judge deliver` as an MTA runs it: exactly once under retries, bounded, and honest exit codes."""
import io
import logging
import subprocess
import sys
from pathlib import Path

from judge import config, pipe
from judge.service import Judge
from tests.e2e.conftest import compose

ROOT = Path(__file__).resolve().parent.parent
POWERS = "AEFGIRT"


def write_config(tmp: Path, **values) -> Path:
    text = config.render_ini().replace("keeper =", "keeper = keeper@example.org")
    for key, value in values.items():
        text = text.replace(f"\n{key} = ", f"\n{key} = {value}\n# was: ")
    path = tmp / "config.ini"
    path.write_text(text)
    return path


def deliver(cfg: Path, raw: bytes, sender: str | None = None) -> subprocess.CompletedProcess:
    args = [sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "deliver"]
    if sender is not None:
        args += ["--sender", sender]
    return subprocess.run(args, input=raw, capture_output=True, timeout=120, cwd=cfg.parent)


def delivered(tmp: Path) -> list[str]:
    """The mail `judge deliver` sent before it exited (no relay configured: into the Maildir), oldest first."""
    new = tmp / "maildir" / "new"
    return [p.read_text() for p in sorted(new.iterdir(), key=lambda p: p.name)] if new.exists() else []


def nothing_sent(tmp: Path) -> bool:
    return not delivered(tmp) and not list((tmp / "outbox").glob("*.eml"))


def game_for(tmp: Path) -> Judge:
    judge = Judge(config.load(write_config(tmp)))
    judge.deliver(compose("gm@example.org", "CREATE piped gm-pass"))
    for letter in POWERS:
        judge.deliver(compose(f"{letter.lower()}@example.org", f"JOIN piped pw-{letter} {letter}"))
    return judge


def test_a_retried_delivery_is_applied_once(tmp_path):
    """The MTA retries after a crash between saving and answering (here: the same message piped twice, the second
    time with the trace lines an MTA adds): PROCESS! processes one phase, not two, and is answered once."""
    game_for(tmp_path)
    cfg = tmp_path / "config.ini"
    raw = compose("gm@example.org", "SIGNON Mpiped gm-pass\nPROCESS!")
    first = deliver(cfg, raw)
    assert first.returncode == 0, first.stderr
    again = b"Received: from mx.example.org by judge; Mon, 5 Jan 2026 12:00:01 +0000\r\n" \
            b"Delivered-To: judge@localhost\r\n" + raw
    second = deliver(cfg, again)
    assert second.returncode == 0, second.stderr
    game = Judge(config.load(cfg)).store.load("piped")
    assert game.history == ["S1901M"] and str(game.position.phase) == "F1901M"
    mails = [m for m in delivered(tmp_path) if "To: gm@example.org" in m]
    assert sum("S1901M processed; next phase F1901M." in m for m in mails) == 1          # answered once
    assert sum("Diplomacy results piped S1901M" in m for m in mails) == 1            # and its results sent once


def test_a_different_message_with_the_same_text_is_applied(tmp_path):
    game_for(tmp_path)
    cfg = tmp_path / "config.ini"
    one = compose("gm@example.org", "SIGNON Mpiped gm-pass\nPROCESS!")
    two = one.replace(b"Message-ID: <", b"Message-ID: <second-")
    assert deliver(cfg, one).returncode == 0 and deliver(cfg, two).returncode == 0
    assert Judge(config.load(cfg)).store.load("piped").history == ["S1901M", "F1901M"]


def test_too_big_is_bounced_and_changes_nothing(tmp_path):
    cfg = write_config(tmp_path, max_message_bytes="2000")
    p = deliver(cfg, compose("a@example.org", "HELP\n" + "x" * 5000))
    assert p.returncode == pipe.EX_DATAERR and b"too big" in p.stderr
    assert nothing_sent(tmp_path)


def test_a_huge_subject_is_answered_with_a_bounded_one(tmp_path):
    cfg = write_config(tmp_path)
    raw = b"From: a@example.org\r\nSubject: " + b"ab " * 213_000 + b"\r\n\r\nHELP\r\n"
    p = deliver(cfg, raw)
    assert p.returncode == 0, p.stderr
    [reply] = delivered(tmp_path)
    subject = next(line for line in reply.splitlines() if line.startswith("Subject:"))
    assert len(subject) < 250


def test_an_address_that_cannot_be_answered_is_bounced(tmp_path):
    cfg = write_config(tmp_path)
    raw = "From: J\u00f6rg <j\u00f6rg@example.org>\r\nSubject: x\r\n\r\nHELP\r\n".encode("utf-8")
    p = deliver(cfg, raw, sender="bounce@example.org")
    assert p.returncode == pipe.EX_DATAERR and b"ASCII" in p.stderr
    assert nothing_sent(tmp_path)


def test_a_fault_is_logged_with_its_traceback_set_aside_answered_and_reported(tmp_path, monkeypatch, caplog):
    judge = Judge(config.load(write_config(tmp_path)))

    def broken(*args, **kwargs):
        raise KeyError("the missing piece")
    monkeypatch.setattr(judge, "deliver", broken)
    raw = compose("a@example.org", "HELP")
    with caplog.at_level(logging.ERROR):
        status, note = pipe.deliver(judge, io.BytesIO(raw), "a@example.org")
    assert status == pipe.EX_OK and "KeyError" in note and "the missing piece" in note
    assert "Traceback" in caplog.text and "the missing piece" in caplog.text and "in broken" in caplog.text
    [(name, why)] = __import__("judge.daemon.spool", fromlist=["Spool"]).Spool(tmp_path / "inbox").set_aside_messages()
    assert "the missing piece" in why
    mails = [p.read_text() for p in (tmp_path / "outbox").glob("*.eml")]
    assert any("To: a@example.org" in m and "could not be processed" in m for m in mails)
    assert any("To: keeper@example.org" in m and "set aside" in m for m in mails)


def test_a_temporary_failure_asks_the_mta_to_try_again(tmp_path, monkeypatch):
    judge = Judge(config.load(write_config(tmp_path)))
    monkeypatch.setattr(judge, "deliver", lambda *a, **k: (_ for _ in ()).throw(OSError(28, "No space left")))
    status, note = pipe.deliver(judge, io.BytesIO(compose("a@example.org", "HELP")), None)
    assert status == pipe.EX_TEMPFAIL and "No space left" in note


def test_requeue_now_processes_what_was_set_aside(tmp_path, monkeypatch):
    game_for(tmp_path)
    cfg = tmp_path / "config.ini"
    judge = Judge(config.load(cfg))
    monkeypatch.setattr(judge, "deliver", lambda *a, **k: (_ for _ in ()).throw(ValueError("bug")))
    assert pipe.deliver(judge, io.BytesIO(compose("f@example.org", "SIGNON Fpiped pw-F\nA PAR - BUR")), None)[0] == 0
    listed = subprocess.run([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "requeue", "--list"],
                            capture_output=True, text=True, timeout=60)
    assert "1 message(s) set aside" in listed.stdout and "ValueError: bug" in listed.stdout
    done = subprocess.run([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "requeue", "--now"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "1 message(s) back in the queue" in done.stdout, done.stdout + done.stderr
    assert Judge(config.load(cfg)).store.load("piped").player("FRANCE").orders == ["A PAR - BUR"]


def test_set_aside_messages_past_their_time_are_deleted_by_the_next_delivery(tmp_path, monkeypatch):
    # With `judge deliver` no daemon runs to delete them, and they may hold passwords.
    import os
    from judge.daemon.spool import KEEP_SET_ASIDE_DAYS, Spool
    game_for(tmp_path)
    cfg = tmp_path / "config.ini"
    judge = Judge(config.load(cfg))
    with monkeypatch.context() as m:
        m.setattr(judge, "deliver", lambda *a, **k: (_ for _ in ()).throw(ValueError("bug")))
        for n in range(2):
            pipe.deliver(judge, io.BytesIO(compose("f@example.org", f"SIGNON Fpiped pw-F\nA PAR H\n# {n}")), None)
    spool = Spool(tmp_path / "inbox")
    old, fresh = [name for name, _ in spool.set_aside_messages()]
    long_ago = os.stat(spool.root / "bad" / old).st_mtime - (KEEP_SET_ASIDE_DAYS + 1) * 86400
    for name in (old, f"{old}.why"):
        os.utime(spool.root / "bad" / name, (long_ago, long_ago))
    assert deliver(cfg, compose("a@example.org", "HELP")).returncode == 0
    assert sorted(os.listdir(spool.root / "bad")) == sorted([fresh, f"{fresh}.why"])
