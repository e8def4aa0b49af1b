"""Outgoing mail: from the judge, marked so that robots (and the judge itself) never answer it."""
from judge import config
from judge.mail import inbound, outbound

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
