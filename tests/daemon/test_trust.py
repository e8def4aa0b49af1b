"""judge serve over real SMTP when things go wrong: broken game files, failures while processing (temporary and for
good), addresses the judge cannot answer, a relay refusing mail for good, an unsendable message after a restart."""
import asyncio
import json
import smtplib

from judge.daemon import statuscodes as S
from judge.mail import outbound
from tests.daemon.conftest import Clock, Daemon, Relay, assert_clock_as_at_start, send, settings_for, settle

KEEPER = "keeper@example.org"
POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]


def address(power, game="g"):
    return f"{power.lower()}-{game}@example.org"


async def started_game(port, daemon, name):
    assert await send(port, f"gm-{name}@example.org", f"CREATE {name} gm-pass") == {}
    for power in POWERS:
        await send(port, address(power, name), f"JOIN {name} pw-{power.lower()} {power[0]}")
    await settle(daemon)
    assert daemon.judge.store.load(name).status == "active"


def bodies_to(relay, who):
    return [m.get_content() for m in relay.to(who)]


class Running:
    """A relay and a daemon with a keeper, started and stopped around a test."""

    def __init__(self, tmp_path, **settings):
        self.tmp_path = tmp_path
        self.settings = settings
        self.relay = Relay()

    async def __aenter__(self):
        await self.relay.start()
        self.clock = Clock()
        settings = settings_for(self.tmp_path, self.relay.port).with_values(judge_keeper=KEEPER, **self.settings)
        self.daemon = Daemon(settings, clock=self.clock, send_interval=0.05)
        self.daemon.retry_start = 0.1
        _, self.port = await self.daemon.start("127.0.0.1", 0)
        return self

    async def __aexit__(self, *exc):
        await self.daemon.stop()
        await self.relay.stop()


# -- one broken game stops nothing else ---------------------------------------------------------------------------
def test_a_broken_status_file_makes_one_game_unavailable_and_nothing_else(tmp_path):
    asyncio.run(_broken(tmp_path))


async def _broken(tmp_path):
    async with Running(tmp_path) as r:
        await started_game(r.port, r.daemon, "good")
        await started_game(r.port, r.daemon, "empty")
        await started_game(r.port, r.daemon, "folder")
        await started_game(r.port, r.daemon, "junk")
    games = tmp_path / "games"
    (games / "empty" / "status.json").write_bytes(b"")                     # corrupt: empty
    (games / "junk" / "status.json").write_bytes(b'{"name": "junk", "sta')  # corrupt: cut short
    (games / "folder" / "status.json").unlink()
    (games / "folder" / "status.json").mkdir()                              # unreadable
    async with Running(tmp_path) as r:                                      # the daemon starts all the same
        await settle(r.daemon)
        keeper = "\n".join(bodies_to(r.relay, KEEPER))
        for name in ("empty", "folder", "junk"):
            assert f"game {name} is unavailable" in keeper
        assert "cannot read" in keeper and "Is a directory" in keeper      # says what is wrong, not a riddle
        assert await send(r.port, address("FRANCE", "empty"), "SIGNON Fempty pw-france\nA PAR - BUR") == {}
        assert await send(r.port, address("FRANCE", "good"), "SIGNON Fgood pw-france\nA PAR - BUR") == {}
        assert await send(r.port, "someone@example.org", "LIST") == {}
        await settle(r.daemon)
        [reply] = bodies_to(r.relay, address("FRANCE", "empty"))[-1:]
        assert "GAME empty IS UNAVAILABLE AT THE MOMENT: NOTHING WAS DONE" in reply
        assert r.daemon.judge.store.load("good").player("FRANCE").orders == ["A PAR - BUR"]
        listing = bodies_to(r.relay, "someone@example.org")[-1]
        assert "good" in listing and "empty" not in listing and "junk" not in listing
        assert r.daemon.deadlines.wakeups["good"] == r.daemon.judge.store.wakeup("good")


# -- failures while processing ---------------------------------------------------------------------------------------
def test_a_temporary_failure_defers_the_message_and_it_is_applied_once_later(tmp_path, monkeypatch):
    asyncio.run(_temporary(tmp_path, monkeypatch))


async def _temporary(tmp_path, monkeypatch):
    from judge.storage import commit
    async with Running(tmp_path) as r:
        await started_game(r.port, r.daemon, "g")
        before = (tmp_path / "games" / "g" / "status.json").read_bytes()
        real, fails = commit.write_file, [3]

        def disk_full(path, data, exclusive=False):
            if fails[0] > 0 and ".pending" in str(path):
                fails[0] -= 1
                raise OSError(28, "No space left on device")
            return real(path, data, exclusive)
        monkeypatch.setattr(commit, "write_file", disk_full)
        replies_before = len(r.relay.to(address("FRANCE")))
        assert await send(r.port, address("FRANCE"), "SIGNON Fg pw-france\nA PAR - BUR") == {}
        for _ in range(300):                                  # three failures, then the retry goes through
            await settle(r.daemon)
            if fails[0] == 0 and r.daemon.judge.store.load("g").player("FRANCE").orders:
                break
            await asyncio.sleep(0.05)
        await settle(r.daemon)
        assert before != (tmp_path / "games" / "g" / "status.json").read_bytes()
        assert r.daemon.judge.store.load("g").player("FRANCE").orders == ["A PAR - BUR"]
        replies = r.relay.to(address("FRANCE"))[replies_before:]
        assert len(replies) == 1 and "Orders for France" in replies[0].get_content()    # once, after the fix
        assert "No space left on device" in "\n".join(bodies_to(r.relay, KEEPER))
        assert [list((tmp_path / "inbox" / d).iterdir()) for d in ("new", "cur", "bad")] == [[], [], []]
        assert_clock_as_at_start(r.daemon)


def test_a_message_that_fails_for_good_is_answered_set_aside_reported_and_can_be_requeued(tmp_path, monkeypatch):
    asyncio.run(_for_good(tmp_path, monkeypatch))


async def _for_good(tmp_path, monkeypatch):
    from judge.commands import status
    async with Running(tmp_path) as r:
        await started_game(r.port, r.daemon, "g")
        before = (tmp_path / "games" / "g" / "status.json").read_bytes()

        def bug(self, s, args, body):
            raise ZeroDivisionError("a bug in STATUS")
        monkeypatch.setattr(status.Status, "handle", bug)
        assert await send(r.port, address("FRANCE"), "SIGNON Fg pw-france\nA PAR - BUR\nSTATUS",
                          subject="SIGNON Fg pw-france") == {}
        await settle(r.daemon)
        reply = r.relay.to(address("FRANCE"))[-1]
        assert "could not be processed" in reply.get_content() and "pw-france" not in str(reply["Subject"])
        assert (tmp_path / "games" / "g" / "status.json").read_bytes() == before
        keeper = "\n".join(bodies_to(r.relay, KEEPER))
        assert "ZeroDivisionError: a bug in STATUS" in keeper and "test_trust.py" in keeper and "in bug" in keeper
        [(name, why)] = r.daemon.spool.set_aside_messages()
        assert "ZeroDivisionError" in why
        monkeypatch.undo()                                    # the keeper mends the judge...
        assert r.daemon.spool.requeue() == [name.split(":")[0] + ":0"]
        assert await r.daemon.sweep() == 1                    # ...and the running daemon takes it up
        await settle(r.daemon)
        assert r.daemon.judge.store.load("g").player("FRANCE").orders == ["A PAR - BUR"]
        assert "Orders for France" in r.relay.to(address("FRANCE"))[-1].get_content()
        assert r.daemon.spool.set_aside_messages() == []


def test_mail_interrupted_again_and_again_is_set_aside_and_answered_at_start(tmp_path):
    asyncio.run(_interrupted(tmp_path))


async def _interrupted(tmp_path):
    from judge.daemon.spool import MAX_INTERRUPTED, Spool
    spool = Spool(tmp_path / "inbox")
    key = spool.put(b"From: p@example.org\r\nSubject: hi\r\n\r\nHELP\r\n", "p@example.org")
    spool.claim(key)
    (tmp_path / "inbox" / "cur" / key).rename(tmp_path / "inbox" / "cur" / f"{key}:{MAX_INTERRUPTED - 1}")
    async with Running(tmp_path) as r:
        await settle(r.daemon)
        assert "could not be processed" in r.relay.to("p@example.org")[-1].get_content()
        assert "interrupted" in "\n".join(bodies_to(r.relay, KEEPER))


# -- addresses the judge cannot answer ------------------------------------------------------------------------------
def test_an_internationalised_address_is_refused_at_the_smtp_level(tmp_path):
    asyncio.run(_utf8(tmp_path))


async def _utf8(tmp_path):
    async with Running(tmp_path) as r:
        def go(mail_from, head):
            raw = (head + "To: judge@localhost\r\nSubject: x\r\n\r\nHELP\r\n").encode("utf-8")
            with smtplib.SMTP("127.0.0.1", r.port, timeout=10) as s:
                try:
                    s.sendmail(mail_from, ["judge@localhost"], raw)
                except smtplib.SMTPDataError as exc:
                    return exc.smtp_code, exc.smtp_error.decode()
                except (smtplib.SMTPSenderRefused, UnicodeEncodeError) as exc:
                    return "refused", str(exc)
            return 250, ""
        code, text = await asyncio.to_thread(go, "ok@example.org", "From: J\u00f6rg <j\u00f6rg@example.org>\r\n")
        assert code == int(S.UNUSABLE_SENDER[:3]) and "ASCII" in text
        assert (await asyncio.to_thread(go, "j\u00f6rg@example.org", "From: ok@example.org\r\n"))[0] == "refused"
        assert (await asyncio.to_thread(go, "ok@example.org", "From: Jorg <ok@example.org>\r\n"))[0] == 250
        await settle(r.daemon)
        assert not any((tmp_path / "inbox" / "bad").iterdir())
        assert r.relay.to("ok@example.org")                              # the good one is answered
        assert all(m.is_multipart() or m["To"].isascii() for _, _, m in r.relay.messages)


# -- the relay refuses for good; an unsendable message in the outbox after a restart -----------------------------------
def test_a_permanent_refusal_is_given_up_and_reported_and_the_rest_flows(tmp_path):
    asyncio.run(_refused(tmp_path))


async def _refused(tmp_path):
    async with Running(tmp_path) as r:
        r.relay.refuse_if = lambda msg: msg["To"] == address("ITALY")
        r.relay.refusal = "550 5.1.1 no such mailbox"
        await started_game(r.port, r.daemon, "g")
        await settle(r.daemon)
        assert r.relay.to(address("FRANCE")) and not r.relay.to(address("ITALY"))
        failed = list((tmp_path / "outbox" / "failed").glob("*.eml"))
        assert failed and all(address("ITALY") in p.read_text() for p in failed)
        assert "550" in "\n".join(bodies_to(r.relay, KEEPER)) and r.daemon.judge.outbox.paths() == []


def test_after_a_restart_an_unsendable_message_holds_up_nothing(tmp_path):
    asyncio.run(_stuck(tmp_path))


async def _stuck(tmp_path):
    from judge.storage.outbox import Outbox
    settings = settings_for(tmp_path)
    outbox = Outbox(settings.outbox_dir)
    # Left by an older judge: a non-ASCII recipient first, then ordinary replies.
    outbox.put("From: judge@localhost\nTo: j\u00f6rg@example.org\nSubject: bad\n\nhi\n".encode("utf-8"))
    for n in range(3):
        outbox.put(outbound.build(settings, f"p{n}@example.org", f"reply {n}", "hello"))
    async with Running(tmp_path) as r:
        await settle(r.daemon)
        players = [str(m["Subject"]) for _, _, m in r.relay.messages if m["To"] != KEEPER]
        assert sorted(players) == ["reply 0", "reply 1", "reply 2"]
        assert "could not be delivered" in str(r.relay.to(KEEPER)[0]["Subject"])
        assert r.daemon.judge.outbox.paths() == [] and len(list((tmp_path / "outbox" / "failed").glob("*.eml"))) == 1


def test_saved_wakeups_agree_with_the_games(tmp_path):
    """The field start-up reads is the game's own next wake-up (checked on every game after a short game)."""
    asyncio.run(_agree(tmp_path))


async def _agree(tmp_path):
    async with Running(tmp_path) as r:
        await started_game(r.port, r.daemon, "g")
        doc = json.loads((tmp_path / "games" / "g" / "status.json").read_text())
        game = r.daemon.judge.store.load("g")
        assert doc["wakeup"] == game.next_wakeup(r.clock()).isoformat()
        assert_clock_as_at_start(r.daemon)


# -- a message sent again is never dropped in silence -------------------------------------------------------------
def test_the_same_text_sent_again_without_a_message_id_is_answered_not_dropped(tmp_path):
    asyncio.run(_same_text_again(tmp_path))


async def _same_text_again(tmp_path):
    # A script that mails the same orders every phase, with no Message-ID or Date: the second mail is byte for byte
    # the first, which is all a redelivery after a crash looks like. It must not be applied twice, nor vanish.
    async with Running(tmp_path) as r:
        await started_game(r.port, r.daemon, "b")
        bot = address("FRANCE", "b")
        orders = "SIGNON Fb pw-france\nA PAR H"
        await send(r.port, bot, orders, message_id=False)
        await settle(r.daemon)
        assert "Orders for France" in bodies_to(r.relay, bot)[-1]
        await send(r.port, "gm-b@example.org", "SIGNON Mb gm-pass\nPROCESS!")
        await settle(r.daemon)
        assert str(r.daemon.judge.store.load("b").position.phase) == "F1901M"
        status = (r.daemon.judge.store.folder("b") / "status.json").read_bytes()
        told = len(r.relay.to(bot))
        await send(r.port, bot, orders, message_id=False)
        await settle(r.daemon)
        replies = bodies_to(r.relay, bot)[told:]
        assert len(replies) == 1 and "THE SAME AS ONE ALREADY APPLIED" in replies[0]
        assert "NOT APPLIED AGAIN" in replies[0] and "pw-france" not in replies[0]
        assert (r.daemon.judge.store.folder("b") / "status.json").read_bytes() == status
        assert_clock_as_at_start(r.daemon)
        await send(r.port, bot, orders, subject="orders again", message_id=False)     # changed: a new message
        await settle(r.daemon)
        assert r.daemon.judge.store.load("b").player("FRANCE").orders == ["A PAR H"]


def test_a_running_daemon_deletes_set_aside_messages_past_their_time(tmp_path):
    asyncio.run(_expired(tmp_path))


async def _expired(tmp_path):
    # They may hold passwords; a daemon runs for months without the restart that also deletes them.
    import os
    from judge.daemon.spool import KEEP_SET_ASIDE_DAYS
    async with Running(tmp_path) as r:
        bad = r.daemon.spool.root / "bad"
        for name, age in (("old", KEEP_SET_ASIDE_DAYS + 1), ("recent", KEEP_SET_ASIDE_DAYS - 1)):
            for file in (bad / name, bad / f"{name}.why"):
                file.write_text("SIGNON Fg secret")
                when = file.stat().st_mtime - age * 86400
                os.utime(file, (when, when))
        assert await r.daemon.sweep() == 0
        assert sorted(os.listdir(bad)) == ["recent", "recent.why"]
