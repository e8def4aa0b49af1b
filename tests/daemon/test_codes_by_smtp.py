"""The codes the judge mails (SET ADDRESS's to the new address, UNLOCK's to a locked-out player's own address) over SMTP
to `judge serve`: a refused line with a code, wrong, expired, malformed or right but unread, is answered with the code
masked; neither the judge's log nor any file it writes holds one; the right code still works."""
import logging
import re

from judge.redact import MASK
from judge.storage.secret import ALPHABET
from tests.daemon.client_mail import GAME, GM, GM_PW, Table, address, plain, play, signon, text_of

FRANCE, RUSSIA, NEW = address("FRANCE"), address("RUSSIA"), "newfrance@example.org"
MALFORMED = "zq7-Xk9!p"


def other_code(code: str) -> str:
    return code[:-1] + next(c for c in ALPHABET if c != code[-1])


def whole(reply) -> str:
    """All a reader of the reply may see: the message as sent, its Subject and its text decoded."""
    return f"{reply.as_string()}\nSubject: {reply['Subject']}\n{text_of(reply)}"


def test_codes_are_never_echoed_logged_or_stored_and_the_right_ones_work(tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    seen: list[str] = []                 # every code and would-be code the scenario sent
    play(tmp_path, lambda t: _codes(t, seen))
    assert len(seen) == 6
    # (the judge's own log, every logger but the test relay's aiosmtpd, which logs the mail it receives)
    logged = "\n".join(f"{r.getMessage()} {r.exc_text or ''}" for r in caplog.records if r.name != "mail.log")
    assert any(r.name.startswith("judge") for r in caplog.records)      # (the judge did log)
    for secret in seen:
        assert secret.lower() not in logged.lower(), secret
        for path in tmp_path.rglob("*"):
            if path.is_file():
                assert secret.lower().encode() not in path.read_bytes().lower(), (secret, path)


async def _refused(t: Table, sender: str, body: str, shown: list[str], secrets: list[str], subject: str = "orders"):
    text = await t.refused(plain(sender, body, subject))
    reply = whole(t.j.relay.to(sender)[-1])
    assert all(s in reply for s in shown), (body, reply)
    assert not any(s.lower() in reply.lower() for s in secrets), (body, reply)
    return text


async def _address_code(t: Table) -> str:
    await t.ask(plain(FRANCE, f"{signon('FRANCE')}\nSET ADDRESS {NEW}"))
    asked = t.j.relay.to(NEW)[-1]
    return re.search(rf"SET ADDRESS {NEW} ([A-Z0-9]{{10}})\n", text_of(asked))[1]


async def _codes(t: Table, seen: list[str]):
    # -- SET ADDRESS: a wrong code, a malformed one, an expired one, the right one unread --------------------------
    old = await _address_code(t)
    wrong = other_code(old)
    seen += [old, wrong, MALFORMED]
    await _refused(t, FRANCE, f"{signon('FRANCE')}\nSET ADDRESS {NEW} {wrong}",
                   [f">> SET ADDRESS {NEW} {MASK}", f"THAT IS NOT THE CODE FOR {NEW}"], seen)
    await _refused(t, FRANCE, f"{signon('FRANCE')}\nSET ADDRESS {NEW} {MALFORMED}",
                   [f">> SET ADDRESS {NEW} {MASK}", f"Subject: Re: SET ADDRESS {NEW} {MASK}\n"], seen,
                   subject=f"SET ADDRESS {NEW} {old}")
    await t.ask(plain(GM, f"SIGNON M{GAME} {GM_PW}\nSET DEADLINE +9d"))     # (no phase is processed meanwhile)
    t.j.clock.advance(days=3, minutes=1)            # a code is good for three days
    await _refused(t, FRANCE, f"{signon('FRANCE')}\nSET ADDRESS {NEW} {old}",
                   [f">> SET ADDRESS {NEW} {MASK}", "A CODE IS GOOD FOR 3 DAYS"], seen)
    code = await _address_code(t)
    seen.append(code)
    await _refused(t, FRANCE, f"SIGNON F{GAME} not-it\nSET ADDRESS {NEW} {code}",
                   ["The rest of your message was not read:", f"   SET ADDRESS {NEW} {MASK}\n"], seen)
    reply = whole(await t.ask(plain(FRANCE, f"{signon('FRANCE')}\nSET ADDRESS {NEW} {code}")))
    assert f"Address changed to {NEW}." in reply and code not in reply
    assert t.game().player("FRANCE").address == NEW

    # -- UNLOCK: five wrong passwords 'from' Russia's address lock its own sign-ons out; its reply has the code -----
    for n in range(5):
        await t.refused(plain(RUSSIA, f"SIGNON R{GAME} guess{n}"))
    locked = " ".join(text_of(await t.ask(plain(RUSSIA, f"{signon('RUSSIA')}\nA Mos H"))).split())
    unlock = re.search(rf"PUT THE LINE UNLOCK R{GAME} ([A-Z0-9]{{10}}) BEFORE YOUR SIGNON LINE", locked)[1]
    seen.append(other_code(unlock))
    # (the lock-out's own reply goes to Russia's address alone; no other reply, log or file holds its code)
    others = [*seen, unlock]
    await _refused(t, RUSSIA, f"UNLOCK R{GAME} {other_code(unlock)}\n{signon('RUSSIA')}\nA Mos H",
                   [f">> UNLOCK R{GAME} {MASK}", f"THAT IS NOT THE CODE FOR RUSSIA IN {GAME}"], others)
    await _refused(t, RUSSIA, f"UNLOCK R{GAME} {MALFORMED}",
                   [f">> UNLOCK R{GAME} {MASK}", f"Subject: Re: UNLOCK R{GAME} {MASK}\n"], others,
                   subject=f"UNLOCK R{GAME} {unlock}")
    await _refused(t, FRANCE, f"UNLOCK R{GAME} {unlock}\n{signon('RUSSIA')}",
                   [f">> UNLOCK R{GAME} {MASK}", "UNLOCK WORKS ONLY IN MAIL FROM THE ADDRESS OF RUSSIA"], others)
    log = (t.j.tmp_path / "games" / GAME / "access.log").read_text()
    assert f"PUT THE LINE UNLOCK R{GAME} {MASK} BEFORE YOUR SIGNON LINE" in log and unlock not in log, log
    reply = whole(await t.ask(plain(RUSSIA, f"UNLOCK R{GAME} {unlock}\n{signon('RUSSIA')}\nA Mos H")))
    assert f"Signed on as Russia in game {GAME}." in reply and unlock not in reply, reply
    assert t.game().player("RUSSIA").orders == ["A Mos H"]
    seen.append(unlock)                  # (in the lock-out reply as the relay got it, and nowhere else)
