"""Mail that must never be answered (bounces, read receipts, auto-replies, lists, the judge's own mail coming back),
and why."""
from __future__ import annotations

import re
from email.message import EmailMessage

from judge.addresses import address_in, getaddresses, is_mail_system

# A report about a message (RFC 6522): a delivery report, or a read receipt (RFC 8098) that clients send with the
# reader's own address and no Auto-Submitted field. Answering one would tell its sender that "nothing was done".
_REPORTS = {"multipart/report", "message/disposition-notification", "message/delivery-status"}


def automatic(msg: EmailMessage, envelope_sender: str | None, judge_address: str) -> str:
    """Mail that must never be answered: bounces, read receipts, auto-replies, lists, our own mail coming back."""
    if msg.get_content_type() in _REPORTS:
        kind = str(msg.get_param("report-type", "") or msg.get_content_subtype()).lower()
        return f"a report ({'a read receipt' if kind == 'disposition-notification' else kind})"
    return why_automatic(envelope_sender, judge_address, str(msg.get("Auto-Submitted", "no")),
                         str(msg.get("Precedence", "")), [str(v) for v in msg.get_all("X-Loop", [])],
                         str(msg.get("From", "")), str(msg.get("X-Autoreply") or msg.get("X-Autorespond") or ""))


def to_itself(sender: str, judge_address: str) -> str:
    """A message whose answer would go to the judge's own address (a forged From or Reply-To): never answered nor
    applied (it could make the judge a player or an observer, mailing itself every phase)."""
    if judge_address and sender.strip().lower() == judge_address.lower():
        return "its reply address is the judge's own"
    return ""


_COMMENTS = re.compile(r"\([^()]*\)")


def _keyword(value: str) -> str:
    """An Auto-Submitted field's keyword (RFC 3834): without its comments and parameters ("No (by hand)", "no; x")."""
    if "(" not in value and ";" not in value:
        return value.strip().lower()            # (nearly always: plain mail says nothing, or "no")
    for _ in range(5):                        # (comments nest; deeper ones are left: the field is then not "no")
        value, found = _COMMENTS.subn(" ", value)
        if not found:
            break
    return value.split(";", 1)[0].strip().lower()


def why_automatic(envelope_sender: str | None, judge_address: str, auto_submitted: str, precedence: str,
                  x_loop: list[str], from_: str, autoreply: str = "") -> str:
    """Why a message with these fields must not be answered ("" when it may be). `autoreply`: an X-Autoreply or
    X-Autorespond field, which some mail services put on their vacation replies instead of Auto-Submitted."""
    if envelope_sender is not None and envelope_sender in ("", "<>"):
        return "null sender (a bounce)"
    auto = _keyword(auto_submitted)
    if auto and auto != "no":
        return f"Auto-Submitted: {auto}"
    prec = precedence.strip().lower()
    if prec in ("bulk", "list", "junk"):
        return f"Precedence: {prec}"
    said = autoreply.strip().lower()
    if said and said not in ("no", "false", "0"):
        return f"X-Autoreply: {said[:40]}"
    if judge_address and any(judge_address.lower() == a.lower() for _, a in getaddresses(x_loop)):
        return "X-Loop: our own mail"
    if is_mail_system(address_in(from_)):
        return "from a mail system"
    return ""


__all__ = ["automatic", "to_itself", "why_automatic"]
