"""A judge on a real temporary games/ folder with an injectable clock, and mail written the way clients write it."""
from __future__ import annotations

import base64
import email
import email.policy
import quopri
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from judge import config
from judge.service import Judge

REPLY = ("Re:", "Diplomacy orders ")        # a reply's subject (accepted orders: DPjudge's)

MAIL = Path(__file__).resolve().parent.parent / "data" / "mail"


def _readers_policy():
    """policy.default, where get_content() of a message with attachments gives its text part: tests read the
    text of results mails the same way whether or not a picture is attached (tests of the attachments look at
    the parts themselves)."""
    from email.contentmanager import ContentManager, raw_data_manager
    manager = ContentManager()
    manager.get_handlers.update(raw_data_manager.get_handlers)
    manager.set_handlers.update(raw_data_manager.set_handlers)
    manager.add_get_handler("multipart", lambda msg: msg.get_body(("plain",)).get_content())
    return email.policy.default.clone(content_manager=manager)


READ = _readers_policy()
T0 = datetime(2026, 1, 5, 12, 0, tzinfo=timezone.utc)


class Clock:
    def __init__(self, now: datetime = T0):
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta) -> datetime:
        self.now += timedelta(**delta)
        return self.now


def compose(sender: str, body: str, fmt: str = "plain", subject: str = "orders", message_id: str = "") -> bytes:
    """A message as a mail client would send it: plain, qp, base64, html-only or multipart/alternative (its
    Message-ID made from what it says, unless given)."""
    message_id = message_id or f"<{abs(hash((sender, body, fmt)))}@example.org>"
    head = (f"From: {sender}\r\nTo: judge@localhost\r\nSubject: {subject}\r\n"
            f"Message-ID: {message_id}\r\nMIME-Version: 1.0\r\n")
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


def game_files(games: Path) -> dict[str, bytes]:
    """Every file of every game but the access log (an audit trail that records refusals too), and none of the
    judge's counts in games/.limits (the loop guard counts refused messages), nor its secret (made on first use)."""
    if not games.exists():
        return {}
    return {str(p.relative_to(games)): p.read_bytes() for p in sorted(games.rglob("*"))
            if p.is_file() and p.name not in ("access.log", ".lock", "signon-failures.json", ".web-secret")
            and p.relative_to(games).parts[0] != ".limits"}


def owners_in_games(games: Path, owner: dict[str, str]) -> set[str]:
    """Learn who owns which address (a power's addresses, old and new, are one owner; an observer or a monitor owns
    their own); returns the masters' addresses. At the end of a game, what the house rule reveal lets be seen: with
    'all', anyone may see the players' addresses (those in the record of who played what, never an old one); with
    'players', the players may see each other's (they are then one owner), nobody else; with 'none', nobody."""
    import json
    masters = set()
    for status in games.glob("*/status.json"):
        doc = json.loads(status.read_text(encoding="utf-8"))
        if doc["status"] in ("completed", "terminated"):
            words = dict(w.split("=", 1) for w in doc.get("rules", []) if "=" in w)
            if words.get("anonymous") != "always" and words.get("reveal") in ("all", "players"):
                for t in doc.get("tenures", []):
                    owner.setdefault(t["address"].lower(), f"{doc['name']}:{t['power']}")
                for t in doc.get("tenures", []):
                    if words["reveal"] == "all":
                        owner.pop(t["address"].lower(), None)
                    else:
                        owner[t["address"].lower()] = f"{doc['name']}:players"
            masters.add(doc["master"]["address"].lower())
            owner.setdefault(doc["master"]["address"].lower(), f"{doc['name']}:MASTER")
            continue
        for p in doc["players"]:
            if p["address"] and p["power"]:           # (while the game forms, nobody has a power yet)
                owner.setdefault(p["address"].lower(), f"{doc['name']}:{p['power']}")
        for o in doc["observers"] + doc.get("monitors", []):
            owner.setdefault(o.lower(), o.lower())
        # The master's address is nobody else's to see either (its old and new ones are one owner, as a player's).
        owner.setdefault(doc["master"]["address"].lower(), f"{doc['name']}:MASTER")
        masters.add(doc["master"]["address"].lower())
    return masters


_ADDRESSES = re.compile(r"[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)*")


def check_mail_privacy(mails, owner: dict[str, str], masters: set[str]) -> None:
    """Each message has one recipient, and no player or observer sees another's address, the master's included
    (the masters see their players' addresses)."""
    owner = {**{a: f"master:{a}" for a in masters}, **owner}     # (masters not learnt by owners_in_games)
    for m in mails:
        to = [a.strip().lower() for a in str(m["To"]).split(",")]
        assert len(to) == 1 and not m["Cc"] and not m["Bcc"], f"more than one recipient: {m['To']}"
        if to[0] in masters:
            continue
        text = (str(m["Subject"]) + "\n" + (m.get_content() if not m.is_multipart() else
                                              "".join(p.get_content() for p in m.iter_parts()
                                                      if p.get_content_maintype() == "text"))).lower()
        mine = owner.get(to[0], to[0])
        # Whole addresses, not substrings: new-gm@example.org is not gm@example.org.
        shown = set(_ADDRESSES.findall(text))
        leaked = {a for a, who in owner.items() if who != mine and a in shown}
        assert not leaked, f"{to[0]} was shown {leaked} in {m['Subject']!r}"


def check_clock(judge) -> None:
    """A game's saved wake-up, while still ahead, is what a fresh look at the game gives (no stale moment)."""
    from judge.storage.gamedir import GameStore
    store = GameStore(judge.store.root)            # not the judge's own: tests count its reads
    now = judge.clock()
    for name in store.names():
        saved = store.wakeup(name)
        if saved is None or saved > now:
            fresh = store.load(name).next_wakeup(now)
            assert saved == fresh, f"{name}: saved wake-up {saved}, a fresh start-up would plan {fresh}"


class Table:
    """The judge, its clock and its outbox, seen the way players see them. After every message and every run of
    the clock it checks what must always hold: a refused message changed no file, each mail has one recipient and
    shows nobody another player's address, and each game's saved wake-up is what a fresh start-up would plan."""

    def __init__(self, root: Path):
        self.clock = Clock()
        self.settings = config.load(None).with_values(judge_games_dir=root / "games",
                                                       judge_outbox_dir=root / "outbox")
        self.judge = Judge(self.settings, clock=self.clock)
        self.seen: set[Path] = set()
        self.checked: set[Path] = set()
        self._messages: dict[Path, tuple[bytes, email.message.EmailMessage]] = {}
        self.owner: dict[str, str] = {}
        owners_in_games(self.settings.games_dir, self.owner)       # games copied in before the table was laid
        self.checks = True                # off for tests that deliver from several threads at once

    def deliver(self, raw: bytes):
        if not self.checks:
            return self.judge.deliver(raw)
        before = game_files(self.settings.games_dir)
        result = self.judge.deliver(raw)
        if not result.accepted:
            assert game_files(self.settings.games_dir) == before, "a refused message changed a game file"
        self.check()
        return result

    def process(self, name: str) -> list[str]:
        notes = self.judge.process(name)
        self.check()
        return notes

    def check(self) -> None:
        fresh = [p for p in self.judge.outbox.paths() if p not in self.checked]
        self.checked.update(fresh)
        mails = [self._parsed(p) for p in fresh]
        masters = owners_in_games(self.settings.games_dir, self.owner)
        check_mail_privacy(mails, self.owner, masters)
        check_clock(self.judge)

    def send(self, sender: str, body: str, fmt: str = "plain"):
        return self.deliver(compose(sender, body, fmt))

    def send_file(self, name: str):
        return self.deliver((MAIL / name).read_bytes())

    def new_mail(self) -> list[email.message.EmailMessage]:
        """Messages put in the outbox since the last call."""
        paths = [p for p in self.judge.outbox.paths() if p not in self.seen]
        self.seen.update(paths)
        return [self._parsed(p) for p in paths]

    def _parsed(self, path: Path) -> email.message.EmailMessage:
        """The outbox file as a message, parsed once for both the checks and new_mail (a results mail with its
        picture takes milliseconds to parse: the checks read every mail, and the tests read most of them again);
        parsed anew if the file's bytes are not those parsed before."""
        raw = path.read_bytes()
        kept = self._messages.get(path)
        if kept is None or kept[0] != raw:
            kept = self._messages[path] = (raw, email.message_from_bytes(raw, policy=READ))
        return kept[1]

    def reply_to(self, address: str) -> str:
        """The body of the newest reply to `address` among new mail (fails if there is none)."""
        mails = [m for m in self.new_mail() if m["To"] == address and str(m["Subject"]).startswith(REPLY)]
        assert mails, f"no reply to {address}"
        return mails[-1].get_content()

    def game(self, name: str = "e2e"):
        return self.judge.store.load(name)

    def folder(self, name: str = "e2e") -> Path:
        return self.judge.store.folder(name)


@pytest.fixture
def table(tmp_path):
    return Table(tmp_path)
