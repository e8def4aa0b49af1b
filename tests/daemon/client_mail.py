"""Mail as real clients write it (built with the email package: Gmail's alternative, Outlook's wrapped HTML, Apple
Mail's parts around an image...), sent over SMTP to `judge serve` on loopback with a started game, "mailt"."""
from __future__ import annotations

import asyncio
import smtplib
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import make_msgid

from tests.daemon.conftest import settle
from tests.daemon.test_games_by_mail import text_of
from tests.daemon.test_strangers import Judge, run
from tests.e2e.conftest import game_files

GAME = "mailt"
GM, GM_PW = "gm@example.org", "gm-secret"
LETTERS = {"AUSTRIA": "A", "ENGLAND": "E", "FRANCE": "F", "GERMANY": "G", "ITALY": "I", "RUSSIA": "R", "TURKEY": "T"}
PASSWORDS = {p: f"pw{letter.lower()}-{p[:3].lower()}" for p, letter in LETTERS.items()}
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000")     # (a PNG's first bytes)


def address(power: str) -> str:
    return f"{power.lower()}@example.org"


def signon(power: str) -> str:
    return f"SIGNON {LETTERS[power]}{GAME} {PASSWORDS[power]}"


def headed(sender: str, subject: str = "orders") -> EmailMessage:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = f"Player <{sender}>", "judge@localhost", subject
    msg["Message-ID"] = make_msgid(domain="example.org")
    msg["Date"] = "Mon, 05 Jan 2026 12:30:00 +0000"
    return msg


def plain(sender: str, body: str, subject: str = "orders") -> EmailMessage:
    msg = headed(sender, subject)
    msg.set_content(body)
    return msg


def alternative(sender: str, text: str, html: str, subject: str = "orders") -> EmailMessage:
    """Gmail's, Outlook's, Thunderbird's HTML mail: multipart/alternative, its plain part first."""
    msg = headed(sender, subject)
    msg.set_content(text)
    msg.add_alternative(html, subtype="html")
    return msg


def html_only(sender: str, html: str, subject: str = "orders", charset: str = "utf-8") -> EmailMessage:
    msg = headed(sender, subject)
    msg.set_content(html, subtype="html", charset=charset)
    return msg


def text_part(text: str) -> EmailMessage:
    part = EmailMessage()
    part.set_content(text)
    del part["MIME-Version"]
    return part


class Table:
    """The judge serving SMTP, a relay for what it sends, and game "mailt" started with seven players."""

    def __init__(self, judge: Judge):
        self.j = judge

    @property
    def port(self) -> int:
        return self.j.port

    async def setup(self) -> None:
        assert "Game mailt created" in text_of(await self.ask(plain(GM, f"CREATE {GAME} {GM_PW}")))
        for power, letter in LETTERS.items():
            await self.ask(plain(address(power), f"JOIN {GAME} {PASSWORDS[power]} {letter}"))
        assert self.game().status == "active"

    def game(self):
        return self.j.daemon.judge.store.load(GAME)

    def files(self) -> dict[str, bytes]:
        return game_files(self.j.tmp_path / "games")

    async def send(self, msg: EmailMessage | bytes, sender: str = "") -> None:
        raw = msg if isinstance(msg, bytes) else msg.as_bytes(policy=SMTP)      # (lines end in CRLF, as sent)
        sender = sender or str(msg["From"]).split("<")[-1].rstrip(">")

        def go():
            with smtplib.SMTP("127.0.0.1", self.port, timeout=10) as s:
                s.sendmail(sender, ["judge@localhost"], raw)
        await asyncio.to_thread(go)
        await settle(self.j.daemon)

    async def ask(self, msg: EmailMessage | bytes, sender: str = "") -> EmailMessage:
        """Send one message; the judge's one reply to it (the whole message)."""
        to = sender or str(msg["From"]).split("<")[-1].rstrip(">")
        before = len(self.j.relay.to(to))
        await self.send(msg, to)
        replies = self.j.relay.to(to)[before:]
        replies = [r for r in replies if str(r["Subject"]).startswith(("Re:", "Diplomacy orders"))]
        assert len(replies) == 1, [str(m["Subject"]) for m in replies]
        return replies[0]

    async def refused(self, msg: EmailMessage | bytes) -> str:
        """Send a message that must be refused: its reply's text (nothing stored has changed)."""
        before = self.files()
        text = text_of(await self.ask(msg))
        assert "NOT accepted" in text, text
        assert self.files() == before, "a refused message changed a game file"
        return text


def play(tmp_path, scenario) -> None:
    """Run `scenario(table)` against a fresh judge and game."""
    async def go(judge: Judge):
        table = Table(judge)
        await table.setup()
        await scenario(table)
    run(tmp_path, go)


__all__ = ["GAME", "GM", "GM_PW", "LETTERS", "PASSWORDS", "PNG", "Table", "address", "alternative", "headed",
           "html_only", "plain", "play", "signon", "text_of", "text_part"]
