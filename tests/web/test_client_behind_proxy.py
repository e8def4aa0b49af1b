"""Web clients behind a reverse proxy (config.ini [web] trusted_proxies), over real HTTP: browsers at 127.0.0.2,
127.0.0.3... reach the judge through a proxy at 127.0.0.1 that adds X-Forwarded-For as the README's nginx does
(tests/web/proxy.py). What a client is decides which sessions go when one client keeps too many (its own oldest,
judge.web.session PER_CLIENT): each browser is a client of its own and cannot name itself another; a header sent
straight to the judge by anyone else is not read; without the setting, everyone behind the proxy is one client.
(Wrong passwords are not counted per client: the web shares mail's budget, tests/web/test_signon_shared_budget.py.)
The setting itself is read and checked by `judge serve` from config.ini."""
from __future__ import annotations

import contextlib
import subprocess
import sys
from pathlib import Path

import pytest

from judge.web.session import COOKIE, PER_CLIENT
from tests.e2e.conftest import game_files
from tests.web.conftest import POWERS, Served, Visitor, address, password
from tests.web.proxy import ForwardingProxy, ProxyThread
from tests.web.serve_process import mail_and_wait, start_serve

ROOT = Path(__file__).resolve().parents[2]


def form_token(v: Visitor, forwarded_for: str = "") -> str:
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    return v.request("GET", "/games/demo/signon", headers=headers).field("csrf")


def signon(v: Visitor, who: str, pw: str, forwarded_for: str = "", csrf: str = "") -> str:
    """A sign-on as `who`, the browser adding an X-Forwarded-For of its own if given (as a forger would); the
    session cookie it got."""
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    r = v.request("POST", "/games/demo/signon", {"csrf": csrf or form_token(v, forwarded_for), "power": who,
                                                 "password": pw}, headers=headers)
    assert r.status == 303, r.text
    return v.cookies[COOKIE]


def lives(port: int, cookie: str) -> bool:
    """Is the session of this cookie still kept? (Its orders page, asked for straight from the judge.)"""
    return Visitor(port, cookies={COOKIE: cookie}).get("/games/demo/orders").status == 200


# -- `judge serve` itself, config.ini and all ----------------------------------------------------------------------
def test_behind_the_proxy_each_browser_is_a_client_of_its_own(tmp_path):
    proc, smtp_port, web_port = start_serve(tmp_path, "trusted_proxies = 192.0.2.0/24, 127.0.0.1")
    try:
        mail_and_wait(tmp_path, smtp_port, "gm@example.org", "CREATE demo gm-pass")
        for power in POWERS:
            mail_and_wait(tmp_path, smtp_port, address(power), f"JOIN demo {password(power)} {power[0]}")
        before = game_files(tmp_path / "games")
        with ProxyThread(web_port, source="127.0.0.1") as proxy:
            busy, player = Visitor(proxy.port, source="127.0.0.2"), Visitor(proxy.port, source="127.0.0.3")
            kept = signon(player, "F", password("FRANCE"))
            assert proxy.forwarded[-1] == "127.0.0.3"          # (what the judge was told: the player's address)
            # The busy browser names itself the player each time: the proxy appends its real address. It opens more
            # sessions than one client keeps (with the master's password, over six powers: no power's bound is hit).
            csrf = form_token(busy, "127.0.0.3")
            opened = [signon(busy, "AEGIRT"[n % 6], "gm-pass", "127.0.0.3", csrf) for n in range(PER_CLIENT + 1)]
            # Its own oldest went; the player's session, another client's, stays.
            assert not lives(web_port, opened[0]) and lives(web_port, opened[-1])
            assert lives(web_port, kept)
        assert game_files(tmp_path / "games") == before      # sign-ons change no game
        # No address is logged: neither the browsers' nor the ones they forged.
        assert not any(a in (tmp_path / "serve.log").read_text() for a in ("127.0.0.2", "127.0.0.3"))
    finally:
        proc.terminate()
        assert proc.wait(30) == 0


@pytest.mark.parametrize("value, why", [
    ("127.0.0.1, localhost", "'localhost' is not an IP address or network"),
    ("10.0.0.1/8", "'10.0.0.1/8' has host bits set (e.g. 127.0.0.1, ::1 or 10.0.0.0/8)"),
    ("::/0", "'::/0' would trust every address; name the proxies' own"),
])
def test_a_bad_trusted_proxies_stops_judge_serve_at_start_up(tmp_path, value, why):
    cfg = tmp_path / "config.ini"
    cfg.write_text(f"[web]\ntrusted_proxies = {value}\n")
    ready = tmp_path / "ready"
    done = subprocess.run([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "serve", "--port", "0",
                           "--web-port", "0", "--ready-file", str(ready)], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 78 and not ready.exists()
    assert done.stderr.startswith(f"judge serve: {cfg}:web:trusted_proxies: {why}"), done.stderr
    assert "Traceback" not in done.stderr


# -- the daemon in this process (as `judge serve` starts it), for what a proxy and a forger can do ------------------
@contextlib.contextmanager
def game_behind_proxy(tmp_path: Path, trusted: list[str], **proxy_options):
    """A started game, the judge trusting `trusted` and keeping two sessions a client, and a proxy at 127.0.0.1 in
    front of it."""
    served = Served(tmp_path, web_trusted_proxies=trusted)
    served.daemon.web.sessions.per_client = 2
    try:
        served.start_game("demo")
        proxy = ForwardingProxy(served.port, source="127.0.0.1", **proxy_options)
        served.call(proxy.start())
        try:
            yield served, proxy
        finally:
            served.call(proxy.stop())
    finally:
        served.stop()


def through(served: Served, proxy: ForwardingProxy, source: str) -> Visitor:
    """A browser at `source` reaching the judge through `proxy` (kept for the privacy checks)."""
    v = Visitor(proxy.port, source=source)
    served.visitors.append(v)
    return v


def test_a_forged_header_straight_from_a_browser_is_not_read(tmp_path):
    with game_behind_proxy(tmp_path, ["127.0.0.1"]) as (served, _):
        busy, player = served.visitor(source="127.0.0.2"), served.visitor(source="127.0.0.3")
        kept = signon(player, "F", password("FRANCE"))
        # Straight to the judge, not through the proxy: the header is the browser's word, and changes nothing.
        opened = [signon(busy, "G", password("GERMANY"), forged)
                  for forged in ("127.0.0.3", "198.51.100.1, 127.0.0.1", "127.0.0.3, 127.0.0.1")]
        assert not lives(served.port, opened[0]) and lives(served.port, opened[-1])
        assert lives(served.port, kept)                     # the address the browser named was not charged
        served.check_pages()


def test_a_malformed_header_from_the_proxy_counts_as_the_proxy(tmp_path):
    """A proxy set up without the proxy_set_header line hands on what the browser wrote: garbage is not read as an
    address and breaks no page; such requests are the proxy's own, as with no setting."""
    with game_behind_proxy(tmp_path, ["127.0.0.1"], add_forwarded_for=False) as (served, bare):
        proper = ForwardingProxy(served.port, source="127.0.0.1")
        served.call(proper.start())
        try:
            elsewhere = signon(through(served, proper, "127.0.0.4"), "I", password("ITALY"))
            first = signon(through(served, bare, "127.0.0.3"), "F", password("FRANCE"), "unknown")
            visitor = through(served, bare, "127.0.0.2")
            for forged in ("198.51.100.1, ", "[::1", "\u00e9t\u00e9", ", ".join(["198.51.100.1"] * 40)):
                signon(visitor, "G", password("GERMANY"), forged)
            # Both browsers behind the bare proxy were one client (the proxy): the first of them lost its session;
            # the browser whose proxy set the header right was not charged.
            assert not lives(served.port, first) and lives(served.port, elsewhere)
        finally:
            served.call(proper.stop())
        served.check_pages()


def test_without_the_setting_the_header_is_not_read(tmp_path):
    """The default (nothing trusted): behind a proxy all browsers are one client, the proxy."""
    with game_behind_proxy(tmp_path, []) as (served, proxy):
        busy, player = through(served, proxy, "127.0.0.2"), through(served, proxy, "127.0.0.3")
        kept = signon(player, "F", password("FRANCE"))
        signon(busy, "G", password("GERMANY"))
        signon(busy, "G", password("GERMANY"))
        assert proxy.forwarded[-1] == "127.0.0.2"        # (the header was sent, and not read)
        assert not lives(served.port, kept)
        served.check_pages()
