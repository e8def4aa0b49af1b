"""What the tests of the judge at work share: the first deadline, and ways to read the mail and the disk."""
from datetime import timedelta

from tests.commands.helpers import GAME, REPLY, T0, Desk

DEADLINE = T0 + timedelta(hours=72)
GRACE_END = DEADLINE + timedelta(hours=24)


def replies_to(desk: Desk, address: str) -> list:
    return [m for m in desk.new_mail() if m["To"] == address and str(m["Subject"]).startswith(REPLY)]


def snapshot_of_disk(desk: Desk) -> dict:
    """Every game file but the access log (which records refused messages too)."""
    root = desk.folder(GAME)
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and p.name != "access.log"}


def with_rules(desk: Desk, *words: str) -> None:
    assert desk.master("SET RULE " + " ".join(words)).accepted
    desk.new_mail()
