"""What counts as an e-mail address the judge can write to (used by the mail reader and by SET ADDRESS), and the
plain form of an address that code parsing addresses checks first.

The plain form is `local@domain` with both halves dot-atoms of ASCII letters, digits and the signs RFC 5322 allows:
almost every address a judge meets. Parsers check it with one regular expression and leave everything else
(quoted local parts, comments, domain literals, encoded words) to the email package, which costs 50-150
microseconds an address; tests check that both ways agree on what the plain form matches."""
from __future__ import annotations

import email.utils
import re

_USABLE = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*")
ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
ADDR_SPEC = rf"{ATOM}(?:\.{ATOM})*@{ATOM}(?:\.{ATOM})*"      # the plain form, as a pattern to build others from
_PLAIN = re.compile(ADDR_SPEC)


def usable_address(address: str) -> bool:
    """One plain ASCII address, nothing a header could trip on: no list, no name, no quoting, no spaces."""
    return bool(address) and len(address) <= 254 and bool(_USABLE.fullmatch(address))


# Mail from these is a mail system's (a bounce, a report) and never answered (judge.mail.automatic)
MAIL_SYSTEMS = ("mailer-daemon@", "postmaster@")


def is_mail_system(address: str) -> bool:
    """Is `address` a mail system's, whose mail the judge never answers nor applies?"""
    return address.strip().lower().startswith(MAIL_SYSTEMS)


def is_plain(address: str) -> bool:
    """Is `address` a bare addr-spec in the plain form (no display name, no angle brackets, no spaces)?"""
    return _PLAIN.fullmatch(address) is not None


def _lenient() -> dict[str, bool]:
    """The keyword that makes email.utils read addresses as every Python the judge supports reads them. Since the
    fix for CVE-2023-27043 (Python 3.13, and 3.12.6, 3.11.10, 3.10.15) its readers are strict unless told otherwise:
    a From of two addresses gives none, a list with a trailing comma gives nothing, and the judge would answer the
    From on one Python and the envelope sender on another. Older Pythons know no such keyword and read leniently."""
    try:
        email.utils.parseaddr("a@b.example", strict=False)      # type: ignore[call-arg]
    except TypeError:
        return {}
    return {"strict": False}


_LENIENT = _lenient()


def parseaddr(value: str) -> tuple[str, str]:
    """email.utils.parseaddr as every supported Python gives it (the lenient reading: see _lenient)."""
    return email.utils.parseaddr(value, **_LENIENT)


def getaddresses(values: list[str]) -> list[tuple[str, str]]:
    """email.utils.getaddresses as every supported Python gives it (the lenient reading: see _lenient)."""
    return email.utils.getaddresses(values, **_LENIENT)


def address_in(value: str) -> str:
    """The address of a From or Reply-To value, as email.utils.parseaddr reads it ("" when none); a plain
    address is taken as it is."""
    bare = value.strip(" \t")
    return bare if is_plain(bare) else parseaddr(value)[1]
