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
