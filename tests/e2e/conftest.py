"""A judge on a real temporary games/ folder with an injectable clock, and mail written the way clients write it."""
from __future__ import annotations

import base64
import email
import email.policy
import quopri
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from judge import config
from judge.service import Judge

MAIL = Path(__file__).resolve().parent.parent / "data" / "mail"
T0 = datetime(2026, 1, 5, 12, 0, tzinfo=timezone.utc)


class Clock:
    def __init__(self, now: datetime = T0):
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta) -> datetime:
        self.now += timedelta(**delta)
        return self.now


def compose(sender: str, body: str, fmt: str = "plain", subject: str = "orders") -> bytes:
    """A message as a mail client would send it: plain, qp, base64, html-only or multipart/alternative."""
    head = (f"From: {sender}\r\nTo: judge@localhost\r\nSubject: {subject}\r\n"
            f"Message-ID: <{abs(hash((sender, body, fmt)))}@example.org>\r\nMIME-Version: 1.0\r\n")
    if fmt == "plain":
        return (head + "Content-Type: text/plain; charset=utf-8\r\n\r\n" + body).encode("utf-8")
    if fmt == "qp":
        enc = quopri.encodestring(body.encode("utf-8")).decode()
        return (head + "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable"
                "\r\n\r\n" + enc).encode()
    if fmt == "base64":
        enc = base64.encodebytes(body.encode("utf-8")).decode()
        return (head + "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n"
                + enc).encode()
    html = "<html><body>" + "".join(f"<div>{line}</div>" for line in body.split("\n")) + "</body></html>"
    if fmt == "html":
        return (head + "Content-Type: text/html; charset=utf-8\r\n\r\n" + html).encode("utf-8")
    if fmt == "alternative":
        return (head + 'Content-Type: multipart/alternative; boundary="XX"\r\n\r\n--XX\r\n'
                "Content-Type: text/plain; charset=utf-8\r\n\r\n" + body + "\r\n--XX\r\n"
                "Content-Type: text/html; charset=utf-8\r\n\r\n" + html + "\r\n--XX--\r\n").encode("utf-8")
    raise ValueError(fmt)


class Table:
    """The judge, its clock and its outbox, seen the way players see them."""

    def __init__(self, root: Path):
        self.clock = Clock()
        self.settings = config.load(None).with_values(judge_games_dir=root / "games",
                                                       judge_outbox_dir=root / "outbox")
        self.judge = Judge(self.settings, clock=self.clock)
        self.seen: set[Path] = set()

    def deliver(self, raw: bytes):
        result = self.judge.deliver(raw)
        return result

    def send(self, sender: str, body: str, fmt: str = "plain"):
        return self.deliver(compose(sender, body, fmt))

    def send_file(self, name: str):
        return self.deliver((MAIL / name).read_bytes())

    def new_mail(self) -> list[email.message.EmailMessage]:
        """Messages put in the outbox since the last call."""
        paths = [p for p in self.judge.outbox.paths() if p not in self.seen]
        self.seen.update(paths)
        return [email.message_from_bytes(p.read_bytes(), policy=email.policy.default) for p in paths]

    def reply_to(self, address: str) -> str:
        """The body of the newest reply to `address` among new mail (fails if there is none)."""
        mails = [m for m in self.new_mail() if m["To"] == address and str(m["Subject"]).startswith("Re:")]
        assert mails, f"no reply to {address}"
        return mails[-1].get_content()

    def game(self, name: str = "e2e"):
        return self.judge.store.load(name)

    def folder(self, name: str = "e2e") -> Path:
        return self.judge.store.folder(name)


@pytest.fixture
def table(tmp_path):
    return Table(tmp_path)
