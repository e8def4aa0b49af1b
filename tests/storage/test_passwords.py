"""scrypt password hashes: the judge stores hashes, never passwords."""
import pytest

from judge.storage import passwords
from judge.storage.passwords import check_password, hash_password


def test_a_hash_records_its_parameters_and_not_the_password():
    stored = hash_password("s3cret-pw")
    scheme, n, r, p, salt, digest = stored.split("$")
    assert (scheme, n, r, p) == ("scrypt", "2048", "8", "1")
    assert "s3cret-pw" not in stored and salt and digest


def test_hashes_made_at_the_earlier_cost_still_verify():
    # N = 2**12 was the cost before benchmarks/mail.py; status files hold such hashes (made by hashlib directly
    # here, as the earlier code did, so that the test does not depend on hash_password's default).
    import base64
    import hashlib
    salt = b"0123456789abcdef"
    digest = hashlib.scrypt(b"old-pw", salt=salt, n=2 ** 12, r=8, p=1, dklen=32)
    stored = f"scrypt$4096$8$1${base64.b64encode(salt).decode()}${base64.b64encode(digest).decode()}"
    assert check_password("old-pw", stored) and not check_password("old-pw2", stored)
    assert hash_password("old-pw", n=2 ** 12).split("$")[1] == "4096"


def test_salted():
    assert hash_password("same") != hash_password("same")


def test_check():
    stored = hash_password("right")
    assert check_password("right", stored)
    assert not check_password("wrong", stored)
    assert not check_password("Right", stored)
    assert not check_password("", stored)
    assert check_password("right", stored)             # again, from the cache


def test_unicode_passwords():
    stored = hash_password("m\u00f6t de passe \u20ac")
    assert check_password("m\u00f6t de passe \u20ac", stored) and not check_password("mot de passe", stored)


def test_the_cost_is_read_from_the_hash():
    stored = hash_password("cheap", n=2 ** 4)
    assert stored.split("$")[1] == "16" and check_password("cheap", stored) and not check_password("dear", stored)


@pytest.mark.parametrize("stored", ["", "plain-text", "md5$1$2$3$4$5", "scrypt$x$8$1$AAAA$BBBB",
                                    "scrypt$16$8$1$not base64!$AAAA", "scrypt$16$8"])
def test_malformed_hashes_never_match(stored):
    assert not check_password("anything", stored)
    assert not check_password(stored, stored)


def test_the_cache_holds_no_password():
    secret = "cache-me-not"
    stored = hash_password(secret)
    check_password(secret, stored)
    check_password(secret + "x", stored)
    kept = repr(passwords._verified)
    assert secret not in kept and secret.encode() not in b"".join(m for t in passwords._verified.values() for m in t)
    # nothing that could be checked against the password outside this process: an HMAC with a key of its own
    import hashlib
    import hmac as hmac_
    digests = set(passwords._verified[stored])
    assert hashlib.sha256(secret.encode()).digest() not in digests
    assert hmac_.new(b"", secret.encode(), hashlib.sha256).digest() not in digests


def test_a_right_password_is_hashed_once_and_a_wrong_one_never_matches(monkeypatch):
    stored = hash_password("right")
    calls = []
    real = passwords._check
    monkeypatch.setattr(passwords, "_check", lambda pw, st: calls.append(pw) or real(pw, st))
    assert [check_password("right", stored) for _ in range(5)] == [True] * 5
    assert calls == ["right"]
    for guess in ["wrong", "Right", "right ", "", "righ"]:
        assert not check_password(guess, stored) and not check_password(guess, stored)
    assert check_password("right", stored)
    # a cached check of one hash never answers for another hash of the same password (another game, power or
    # setting of it): each is checked on its own
    other = hash_password("right")
    assert check_password("right", other) and calls.count("right") == 2


def test_forgotten_when_the_password_changes(monkeypatch):
    old = hash_password("first")
    assert check_password("first", old)
    passwords.forget(old)
    assert old not in passwords._verified
    calls = []
    real = passwords._check
    monkeypatch.setattr(passwords, "_check", lambda pw, st: calls.append(pw) or real(pw, st))
    assert check_password("first", old) and calls == ["first"]          # checked anew


def test_the_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(passwords, "_CACHED", 3)
    hashes = [hash_password(f"pw{i}", n=2 ** 4) for i in range(5)]
    for i, h in enumerate(hashes):
        assert check_password(f"pw{i}", h)
    assert list(passwords._verified)[-3:] == hashes[2:] and len(passwords._verified) <= 3
    for guess in range(10):                            # many wrong guesses at one hash keep only a few entries
        check_password(f"guess{guess}", hashes[4])
    assert len(passwords._verified[hashes[4]]) <= passwords._PER_HASH + 1
    assert check_password("pw4", hashes[4])


NFC, NFD = "p\u00e4ssw\u00f6rd", "pa\u0308sswo\u0308rd"        # "pässwörd", precomposed and decomposed


def _made_before(password: str) -> str:
    """A hash as the judge made it before passwords were normalized: of the text as given (hashlib directly)."""
    import base64
    import hashlib
    salt = b"fedcba9876543210"
    digest = hashlib.scrypt(password.encode("utf-8"), salt=salt, n=2 ** 4, r=8, p=1, dklen=32)
    return f"scrypt$16$8$1${base64.b64encode(salt).decode()}${base64.b64encode(digest).decode()}"


@pytest.mark.parametrize("chosen", [NFC, NFD])
def test_a_password_is_one_password_in_either_unicode_form(chosen):
    stored = hash_password(chosen, n=2 ** 4)
    assert passwords._check(NFC, stored) and not passwords._check(NFD, stored)       # (hashed in NFC)
    assert check_password(NFC, stored) and check_password(NFD, stored)
    assert not check_password("pa\u0308sswo\u0308rt", stored) and not check_password("passwort", stored)


@pytest.mark.parametrize("given", [NFC, NFD])
def test_hashes_made_of_either_form_before_still_verify_in_both(given):
    stored = _made_before(given)
    passwords.forget(stored)
    assert check_password(NFC, stored) and check_password(NFD, stored)
    assert not check_password("p\u00e4ssw\u00f6rt", stored)
