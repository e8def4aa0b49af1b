"""Outgoing mail: from the judge, marked so that robots (and the judge itself) never answer it."""
import email.policy

import pytest

from judge import config
from judge.mail import inbound, outbound
from judge.storage.outbox import Outbox

SETTINGS = config.load(None).with_values(judge_address="judge@dip.example.org")


def test_a_notice():
    msg = outbound.make(SETTINGS, ["a@example.org", "b@example.org"], "g1 - results", "body text\n")
    assert msg["From"] == "judge@dip.example.org" and msg["To"] == "a@example.org, b@example.org"
    assert msg["Subject"] == "g1 - results" and msg.get_content() == "body text\n"
    assert msg["Message-ID"].endswith("@dip.example.org>") and msg["Date"]
    assert msg["X-Loop"] == "judge@dip.example.org" and msg["Auto-Submitted"] == "auto-generated"
    assert msg["In-Reply-To"] is None


def test_a_reply():
    msg = outbound.make(SETTINGS, "a@example.org", "Re: orders", "ok\n", "<m1@example.org>")
    assert msg["To"] == "a@example.org"
    assert (msg["In-Reply-To"], msg["References"]) == ("<m1@example.org>", "<m1@example.org>")
    assert msg["Auto-Submitted"] == "auto-replied"


def test_the_judge_never_answers_its_own_mail():
    raw = bytes(outbound.make(SETTINGS, "judge@dip.example.org", "loop", "SIGNON Fg1 pw\n"))
    assert inbound.read(raw, None, "judge@dip.example.org").automatic
    assert inbound.read(raw, None, "").automatic            # Auto-Submitted alone is enough


def test_unicode_body_survives():
    msg = outbound.make(SETTINGS, "a@example.org", "s", "M\u00fcnchen \u2013 Tyrolia\n")
    back = inbound.read(bytes(msg))
    assert back.lines == ["M\u00fcnchen \u2013 Tyrolia"]


def test_copies_of_a_message_with_a_picture_differ_only_in_to_and_message_id():
    import email
    import email.policy
    from judge import config
    from judge.mail.outbound import build, build_many
    settings = config.load(None)
    picture = [("g1-S1901M.png", "image/png", bytes(range(256)) * 100)]
    copies = build_many(settings, ["a@example.org", "b@example.org"], "Diplomacy results g1 S1901M", "text\n",
                        picture)
    msgs = [email.message_from_bytes(c, policy=email.policy.default) for c in copies]
    assert [m["To"] for m in msgs] == ["a@example.org", "b@example.org"]
    assert msgs[0]["Message-ID"] != msgs[1]["Message-ID"]
    for m in msgs:
        [part] = list(m.iter_attachments())
        assert part.get_content() == picture[0][2] and m.get_body(("plain",)).get_content() == "text\n"
    alone = email.message_from_bytes(build(settings, "b@example.org", "Diplomacy results g1 S1901M", "text\n",
                                           attachments=picture), policy=email.policy.default)
    assert [p.get_content() for p in alone.iter_attachments()] == [picture[0][2]]


# Subjects the email package would put whole on the line after "Subject:" (70 to 77 characters), longer ones it
# folds, and encoded ones: every way out of the judge keeps the first words on the Subject line.
LONG_SUBJECTS = [
    "Diplomacy broadcast from Italy (shown as: an anonymous power) (spring)",
    "Re: " + "x" * 72,
    "Diplomacy press from Italy (shown as: an anonymous power) to Austria, England, France, Germany (spring)",
    "Diplomacy broadcast from M\u00fcnchen (shown as: an anonymous power) (spring)",
]


def _subject_lines(raw: bytes) -> list[bytes]:
    lines = raw.split(b"\n\n", 1)[0].split(b"\n")
    at = next(i for i, line in enumerate(lines) if line.startswith(b"Subject:"))
    end = next((i for i in range(at + 1, len(lines)) if not lines[i].startswith((b" ", b"\t"))), len(lines))
    return lines[at:end]


def _ways_out(subject: str, folder) -> list[bytes]:
    """The message with this subject as each builder writes it: plain, a reply, with a picture (one and many
    copies), and an EmailMessage put into the outbox."""
    picture = [("spring-S1901M.png", "image/png", b"\x89PNG" * 100)]
    outbox = Outbox(folder)
    put = outbox.put(outbound.make(SETTINGS, "a@example.org", subject, "text\n"))
    raws = [outbound.build(SETTINGS, "a@example.org", subject, "text\n"),
            outbound.build(SETTINGS, "a@example.org", subject, "text\n", "<m1@example.org>"),
            outbound.build(SETTINGS, "a@example.org", subject, "text\n", attachments=picture),
            *outbound.build_many(SETTINGS, ["a@example.org", "b@example.org"], subject, "text\n", picture),
            put.read_bytes()]
    for raw in raws:
        assert email.message_from_bytes(raw, policy=email.policy.default)["Subject"] == subject
    return raws


@pytest.mark.parametrize("subject", LONG_SUBJECTS)
def test_a_long_subject_keeps_its_first_words_on_the_subject_line(subject, tmp_path):
    first = subject.split(" ", 1)[0].encode()
    for raw in _ways_out(subject, tmp_path):
        lines = _subject_lines(raw)
        assert len(lines) > 1 and all(len(line) <= 78 for line in lines), lines
        assert lines[0].startswith(b"Subject: " + first), lines


def test_a_long_header_is_folded_again_only_when_its_first_line_is_empty():
    folded = "Subject:\n Diplomacy broadcast from Italy (shown as: an anonymous power) (spring)\n"
    assert outbound._keep_first_words(folded, "\n", 78) == (
        "Subject: Diplomacy broadcast from Italy (shown as: an anonymous power)\n (spring)\n")
    assert outbound._keep_first_words("Subject: a\n b\n", "\n", 78) == "Subject: a\n b\n"
    # no line of blanks alone: a run of spaces stays on the line before
    assert outbound._keep_first_words("Subject:\n a" + "  b" * 40 + "\n", "\n", 78).count("\n  ") == 0
