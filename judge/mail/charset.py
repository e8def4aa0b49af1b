"""A part's bytes as text: its declared charset when the bytes are that, else what mail clients really send (UTF-8,
or Windows' own Western charset)."""
from __future__ import annotations

import codecs
import re

# Charsets of several bytes a character: bytes that fail in them are not Western text read wrongly, so they are read
# in their own charset, a bad sequence replaced (a fallback to windows-1252 would garble every character).
_MULTIBYTE = ("utf_16", "utf_32", "shift_jis", "euc", "gb", "big5", "cp932", "cp936", "cp949", "cp950", "iso2022",
              "hz", "johab")
# Labels that mail clients put on windows-1252 text (as browsers read them: WHATWG's encoding standard).
_AS_1252 = frozenset({"latin-1", "iso8859-1", "cp1252"})
_C1 = re.compile(rb"[\x80-\x9f]")
# Western single-byte labels that clients put on UTF-8 text too ("DÃ©jÃ  vu" when read as labelled).
_WESTERN = _AS_1252 | {"iso8859-15"}
_UTF8_SEQUENCE = re.compile(rb"[\xc2-\xf4][\x80-\xbf]")
_META = re.compile(rb"<meta[^>]{0,200}?charset\s*=\s*[\"']?\s*([A-Za-z0-9_.:-]{1,40})", re.IGNORECASE)


def _codec(charset: str) -> str | None:
    """The codec's own name, or None for an unknown charset or a codec that is no text encoding (idna, rot13...)."""
    try:
        info = codecs.lookup(charset)
    except (LookupError, ValueError, TypeError):
        return None
    return info.name if info._is_text_encoding else None


def decode(payload: bytes, charset: str) -> str:
    """`payload` read in `charset`; if it is not valid there (Windows text labelled utf-8, 8-bit text labelled
    us-ascii or not labelled at all, an unknown charset), as UTF-8 if it is valid UTF-8, else as windows-1252."""
    codec = _codec(charset)
    if codec in _WESTERN and _mislabelled_utf8(payload):
        return payload.decode("utf-8")
    if codec in _AS_1252 and _C1.search(payload):
        codec = "cp1252"        # (ISO-8859-1 has no printable characters there; Windows puts its quotes and € there)
    if codec is not None:
        try:
            return payload.decode(codec)
        except UnicodeError:    # (not only UnicodeDecodeError: punycode's and 'undefined''s own errors are this)
            if codec.startswith(_MULTIBYTE):
                return payload.decode(codec, errors="replace")
    if codec != "utf-8":
        try:
            return payload.decode("utf-8")
        except UnicodeDecodeError:
            pass
    return payload.decode("cp1252", errors="replace")


def _mislabelled_utf8(payload: bytes) -> bool:
    """Are these bytes, labelled Western, UTF-8? Valid UTF-8 with a character of several bytes: in Latin-1 text
    such a pair is a capital letter with an accent followed by a control character or a sign ("Ã©", "Â»"), which
    no one writes; any Latin-1 letter between two plain ones ("é" alone) is no valid UTF-8."""
    if payload.isascii() or not _UTF8_SEQUENCE.search(payload):
        return False
    try:
        payload.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def html_charset(payload: bytes) -> str | None:
    """The charset an HTML document names in a <meta> element near its start, if any."""
    found = _META.search(payload, 0, 4096)
    return found.group(1).decode("ascii") if found else None


__all__ = ["decode", "html_charset"]
