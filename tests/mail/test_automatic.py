"""Mail never answered: read receipts and delivery reports; Auto-Submitted as RFC 3834 writes it."""
import email
import email.policy

import pytest

from judge.mail.automatic import automatic, why_automatic


def fields(auto: str) -> str:
    return why_automatic("a@example.org", "judge@localhost", auto, "", [], "a@example.org")


@pytest.mark.parametrize("value", ["no", "No", " no ", "no; reason=typed", "No (by a person)", "no (a) (b);x=1",
                                   "(comment) no", ""])
def test_auto_submitted_no_with_comments_and_parameters_is_no(value):
    assert fields(value) == ""


@pytest.mark.parametrize("value, keyword", [("auto-replied", "auto-replied"), ("Auto-Generated; x=1", "auto-generated"),
                                            ("auto-notified (MDN)", "auto-notified"), ("nope", "nope")])
def test_any_other_keyword_is_automatic(value, keyword):
    assert fields(value) == f"Auto-Submitted: {keyword}"


@pytest.mark.parametrize("value, automatic_", [("yes", True), ("Yes", True), ("vacation", True), ("no", False),
                                               ("", False), ("0", False)])
def test_x_autoreply_as_some_services_mark_vacation_replies(value, automatic_):
    why = why_automatic("a@example.org", "judge@localhost", "", "", [], "a@example.org", value)
    assert bool(why) is automatic_ and (not why or why.startswith("X-Autoreply: "))


def test_x_autoreply_and_x_autorespond_fields_are_read_from_the_message():
    for field in ("X-Autoreply", "X-Autorespond"):
        raw = f"From: a@example.org\r\n{field}: yes\r\nContent-Type: text/plain\r\n\r\nI am away\r\n".encode()
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        assert automatic(msg, "a@example.org", "judge@localhost") == "X-Autoreply: yes"


@pytest.mark.parametrize("content_type, why", [
    ("multipart/report; report-type=disposition-notification", "a report (a read receipt)"),
    ("multipart/report; report-type=delivery-status", "a report (delivery-status)"),
    ("message/disposition-notification", "a report (a read receipt)"),
])
def test_reports_are_never_answered(content_type, why):
    raw = (f"From: a@example.org\r\nContent-Type: {content_type}; boundary=B\r\n\r\n--B--\r\n").encode()
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    assert automatic(msg, "a@example.org", "judge@localhost") == why
