"""The sender: to the relay, retrying with back-off while it refuses; to a local Maildir when there is none."""
import asyncio
import contextlib
import mailbox
import socket
import time

from judge.daemon.sender import BACKOFF_START, KEEP_OPEN, Sender
from judge.mail import outbound
from judge.storage.outbox import Outbox
from tests.daemon.conftest import Relay, settings_for


class Ticks:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


class Later:
    """Wall time, moved on by the test: the retry schedule is kept in the files' modification times."""
    def __init__(self):
        self.ahead = 0.0

    def __call__(self):
        return time.time() + self.ahead


def test_relay_and_back_off(tmp_path):
    asyncio.run(_relay(tmp_path))


async def _relay(tmp_path):
    relay = Relay()
    await relay.start()
    settings = settings_for(tmp_path, relay.port)
    outbox = Outbox(settings.outbox_dir)
    later = Later()
    sender = Sender(settings, outbox, clock=later)
    outbox.put(outbound.make(settings, ["x@example.org", "y@example.org"], "results", "body"))
    try:
        relay.refuse = True
        assert await asyncio.to_thread(sender.drain) == 0
        assert len(outbox.paths()) == 1                     # kept until a relay takes it
        relay.refuse = False
        assert await asyncio.to_thread(sender.drain) == 0   # backing off: not tried again yet
        later.ahead += BACKOFF_START + 0.1
        assert await asyncio.to_thread(sender.drain) == 1
        assert outbox.paths() == []
        mail_from, rcpts, msg = relay.messages[0]
        assert mail_from == settings.address and rcpts == ["x@example.org", "y@example.org"]
        assert msg["Subject"] == "results" and msg["X-Loop"] == settings.address
    finally:
        await asyncio.to_thread(sender.close)
        await relay.stop()


def test_local_maildir_without_a_relay(tmp_path):
    settings = settings_for(tmp_path)
    outbox = Outbox(settings.outbox_dir)
    outbox.put(outbound.make(settings, "x@example.org", "hello", "text"))
    assert Sender(settings, outbox).drain() == 1
    box = mailbox.Maildir(tmp_path / "maildir", create=False)
    assert [m["Subject"] for m in box] == ["hello"] and outbox.paths() == []


def put(settings, outbox, *subjects):
    return [outbox.put(outbound.make(settings, f"{s}@example.org", s, "body")) for s in subjects]


@contextlib.asynccontextmanager
async def relay_and_sender(tmp_path, **sender_options):
    """A recording relay on 127.0.0.1 and a Sender with its own outbox pointed at it; closed (off the loop, which
    the relay needs to answer the QUITs) and stopped afterwards."""
    relay = Relay()
    await relay.start()
    settings = settings_for(tmp_path, relay.port)
    outbox = Outbox(settings.outbox_dir)
    sender = Sender(settings, outbox, **sender_options)
    try:
        yield relay, settings, outbox, sender
    finally:
        await asyncio.to_thread(sender.close)
        await relay.stop()


def drain(sender):
    return asyncio.to_thread(sender.drain)


def subjects(relay):
    return [str(m["Subject"]) for _, _, m in relay.messages]


def test_one_connection_for_a_drain_kept_for_the_next(tmp_path):
    asyncio.run(_reuse(tmp_path))


async def _reuse(tmp_path):
    ticks = Ticks()
    async with relay_and_sender(tmp_path, monotonic=ticks, parallel=1) as (relay, settings, outbox, sender):
        put(settings, outbox, "m1", "m2", "m3", "m4")
        assert await drain(sender) == 4
        put(settings, outbox, "m5", "m6")
        ticks.t += 1                                          # soon after: the connection is still open
        assert await drain(sender) == 2
        assert sender.connections == 1 and len(set(relay.peers)) == 1
        assert subjects(relay) == ["m1", "m2", "m3", "m4", "m5", "m6"]
        ticks.t += KEEP_OPEN + 1                              # idle too long: closed, and a new one next time
        put(settings, outbox, "m7")
        assert await drain(sender) == 1
        assert sender.connections == 2 and len(set(relay.peers)) == 2
        # The relay's side of a kept connection goes away: the next message goes on a fresh one, unharmed.
        sender._smtp[0].sock.shutdown(socket.SHUT_RDWR)
        put(settings, outbox, "m8")
        assert await drain(sender) == 1
        assert sender.connections == 3 and sender.backing_off() == {} and outbox.paths() == []


def test_a_message_refused_mid_drain_waits_and_the_others_go(tmp_path):
    asyncio.run(_refused(tmp_path))


async def _refused(tmp_path):
    later = Later()
    async with relay_and_sender(tmp_path, clock=later, parallel=1) as (relay, settings, outbox, sender):
        relay.refuse_if = lambda msg: msg["Subject"] == "bad"
        relay.refusal = "451 4.3.0 not now, for the test"
        _, bad, _ = put(settings, outbox, "one", "bad", "two")
        assert await drain(sender) == 2
        assert subjects(relay) == ["one", "two"]
        assert outbox.paths() == [bad] and list(sender.backing_off()) == [bad.name]     # kept, backing off
        assert sender.connections == 1                        # the refusal did not cost the connection
        relay.refuse_if = lambda msg: False
        assert await drain(sender) == 0                       # not before its back-off
        later.ahead += BACKOFF_START + 0.1
        assert await drain(sender) == 1 and outbox.paths() == []


def test_a_permanent_refusal_is_given_up_kept_and_reported(tmp_path):
    asyncio.run(_refused_for_good(tmp_path))


async def _refused_for_good(tmp_path):
    async with relay_and_sender(tmp_path, parallel=1) as (relay, settings, outbox, sender):
        told = []
        sender.on_failure = lambda given: told.append((given.path, given.why, given.kind, given.recipients))
        relay.refuse_if = lambda msg: msg["Subject"] == "bad"
        _, bad, _ = put(settings, outbox, "one", "bad", "two")
        assert await drain(sender) == 2 and subjects(relay) == ["one", "two"]
        assert outbox.paths() == [] and sender.backing_off() == {}               # not retried for ever
        kept = outbox.folder / "failed" / bad.name
        assert kept.exists() and "554" in (outbox.folder / "failed" / f"{bad.name}.why").read_text()
        assert told == [(kept, "SMTPDataError: (554, b'5.6.0 this one not, for the test')",
                         "the relay refuses mail: 554 5.6.0", ["bad@example.org"])]
        assert await drain(sender) == 0 and sender.failed == 1


def test_a_message_smtplib_cannot_write_does_not_stop_the_others(tmp_path):
    asyncio.run(_unwritable(tmp_path))


async def _unwritable(tmp_path):
    """An outbox file with a non-ASCII recipient (written by an older judge): the relay never sees it, the sender
    thread lives on, and the mail behind it flows, also in a fresh sender after a restart."""
    async with relay_and_sender(tmp_path, parallel=1) as (relay, settings, outbox, sender):
        outbox.put("From: judge@localhost\nTo: j\u00f6rg@example.org\nSubject: bad\n\nhi\n".encode("utf-8"))
        put(settings, outbox, "one", "two")
        sender.offer(outbox.paths())
        for _ in range(1000):                     # (up to 20 s: a loaded machine)
            if len(relay.messages) == 2 and sender.failed == 1:
                break
            await asyncio.sleep(0.02)
        assert subjects(relay) == ["one", "two"] and sender.failed == 1 and outbox.paths() == []
        assert all(t.is_alive() for t in sender._streamers)
        put(settings, outbox, "three")
        sender.offer(outbox.paths())
        for _ in range(1000):
            if len(relay.messages) == 3:
                break
            await asyncio.sleep(0.02)
        assert subjects(relay)[-1] == "three"


def test_two_connections_share_a_drain(tmp_path):
    asyncio.run(_two(tmp_path))


async def _two(tmp_path):
    async with relay_and_sender(tmp_path, parallel=2) as (relay, settings, outbox, sender):
        sent = [f"m{i}" for i in range(20)]
        put(settings, outbox, *sent)
        assert await drain(sender) == 20
        assert sorted(subjects(relay)) == sorted(sent)                                   # each once
        assert sender.connections == 2 and len(set(relay.peers)) == 2 and outbox.paths() == []


def test_an_unreachable_relay_costs_one_attempt_per_drain(tmp_path):
    with socket.socket() as s:                                 # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    settings = settings_for(tmp_path, port)
    outbox = Outbox(settings.outbox_dir)
    sender = Sender(settings, outbox, monotonic=Ticks(), parallel=1)
    first, *rest = put(settings, outbox, "a", "b", "c")
    assert sender.drain() == 0
    assert list(sender.backing_off()) == [first.name] and len(outbox.paths()) == 3   # the others not even tried


def test_mail_offered_as_it_is_written_goes_without_a_drain(tmp_path):
    asyncio.run(_offered(tmp_path))


async def _offered(tmp_path):
    async with relay_and_sender(tmp_path) as (relay, settings, outbox, sender):
        paths = put(settings, outbox, "x1", "x2", "x3")
        sender.offer(paths)
        sender.offer(paths[:1])                                 # offered twice: sent once all the same
        for _ in range(500):
            if len(relay.messages) == 3 and not outbox.paths() and sender.sent == 3:
                break
            await asyncio.sleep(0.01)
        assert sorted(subjects(relay)) == ["x1", "x2", "x3"]
        assert outbox.paths() == [] and sender.sent == 3
        assert await drain(sender) == 0
    assert len(relay.messages) == 3                             # and closing sent nothing more


def test_envelope_recipients_from_to_and_cc():
    from judge.daemon.envelope import envelope_recipients
    raw = b"From: j@x\nTo: a@example.org,\n b@example.org\nCc: C <c@example.org>\nSubject: s\n\nbody\n"
    assert envelope_recipients(raw) == ["a@example.org", "b@example.org", "c@example.org"]
    encoded = "To: =?utf-8?q?J=C3=BCrgen?= <j@example.org>\nSubject: s\n\nx\n".encode()
    assert envelope_recipients(encoded) == ["j@example.org"]
    # the header block only: a To: line in the body (a forwarded mail, an attachment's text) is no recipient
    crlf = b"To: a@example.org\r\nSubject: s\r\n\r\nTo: z@example.org\r\n\r\nCc: y@example.org\r\n"
    assert envelope_recipients(crlf) == envelope_recipients(crlf.replace(b"\r\n", b"\n")) == ["a@example.org"]


def test_two_senders_on_one_outbox_send_each_message_once(tmp_path):
    """Two senders draining one outbox at once (a `judge serve` and a `judge deliver`, or two `judge deliver`s): each
    file is claimed before it is sent, so none goes twice. Two instances are two processes to flock: a lock is held
    by an open file, not by a process."""
    asyncio.run(_two_senders(tmp_path))


async def _two_senders(tmp_path):
    async with relay_and_sender(tmp_path, parallel=2) as (relay, settings, outbox, one):
        other = Sender(settings, outbox, parallel=2)
        try:
            sent = [f"m{i}" for i in range(40)]
            put(settings, outbox, *sent)
            counts = await asyncio.gather(drain(one), drain(other), drain(one), drain(other))
            assert sum(counts) == 40 and sorted(subjects(relay)) == sorted(sent)        # each once
            assert outbox.paths() == []
        finally:
            await asyncio.to_thread(other.close)


def test_a_message_another_process_is_sending_is_left_to_it(tmp_path):
    import fcntl
    import os
    settings = settings_for(tmp_path)
    outbox = Outbox(settings.outbox_dir)
    [path] = put(settings, outbox, "claimed")
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)                          # as a sender in another process holds it
        assert Sender(settings, outbox).drain() == 0 and not (tmp_path / "maildir").exists()
    finally:
        os.close(fd)
    assert Sender(settings, outbox).drain() == 1 and outbox.paths() == []


def test_the_back_off_holds_for_the_next_sender(tmp_path):
    """The retry schedule is in the outbox file, not in the process: the next cron run, or a restarted daemon,
    waits as the one that met the refusal would have."""
    asyncio.run(_next_sender(tmp_path))


async def _next_sender(tmp_path):
    later = Later()
    async with relay_and_sender(tmp_path, clock=later, parallel=1) as (relay, settings, outbox, first):
        relay.refuse = True
        put(settings, outbox, "deferred")
        assert await drain(first) == 0
        relay.refuse = False
        again = Sender(settings, outbox, clock=later, parallel=1)
        try:
            assert await drain(again) == 0 and relay.messages == []        # not before its time
            later.ahead += BACKOFF_START + 0.1
            assert await drain(again) == 1 and subjects(relay) == ["deferred"]
        finally:
            await asyncio.to_thread(again.close)


def test_a_message_refused_for_days_is_given_up(tmp_path):
    asyncio.run(_too_old(tmp_path))


async def _too_old(tmp_path):
    from datetime import datetime, timedelta, timezone
    from judge.daemon.sender import MAX_AGE
    async with relay_and_sender(tmp_path, parallel=1) as (relay, settings, outbox, sender):
        told = []
        sender.on_failure = lambda given: told.append(given.path.name)
        relay.refuse = True                                     # 451: temporary, but for too long
        young, = put(settings, outbox, "young")
        written = datetime.now(timezone.utc) - timedelta(seconds=MAX_AGE + 60)
        old = outbox.folder / f"{written.strftime('%Y%m%dT%H%M%S%f')}-0123456789ab.eml"
        old.write_bytes(outbound.make(settings, "x@example.org", "old", "body").as_bytes())
        assert await drain(sender) == 0
        assert told == [old.name] and (outbox.folder / "failed" / old.name).exists()
        assert outbox.paths() == [young] and list(sender.backing_off()) == [young.name]


def test_the_quick_reading_of_recipients_gives_what_the_email_package_gives(tmp_path):
    """The judge's own messages have To and Cc lines of plain addresses, read without the email package; any
    message that reading takes must give the package's list, and it must take the judge's usual ones."""
    import random

    from judge.daemon.envelope import _parsed_recipients, _plain_recipients
    from tests.test_addresses import generated

    rng = random.Random(5)
    addresses = generated(2000)
    quick = 0
    for _ in range(3000):
        lines = [b"From: judge@example.org"]
        for name in rng.sample(["To", "Cc", "to", "CC", "Bcc", "X-To"], rng.randint(1, 3)):
            picked = rng.sample(addresses, rng.randint(1, 3))
            sep = rng.choice([",", ", ", " ,\t", ",\n "])
            lines.append(f"{name}: {sep.join(picked)}".encode())
        lines += [b"Subject: s", b""]
        end = rng.choice([b"\n", b"\r\n"])
        raw = end.join(lines) + end + b"To: not@header.example\n"
        got = _plain_recipients(raw)
        if got is not None:
            quick += 1
            assert got == _parsed_recipients(raw), raw
    assert quick > 300
    to = ["austria-g001@players.example", "o'neil+x@mail.example.org"]
    for attachments in (None, [("map.png", "image/png", b"\x89PNG...")]):
        usual = outbound.build(settings_for(tmp_path), to, "Diplomacy results g001 S1901M", "text\n",
                               attachments=attachments)
        assert _plain_recipients(usual) == to


def test_the_relay_client_writes_the_envelope_as_smtplib_does():
    """RelayClient writes MAIL FROM and RCPT TO for a plain address itself: the same command smtplib writes."""
    import smtplib

    from judge.daemon.envelope import RelayClient
    from tests.test_addresses import generated

    class Recorder:
        does_esmtp = True

        def putcmd(self, cmd, args=""):
            self.sent = (cmd, args)

        def getreply(self):
            return 250, b"ok"

    for address in generated(500):
        for options in ((), ("size=100",), ("size=1", "BODY=8BITMIME")):
            ours, theirs = Recorder(), Recorder()
            for verb in ("mail", "rcpt"):
                try:
                    getattr(smtplib.SMTP, verb)(theirs, address, options)
                    expected = theirs.sent
                except Exception as exc:  # noqa: BLE001 - smtplib's refusal is an answer too
                    expected = type(exc)
                try:
                    getattr(RelayClient, verb)(_as(ours), address, options)
                    got = ours.sent
                except Exception as exc:  # noqa: BLE001
                    got = type(exc)
                assert _keyword_case(got) == _keyword_case(expected), (verb, address, options)


def test_the_relay_client_writes_data_as_smtplib_does():
    """RelayClient's DATA doubles the periods that begin lines itself (smtplib's regular expression costs 20 times
    as much): the bytes on the wire are smtplib's, for messages of every shape, and a refusal of DATA is the same."""
    import random
    import smtplib

    from judge.daemon.envelope import RelayClient

    class Wire:
        does_esmtp, debuglevel = True, 0

        def __init__(self, answer=354):
            self.out, self.answers = [], [answer, 250]

        def putcmd(self, cmd, args=""):
            self.out.append((cmd, args))

        def send(self, data):
            self.out.append(data)

        def getreply(self):
            return self.answers.pop(0), b"ok"

    rng = random.Random(5321)
    bodies = [b"", b".", b"..", b".\r\n", b"a\r\n.\r\nb", b"\r\n.", b"\n.x", b"x\r\n", b"x\r", b"x\n",
              b"\r\n\r\n.\r\n.\r\n"]
    bodies += [bytes(rng.choice(b".\r\nab") for _ in range(rng.randrange(40))) for _ in range(3000)]
    for body in bodies:
        ours, theirs = Wire(), Wire()
        assert _as(ours, RelayClient.data)(body) == smtplib.SMTP.data(theirs, body) == (250, b"ok")
        assert ours.out == theirs.out, body
    for body in (b"x", "text\n.\n"):                  # refused DATA; a str message (given to smtplib)
        ours, theirs = Wire(401), Wire(401)
        for who, call in ((ours, _as(ours, RelayClient.data)), (theirs, smtplib.SMTP.data.__get__(theirs))):
            try:
                call(body)
            except smtplib.SMTPDataError as exc:
                who.out.append(exc.smtp_code)
        assert ours.out == theirs.out == [("data", ""), 401]


def test_lines_that_begin_with_a_period_reach_the_relay_as_written(tmp_path):
    asyncio.run(_periods(tmp_path))


async def _periods(tmp_path):
    relay = Relay()
    await relay.start()
    settings = settings_for(tmp_path, relay.port)
    outbox = Outbox(settings.outbox_dir)
    sender = Sender(settings, outbox)
    body = ".hidden\n..two\n.\nA PAR - BUR.\n.\n"
    raw = outbound.build(settings, "x@example.org", "results", body, attachments=[("map.png", "image/png",
                                                                                  bytes(range(256)) * 400)])
    outbox.put(raw)
    try:
        assert await asyncio.to_thread(sender.drain) == 1
        assert relay.raw == [raw.replace(b"\n", b"\r\n")]
        part = relay.messages[0][2].get_body(("plain",))
        assert part.get_content().replace("\r\n", "\n") == body
    finally:
        await asyncio.to_thread(sender.close)
        await relay.stop()


def _keyword_case(sent):
    """A command as sent, its keyword in capitals: SMTP reads `FROM:` and `from:` alike (RFC 5321, 2.4), and
    smtplib writes capitals up to Python 3.12 and small letters from 3.13."""
    if not isinstance(sent, tuple):
        return sent
    cmd, args = sent
    keyword, colon, rest = args.partition(":")
    return cmd, keyword.upper() + colon + rest


def _as(recorder, method=None):
    """A RelayClient whose wire is the recorder (no socket); or that client's `method`, bound to it."""
    from judge.daemon.envelope import RelayClient
    client = RelayClient.__new__(RelayClient)
    client.does_esmtp = True
    client.putcmd = recorder.putcmd
    client.getreply = recorder.getreply
    client.send = getattr(recorder, "send", None)
    recorder.sent = None
    return client if method is None else method.__get__(client)
