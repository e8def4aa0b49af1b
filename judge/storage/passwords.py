"""Password hashing with scrypt: the judge stores hashes, never passwords."""
from __future__ import annotations

import base64
import hashlib
import hmac
import os
import threading
import unicodedata
from collections import OrderedDict

from judge import affinity

# scrypt work factor: N = 2**11 with r = 8, p = 1 - 2 MiB of memory and about 5 ms of CPU per check on the 2-core
# machine of benchmarks/mail.py. A judge checks a password for every order mail (once per player and process: see
# _verified), and under a burst of mail from new players these checks are the largest single cost of `judge serve`.
# The cost was N = 2**12 (4 MiB, ~10 ms). Measured with the daemon as it is now, both costs meet the mail targets
# (100 order mails a second, p99 under 250 ms), 2**12 with little room (116/s) and 2**11 with plenty (142-163/s);
# benchmarks/README.md has the figures.
# The trade-off: an attacker holding a stolen status file pays half as much per guess (one bit of security less),
# still with a memory-hard function, a 16-byte salt per password and no password ever stored. Both costs are well
# below what is advised for the passwords of long-lived accounts (N = 2**17): a weak or reused password is at more
# risk from a stolen status file at either cost, which is why the file must stay private all the same.
# Each hash records its own parameters: hashes made at N = 2**12 (or any other cost) keep verifying as they were
# made, and changing _N affects new passwords only.
_N, _R, _P = 2 ** 11, 8, 1

# Checks already made, kept in memory only (never on disk) so that a player's password is hashed once per process,
# not for every mail: stored hash -> {HMAC of the password given: was it right}. The HMAC key is random and made
# anew by every process, so the cache holds no password and nothing that could be checked against one outside this
# process; a stored hash is salted, so it names one game, one power (or master) and one setting of the password;
# a given password matches an entry only if its HMAC is the one kept. Bounded: the hashes used least recently go
# first (_CACHED of them, each with its right password and at most _PER_HASH wrong ones); `forget` drops a hash that
# is replaced. The HMAC is of the password's NFC form: its forms are one password (_forms).
_CACHED, _PER_HASH = 4096, 4
_key = os.urandom(32)
_verified: OrderedDict[str, dict[bytes, bool]] = OrderedDict()
_lock = threading.Lock()


def _forms(password: str) -> list[str]:
    """The ways `password` may have been hashed: its NFC form (every hash made now), then as it was given and in
    NFD (hashes made before passwords were normalized, of whatever form the sender's client wrote): "pässwörd"
    with its letters precomposed or decomposed is one password."""
    forms = [unicodedata.normalize("NFC", password)]
    if not password.isascii():
        for form in (password, unicodedata.normalize("NFD", password)):
            if form not in forms:
                forms.append(form)
    return forms


def hash_password(password: str, n: int = _N) -> str:
    """The hash stored for `password`, of its NFC form (the form a check compares first)."""
    salt = os.urandom(16)
    with affinity.spread():                 # (scrypt lets go of the interpreter lock: any CPU may do it)
        digest = hashlib.scrypt(_forms(password)[0].encode("utf-8"), salt=salt, n=n, r=_R, p=_P, dklen=32)
    return f"scrypt${n}${_R}${_P}${base64.b64encode(salt).decode()}${base64.b64encode(digest).decode()}"


def check_password(password: str, stored: str) -> bool:
    """Is `password` (in any Unicode normal form) the one `stored` is the hash of? One answer per check, however
    many forms are tried: a caller counting wrong passwords counts one."""
    forms = _forms(password)
    mac = hmac.new(_key, forms[0].encode("utf-8", "surrogatepass"), hashlib.sha256).digest()
    with _lock:
        tried = _verified.get(stored)
        if tried is not None:
            _verified.move_to_end(stored)
            known = tried.get(mac)
            if known is not None:
                return known
    ok = any(_check(form, stored) for form in forms)
    with _lock:
        tried = _verified.setdefault(stored, {})
        _verified.move_to_end(stored)
        wrong = [m for m, right in tried.items() if not right]
        if not ok and len(wrong) >= _PER_HASH:
            del tried[wrong[0]]                     # the oldest wrong guess: a right password is never pushed out
        tried[mac] = ok
        while len(_verified) > _CACHED:
            _verified.popitem(last=False)
    return ok


def forget(stored: str) -> None:
    """A password was changed (or a seat taken over): its old hash's checks go from memory."""
    with _lock:
        _verified.pop(stored, None)


def _check(password: str, stored: str) -> bool:
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        with affinity.spread():
            got = hashlib.scrypt(password.encode("utf-8"), salt=base64.b64decode(salt), n=int(n), r=int(r),
                                 p=int(p), dklen=len(base64.b64decode(digest)))
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got, base64.b64decode(digest))
