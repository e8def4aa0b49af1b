"""Wrong web passwords over real HTTP, from clients at different addresses (127.0.0.x): each client has a budget of
its own, so a stranger's guesses do not lock a player out of the web; all clients together are capped; the player
and the master are told; no client's address is written where others could read it; nothing refused changes the
game."""
from __future__ import annotations

import html
import json

from judge.storage import failures
from judge.storage.failures import FILE, LIMIT, WEB_LIMIT, SignonFailures
from judge.web.session import COOKIE
from tests.e2e.conftest import game_files
from tests.web.conftest import GM, address, password


def notices(served, to: str) -> list[str]:
    """The wrong-password notices mailed to `to`, their lines joined (the mail wraps them)."""
    return [" ".join(m.get_content().split()) for m in served.relay.to(to) if "wrong passwords" in str(m["Subject"])]


def failures_file(served) -> str:
    return (served.daemon.judge.store.folder("demo") / FILE).read_text()


def test_one_clients_guesses_lock_out_that_client_only(served):
    served.start_game("demo")
    games = served.settings.games_dir
    before = game_files(games)
    guesser, player = served.visitor(), served.visitor(source="127.0.0.2")
    for _ in range(LIMIT):
        r = guesser.signon("demo", "F", "guess")
        assert r.status == 200 and "WRONG PASSWORD" in r.text and COOKIE not in guesser.cookies
    # The guesser is refused now even with the right password, and told why and until when.
    r = guesser.signon("demo", "F", password("FRANCE"))
    assert r.status == 200 and COOKIE not in guesser.cookies
    assert "TOO MANY WRONG PASSWORDS FOR FRANCE IN demo FROM THIS WEB CLIENT" in r.text
    served.settle()
    assert game_files(games) == before                       # nothing refused changed the game
    # France's player and the master were told, once; no notice names the guesser's address.
    told_gm, told_player = notices(served, GM), notices(served, address("FRANCE"))
    assert len(told_gm) == 1 and len(told_player) == 1
    assert f"{LIMIT} wrong passwords for France in game demo" in told_player[0]
    assert "the web sign-on form" in told_gm[0]
    assert not any("127.0.0" in text for text in told_gm + told_player)
    # Another client signs on with the right password; the failures file names no client's address.
    assert player.signon("demo", "F", password("FRANCE")).status == 303 and COOKIE in player.cookies
    assert "127.0.0" not in failures_file(served) and "FRANCE:web" in failures_file(served)
    # Web guesses are the web's: a stranger's mail with the right password still signs on.
    served.mail("stranger@example.org", f"SIGNON Fdemo {password('FRANCE')}")
    assert "Signed on as France" in served.relay.to("stranger@example.org")[-1].get_content()
    served.tick(hours=1, minutes=1)
    assert guesser.signon("demo", "F", password("FRANCE")).status == 303
    served.check_pages()


def test_all_clients_together_are_capped(served):
    served.start_game("demo")
    games = served.settings.games_dir
    before = game_files(games)
    # Many clients, each guessing fewer than its own budget: the cap on all of them stops the guess after WEB_LIMIT.
    clients = [served.visitor(source=f"127.0.0.{n}") for n in range(2, 3 + WEB_LIMIT // (LIMIT - 1))]
    for i in range(WEB_LIMIT + 1):
        r = clients[i // (LIMIT - 1)].signon("demo", "F", "guess")
        assert r.status == 200 and ("WRONG PASSWORD OR NO PLAYER" if i < WEB_LIMIT else
                                    "TOO MANY WRONG PASSWORDS FOR FRANCE IN demo ON THE WEB") in r.text
    # A client never seen before is refused too, even with the right password, for the rest of the hour.
    fresh = served.visitor(source="127.0.1.1")
    r = fresh.signon("demo", "F", password("FRANCE"))
    shown = html.unescape(r.text)
    assert "ON THE WEB: SIGN-ONS ARE REFUSED UNTIL" in shown and COOKIE not in fresh.cookies
    assert "(EXCEPT BY MAIL FROM THE PLAYER'S OWN ADDRESS)" in shown
    served.settle()
    assert game_files(games) == before
    stored = json.loads(failures_file(served))
    assert len(stored["FRANCE:web"]) == WEB_LIMIT                # the refused attempts were not counted
    told = notices(served, address("FRANCE"))
    assert len(told) == 1 and f"{WEB_LIMIT} wrong passwords for France in game demo within an hour on the web" \
        in told[0] and "whoever visits it" in told[0]
    # Mail from France's own address still signs on; another power's web sign-on is not affected.
    served.mail(address("FRANCE"), f"SIGNON Fdemo {password('FRANCE')}")
    assert "Signed on as France" in served.relay.to(address("FRANCE"))[-1].get_content()
    assert served.visitor(source="127.0.1.2").signon("demo", "G", password("GERMANY")).status == 303
    served.tick(hours=1, minutes=1)
    assert fresh.signon("demo", "F", password("FRANCE")).status == 303
    served.check_pages()


def test_the_failures_file_stays_bounded(tmp_path, monkeypatch):
    """Whatever strangers do, old entries go and at most MAX_KEYS keys are kept: the clients last seen longest ago
    are forgotten first, never the total of all clients."""
    from datetime import datetime, timedelta
    monkeypatch.setattr(failures, "MAX_KEYS", 20)
    store = SignonFailures(tmp_path)
    now = datetime(2026, 1, 1, 12, 0)
    for n in range(60):
        store.record(SignonFailures.web_key("FRANCE", f"c{n:02}"), now + timedelta(seconds=n))
    store.record(SignonFailures.key("FRANCE", False), now + timedelta(seconds=61))
    kept = json.loads((tmp_path / FILE).read_text())
    assert len(kept) == 20 and "FRANCE:other" in kept and "FRANCE:web:c59" in kept and "FRANCE:web:c00" not in kept
    assert len(kept["FRANCE:web"]) == WEB_LIMIT                   # no list grows without end either
    later = now + timedelta(hours=2)
    assert store.record(SignonFailures.web_key("FRANCE", "c99"), later) == (1, 1, 0)
    assert set(json.loads((tmp_path / FILE).read_text())) == {"FRANCE:web", "FRANCE:web:c99"}


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
