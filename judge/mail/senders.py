"""Whom a message counts against ([smtp] rate_per_hour and rate_per_envelope, judge.storage.rates): its envelope
sender and its From address, read alike by `judge serve` (the SMTP envelope) and `judge deliver` (--sender, else the
Return-Path line an MTA adds, else the From)."""
from __future__ import annotations

import email.policy
from email.parser import BytesHeaderParser
from email.utils import parseaddr

HEAD_LOOKED_AT = 64 * 1024          # bytes of a message searched for its From: the header block, however padded


def from_address(raw: bytes) -> str:
    """The address of the message's From, lower-cased; '' when it has none that can be read. Only the start of the
    header block is parsed: the daemon asks before anything else is read of a message, whatever its size."""
    return _field_address(raw, "From")


def counted_senders(raw: bytes, sender: str | None) -> tuple[str, str]:
    """(envelope sender, From address) of a piped message: `sender` (--sender) when given, else the Return-Path
    line an MTA adds, else the From, as the envelope; '' (a bounce, or none to be found) counts against no one."""
    author = from_address(raw)
    if sender is None:
        returned = _field_address(raw, "Return-Path", keep_empty=True)
        sender = author if returned is None else returned
    return sender.lower(), author


def _field_address(raw: bytes, name: str, keep_empty: bool = False) -> str | None:
    """The address in the first `name` field ('' if unreadable); with `keep_empty`, None when there is no such
    field, or an empty one (a Return-Path of <> is the null sender's, not a missing one)."""
    head = raw[:HEAD_LOOKED_AT]
    ends = [i for i in (head.find(b"\r\n\r\n"), head.find(b"\n\n")) if i >= 0]
    head = head[:min(ends)] if ends else head
    try:
        value = BytesHeaderParser(policy=email.policy.compat32).parsebytes(head).get(name)
        if value is None or not str(value).strip():
            return None if keep_empty else ""
        return parseaddr(str(value))[1].lower()
    except Exception:  # noqa: BLE001 - a header too broken to read: counted against the envelope sender alone
        return ""
