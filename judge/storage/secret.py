"""The judge's secret (a file in the games folder, made on first use), and the codes made from it: a code mailed to
an address proves that whoever sends it back reads that address's mail, which a From line, forged at will, never
proves. A code is a keyed digest of what it stands for, so nothing about it is stored beside the games."""
from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
from pathlib import Path

from judge.storage.atomic import make_folder

SECRET_FILE = ".web-secret"        # (named for the web sessions it signed first)
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"     # no 0/O, 1/I: read off a mail and typed back
CODE_LENGTH = 10                   # 50 bits: guessing one by mail, a message at a time, is hopeless


def load_secret(folder: Path) -> bytes:
    """The judge's signing secret, made on first use: 32 random bytes in a file only the judge's user may read."""
    path = Path(folder) / SECRET_FILE
    make_folder(Path(folder))
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        if stat.S_IMODE(path.stat().st_mode) & 0o077:
            os.chmod(path, 0o600)          # someone loosened it: the secret signs every session
        text = path.read_text(encoding="ascii").strip()
        if len(text) >= 32:
            return bytes.fromhex(text)
        os.unlink(path)                    # empty or cut short (a crash while it was first written): a new one
        return load_secret(folder)
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(secrets.token_hex(32) + "\n")
        fh.flush()
        os.fsync(fh.fileno())
    return bytes.fromhex(path.read_text(encoding="ascii").strip())


def code(folder: Path, *parts: str) -> str:
    """The code for `parts` (what it is for, the game, who, the addresses, a moment): the same parts always give
    the same code, and nobody without the secret can make one."""
    message = "\0".join(("code", *parts)).lower().encode("utf-8")
    digest = hmac.new(load_secret(folder), message, hashlib.sha256).digest()
    return "".join(ALPHABET[b % len(ALPHABET)] for b in digest[:CODE_LENGTH])


def same_code(given: str, expected: str) -> bool:
    """Is `given` the code (case, spaces and dashes as typed aside), compared in constant time?"""
    typed = "".join(c for c in given.upper() if c not in " -")
    return hmac.compare_digest(typed.encode("ascii", "replace"), expected.encode("ascii"))
