"""The cheap ways of reading and writing mail give what the email package's full machinery gives.

inbound.read takes plain messages (one text/plain part, plain ASCII headers) through compat32 and leaves the rest to
read_full; outbound.build writes plain messages out directly and leaves the rest to the email package. Both are
checked here against the full way on the test messages and on a few thousand generated ones."""
import base64
import email
import email.policy
import quopri
import random
import re
from pathlib import Path

import pytest

from judge import config
from judge.mail import inbound, outbound
from judge.mail.inbound import BadMessage, read, read_full

MAIL = Path(__file__).resolve().parents[1] / "data" / "mail"
SETTINGS = config.load(None).with_values(judge_address="judge@dip.example.org")

FROMS = ["a@example.org", "France <france@example.org>", '"Doe, John" <j@x.org>', "J. Doe <j@x.org>",
         "Jean-Luc O'Neil <jl@x.org>", "  spaced@x.org  ", "MAILER-DAEMON@mail.example.org", "postmaster@x.org",
         "not-an-address", "", "a@b", "<a@b.c>", "x@y.z (Comment)", "a.b.c@d.e", '"q" <q@x.org>', "a+b@x.org",
         "=?utf-8?q?J=C3=BCrgen?= <j@x.org>", "J\u00fcrgen <j@x.org>"]
SUBJECTS = ["orders", "  my  orders  ", "Re: [g1] orders", "x\r\n folded", "=?utf-8?q?f=C3=BCr?=", "", "a;b,c<d>",
            "\u00dcmlaut", "tab\there"]
MESSAGE_IDS = ["<m1@example.org>", "  <m1@example.org>  ", "m1@example.org", "<a b@c>", "<abc>", "<x@y> (c)", ""]
TYPES = [None, "text/plain", "text/plain; charset=utf-8", 'text/plain; charset="UTF-8"; format=flowed',
         "text/plain; charset=iso-8859-1", "text/plain; charset=x-no-such", "text/html; charset=utf-8",
         "TEXT/PLAIN; CHARSET=us-ascii", "text", "text/plain; charset*=utf-8''x", "text/plain;charset=utf-8;"]
ENCODINGS = [None, "7bit", "8bit", "quoted-printable", "base64", "Base64", " base64", "x-uue"]
EXTRAS = ["", "Auto-Submitted: auto-replied\r\n", "X-Autoreply: yes\r\n", "X-Autorespond: no\r\n", "Auto-Submitted: no\r\n", "Precedence: bulk\r\n",
          "Precedence: first-class\r\n", "X-Loop: judge@dip.example.org\r\n",
          "X-Loop: Judge <judge@dip.example.org>\r\n",
          "X-Loop: other@x.org\r\n", "Reply-To: me@x.org\r\n", "Reply-To: Me <me@x.org>\r\n", "Reply-To: \r\n",
          "Content-Disposition: inline\r\n", "Date: Mon, 5 Jan 2026 12:00:00 +0100\r\n", "X-Thing: =?utf-8?q?a?=\r\n",
          "Subject: second subject\r\n", "From: second@x.org\r\n", "Received: from x by y; \u00e9t\u00e9\r\n"]
BODIES = ["SIGNON Fg1 pw\nA PAR H\n", "M\u00fcnchen \u2013 H\n-- \nsig", "", "line\r\nline2", "> quoted\nA MAR H"]


def generated(n: int, seed: int):
    rng = random.Random(seed)
    for _ in range(n):
        head = ""
        sender = rng.choice(FROMS)
        if sender or rng.random() < 0.5:
            head += f"From: {sender}\r\n"
        head += f"Subject: {rng.choice(SUBJECTS)}\r\n"
        mid = rng.choice(MESSAGE_IDS)
        head += f"Message-ID: {mid}\r\n" if mid else ""
        head += "".join(rng.sample(EXTRAS, rng.randrange(3)))
        ctype, cte = rng.choice(TYPES), rng.choice(ENCODINGS)
        head += f"Content-Type: {ctype}\r\n" if ctype else ""
        head += f"Content-Transfer-Encoding: {cte}\r\n" if cte else ""
        body = rng.choice(BODIES).encode("latin-1" if ctype and "8859" in ctype else "utf-8", "replace")
        if cte and cte.strip().lower() == "base64":
            body = base64.encodebytes(body)
        elif cte == "quoted-printable":
            body = quopri.encodestring(body)
        raw = head.encode("utf-8") + b"\r\n" + body
        if rng.random() < 0.2:
            raw = raw.replace(b"\r\n", b"\n")
        yield raw, rng.choice([None, "", "<>", "env@x.org"]), rng.choice(["", "judge@dip.example.org"])


def outcome(fn, raw, envelope, judge):
    try:
        msg = fn(raw, envelope, judge)
    except BadMessage as exc:
        return ("bad", str(exc))
    return (msg.sender, msg.subject, msg.message_id, msg.lines, msg.automatic, msg.headers)


def test_the_test_messages_read_alike():
    for path in sorted(MAIL.glob("*.eml")):
        raw = path.read_bytes()
        assert outcome(read, raw, None, "judge@localhost") == outcome(read_full, raw, None, "judge@localhost"), path


def test_generated_messages_read_alike():
    plain = 0
    for raw, envelope, judge in generated(1500, seed=1901):
        assert outcome(read, raw, envelope, judge) == outcome(read_full, raw, envelope, judge), raw
        try:
            plain += inbound._read_plain(raw, envelope, judge) is not None
        except BadMessage:
            plain += 1
    assert plain > 250                          # the cheap way is taken, and for a good share of them


# Header blocks at the edges of what inbound._Plain reads itself (the rest it leaves to the email package).
EDGES = [b"Subject: x\r\r\nFrom: a@b.c\r\n\r\nbody", b"From a@b Mon Jan 1\nFrom: a@b.c\n\nx",
         b" Subject: folded first\r\nFrom: a@b.c\r\n\r\nx", b"From: a@b.c\r\nNo colon here\r\n\r\nx",
         b": empty name\r\nFrom: a@b.c\r\n\r\nx", b"From: a@b.c\r\nSubject : spaced\r\n\r\nx",
         b"From: a@b.c\r\nSubject: x", b"From: a@b.c\r\nSubject: x\r\n", b"From: a@b.c\r\n\r\n",
         b"From: a@b.c\n\n\r\nbody after a blank line", b"From: a@b.c\r\nSubject: caf\xc3\xa9\r\n\r\nx",
         b"From: a@b.c\r\nContent-Transfer-Encoding: base64 \r\n\r\nQQ==\r\n",
         b"From: a@b.c\r\nContent-Transfer-Encoding: 7bit\r\nContent-Transfer-Encoding: base64\r\n\r\nQQ==\r\n",
         b"From: a@b.c\r\nContent-Transfer-Encoding: BASE64\r\n\r\nU0lHTk9OIEZnMSBwdw==\r\n",
         b"From: a@b.c\r\nContent-Type: text/plain\r\nSubject: a\r\n\tb\r\n c\r\n\r\nx\ry\r\n",
         b"from: a@b.c\r\nSUBJECT: up\r\nx-loop: one\r\nX-LOOP: judge@dip.example.org\r\n\r\nA PAR H\r\n",
         b"From: a@b.c\r\nSubject:\r\n  late value\r\n\r\nx", b"From: a@b.c\r\nSubject: lone\rcr\r\n\r\nx",
         b"From: a@b.c\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n\r\nx\r\n--b--\r\n",
         b"From: a@b.c\r\nContent-Type: text/plain; charset=\"utf-8\r\n\r\nx", b"From: a@b.c\r\nSubject: end\r",
         b"From: a@b.c\r\n\r\r\nbody after a CR alone"]


def plain_outcome(raw, envelope, judge):
    try:
        msg = inbound._read_plain(raw, envelope, judge)
    except BadMessage as exc:
        return ("bad", str(exc))
    return None if msg is None else (msg.sender, msg.subject, msg.message_id, msg.lines, msg.automatic)


def test_plain_header_blocks_read_without_the_parser_read_as_compat32_reads_them(monkeypatch):
    """inbound._Plain (its own reading of a plain header block) gives _read_plain the same answers as the email
    package's compat32 parser: on generated messages and on the edge cases, each read both ways."""
    cases = list(generated(1500, seed=1898)) + [(raw, None, "judge@dip.example.org") for raw in EDGES]
    own = [plain_outcome(*case) for case in cases]
    taken = sum(inbound._Plain.of(raw) is not None for raw, _, _ in cases)
    monkeypatch.setattr(inbound._Plain, "of", classmethod(lambda cls, raw: None))
    assert [plain_outcome(*case) for case in cases] == own
    assert taken > 1000                              # (the generated messages are mostly plain)
    monkeypatch.undo()
    for raw in EDGES[:6] + [EDGES[10], EDGES[17], EDGES[20], EDGES[21]]:
        assert inbound._Plain.of(raw) is None, raw   # left to the email package


def test_a_plain_order_mail_takes_the_cheap_way(monkeypatch):
    raw = (b"From: France <france@example.org>\r\nTo: judge@localhost\r\nSubject: orders\r\n"
           b"Message-ID: <m1@example.org>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
           b"SIGNON Fg1 pw\r\nA PAR - BUR\r\n")
    monkeypatch.setattr(inbound, "read_full", lambda *a: pytest.fail("the full way"))
    msg = read(raw, "france@example.org", "judge@localhost")
    assert (msg.sender, msg.lines, msg.message_id) == ("france@example.org", ["SIGNON Fg1 pw", "A PAR - BUR"],
                                                       "<m1@example.org>")
    monkeypatch.undo()
    assert msg.headers == read_full(raw, "france@example.org", "judge@localhost").headers   # when asked for


# -- outbound ---------------------------------------------------------------------------------------------------------
def without_date_and_id(raw: bytes) -> bytes:
    return re.sub(rb"Message-ID: <[^>]+>", b"MID", re.sub(rb"Date: [^\n]+", b"DATE", raw))


@pytest.mark.parametrize("to, subject, body, irt", [
    ("a@example.org", "Re: orders", "ok\nline two\n", "<m1@example.org>"),
    (["a@example.org", "b@example.org"], "g1 - S1901M results", "M\u00fcnchen \u2013 Tyrolia\n", ""),
    ("a@example.org", "results", "no newline at the end", ""),
    ("a@example.org", "results", "", ""),
    ("a@example.org", "results", "cr\r\nlf\rx\n\n\n", ""),
    ("a@example.org", "results", "x" * 78 + "\n", ""),
    ("a@example.org", "results", "long " * 30 + "\n", ""),                # past 78 columns: still 7bit
    ("a@example.org", "results", "M\u00fcnchen " * 90 + "\n", ""),         # 8bit up to 998 bytes a line
])
def test_plain_mail_is_written_exactly_as_the_email_package_writes_it(to, subject, body, irt):
    fast = outbound._build_plain(SETTINGS.address, [to] if isinstance(to, str) else to, subject, body, irt)
    assert fast is not None
    full = outbound.make(SETTINGS, to, subject, body, irt).as_bytes(policy=email.policy.default)
    assert without_date_and_id(fast) == without_date_and_id(full)


@pytest.mark.parametrize("to, subject, body", [
    ("a@example.org", "r\u00e9sultats", "x\n"),                      # an encoded subject
    ("a@example.org", "results", "x" * 999 + "\n"),                  # quoted-printable past SMTP's line limit
    ("\u00fcser@example.org", "results", "x\n"),                     # an address that is not plain ASCII
    ("a@example.org", "x" * 80, "x\n"),                              # a subject to fold
])
def test_other_mail_goes_through_the_email_package(to, subject, body):
    assert outbound._build_plain(SETTINGS.address, [to], subject, body, "") is None
    raw = outbound.build(SETTINGS, to, subject, body)
    full = outbound.make(SETTINGS, to, subject, body).as_bytes(policy=email.policy.default)
    assert without_date_and_id(raw) == without_date_and_id(full)


def test_many_recipients_are_folded_and_read_back_alike():
    to = [f"{p}.some-long-game-name@players.example.org" for p in ("austria", "england", "france", "germany")]
    raw = outbound.build(SETTINGS, to, "g1 - results", "body\n")
    assert all(len(line) <= 78 for line in raw.split(b"\n"))
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    full = outbound.make(SETTINGS, to, "g1 - results", "body\n")
    assert str(msg["To"]) == str(full["To"]) and msg.get_content() == "body\n" and not msg.defects
    assert [a.addr_spec for a in msg["To"].addresses] == to


def test_the_headers_a_reply_needs():
    raw = outbound.build(SETTINGS, "a@example.org", "Re: orders", "Orders for France: A PAR - BUR\n",
                         "<m1@example.org>")
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    assert msg["From"] == "judge@dip.example.org" and msg["To"] == "a@example.org" and msg["Subject"] == "Re: orders"
    assert msg["Message-ID"].endswith("@dip.example.org>") and msg["Date"].datetime is not None
    assert (msg["In-Reply-To"], msg["References"]) == ("<m1@example.org>", "<m1@example.org>")
    assert msg["X-Loop"] == "judge@dip.example.org" and msg["Auto-Submitted"] == "auto-replied"
    assert inbound.read(raw, None, "judge@dip.example.org").automatic     # the judge never answers itself


@pytest.mark.parametrize("size", [0, 1, 56, 57, 58, 171, 95_000])
def test_a_message_with_attachments_is_what_the_email_package_writes(size):
    """build() puts each attachment's base64 in place of a stand-in: the bytes are the email package's own (but for
    the random boundary, Message-ID and Date), whatever the attachment's length against the 57 bytes of a line."""
    data = random.Random(size).randbytes(size)
    attachments = [("g1-S1901M.png", "image/png", data), ("g1-S1901M.svg", "image/svg+xml", b"<svg/>\n" * 40)]
    fast = outbound.build(SETTINGS, "a@example.org", "Diplomacy results g1 S1901M", "text\n", attachments=attachments)
    full = _by_the_package("a@example.org", "Diplomacy results g1 S1901M", "text\n", "", attachments)
    assert _but_random(fast) == _but_random(full)
    back = email.message_from_bytes(fast, policy=email.policy.default)
    assert [p.get_content() for p in back.iter_attachments()] == [a[2] for a in attachments]


@pytest.mark.parametrize("to, body, irt, attachments, fast", [
    ("a@example.org", "text\n", "", [("g1-S1901M.png", "image/png", b"\x89PNG" * 500)], True),
    (["a@example.org", "b@example.org"], "M\u00fcnchen \u2013 Tyrolia\nA PAR - BUR\n", "<m1@example.org>",
     [("g1-S1901M.svg", "image/svg+xml", b"<svg/>\n" * 9), ("g1-S1901M.png", "image/png", bytes(range(256)))], True),
    ("a@example.org", "\n", "", [("a.png", "image/png", b"x")], True),
    ("a@example.org", "cr\r\nlf\rx\n\n\n", "", [("a.png", "image/png", b"x" * 58)], True),
    ("a@example.org", "no newline at the end", "", [("a.png", "image/png", b"x")], False),
    ("a@example.org", "text\n", "", [("history.txt", "text/plain", b"S1901M\n")], False),
    ("a@example.org", "text\n", "", [("M\u00fcnchen.png", "image/png", b"x")], False),
    ("a@example.org", "text\n", "", [("a b.png", "image/png", b"x")], False),
    ("a@example.org", "text\n", "", [("a.png", "image/png", b"")], False),
    ("a@example.org", "long " * 30 + "\n", "", [("a.png", "image/png", b"x")], True),
    ("a@example.org", "x" * 999 + "\n", "", [("a.png", "image/png", b"x")], False),
])
def test_a_message_with_pictures_is_written_directly_as_the_email_package_writes_it(to, body, irt, attachments, fast):
    """The usual results mail with its picture is written without the email package, byte for byte what the package
    writes (but for the random boundary, Message-ID and Date); anything unusual still goes through the package."""
    addresses = [to] if isinstance(to, str) else to
    direct = outbound._build_mixed(SETTINGS.address, addresses, "Diplomacy results g1 S1901M", body, irt, attachments)
    assert (direct is not None) is fast
    raw = outbound.build(SETTINGS, to, "Diplomacy results g1 S1901M", body, irt, attachments)
    full = _by_the_package(to, "Diplomacy results g1 S1901M", body, irt, attachments)
    for got in filter(None, (direct, raw)):
        assert _but_random(got) == _but_random(full)
        if not fast:
            continue
        back = email.message_from_bytes(got, policy=email.policy.default)
        assert [p.get_content() for p in back.iter_attachments()] == [a[2] for a in attachments]
        assert not back.defects
        assert back.get_body(("plain",)).get_content() == body.replace("\r\n", "\n").replace("\r", "\n")


def _by_the_package(to, subject: str, body: str, irt: str, attachments: list) -> bytes:
    """The message as the email package writes it: outbound.make, then each attachment added."""
    msg = outbound.make(SETTINGS, to, subject, body, irt)
    for filename, mime, payload in attachments:
        maintype, _, subtype = mime.partition("/")
        msg.add_attachment(payload, maintype=maintype, subtype=subtype, filename=filename)
    return msg.as_bytes(policy=email.policy.default)


def _but_random(raw: bytes) -> bytes:
    """A message without what differs from one writing to the next: its boundary, Message-ID and Date."""
    return re.sub(rb"={15}\d+==", b"BOUNDARY", re.sub(rb"\n(Message-ID|Date): [^\n]*", rb"\n\1: x", raw))
