"""Wrong web passwords over real HTTP: the web sign-on form counts in the budget of mail from other addresses than
the power's own (judge-web.md: "the same sign-on limits as mail"; mail before web and web before mail through the
real `judge serve`: tests/web/test_signon_shared_budget.py). One guesser on the web locks the web out for the hour,
whichever browser asks, as a guesser by mail locks out mail from other addresses; the player's own address still
signs on; the player and the master are told; no client's address is written where others could read it; nothing
refused changes the game."""
from __future__ import annotations

import html
import json
from datetime import datetime, timedelta

from judge.storage.failures import FILE, LIMIT, SignonFailures
from judge.web.session import COOKIE
from tests.e2e.conftest import game_files
from tests.web.conftest import GM, address, password


def notices(served, to: str) -> list[str]:
    """The wrong-password notices mailed to `to`, their lines joined (the mail wraps them)."""
    return [" ".join(m.get_content().split()) for m in served.relay.to(to) if "wrong passwords" in str(m["Subject"])]


def failures_file(served) -> str:
    return (served.daemon.judge.store.folder("demo") / FILE).read_text()


def test_one_guesser_on_the_web_locks_the_web_and_other_addresses_out(served):
    served.start_game("demo")
    games = served.settings.games_dir
    before = game_files(games)
    guesser, player = served.visitor(), served.visitor(source="127.0.0.2")
    for _ in range(LIMIT):
        r = guesser.signon("demo", "F", "guess")
        assert r.status == 200 and "WRONG PASSWORD" in r.text and COOKIE not in guesser.cookies
    # Every browser is refused now, even with the right password, and told why and until when.
    for v in (guesser, player):
        r = v.signon("demo", "F", password("FRANCE"))
        text = html.unescape(r.text)
        assert r.status == 200 and COOKIE not in v.cookies
        assert "TOO MANY WRONG PASSWORDS FOR FRANCE IN demo: SIGN-ONS ARE REFUSED UNTIL" in text
        assert "(EXCEPT BY MAIL FROM THE PLAYER'S OWN ADDRESS)" in text
    # So is mail from any other address; mail from France's own signs on.
    served.mail("stranger@example.org", f"SIGNON Fdemo {password('FRANCE')}")
    assert "TOO MANY WRONG PASSWORDS" in served.relay.to("stranger@example.org")[-1].get_content()
    served.settle()
    assert game_files(games) == before                       # nothing refused changed the game
    served.mail(address("FRANCE"), f"SIGNON Fdemo {password('FRANCE')}")
    assert "Signed on as France" in served.relay.to(address("FRANCE"))[-1].get_content()
    # France's player and the master were told, once; no notice names the guesser's address.
    told_gm, told_player = notices(served, GM), notices(served, address("FRANCE"))
    assert len(told_gm) == 1 and len(told_player) == 1
    assert f"{LIMIT} wrong passwords for France in game demo within an hour, by mail and on the web together" \
        in told_player[0]
    assert "Sign-ons from other addresses and from the web page are refused for the rest of the hour" \
        in told_player[0]
    assert "the web sign-on form" in told_gm[0]
    assert not any("127.0.0" in text for text in told_gm + told_player)
    # The refused attempts were not counted; the failures file names no client's address.
    kept = json.loads(failures_file(served))
    assert set(kept) == {"FRANCE:other"} and len(kept["FRANCE:other"]) == LIMIT
    assert "127.0.0" not in failures_file(served)
    # Another power is not affected; after the hour France signs on again.
    assert served.visitor().signon("demo", "G", password("GERMANY")).status == 303
    served.tick(hours=1, minutes=1)
    assert guesser.signon("demo", "F", password("FRANCE")).status == 303
    served.check_pages()


def test_the_failures_file_keeps_only_the_hour(tmp_path):
    """Whatever comes, the file holds the last hour's failures of a few budgets a power: expired times and keys go
    (an earlier release's budgets of single web clients among them), and no list grows past the limit."""
    store = SignonFailures(tmp_path)
    now = datetime(2026, 1, 1, 12, 0)
    (tmp_path / FILE).write_text(json.dumps({f"FRANCE:web:c{n:02}": [now.isoformat()] for n in range(50)}))
    key = SignonFailures.key("FRANCE", False)
    assert store.record(key, now + timedelta(minutes=61)) == 1
    assert json.loads((tmp_path / FILE).read_text()) == {key: [(now + timedelta(minutes=61)).isoformat()]}
    for n in range(3 * LIMIT):
        store.record(key, now + timedelta(minutes=62, seconds=n))
    assert len(json.loads((tmp_path / FILE).read_text())[key]) <= LIMIT + 1


def test_the_masters_copy_ends_with_what_concerns_the_master(served):
    """The attempts were not the master's, and only the player can change the power's password: the advice to
    SET PASSWORD if this was not you is the player's alone; the master reads that the player was told."""
    served.start_game("demo")
    guesser = served.visitor()
    for _ in range(LIMIT):
        guesser.signon("demo", "F", "guess")
    served.settle()
    [player], [master] = notices(served, address("FRANCE")), notices(served, GM)
    assert player.endswith("if this was not you, nothing is lost, but consider SET PASSWORD.")
    assert "if this was not you" not in master and "consider SET PASSWORD" not in master
    assert master.endswith("France's player has been sent this notice too, with the advice to change their password "
                           "(SET PASSWORD) if these attempts were not theirs. Nothing is lost, and there is nothing "
                           "for you to do: only the player can change it.")
    # A power nobody plays (its player resigned): the master alone is told, and that no one's password is at stake.
    served.orders("demo", "GERMANY", "RESIGN")
    for _ in range(LIMIT):
        guesser.signon("demo", "G", "guess")
    served.settle()
    told = [n for n in notices(served, GM) if "for Germany" in n]
    assert len(told) == 1 and told[0].endswith("Germany has no player now, so nobody's password is at stake: nothing "
                                               "is lost, and nothing is needed from you.")
    assert not [n for n in notices(served, address("GERMANY")) if "for Germany" in n]
    served.check_pages()
