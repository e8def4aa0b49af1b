"""Password hashing with scrypt: the judge stores hashes, never passwords."""
from __future__ import annotations

import base64
import hashlib
import hmac
import os

# scrypt work factor: N = 2**12 with r = 8 costs about 10 ms and 4 MB per check. A judge answers every order mail
# with one check, so this keeps a burst of mail fast while making a stolen status file expensive to attack. Each
# hash records its own parameters, so raising the cost later only affects new passwords.
_N, _R, _P = 2 ** 12, 8, 1
_verified: dict[tuple[str, str], bool] = {}


def hash_password(password: str, n: int = _N) -> str:
    salt = os.urandom(16)
    digest = hashlib.scrypt(password.encode("utf-8"), salt=salt, n=n, r=_R, p=_P, dklen=32)
    return "scrypt${}${}${}${}${}".format(n, _R, _P, base64.b64encode(salt).decode(), base64.b64encode(digest).decode())


def check_password(password: str, stored: str) -> bool:
    # A process answers many mails from the same players: remember checks already made (keyed by a digest of the
    # password bound to this hash, so the cache holds no password).
    key = (stored, hashlib.sha256((stored + "\0" + password).encode("utf-8")).hexdigest())
    if key in _verified:
        return _verified[key]
    ok = _check(password, stored)
    if len(_verified) > 10_000:
        _verified.clear()
    _verified[key] = ok
    return ok


def _check(password: str, stored: str) -> bool:
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        got = hashlib.scrypt(password.encode("utf-8"), salt=base64.b64decode(salt), n=int(n), r=int(r), p=int(p),
                             dklen=len(base64.b64decode(digest)))
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, base64.b64decode(digest))
