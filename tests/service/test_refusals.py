"""A refused message changes nothing (the access log records it), and no password is ever written."""
import pytest

from tests.commands.helpers import GAME, GM, PLAYERS
from tests.service.helpers import snapshot_of_disk

# -- a refused message changes nothing -------------------------------------------------------------------------------
REFUSED = [
    ("FRANCE", ["SET WAIT", "A PAR - BUR", "SET PASSWORD new-one", "SET ABSENCE 2026-02-01", "BOGUS COMMAND"]),
    ("FRANCE", ["A PAR - BUR", "BROADCAST", "hello", "ENDBROADCAST", "PRESS TO G", "never ended"]),
    ("FRANCE", ["SET ADDRESS elsewhere@example.org", "RESIGN", "A PAR - BUR"]),
    ("ITALY", ["PRESS TO F", "hi", "ENDPRESS", "A VEN - TYR", "A ROM - XYZ"]),
    ("MASTER", ["SET DEADLINE +1d", "DUMMY ITALY", "FRANCE: A PAR - BUR", "PROCESS!", "SET DAYS nonsense"]),
    ("MASTER", ["SET RULE press=none", "TERMINATE", "PREVIEW", "SET RULE nonsense=1"]),
    ("MASTER", ["BROADCAST", "hello", "ENDBROADCAST", "OBSERVE g1", "SET PASSWORD a b"]),
]


@pytest.mark.parametrize("who, lines", REFUSED)
def test_a_refused_message_changes_nothing(started, who, lines):
    started.clock.advance(hours=2)
    before = snapshot_of_disk(started)
    r = started.master(*lines) if who == "MASTER" else started.signon(who, *lines)
    assert not r.accepted and r.replied and r.errors
    assert snapshot_of_disk(started) == before                       # status.json byte-identical, nothing new
    last_log = (started.folder(GAME) / "access.log").read_text().splitlines()[-1]
    assert " REFUSED " in last_log and r.errors[0][1] in last_log    # the attempt is on record
    sender = GM[0] if who == "MASTER" else PLAYERS[who][0]
    mails = started.new_mail()
    assert [m["To"] for m in mails] == [sender]                      # only the reply: no press, notice or results
    assert "NOT accepted: nothing in it has been changed" in mails[0].get_content()


def test_a_refused_message_after_processing_rolls_nothing_back(started):
    assert started.master("PROCESS!").accepted
    before = snapshot_of_disk(started)
    assert not started.master("ROLLBACK", "SET MOVEMENT none").accepted
    assert snapshot_of_disk(started) == before and str(started.game(GAME).position.phase) == "F1901M"


# -- no password on disk ----------------------------------------------------------------------------------------------
def test_no_password_is_ever_written(started):
    secrets = [pw for _, pw in PLAYERS.values()] + [GM[1], "fresh-fra", "taker-pw", "gm-new", "bad-guess"]
    assert started.signon("FRANCE", "SET PASSWORD fresh-fra", "A PAR - BUR").accepted
    assert started.signon("ITALY", "RESIGN").accepted
    assert started.send("taker@example.org", f"TAKEOVER I{GAME} taker-pw").accepted
    assert not started.send("x@example.org", f"SIGNON F{GAME} bad-guess").accepted
    assert started.signon("GERMANY", "PRESS TO F", "no secrets here", "ENDPRESS").accepted
    assert started.master("SET PASSWORD gm-new", "PROCESS!").accepted
    files = list(started.folder(GAME).rglob("*"))
    names = {p.relative_to(started.folder(GAME)).parts[0] for p in files}
    assert {"status.json", "access.log", "snapshots", "results", "press"} <= names
    for path in (p for p in files if p.is_file()):
        text = path.read_text(encoding="utf-8", errors="replace")
        for secret in secrets:
            assert secret not in text, (path.name, secret)
    log = (started.folder(GAME) / "access.log").read_text()
    assert "SIGNON FRANCE g1" in log and "TAKEOVER ITALY g1" in log


# -- the lock ----------------------------------------------------------------------------------------------------------
