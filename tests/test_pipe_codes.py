"""`judge deliver` as an MTA runs it, given the codes the judge mails (SET ADDRESS's, to the new address; UNLOCK's, to
a locked-out player's own address): a refused line with a code, wrong, malformed or right, is answered with the code
masked, in the body and the Subject, and neither the judge's output nor any file it writes holds the code (but the
one mail that was meant to carry it). The right code still does its work."""
import email
import email.policy
import re
from email.message import EmailMessage
from pathlib import Path

from judge.redact import MASK
from judge.storage.secret import ALPHABET
from tests.e2e.conftest import game_files
from tests.test_pipe import deliver, delivered, game_for

NEW = "new@example.org"


def mail(sender: str, body: str, subject: str = "orders") -> bytes:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = f"Player <{sender}>", "judge@localhost", subject
    msg["Message-ID"] = f"<{abs(hash((sender, body, subject)))}@example.org>"
    msg.set_content(body)
    return msg.as_bytes(policy=email.policy.SMTP)


def other_code(code: str) -> str:
    """A code of the right shape that is not `code` (its last letter changed)."""
    return code[:-1] + next(c for c in ALPHABET if c != code[-1])


def answer(tmp: Path, cfg: Path, raw: bytes) -> tuple[str, str]:
    """Pipe `raw` to `judge deliver`: (the whole reply as mailed, decoded, with its Subject; what the judge printed)."""
    before = len(delivered(tmp))
    p = deliver(cfg, raw)
    assert p.returncode == 0, p.stderr
    asked = email.message_from_bytes(raw, policy=email.policy.default)["Message-ID"]
    [reply] = [m for m in delivered(tmp)[before:] if f"\nIn-Reply-To: {asked}\n" in m]
    msg = email.message_from_string(reply, policy=email.policy.default)
    return f"{reply}\nSubject: {msg['Subject']}\n{msg.get_content()}", (p.stdout + p.stderr).decode()


def holding(tmp: Path, secret: str) -> list[Path]:
    """Every file under `tmp` that holds `secret`, in any case."""
    return [p for p in sorted(tmp.rglob("*")) if p.is_file() and secret.lower().encode() in p.read_bytes().lower()]


def test_a_refused_address_code_is_never_echoed_and_the_right_one_still_works(tmp_path):
    game_for(tmp_path)
    cfg, games = tmp_path / "config.ini", tmp_path / "games"
    answer(tmp_path, cfg, mail("f@example.org", f"SIGNON Fpiped pw-F\nSET ADDRESS {NEW}"))
    [asked] = [m for m in delivered(tmp_path) if f"To: {NEW}" in m]
    code = re.search(rf"SET ADDRESS {NEW} ([A-Z0-9]{{10}})\n", asked)[1]
    wrong, malformed = other_code(code), "zq7-Xk9!p"
    before = game_files(games)
    cases = [  # (the message, its Subject, what the reply must show)
        (f"SIGNON Fpiped pw-F\nSET ADDRESS {NEW} {wrong}", "orders",
         [f">> SET ADDRESS {NEW} {MASK}", f"THAT IS NOT THE CODE FOR {NEW}"]),
        (f"SIGNON Fpiped pw-F\nSET ADDRESS {NEW} {malformed} {wrong}", "orders",
         [f">> SET ADDRESS {NEW} {MASK}", "USE SET ADDRESS <one plain e-mail address"]),
        (f"SIGNON Fpiped pw-F\nSET ADDRESS {malformed}", "orders", [f">> SET ADDRESS {MASK}"]),
        # The right code, unread after a refused sign-on: it still works, so it is worth more than a wrong one.
        (f"SIGNON Fpiped pw-X\nSET ADDRESS {NEW} {code}\nF Bre - Mao", "orders",
         ["The rest of your message was not read:", f"   SET ADDRESS {NEW} {MASK}\n", "   F Bre - Mao"]),
        # ... and in a Subject (never read, but echoed in the reply's), with a wrong one in the body.
        (f"SIGNON Fpiped pw-F\nset address: {NEW}, {wrong}", f"Re: SET ADDRESS {NEW} {code}",
         [f"Subject: Re: SET ADDRESS {NEW} {MASK}\n", f">> set address: {NEW}, {MASK}"]),
    ]
    for body, subject, shown in cases:
        reply, printed = answer(tmp_path, cfg, mail("f@example.org", body, subject))
        assert "Your message was NOT accepted" in reply and all(s in reply for s in shown), (body, reply)
        for secret in (code, wrong, malformed):
            assert secret.lower() not in (reply + printed).lower(), (body, secret, reply)
        assert game_files(games) == before                 # refused: nothing changed
    log = (games / "piped" / "access.log").read_text()
    assert f"REFUSED 'SET ADDRESS {NEW} {MASK}': THAT IS NOT THE CODE FOR {NEW}" in log, log
    assert holding(tmp_path, wrong) == [] and holding(tmp_path, malformed) == []
    assert holding(tmp_path, code) == [p for p in (tmp_path / "maildir" / "new").iterdir() if p.read_text() == asked]

    reply, _ = answer(tmp_path, cfg, mail("f@example.org", f"SIGNON Fpiped pw-F\nSET ADDRESS {NEW} {code}"))
    assert f"Address changed to {NEW}." in reply and code not in reply
    from judge import config
    from judge.service import Judge
    assert Judge(config.load(cfg)).store.load("piped").player("FRANCE").address == NEW


def test_a_refused_unlock_code_is_never_echoed_and_the_right_one_still_works(tmp_path):
    game_for(tmp_path)
    cfg, games = tmp_path / "config.ini", tmp_path / "games"
    for n in range(5):                          # forged 'from' Turkey's address: its own sign-ons are locked out
        answer(tmp_path, cfg, mail("t@example.org", f"SIGNON Tpiped guess{n}"))
    locked, _ = answer(tmp_path, cfg, mail("t@example.org", "SIGNON Tpiped pw-T\nF Ank H"))
    code = re.search(r"PUT THE LINE UNLOCK Tpiped ([A-Z0-9]{10}) BEFORE YOUR SIGNON LINE", " ".join(locked.split()))[1]
    wrong, malformed = other_code(code), "zq7-Xk9!p"
    cases = [
        (f"UNLOCK Tpiped {wrong}\nSIGNON Tpiped pw-T\nF Ank H", "orders",
         [f">> UNLOCK Tpiped {MASK}", "THAT IS NOT THE CODE FOR TURKEY IN piped", f"   SIGNON Tpiped {MASK}"]),
        (f"unlock: Tpiped {malformed}\nSIGNON Tpiped pw-T", "orders", [f">> unlock: Tpiped {MASK}"]),
        (f"UNLOCK Tpiped {malformed} {code}", "orders", [f">> UNLOCK Tpiped {MASK}", "UNLOCK"]),
        (f"UNLOCK Tpiped {wrong}", f"UNLOCK Tpiped {code}", [f"Subject: Re: UNLOCK Tpiped {MASK}\n"]),
        # From another address (the code works only from Turkey's own): refused, masked too.
        (f"UNLOCK Tpiped {code}\nSIGNON Tpiped pw-T", "orders",
         [f">> UNLOCK Tpiped {MASK}", "UNLOCK WORKS ONLY IN MAIL FROM THE ADDRESS OF TURKEY"]),
    ]
    for n, (body, subject, shown) in enumerate(cases):
        sender = "t@example.org" if n < len(cases) - 1 else "f@example.org"
        reply, printed = answer(tmp_path, cfg, mail(sender, body, subject))
        assert "Your message was NOT accepted" in reply and all(s in reply for s in shown), (body, reply)
        for secret in (code, wrong, malformed):
            assert secret.lower() not in (reply + printed).lower(), (body, secret, reply)
    # The access log keeps what each refusal said, the lock-out's own words included, without the code.
    log = (games / "piped" / "access.log").read_text()
    assert f"PUT THE LINE UNLOCK Tpiped {MASK} BEFORE YOUR SIGNON LINE" in log, log
    assert f"REFUSED 'UNLOCK Tpiped {MASK}': THAT IS NOT THE CODE FOR TURKEY IN piped" in log, log
    assert holding(tmp_path, wrong) == [] and holding(tmp_path, malformed) == []
    meant = [p for p in (tmp_path / "maildir" / "new").iterdir() if "PUT THE LINE UNLOCK" in p.read_text()]
    assert holding(tmp_path, code) == sorted(meant) and all("To: t@example.org" in p.read_text() for p in meant)

    reply, _ = answer(tmp_path, cfg, mail("t@example.org", f"UNLOCK Tpiped {code}\nSIGNON Tpiped pw-T\nF Ank H"))
    assert "Signed on as Turkey in game piped." in reply and code not in reply, reply
