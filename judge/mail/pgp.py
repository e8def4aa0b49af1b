"""An inline PGP clear-signed message (RFC 4880, section 7) as the text its sender signed: the armour lines and the
signature block taken out, dash-escaped lines ("- -- ") given back their own text. The signature is not checked
(the judge knows no player's key): the text is read as any other message's."""
from __future__ import annotations

import re

BEGIN = "-----BEGIN PGP SIGNED MESSAGE-----"
_SIGNATURE = "-----BEGIN PGP SIGNATURE-----"
_END = "-----END PGP SIGNATURE-----"
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


__all__ = ["BEGIN", "unsigned"]
