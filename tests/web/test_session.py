"""Web sessions: signed cookies, a bounded and expiring table (bounded per client and per power, so that nobody
signs others off by signing on again and again), CSRF tokens, the secret file; addresses off pages."""
from __future__ import annotations

import os
import stat
from datetime import timedelta

from judge.storage.secret import SECRET_FILE, load_secret
from judge.web.pages import redact
from judge.web.session import COOKIE, Sessions
from tests.e2e.conftest import Clock
from tests.web.conftest import password


def test_cookies_are_signed_and_sessions_bounded_and_expiring():
    clock = Clock()
    sessions = Sessions(b"k" * 32, clock, limit=3, lifetime=timedelta(hours=1))
    cookies = [sessions.open("g", "FRANCE", False, f"hash{i}")[0] for i in range(5)]
    assert len(sessions) == 3                                          # the oldest are forgotten
    assert sessions.get(cookies[0], "g") is None and sessions.get(cookies[4], "g").who == "FRANCE"
    assert sessions.get(cookies[4], "other") is None                   # one game's pages only
    sid, _, mac = cookies[4].rpartition(".")
    assert sessions.get(f"{sid}.{'0' * len(mac)}", "g") is None         # a forged signature
    assert sessions.get(sid, "g") is None and sessions.get("", "g") is None and sessions.get("x" * 500, "g") is None
    clock.advance(hours=1)
    assert sessions.get(cookies[4], "g") is None                       # expired
    other = Sessions(b"j" * 32, clock)
    assert other.unsign(cookies[4]) is None                            # another judge's secret


def test_a_client_or_a_power_signing_on_again_and_again_loses_only_its_own_oldest_sessions():
    clock = Clock()
    sessions = Sessions(b"k" * 32, clock, limit=12, per_client=3, per_holder=4)
    theirs = sessions.open("g", "FRANCE", False, "h", client="player")[0]
    mine = [sessions.open("mine", "MASTER", False, "m", client="stranger")[0] for _ in range(10)]
    assert sessions.get(theirs, "g") is not None                        # another client's session stays
    assert [sessions.get(c, "mine") is not None for c in mine] == [False] * 7 + [True] * 3
    # From many clients, one holder keeps per_holder sessions: its own oldest go.
    many = [sessions.open("mine", "MASTER", False, "m", client=f"c{n}")[0] for n in range(6)]
    assert [sessions.get(c, "mine") is not None for c in mine + many] == [False] * 12 + [True] * 4
    # Holders enough to fill the whole table: the game with the most sessions loses its oldest, not the player.
    for power in ("AUSTRIA", "ENGLAND", "GERMANY", "ITALY"):
        for n in range(4):
            sessions.open("mine", power, True, "m", client=f"{power}{n}")
    assert len(sessions) == 12 and sessions.get(theirs, "g") is not None
    clock.advance(hours=13)
    sessions.open("g", "FRANCE", False, "h", client="player")
    assert len(sessions) == 1 and len(sessions._groups) == 3            # the expired are forgotten, groups too


def test_csrf_tokens():
    sessions = Sessions(b"k" * 32, Clock())
    _, s = sessions.open("g", "MASTER", False, "h")
    assert sessions.csrf_ok(s, s.csrf) and not sessions.csrf_ok(s, "") and not sessions.csrf_ok(s, s.csrf[:-1])
    visitor = sessions.new_visitor()
    token = sessions.form_token(sessions.unsign(visitor))
    assert sessions.form_ok(visitor, token) and not sessions.form_ok(sessions.new_visitor(), token)
    assert not sessions.form_ok(None, token) and not sessions.form_ok(visitor, None)


def test_the_secret_is_made_once_and_kept_private(tmp_path):
    first = load_secret(tmp_path)
    path = tmp_path / SECRET_FILE
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600 and len(first) == 32
    os.chmod(path, 0o644)
    assert load_secret(tmp_path) == first and stat.S_IMODE(os.stat(path).st_mode) == 0o600
    path.write_text("")                                                # cut short by a crash: made anew
    assert len(load_secret(tmp_path)) == 32


def test_addresses_never_reach_a_page():
    assert redact("write to me at a.b+c@example.org, or x@y") == "write to me at [address hidden], or [address hidden]"
    assert redact("A PAR - BUR") == "A PAR - BUR"


def test_a_stranger_signing_on_again_and_again_signs_nobody_else_off(served):
    """A stranger knows its own game's master password and signs on with it over and over, from one address and
    then from many: the player's session, opened before, still holds; the stranger's oldest do not."""
    served.start_game("demo")
    served.mail("stranger@example.org", "CREATE mine stranger-pw")
    served.secrets.add("stranger-pw")
    sessions = served.daemon.web.sessions
    sessions.limit, sessions.per_client, sessions.per_holder = 30, 10, 100
    player = served.visitor(source="127.0.0.2")
    assert player.signon("demo", "F", password("FRANCE")).status == 303
    stranger = served.visitor()
    cookies = []
    for _ in range(35):
        assert stranger.signon("mine", "M", "stranger-pw").status == 303
        cookies.append(stranger.cookies[COOKIE])
    assert player.get("/games/demo/orders").status == 200
    stranger.cookies[COOKIE] = cookies[0]
    assert stranger.get("/games/mine/orders").status == 303              # its own oldest: ended
    stranger.cookies[COOKIE] = cookies[-1]
    assert stranger.get("/games/mine/orders").status == 200
    # From many addresses, each within its own bound: the table is full, and the stranger's game pays for it.
    for n in range(1, 5):
        other = served.visitor(source=f"127.0.1.{n}")
        for _ in range(9):
            assert other.signon("mine", "M", "stranger-pw").status == 303
    assert len(sessions) == 30 and player.get("/games/demo/orders").status == 200
    served.check_pages()
