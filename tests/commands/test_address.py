"""SET ADDRESS is no oracle: whoever asks gets the same reply whether or not the address already plays in the game
(a player could test guessed addresses of the others and of the master); the answer goes to the address itself, a
code when it is free. The change is made with that code, which only the address's mail holds."""
import re

import pytest

from tests.commands.helpers import GAME, GM, PLAYERS, Desk

CODE = re.compile(r"SET ADDRESS (\S+) ([A-Z0-9]{10})\b")


def ask(desk: Desk, who: str | None, new: str):
    if new.lower() in desk.owner:
        # The reply echoes the line the sender wrote, the address in it too: theirs to see, not a leak (the privacy
        # check after every message is told so).
        desk.owner[new.lower()] = desk.owner[PLAYERS[who][0] if who else GM[0]]
    return desk.signon(who, f"SET ADDRESS {new}") if who else desk.master(f"SET ADDRESS {new}")


def code_mailed(desk: Desk, new: str) -> str:
    """The code in the newest mail to `new` (none: fails)."""
    mails = [m for m in desk.new_mail() if m["To"] == new]
    found = [CODE.search(" ".join(m.get_content().split())) for m in mails]
    codes = [f.group(2) for f in found if f and f.group(1) == new]
    assert codes, f"no code mailed to {new}"
    return codes[-1]


def change_address(desk: Desk, who: str | None, new: str) -> None:
    """`who` (a power, None for the master) moves to `new`: the code mailed there, then sent back."""
    assert ask(desk, who, new).accepted
    code = code_mailed(desk, new)
    r = desk.signon(who, f"SET ADDRESS {new} {code}") if who else desk.master(f"SET ADDRESS {new} {code}")
    assert r.accepted, r.errors


@pytest.mark.parametrize("rule", ["anonymous=no", "anonymous=until_end"])
def test_the_reply_is_the_same_whether_or_not_the_address_plays_in_the_game(started, rule):
    """France asks for a free address, Germany's, the master's (any case) and an observer's: the same reply each
    time, nothing changed; a code goes to the free one, a word that nothing changed to the others, naming nobody."""
    assert started.master(f"SET RULE {rule}").accepted
    assert started.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    started.new_mail()
    france = PLAYERS["FRANCE"][0]
    replies, mails = {}, {}
    for address in ("free@example.org", PLAYERS["GERMANY"][0], GM[0].upper(), "watcher@example.org"):
        started.clock.advance(minutes=21)                  # (three codes an hour for one power)
        before = started.game(GAME).player("FRANCE").address
        r = ask(started, "FRANCE", address)
        assert r.accepted and not r.errors, address
        got = started.new_mail()
        [reply] = [m for m in got if m["To"] == france]
        # (the clock moved on between them: the code's last day too)
        words = " ".join(reply.get_content().split()).replace(address, "<address>")
        replies[address] = re.sub(r"by \w{3} \d+ \w{3} \d{4} \d\d:\d\d UTC", "by <date>", words)
        mails[address] = [m for m in got if m["To"] != france]
        assert started.game(GAME).player("FRANCE").address == before
    assert len(set(replies.values())) == 1, replies
    assert "The judge has written to <address>: a code, if nobody in game" in replies["free@example.org"]
    for address, got in mails.items():
        assert [m["To"] for m in got] == [address], address              # the asked-for address alone hears of it
        text = " ".join(got[0].get_content().split())
        assert ("no code was sent" in text) is (address != "free@example.org"), text
        assert bool(CODE.search(text)) is (address == "free@example.org"), text
        assert "France" not in text and "FRANCE" not in text              # who asked is not said


def test_the_change_needs_the_code_mailed_to_the_new_address(started):
    before = started.status_bytes()
    started.owner[PLAYERS["GERMANY"][0]] = started.owner[PLAYERS["FRANCE"][0]]          # (see ask)
    for line in ("SET ADDRESS new@example.org ABCDEFGHJK", f"SET ADDRESS {PLAYERS['GERMANY'][0]} ABCDEFGHJK"):
        r = started.signon("FRANCE", line)
        assert r.errors[0][1].startswith("THAT IS NOT THE CODE FOR "), line       # the same, free or not
    assert started.status_bytes() == before
    assert ask(started, "FRANCE", "new@example.org").accepted
    code = code_mailed(started, "new@example.org")
    assert code not in started.status_bytes().decode()                  # the code itself is kept nowhere
    for line in (f"SET ADDRESS other@example.org {code}", f"SET ADDRESS new@example.org {code[::-1]}"):
        assert started.signon("FRANCE", line).errors[0][1].startswith("THAT IS NOT THE CODE FOR ")
    r = started.signon("GERMANY", f"SET ADDRESS new@example.org {code}")          # another power's code
    assert r.errors[0][1].startswith("THAT IS NOT THE CODE FOR ")
    r = started.signon("FRANCE", f"SET ADDRESS new@example.org {code.lower()[:5]}-{code.lower()[5:]}")
    assert r.accepted and started.game(GAME).player("FRANCE").address == "new@example.org"
    assert started.game(GAME).address_requests == {}
    r = started.send("new@example.org", f"SIGNON F{GAME} fra-pw\nSET ADDRESS new@example.org {code}")
    assert r.errors[0][1] == "ADDRESS new@example.org IS ALREADY YOURS: NOTHING TO CHANGE"


def test_a_code_is_good_for_three_days_and_only_the_last_one_asked_for(started):
    assert ask(started, "FRANCE", "one@example.org").accepted
    first = code_mailed(started, "one@example.org")
    assert ask(started, "FRANCE", "two@example.org").accepted
    second = code_mailed(started, "two@example.org")
    assert started.signon("FRANCE", f"SET ADDRESS one@example.org {first}").errors[0][1].startswith("THAT IS NOT")
    started.clock.advance(days=3, minutes=1)
    r = started.signon("FRANCE", f"SET ADDRESS two@example.org {second}")
    assert r.errors[0][1].startswith("THAT IS NOT THE CODE FOR two@example.org")
    assert started.game(GAME).player("FRANCE").address == PLAYERS["FRANCE"][0]


def test_a_code_is_void_once_the_power_has_another_player(started):
    assert ask(started, "ITALY", "it2@example.org").accepted
    code = code_mailed(started, "it2@example.org")
    assert started.signon("ITALY", "RESIGN").accepted
    assert started.send("newitaly@example.org", f"TAKEOVER I{GAME} new-pw").accepted
    r = started.send("newitaly@example.org", f"SIGNON I{GAME} new-pw\nSET ADDRESS it2@example.org {code}")
    assert r.errors[0][1].startswith("THAT IS NOT THE CODE FOR it2@example.org")


def test_codes_mailed_are_bounded(started):
    """Each request mails an address the player chose: three an hour for one power, counted free or taken."""
    for n, address in enumerate(("a@example.org", PLAYERS["GERMANY"][0], "c@example.org")):
        assert ask(started, "FRANCE", address).accepted, n
    r = ask(started, "FRANCE", "d@example.org")
    assert r.errors[0][1].startswith("SET ADDRESS MAILS A CODE AT MOST 3 TIMES AN HOUR FOR ONE POWER")
    assert not [m for m in started.new_mail() if m["To"] == "d@example.org"]
    assert ask(started, "GERMANY", "g2@example.org").accepted               # another power's own count
    started.clock.advance(hours=1, minutes=1)
    assert ask(started, "FRANCE", "d@example.org").accepted


def test_the_judges_own_address_and_ones_own_are_said_at_once(started):
    """Nothing secret in these: the judge's address is on every mail, and one's own address is one's own."""
    r = ask(started, "FRANCE", "JUDGE@localhost")
    assert r.errors[0][1].startswith("ADDRESS JUDGE@localhost IS THE JUDGE'S OWN ADDRESS")
    r = ask(started, None, GM[0].upper())
    assert r.errors[0][1] == f"ADDRESS {GM[0].upper()} IS ALREADY YOURS: NOTHING TO CHANGE"


@pytest.mark.parametrize("new", ["MAILER-DAEMON@example.org", "postmaster@example.org"])
def test_a_mail_systems_address_is_refused_and_nothing_is_mailed_to_it(started, new):
    """Mail from such an address is a bounce to the judge, never read: a player moved there could send nothing."""
    r = ask(started, "FRANCE", new)
    assert r.errors[0][1].startswith(f"ADDRESS {new} IS A MAIL SYSTEM'S"), r.errors
    assert not [m for m in started.new_mail() if m["To"] == new]


def test_an_address_taken_since_the_code_was_mailed_is_refused_to_the_codes_holder(started):
    assert ask(started, "FRANCE", "late@example.org").accepted
    code = code_mailed(started, "late@example.org")
    assert started.send("late@example.org", f"OBSERVE {GAME}").accepted
    started.owner["late@example.org"] = started.owner[PLAYERS["FRANCE"][0]]      # (the code's holder: the same)
    r = started.signon("FRANCE", f"SET ADDRESS late@example.org {code}")
    assert r.errors[0][1].startswith(f"ADDRESS late@example.org HAS A PART IN GAME {GAME} NOW")


def test_a_new_address_moves_only_that_powers_record(started):
    """Under multiple_powers France's player also took Italy over, from the same address; France's new address
    is France's alone: Italy's player (and Italy's record) keep the old one."""
    france = PLAYERS["FRANCE"][0]
    assert started.master("SET RULE multiple_powers").accepted
    assert started.signon("ITALY", "RESIGN").accepted
    assert started.send(france, f"TAKEOVER I{GAME} second-pw").accepted
    change_address(started, "FRANCE", "fr2@example.org")
    game = started.game(GAME)
    records = {(t["power"], t["address"]) for t in game.tenures}
    assert ("FRANCE", "fr2@example.org") in records and ("ITALY", france) in records, records
    assert game.player("ITALY").address == france
