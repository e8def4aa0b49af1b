"""1,200 malformed messages (seeded) over real SMTP to a judge with a game in progress: each that can be answered is
answered, nothing crashes (no traceback in the log, nothing set aside), and no game file changes."""
import asyncio
import base64
import logging
import random
import smtplib
from concurrent.futures import ThreadPoolExecutor

from tests.daemon.conftest import Clock, Daemon, Relay, send, settings_for, settle
from tests.e2e.conftest import game_files

COUNT = 1200
SEED = 1901
WORDS = ["SIGNON", "SIGNOFF", "ORDERS", "PRESS", "ENDPRESS", "BROADCAST", "SET", "WAIT", "ADDRESS", "DEADLINE",
         "RULE", "LIST", "HELP", "STATUS", "SUMMARY", "HISTORY", "PROCESS", "PROCESS!", "ROLLBACK", "RESIGN",
         "TAKEOVER", "A", "F", "PAR", "BUR", "-", "S", "C", "H", "VIA", "Ffuzz", "Mfuzz", "fuzz", "=?", "?=", "\\",
         "é", "\u202e", "\x00", "\t", "<", ">", "@", "::", "--", "//", "99999999999", "+99999d", "STP/NC"]


def garbage_line(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 8)))


def body_text(rng: random.Random) -> str:
    lines = [garbage_line(rng) for _ in range(rng.randint(0, 12))]
    if rng.random() < 0.5:
        lines.insert(0, f"SIGNON {rng.choice('AEFGIRTMX')}fuzz {rng.choice(['guess', 'pw', '', 'x y z'])}")
    return "\r\n".join(lines)


def malformed(i: int, rng: random.Random) -> tuple[bytes, bool]:
    """Message i and whether it deserves an answer (a plain sender, no auto-reply header)."""
    sender = f"fuzz{i}@example.org"
    kind = rng.randrange(14)
    head = f"From: {sender}\r\nTo: judge@localhost\r\nMessage-ID: <fuzz{i}@test>\r\n"
    body = body_text(rng)
    if kind == 0:      # encoded CR/LF and NUL in the Subject
        return (head + "Subject: =?utf-8?q?a=0D=0ABcc:_x@evil.example=00?=\r\n\r\n" + body).encode(), True
    if kind == 1:      # a charset nobody knows, or a codec that is not one
        cs = rng.choice(["x-unknown", "idna", "rot13", "utf-7", "base64", "utf-16", "\"\"", "utf-8\x00"])
        return (head + f"Subject: x\r\nContent-Type: text/plain; charset={cs}\r\n\r\n" + body).encode("utf-8",
                                                                                                   "replace"), True
    if kind == 2:      # deeply nested multiparts
        depth = rng.choice([50, 500, 2000])
        parts = "".join(f'Content-Type: multipart/mixed; boundary="b{d}"\r\n\r\n--b{d}\r\n' for d in range(depth))
        return (head + "Subject: nest\r\nMIME-Version: 1.0\r\n" + parts + "Content-Type: text/plain\r\n\r\n"
                + body).encode(), True
    if kind == 3:      # broken base64 / quoted-printable
        cte = rng.choice(["base64", "quoted-printable", "x-uuencode", "7bit\x01"])
        return (head + f"Subject: cte\r\nContent-Transfer-Encoding: {cte}\r\n\r\n=ZZ=\r\n!!!***\r\n" + body).encode(), True
    if kind == 4:      # no From at all: the envelope sender is answered
        return (f"To: judge@localhost\r\nSubject: anonymous\r\n\r\n{body}").encode(), True
    if kind == 5:      # a From the judge could never answer
        bad = rng.choice(["j\u00f6rg@example.org", "a@x.org, b@y.org", "<>", "no-at-sign", "\"quoted\"@x.org"])
        return (f"From: {bad}\r\nTo: judge@localhost\r\nSubject: x\r\n\r\n{body}").encode("utf-8"), bad == "<>"
    if kind == 6:      # binary garbage for a body
        junk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 3000)))
        return head.encode() + b"Subject: bin\r\n\r\n" + junk, True
    if kind == 7:      # an overlong header and an overlong line
        return (head + "Subject: " + "ab " * rng.randint(1000, 8000) + "\r\n\r\n" + "x" * rng.randint(1000, 20000)
                + "\r\n" + body).encode(), True
    if kind == 8:      # a header block that never ends, thousands of fields
        fields = "".join(f"X-F{n}: {'y' * rng.randint(0, 50)}\r\n" for n in range(rng.randint(100, 1500)))
        return (head + "Subject: many\r\n" + fields + "\r\n" + body).encode(), True
    if kind == 9:      # HTML only, with scripts and unclosed tags
        html = "<html><script>alert(1)</script><div>" + body.replace("\r\n", "<br><b>") + "<table><tr><td>"
        return (head + "Subject: html\r\nContent-Type: text/html\r\n\r\n" + html).encode(), True
    if kind == 10:     # an auto-responder with no loop headers: answered (it is refused), but never in a loop
        return (head + "Subject: Out of office\r\n\r\nI am away until Monday.").encode(), True
    if kind == 11:     # a bounce-like or list mail: never answered
        extra = rng.choice(["Auto-Submitted: auto-replied\r\n", "Precedence: bulk\r\n",
                            "X-Loop: judge@localhost\r\n"])
        return (head + extra + "Subject: auto\r\n\r\n" + body).encode(), False
    if kind == 12:     # a multipart whose text part is base64 of garbage, with attachments
        junk = base64.b64encode(bytes(rng.randrange(256) for _ in range(500))).decode()
        return (head + 'Subject: att\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="Q"\r\n\r\n'
                "--Q\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n"
                f"{junk}\r\n--Q\r\nContent-Type: application/octet-stream\r\n\r\n{junk}\r\n--Q--\r\n").encode(), True
    # plain text, but the commands are garbage
    return (head + "Subject: orders\r\n\r\n" + body).encode("utf-8", "surrogateescape"), True


def test_malformed_mail_over_smtp(tmp_path, caplog):
    asyncio.run(_fuzz(tmp_path, caplog))


async def _fuzz(tmp_path, caplog):
    relay = Relay()
    await relay.start()
    settings = settings_for(tmp_path, relay.port).with_values(smtp_rate_per_hour=0)
    daemon = Daemon(settings, clock=Clock(), send_interval=0.05)
    _, port = await daemon.start("127.0.0.1", 0)
    try:
        await send(port, "gm@example.org", "CREATE fuzz gm-pass")
        for letter in "AEFGIRT":
            await send(port, f"{letter.lower()}@example.org", f"JOIN fuzz pw-{letter} {letter}")
        await settle(daemon)
        before = game_files(tmp_path / "games")
        relay.messages.clear()
        rng = random.Random(SEED)
        messages = [malformed(i, rng) for i in range(COUNT)]

        def deliver(i: int) -> int | None:
            raw, _ = messages[i]
            try:
                with smtplib.SMTP("127.0.0.1", port, timeout=30) as s:
                    s.sendmail(f"fuzz{i}@example.org", ["judge@localhost"], raw)
                return 250
            except smtplib.SMTPDataError as exc:
                return exc.smtp_code
        with caplog.at_level(logging.WARNING):
            with ThreadPoolExecutor(6) as pool:
                codes = await asyncio.to_thread(lambda: list(pool.map(deliver, range(COUNT))))
            await settle(daemon, timeout=120)
        # Refusals at the SMTP level are clean ones: too big, an address the judge cannot answer, a line longer
        # than SMTP allows (aiosmtpd's 500).
        assert set(codes) <= {250, 500, 552, 553}, set(codes)
        # No traceback anywhere in the log; nothing set aside (a crash would have put it there).
        tracebacks = [r for r in caplog.records if r.exc_info]
        assert tracebacks == [], [(r.name, r.getMessage(), r.exc_info[1]) for r in tracebacks[:3]]
        assert list((tmp_path / "inbox" / "bad").iterdir()) == []
        # No state change.
        assert game_files(tmp_path / "games") == before
        # A reply where one is due (each message has a sender of its own), none where none is due.
        answered = {str(m["To"]) for _, _, m in relay.messages}
        due = {f"fuzz{i}@example.org" for i, (_, deserves) in enumerate(messages) if deserves and codes[i] == 250}
        assert sum(code == 250 for code in codes) > COUNT * 0.8
        assert due - answered == set()
        not_due = {f"fuzz{i}@example.org" for i, (_, deserves) in enumerate(messages) if not deserves}
        assert answered & not_due == set()
        assert len(due) > COUNT * 0.6
        assert all("\r" not in str(m["Subject"]) and "\n" not in str(m["Subject"]) for _, _, m in relay.messages)
    finally:
        await daemon.stop()
        await relay.stop()
