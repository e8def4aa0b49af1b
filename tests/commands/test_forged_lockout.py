"""A From line is forged at will: five wrong passwords sent "from" Turkey's own address used up the budget of that
address, and the real player's right password was refused for the hour. The refusals go to that address, though:
a sign-on refused there is answered with a code (UNLOCK) that only its mail holds, and that lets it sign on."""
import re

from tests.commands.helpers import GAME, GM, PLAYERS, Desk

TURKEY, PW = PLAYERS["TURKEY"]
UNLOCK = re.compile(r"UNLOCK (\S+) ([A-Z0-9]{10}) BEFORE")


def forge_five(desk: Desk) -> None:
    """Five wrong passwords 'from' Turkey's address; the replies and the notice go to Turkey, not to the forger."""
    for n in range(5):
        r = desk.send(TURKEY, f"SIGNON T{GAME} wrong{n}")
        assert r.errors[0][1] == f"WRONG PASSWORD OR NO PLAYER FOR TURKEY IN {GAME}"
    notices = desk.delivered("wrong passwords", same=False)
    assert set(notices) == {TURKEY, GM[0]}
    told = " ".join(notices[TURKEY].get_content().split())
    assert "Sign-ons from its own address are refused for the rest of the hour (a sign-on sent from it meanwhile " \
           "is answered, to that address alone, with a code that lets it through)" in told


def refused_with_code(desk: Desk, order: str = "F ANK H") -> str:
    """Turkey's own sign-on, refused: the code in the reply (which goes to Turkey's address alone)."""
    desk.new_mail()
    r = desk.send(TURKEY, f"SIGNON T{GAME} {PW}\n{order}")
    assert not r.accepted
    why = r.errors[0][1]
    assert why.startswith(f"TOO MANY WRONG PASSWORDS FOR TURKEY IN {GAME} FROM YOUR ADDRESS"), why
    mails = desk.new_mail()
    assert [m["To"] for m in mails] == [TURKEY]
    found = UNLOCK.search(" ".join(mails[0].get_content().split()))
    assert found and found.group(1) == f"T{GAME}"
    return found.group(2)


def test_a_forged_from_no_longer_locks_the_player_out(started):
    forge_five(started)
    code = refused_with_code(started)
    r = started.send(TURKEY, f"UNLOCK T{GAME} {code}\nSIGNON T{GAME} {PW}\nF ANK H")
    assert r.accepted, r.errors
    assert started.game(GAME).player("TURKEY").orders == ["F ANK H"]
    # The same code serves until the lock-out ends (the player may send several messages meanwhile).
    assert started.send(TURKEY, f"UNLOCK T{GAME} {code.lower()}\nSIGNON T{GAME} {PW}\nF ANK - BLA").accepted
    assert started.game(GAME).player("TURKEY").orders == ["F ANK - BLA"]
    assert refused_with_code(started, "A CON H") == code                  # without UNLOCK: still refused


def test_without_the_code_the_forger_gets_nowhere(started):
    """A wrong code refuses the message whatever the password (nothing to learn from it, and nothing counted); the
    code is the sender's address's, for one power of one game; UNLOCK from another address is refused."""
    forge_five(started)
    code = refused_with_code(started)
    failures = (started.folder(GAME) / "signon-failures.json").read_bytes()
    for password in (PW, "guess"):
        r = started.send(TURKEY, f"UNLOCK T{GAME} ABCDEFGHJK\nSIGNON T{GAME} {password}")
        assert r.errors[0][1].startswith(f"THAT IS NOT THE CODE FOR TURKEY IN {GAME}"), password
    assert (started.folder(GAME) / "signon-failures.json").read_bytes() == failures
    started.new_mail()
    r = started.send("forger@evil.example", f"UNLOCK T{GAME} {code}\nSIGNON T{GAME} {PW}")
    assert r.errors[0][1] == (f"UNLOCK WORKS ONLY IN MAIL FROM THE ADDRESS OF TURKEY IN {GAME}, WHICH ITS CODE WAS "
                              "MAILED TO")
    assert [m["To"] for m in started.new_mail()] == ["forger@evil.example"]    # (the code is not in that reply)
    germany = PLAYERS["GERMANY"][0]
    r = started.send(germany, f"UNLOCK G{GAME} {code}\nSIGNON G{GAME} ger-pw")
    assert r.accepted and "Nothing to unlock" in started.reply(germany)


def test_with_the_code_wrong_passwords_have_a_budget_of_their_own(started):
    forge_five(started)
    code = refused_with_code(started)
    for n in range(5):
        r = started.send(TURKEY, f"UNLOCK T{GAME} {code}\nSIGNON T{GAME} again{n}")
        assert r.errors[0][1] == f"WRONG PASSWORD OR NO PLAYER FOR TURKEY IN {GAME}", n
    told = " ".join(started.delivered("wrong passwords", same=False)[TURKEY].get_content().split())
    assert "even with the code the judge mails to it" in told
    r = started.send(TURKEY, f"UNLOCK T{GAME} {code}\nSIGNON T{GAME} {PW}")
    assert r.errors[0][1].startswith(f"TOO MANY WRONG PASSWORDS FOR TURKEY IN {GAME} EVEN WITH THE CODE: SIGN-ONS "
                                     "ARE REFUSED UNTIL")
    # An hour on, the lock-outs are over: the right password alone signs on again.
    started.clock.advance(hours=1, minutes=1)
    assert started.send(TURKEY, f"SIGNON T{GAME} {PW}").accepted


def test_a_new_lock_out_has_a_new_code(started):
    forge_five(started)
    first = refused_with_code(started)
    started.clock.advance(hours=1, minutes=1)
    forge_five(started)
    second = refused_with_code(started)
    assert second != first
    r = started.send(TURKEY, f"UNLOCK T{GAME} {first}\nSIGNON T{GAME} {PW}")
    assert r.errors[0][1].startswith("THAT IS NOT THE CODE")
    assert started.send(TURKEY, f"UNLOCK T{GAME} {second}\nSIGNON T{GAME} {PW}").accepted


def test_the_masters_own_address_unlocks_too(started):
    for n in range(5):
        assert not started.send(GM[0], f"SIGNON M{GAME} guess{n}").accepted
    started.new_mail()
    r = started.send(GM[0], f"SIGNON M{GAME} {GM[1]}")
    code = UNLOCK.search(" ".join(r.errors[0][1].split())).group(2)
    assert started.send(GM[0], f"UNLOCK M{GAME} {code}\nSIGNON M{GAME} {GM[1]}\nLIST {GAME}").accepted


def test_the_unlock_reply_names_the_power_as_replies_do(started):
    # Prose says "Turkey", as "Signed on as Turkey" beside it does, not the capitals of a refusal.
    forge_five(started)
    code = refused_with_code(started)
    assert started.send(TURKEY, f"UNLOCK T{GAME} {code}\nSIGNON T{GAME} {PW}").accepted
    reply = " ".join(started.reply(TURKEY).split())
    assert f"Unlocked: sign-ons as Turkey in {GAME} from your address are taken in this message." in reply, reply
    germany = PLAYERS["GERMANY"][0]
    assert started.send(germany, f"UNLOCK G{GAME} {code}\nSIGNON G{GAME} ger-pw").accepted
    assert f"Nothing to unlock: sign-ons as Germany in {GAME} from your address are not refused." in \
        " ".join(started.reply(germany).split())
