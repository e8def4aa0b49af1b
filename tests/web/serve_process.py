"""`judge serve` as an operator runs it (its own process, config.ini, no relay: its mail goes to the Maildir), with
mail to it over real SMTP and its answers read from that Maildir, for tests of the web face beside mail."""
from __future__ import annotations

import contextlib
import email
import email.policy
import itertools
import smtplib
import subprocess
import sys
import time
from pathlib import Path

from tests.web.conftest import GM, POWERS, address, password

ROOT = Path(__file__).resolve().parents[2]
_subjects = itertools.count(1)


def start_serve(tmp_path: Path, web: str) -> tuple[subprocess.Popen, int, int]:
    """`judge serve` on free ports with a config.ini whose [web] section is `web`; its SMTP and web ports."""
    cfg = tmp_path / "config.ini"
    cfg.write_text(f"[smtp]\nrate_per_hour = 0\n\n[web]\n{web}\n")
    ready = tmp_path / "ready"
    log = open(tmp_path / "serve.log", "wb")      # noqa: SIM115 - the process writes it until it ends
    proc = subprocess.Popen([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "serve", "--port",
                             "0", "--web-port", "0", "--ready-file", str(ready)], cwd=tmp_path, stdout=log,
                            stderr=log)
    log.close()
    end = time.monotonic() + 60
    while not ready.exists() or len(ready.read_text().splitlines()) < 2:
        assert proc.poll() is None, (tmp_path / "serve.log").read_text()
        assert time.monotonic() < end, "judge serve did not start"
        time.sleep(0.05)
    smtp, web_line = ready.read_text().splitlines()
    return proc, int(smtp.split()[1]), int(web_line.split()[2])


def stop_serve(proc: subprocess.Popen) -> None:
    proc.terminate()
    assert proc.wait(30) == 0


def delivered(tmp_path: Path) -> list[email.message.EmailMessage]:
    """Every mail the judge has delivered to its Maildir, oldest first."""
    new = tmp_path / "maildir" / "new"
    files = sorted(new.iterdir(), key=lambda p: p.stat().st_mtime_ns) if new.is_dir() else []
    return [email.message_from_bytes(p.read_bytes(), policy=email.policy.default) for p in files]


def mail_and_wait(tmp_path: Path, smtp_port: int, sender: str, body: str) -> None:
    """Mail the judge, then wait for its answer in the Maildir."""
    mail_reply(tmp_path, smtp_port, sender, body)


def mail_reply(tmp_path: Path, smtp_port: int, sender: str, body: str) -> str:
    """Mail the judge from `sender`; the text of its reply (found by the subject, which is this message's own)."""
    subject = f"t{next(_subjects)}"
    with smtplib.SMTP("127.0.0.1", smtp_port, timeout=30) as s:
        s.sendmail(sender, ["judge@localhost"], f"From: {sender}\r\nSubject: {subject}\r\n\r\n{body}\r\n".encode())
    end = time.monotonic() + 60
    while True:
        for m in delivered(tmp_path):
            if m["Subject"] == f"Re: {subject}" and sender in str(m["To"]):
                return m.get_content()
        assert time.monotonic() < end, f"no answer to {body!r}"
        time.sleep(0.05)


@contextlib.contextmanager
def started_game(tmp_path: Path):
    """`judge serve` in tmp_path with a game "demo" of seven players, started by mail; (SMTP port, web port)."""
    proc, smtp, web = start_serve(tmp_path, "")
    try:
        mail_reply(tmp_path, smtp, GM, "CREATE demo gm-pass")
        for power in POWERS:
            mail_reply(tmp_path, smtp, address(power), f"JOIN demo {password(power)} {power[0]}")
        yield smtp, web
    finally:
        stop_serve(proc)
