"""An inline PGP clear-signed message (RFC 4880, section 7) as the text its sender signed: the armour lines and the
signature block taken out, dash-escaped lines ("- -- ") given back their own text. The signature is not checked
(the judge knows no player's key): the text is read as any other message's. An encrypted message (inline armour,
PGP/MIME, S/MIME) cannot be read at all: it is known, so that its sender is told why."""
from __future__ import annotations

import re
from email.message import EmailMessage

BEGIN = "-----BEGIN PGP SIGNED MESSAGE-----"
_SIGNATURE = "-----BEGIN PGP SIGNATURE-----"
_END = "-----END PGP SIGNATURE-----"
ENCRYPTED = "-----BEGIN PGP MESSAGE-----"                      # (RFC 4880, 6.2: an encrypted message's armour)
_ARMOUR_HEADER = re.compile(r"[A-Za-z][A-Za-z-]{0,30}: ")      # "Hash: SHA256"


def unsigned(lines: list[str]) -> list[str]:
    """`lines` with each clear-signed part as the text signed; lines outside one (and any message without one) as
    they are. A part cut short (no signature block) is its text to the end."""
    if not any(line.strip() == BEGIN for line in lines):
        return lines
    out: list[str] = []
    state = "text"                  # text (outside), armour (the Hash: lines), signed, signature
    for line in lines:
        bare = line.strip()
        if state == "text":
            if bare == BEGIN:
                state = "armour"
            else:
                out.append(line)
        elif state == "armour" and (not bare or _ARMOUR_HEADER.match(bare)):
            if not bare:
                state = "signed"    # (the armour headers end at the first empty line)
        elif state in ("armour", "signed"):
            state = "signed"        # (a client that dropped the empty line: the signed text starts here)
            if bare == _SIGNATURE:
                state = "signature"
            else:
                out.append(line.removeprefix("- "))
        elif bare == _END:
            state = "text"
    return out


def encrypted_text(text: str, lines: list[str]) -> bool:
    """Do the lines read of `text` (a message's whole text) hold an encrypted message's armour? (Only a line the
    sender wrote counts: one in a quote, or under a signature, is not read.)"""
    return ENCRYPTED in text and any(line.strip() == ENCRYPTED for line in lines)


_SMIME_SEALED = ("enveloped-data", "authenveloped-data")


def encrypted_mime(msg: EmailMessage) -> bool:
    """Is the message PGP/MIME encrypted (RFC 3156: multipart/encrypted, also inside the parts a client wraps it in)
    or S/MIME encrypted (RFC 8551: application/pkcs7-mime of an enveloped-data type)? A message attached whole is
    another message, not this one's text."""
    kind = msg.get_content_type()
    if kind == "multipart/encrypted":
        return True
    if kind in ("application/pkcs7-mime", "application/x-pkcs7-mime"):
        return str(msg.get_param("smime-type", "")).lower() in _SMIME_SEALED
    return msg.is_multipart() and any(encrypted_mime(part) for part in msg.iter_parts()
                                      if part.get_content_maintype() != "message")


__all__ = ["BEGIN", "ENCRYPTED", "encrypted_mime", "encrypted_text", "unsigned"]
