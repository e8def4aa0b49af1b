"""Rendered text -> an EmailMessage from the judge, marked so that other robots never answer it."""
from __future__ import annotations

from datetime import datetime, timezone
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid


def make(settings, to: list[str] | str, subject: str, body: str, in_reply_to: str = "") -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = settings.address
    msg["To"] = ", ".join([to] if isinstance(to, str) else to)
    msg["Subject"] = subject
    msg["Date"] = format_datetime(datetime.now(timezone.utc))
    msg["Message-ID"] = make_msgid(domain=settings.address.split("@", 1)[1])
    if in_reply_to:
        msg["In-Reply-To"] = in_reply_to
        msg["References"] = in_reply_to
    msg["X-Loop"] = settings.address
    msg["Auto-Submitted"] = "auto-replied" if in_reply_to else "auto-generated"
    msg.set_content(body)
    return msg
