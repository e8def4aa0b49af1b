"""Web sessions: signed cookies, a bounded and expiring table, CSRF tokens, the secret file; addresses off pages."""
from __future__ import annotations

import os
import stat
from datetime import timedelta

from judge.web.pages import redact
from judge.storage.secret import SECRET_FILE, load_secret
from judge.web.session import Sessions
from tests.e2e.conftest import Clock


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
