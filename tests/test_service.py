"""The judge at work, end to end on real folders: every message answered (robots never), a refused message changes
nothing, no password on disk, the game lock, the house rules through mail, and the clock (early processing,
reminders, late notices, civil disorder)."""
import threading
from datetime import timedelta
from pathlib import Path

import pytest

from judge.commands.base import CommandError
from tests.commands.helpers import GAME, GM, HOLDS, PLAYERS, REPLY, T0, Desk, compose, desk_with

DEADLINE = T0 + timedelta(hours=72)
GRACE_END = DEADLINE + timedelta(hours=24)


@pytest.fixture
def started(tmp_path, tmp_path_factory) -> Desk:
    return desk_with(tmp_path, tmp_path_factory, "started")


def replies_to(desk: Desk, address: str) -> list:
    return [m for m in desk.new_mail() if m["To"] == address and str(m["Subject"]).startswith(REPLY)]


def snapshot_of_disk(desk: Desk) -> dict:
    """Every game file but the access log (which records refused messages too, see below)."""
    root = desk.folder(GAME)
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and p.name != "access.log"}


def with_rules(desk: Desk, *words: str) -> None:
    assert desk.master("SET RULE " + " ".join(words)).accepted
    desk.new_mail()


# -- every message is answered, robots never ---------------------------------------------------------------------------
def test_accepted_and_refused_messages_get_one_reply_each(started):
    started.new_mail()
    assert started.signon("FRANCE", "A PAR - BUR").accepted
    assert len(replies_to(started, "france@example.org")) == 1
    assert not started.signon("FRANCE", "A PAR - XYZ").accepted
    assert len(replies_to(started, "france@example.org")) == 1




def test_a_game_whose_last_commit_a_power_cut_left_unfinished_takes_orders(started):
    """A power cut during a commit's last flush can leave the manifest's name without all its bytes: the commit was
    never made (nothing was applied before that flush), so the game reads as before it and the next message is
    applied and answered once. Before, every message to the game failed on the manifest until it was deleted by hand."""
    started.new_mail()
    before = started.status_bytes()
    staging = started.folder(GAME) / ".pending"
    staging.mkdir(exist_ok=True)
    (staging / "s0000").write_bytes(b"From: judge@localhost\nTo: france@example.org\n\nhalf a commit\n")
    (staging / "COMMIT").write_bytes(b'{"ops": [["mail", "s0000", "20261126T000000-0.eml"], ["fi')
    assert started.signon("FRANCE", "A PAR - BUR").accepted
    mails = started.new_mail()
    assert len([m for m in mails if m["To"] == "france@example.org" and str(m["Subject"]).startswith(REPLY)]) == 1
    assert mails and all(b"half a commit" not in m.as_bytes() for m in mails)
    assert started.status_bytes() != before and b"A PAR - BUR" in started.status_bytes()
    assert not (staging / "COMMIT").exists()


def test_reply_headers(started):
    raw = compose("france@example.org", f"SIGNON F{GAME} fra-pw", subject="Re: g1 - results")
    started.deliver(raw)
    [reply] = replies_to(started, "france@example.org")
    assert reply["Subject"] == "Re: g1 - results"
    assert reply["In-Reply-To"] == reply["References"] and reply["In-Reply-To"].endswith("@example.org>")
    assert reply["X-Loop"] == "judge@localhost" and reply["Auto-Submitted"] == "auto-replied"
    started.deliver(compose("france@example.org", f"SIGNON F{GAME} fra-pw", subject=""))
    assert replies_to(started, "france@example.org")[0]["Subject"] == "Re: your message"


def test_a_subject_is_not_read_and_says_so(started):
    """Commands in a Subject are never carried out: the reply says so (issue 18); a password in it stays hidden, and
    a password word in prose hides nothing else."""
    started.deliver(compose("france@example.org", "", subject="SIGNON Fg1 fra-pw"))
    [reply] = replies_to(started, "france@example.org")
    text = " ".join(reply.get_content().split())
    assert '(Your subject, "SIGNON Fg1 ********", was not read: the judge reads commands only in the body of a ' \
           'message.)' in text and "EMPTY MESSAGE" in text and "fra-pw" not in str(reply)
    started.deliver(compose("france@example.org", f"SIGNON F{GAME} fra-pw", subject="Re: LIST"))
    [reply] = replies_to(started, "france@example.org")
    assert '(Your subject, "LIST", was not read' in reply.get_content()
    started.deliver(compose("france@example.org", f"SIGNON F{GAME} fra-pw", subject="Re: my pw question"))
    [reply] = replies_to(started, "france@example.org")
    assert reply["Subject"] == "Re: my pw question" and "was not read" not in reply.get_content()
    started.deliver(compose("france@example.org", f"SIGNON F{GAME} fra-pw", subject="orders"))
    assert "was not read" not in replies_to(started, "france@example.org")[0].get_content()


def test_the_reply_goes_to_reply_to(started):
    raw = (b"From: France <france@example.org>\r\nReply-To: home@example.org\r\nSubject: x\r\n\r\nHELP\r\n")
    assert started.deliver(raw).replied
    assert replies_to(started, "home@example.org")


@pytest.mark.parametrize("body", ["", "\n\n", "> SIGNON Fg1 fra-pw\n> A PAR - BUR\n", "// nothing but a comment"])
def test_an_empty_message_is_answered(started, body):
    r = started.send("france@example.org", body)
    assert r.replied and not r.accepted
    assert "EMPTY MESSAGE: NOTHING TO DO (SEND HELP FOR THE COMMANDS)" in started.reply("FRANCE")


def test_commands_below_a_signature_alone_are_said_to_be_unread(started):
    """Not "EMPTY MESSAGE": the commands were typed under the signature line, and the reply says so."""
    r = started.send("france@example.org", "-- \nSIGNON Fg1 fra-pw\n")
    assert r.replied and not r.accepted
    reply = " ".join(started.reply("FRANCE").split())
    assert 'NOTHING WAS READ: THE READING STOPPED AT THE FIRST LINE, "--", WHICH STARTS A SIGNATURE' in reply, reply
    assert "EMPTY MESSAGE" not in reply, reply


def test_orders_in_an_attachment_are_said_to_be_unread(started):
    """Not "EMPTY MESSAGE": the player put the orders in a file; the reply says where they must go."""
    from email.message import EmailMessage
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "france@example.org", "judge@localhost", "orders"
    msg.set_content("")
    msg.add_attachment("SIGNON Fg1 fra-pw\nA PAR - BUR\n", filename="orders.txt")
    r = started.deliver(msg.as_bytes())
    assert r.replied and not r.accepted
    assert "ATTACHMENTS ARE NOT READ: PUT YOUR COMMANDS IN THE TEXT OF THE MAIL" in started.reply("FRANCE")


@pytest.mark.parametrize("headers, envelope", [
    ("From: italy@example.org\r\n", ""),
    ("From: italy@example.org\r\nAuto-Submitted: auto-replied\r\n", None),
    ("From: italy@example.org\r\nPrecedence: bulk\r\n", None),
    ("From: italy@example.org\r\nPrecedence: list\r\n", None),
    ("From: italy@example.org\r\nX-Loop: judge@localhost\r\n", None),
    ("From: MAILER-DAEMON@example.org\r\n", None),
])
def test_robots_get_no_answer_and_change_nothing(started, headers, envelope):
    before = snapshot_of_disk(started)
    raw = (headers + f"Subject: x\r\n\r\nSIGNON I{GAME} ita-pw\r\nRESIGN\r\n").encode()
    r = started.judge.deliver(raw, envelope)
    assert not r.replied and not r.accepted and r.note.startswith("no reply: ")
    assert started.new_mail() == [] and snapshot_of_disk(started) == before


def test_a_message_without_a_sender_is_not_answered(started):
    r = started.deliver(b"Subject: who am I\r\n\r\nHELP\r\n")
    assert not r.replied and r.note == "MESSAGE HAS NO SENDER ADDRESS" and started.new_mail() == []


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
def test_a_message_waits_for_the_game_lock(started):
    store = started.judge.store
    result = {}
    worker = threading.Thread(target=lambda: result.update(r=started.signon("FRANCE", "SET WAIT")))
    with store.lock(GAME):
        worker.start()
        worker.join(0.3)
        assert worker.is_alive()                                   # blocked: someone else works on the game
        game = store.load(GAME)                                    # that someone changes the game meanwhile
        game.observers.append("watcher@example.org")
        store.save(game)
    worker.join()
    assert result["r"].accepted
    game = store.load(GAME)
    assert game.player("FRANCE").wait and game.observers == ["watcher@example.org"]    # no update was lost


def test_the_clock_waits_for_the_game_lock(started):
    started.all_hold()
    started.clock.advance(minutes=10)                               # due for early processing
    store = started.judge.store
    result = {}
    worker = threading.Thread(target=lambda: result.update(notes=started.judge.process(GAME)))
    with store.lock(GAME):
        worker.start()
        worker.join(0.3)
        assert worker.is_alive()
        game = store.load(GAME)                                     # meanwhile France decides to wait
        game.set_wait("FRANCE", True, started.clock())
        store.save(game)
    worker.join()
    assert result["notes"] == [] and str(store.load(GAME).position.phase) == "S1901M"


def test_simultaneous_orders_are_all_kept(started):
    started.checks = False               # the invariants are checked message by message, not for seven at once
    barrier = threading.Barrier(len(PLAYERS))
    results = {}

    def send(power):
        barrier.wait()
        results[power] = started.signon(power, *HOLDS[power])
    threads = [threading.Thread(target=send, args=(p,)) for p in PLAYERS]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r.accepted for r in results.values())
    game = started.game(GAME)
    assert all(game.player(p).orders == HOLDS[p] for p in PLAYERS) and game.all_in()


def test_two_creates_of_one_game_at_once(tmp_path):
    desk = Desk(tmp_path)
    desk.checks = False                  # the invariants are checked message by message, not for two at once
    barrier = threading.Barrier(2)
    results = {}

    def create(who):
        barrier.wait()
        results[who] = desk.send(f"{who}@example.org", f"CREATE race {who}-pw")
    threads = [threading.Thread(target=create, args=(w,)) for w in ("one", "two")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r.accepted for r in results.values()) == [False, True]
    assert all(r.replied for r in results.values())
    loser = next(r for r in results.values() if not r.accepted)
    assert loser.errors[0][1] == "GAME race ALREADY EXISTS"
    winner = next(w for w, r in results.items() if r.accepted)
    assert desk.game("race").master_address == f"{winner}@example.org"


def test_process_an_unknown_game(started):
    with pytest.raises(CommandError, match="NO SUCH GAME: nosuch"):
        started.judge.process("nosuch")
    with pytest.raises(CommandError, match="NO SUCH GAME"):
        started.judge.process("../g1")


# -- house rules through mail ------------------------------------------------------------------------------------------
def test_order_sets_replace_and_merge(started):
    assert started.signon("FRANCE", "A PAR - BUR", "A MAR - SPA").accepted
    assert started.signon("FRANCE", "F BRE - MAO").accepted
    assert started.game(GAME).player("FRANCE").orders == ["F BRE - MAO"]
    with_rules(started, "order_sets=merge")
    assert started.signon("FRANCE", "A PAR - BUR", "A MAR - SPA").accepted
    assert started.signon("FRANCE", "A PAR - PIC").accepted
    assert started.game(GAME).player("FRANCE").orders == ["F BRE - MAO", "A MAR - SPA", "A PAR - PIC"]
    assert started.master("PROCESS!").accepted
    assert {u.loc for u in started.game(GAME).position.units_of("FRANCE")} == {"MAO", "SPA", "PIC"}


@pytest.mark.parametrize("rule, where, note", [
    ("hold", "PAR", "(UNIT HOLDS)"), ("first", "BUR", "(FIRST ORDER USED)"), ("last", "PIC", "(LAST ORDER USED)"),
])
def test_duplicate_orders_through_mail(started, rule, where, note):
    with_rules(started, f"duplicate_orders={rule}")
    r = started.signon("FRANCE", "A PAR - BUR", "A PAR - PIC", "A MAR H")
    assert r.accepted, r.errors
    reply = started.reply("FRANCE")
    assert f"MULTIPLE ORDERS FOR ONE UNIT: A PAR {note}" in " ".join(reply.split()) and "not used: " in reply
    assert started.game(GAME).player("FRANCE").submitted
    assert started.master("PROCESS!").accepted
    assert started.game(GAME).position.units[where].power == "FRANCE"


def test_duplicate_orders_reject_set_through_mail(started):
    with_rules(started, "duplicate_orders=reject_set")
    before = started.status_bytes()
    r = started.signon("FRANCE", "A PAR - BUR", "A PAR - PIC", "A MAR H")
    assert not r.accepted
    # The clashing unit is named once, with its lines; A MAR H is merely not used and is not blamed.
    assert r.errors == [("A PAR - BUR / A PAR - PIC", "ORDER SET REJECTED (MULTIPLE ORDERS FOR ONE UNIT): A PAR")]
    assert started.status_bytes() == before


def test_partial_orders_accept_and_reject(started):
    assert started.signon("FRANCE", "A PAR - BUR").accepted                 # accept: the others hold
    with_rules(started, "partial_orders=reject")
    before = started.status_bytes()
    r = started.signon("GERMANY", "A MUN - RUH", "SET WAIT")
    [(line, error)] = r.errors
    assert not r.accepted and line == "" and error.startswith("ORDERS MISSING FOR: ")
    assert set(error.split(": ", 1)[1].split(", ")) == {"F KIE", "A BER"}
    reply = started.reply("GERMANY")
    assert error in reply and "The rest of your message was not read:\n\n   SET WAIT" in reply
    assert started.status_bytes() == before
    assert started.signon("GERMANY", "A MUN - RUH", "F KIE H", "A BER H").accepted


def italy_late(desk: Desk) -> None:
    desk.all_hold("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA", "TURKEY")
    desk.new_mail()


def test_late_powers_default(started):
    italy_late(started)
    started.clock.now = GRACE_END
    assert started.judge.process(GAME) == ["civil disorder: ITALY", "S1901M processed; next phase F1901M"]
    results = started.delivered("results")
    assert "Italy: Army Venice HOLD." in results[GM[0]].get_content()


def test_late_powers_preview(started):
    with_rules(started, "late_powers=preview")
    italy_late(started)
    started.clock.now = GRACE_END
    assert started.judge.process(GAME) == []                     # a preview is no processing: no notes
    [mail] = started.mails("PREVIEW Diplomacy results g1 S1901M")
    assert mail["To"] == GM[0] and "Late: Italy." in mail.get_content()
    started.clock.advance(hours=12)
    assert started.judge.process(GAME) == [] and started.new_mail() == []     # the game waits for the master
    assert started.master("PROCESS").errors[0][1].startswith("ORDERS MISSING FROM ITALY")
    assert started.master("PROCESS!").accepted
    assert str(started.game(GAME).position.phase) == "F1901M"


def test_late_powers_resign(started):
    with_rules(started, "late_powers=resign")
    italy_late(started)
    started.clock.now = GRACE_END
    assert started.judge.process(GAME) == ["resigned: ITALY"]
    [notice] = started.mails("late players resigned")
    assert notice["To"] == GM[0]
    assert started.game(GAME).player("ITALY").status == "vacant"
    assert not started.signon("ITALY", "A VEN H").accepted          # the old player is out
    started.clock.advance(hours=1)
    assert started.judge.process(GAME) == []                         # waiting for a takeover
    assert started.send("newitaly@example.org", f"TAKEOVER I{GAME} new-pw\nA VEN - TYR").accepted
    assert started.judge.process(GAME) == ["S1901M processed; next phase F1901M"]
    assert started.game(GAME).position.units["TYR"].power == "ITALY"


# -- the clock through mail --------------------------------------------------------------------------------------------
def test_early_processing(started):
    started.clock.advance(hours=1)
    started.all_hold()
    started.clock.advance(minutes=9)
    assert started.judge.process(GAME) == []
    started.clock.advance(minutes=1)
    assert started.judge.process(GAME) == ["S1901M processed; next phase F1901M"]
    game = started.game(GAME)
    assert game.deadline == started.clock.now + timedelta(hours=72)          # the new phase starts now
    assert (started.folder(GAME) / "access.log").read_text().splitlines()[-1] == \
        "2026-01-05T13:10:00+00:00 judge S1901M processed; next phase F1901M"


def test_wait_holds_early_processing_until_the_deadline(started):
    started.all_hold()
    assert started.signon("FRANCE", "SET WAIT").accepted
    started.clock.advance(hours=71)
    assert started.judge.process(GAME) == []
    started.clock.now = DEADLINE
    assert started.judge.process(GAME) == ["S1901M processed; next phase F1901M"]


def test_clear_stops_early_processing(started):
    started.all_hold()
    assert started.signon("FRANCE", "CLEAR").accepted
    started.clock.advance(hours=1)
    assert started.judge.process(GAME) == []


def test_reminders(started):
    started.all_hold("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA")
    started.new_mail()
    started.clock.now = DEADLINE - timedelta(hours=24, minutes=1)
    assert started.judge.process(GAME) == []
    started.clock.advance(minutes=1)
    assert started.judge.process(GAME) == ["2 reminders sent"]
    mails = started.mails("reminder")
    assert sorted(m["To"] for m in mails) == ["italy@example.org", "turkey@example.org"]
    assert "orders for Italy have not yet been submitted." in \
        " ".join(next(m for m in mails if m["To"] == "italy@example.org").get_content().split())
    started.clock.advance(hours=1)
    assert started.judge.process(GAME) == [] and started.new_mail() == []


def test_late_notices(started):
    italy_late(started)
    started.clock.now = DEADLINE
    assert started.judge.process(GAME) == ["late notices sent to ITALY"]
    mails = {str(m["Subject"]): m for m in started.new_mail()}
    own, master = mails[f"Diplomacy deadline missed ({GAME})"], mails[f"Diplomacy late notice ({GAME})"]
    assert (own["To"], master["To"]) == ("italy@example.org", GM[0]) and len(mails) == 2
    text = own.get_content()
    assert "Missed Deadline:  Thu 8 Jan 2026 12:00 UTC" in text and "Late Power:       Italy" in text
    assert "Orders arriving before Fri 9 Jan 2026 12:00 UTC will still be used" in text
    started.clock.advance(hours=5)
    assert started.judge.process(GAME) == []
    started.clock.advance(hours=1)
    assert started.judge.process(GAME) == ["late notices sent to ITALY"]
    # Italy's orders arrive during the grace period: the game is processed at once.
    assert started.signon("ITALY", *HOLDS["ITALY"]).accepted
    assert started.judge.process(GAME) == ["S1901M processed; next phase F1901M"]


# -- what a message costs on disk, and in which order it is written ---------------------------------------------------
def test_status_json_is_read_once_per_message(started, monkeypatch):
    store = started.judge.store
    loads = []
    original = store.load
    monkeypatch.setattr(store, "load", lambda name: loads.append(name) or original(name))
    assert started.signon("FRANCE", "A PAR - BUR").accepted
    assert loads == [GAME]                          # the seen check and the commands share one read


def test_mail_is_published_only_after_the_status_is_in_place(started, monkeypatch):
    """The commit point (the manifest) first, then status.json, then the reply into the outbox: no mail says
    'accepted' for a change that is not on disk."""
    from judge.storage import commit
    judge = started.judge
    events = []
    move = commit._move
    manifest = started.folder(GAME) / ".pending" / "COMMIT"

    def spy(src, dest):
        dest = Path(dest)
        events.append((dest.parent.name if dest.parent == judge.outbox.folder else dest.name, manifest.exists()))
        return move(src, dest)
    monkeypatch.setattr(commit, "_move", spy)
    assert judge.deliver(compose("france@example.org", f"SIGNON F{GAME} fra-pw\nA PAR - BUR"), key="k1").accepted
    assert events == [("status.json", True), ("outbox", True)]
    assert list(manifest.parent.iterdir()) == []                     # the staging folder stays, empty


def test_a_write_error_while_committing_leaves_no_trace_and_no_reply(started, monkeypatch):
    """A full disk while the commit is staged: the game is as it was and nobody is told 'accepted'; the message
    (still in the spool) is applied and answered once when it is tried again."""
    judge = started.judge
    started.new_mail()
    save = judge.store.save

    def crash(game, now=None, tx=None):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(judge.store, "save", crash)
    raw = compose("france@example.org", f"SIGNON F{GAME} fra-pw\nA PAR - BUR")
    before = started.status_bytes()
    with pytest.raises(OSError):
        judge.deliver(raw, key="spool-1")
    assert started.status_bytes() == before and replies_to(started, "france@example.org") == []
    assert list((started.folder(GAME) / ".pending").iterdir()) == []
    monkeypatch.setattr(judge.store, "save", save)
    assert judge.deliver(raw, key="spool-1").accepted                     # tried again
    assert judge.deliver(raw, key="spool-1").note == "already applied"
    assert started.game(GAME).player("FRANCE").orders == ["A PAR - BUR"]
    assert len(replies_to(started, "france@example.org")) == 1


def test_a_message_read_beforehand_is_not_read_again(started, monkeypatch):
    from judge.mail import inbound
    raw = compose("france@example.org", f"SIGNON F{GAME} fra-pw\nA PAR - BUR")
    parsed = inbound.read(raw, None, started.judge.settings.address)
    monkeypatch.setattr(inbound, "read", lambda *a: pytest.fail("read again"))
    assert started.judge.deliver(b"", key="k2", parsed=parsed).accepted
    assert started.game(GAME).player("FRANCE").orders == ["A PAR - BUR"]
