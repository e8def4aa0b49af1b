"""What counts as an e-mail address the judge can write to (used by the mail reader and by SET ADDRESS)."""
from __future__ import annotations

import re

_USABLE = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*")


def usable_address(address: str) -> bool:
    """One plain ASCII address, nothing a header could trip on: no list, no name, no quoting, no spaces."""
    return bool(address) and len(address) <= 254 and bool(_USABLE.fullmatch(address))
