"""Wrong web passwords behind a reverse proxy (config.ini [web] trusted_proxies), over real HTTP: browsers at
127.0.0.2, 127.0.0.3... reach the judge through a proxy at 127.0.0.1 that adds X-Forwarded-For as the README's
nginx does (tests/web/proxy.py). Each browser keeps a budget of its own and cannot name itself another; a header
sent straight to the judge by anyone else is not read; without the setting, nothing changes (everyone behind the
proxy shares its budget). The setting itself is read and checked by `judge serve` from config.ini."""
from __future__ import annotations

import contextlib
import json
import smtplib
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judge.storage.failures import FILE, LIMIT
from judge.web.session import COOKIE
from tests.e2e.conftest import game_files
from tests.web.conftest import Served, Visitor, password
from tests.web.proxy import ForwardingProxy, ProxyThread

ROOT = Path(__file__).resolve().parents[2]
REFUSED = "TOO MANY WRONG PASSWORDS FOR FRANCE IN demo FROM THIS WEB CLIENT"


def signon(v: Visitor, pw: str, forwarded_for: str = "", who: str = "F"):
    """A sign-on as France (or `who`), the browser adding an X-Forwarded-For of its own if given (as a forger
    would)."""
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    form = v.request("GET", "/games/demo/signon", headers=headers)
    return v.request("POST", "/games/demo/signon", {"csrf": form.field("csrf"), "power": who, "password": pw},
                     headers=headers)


def web_clients(folder: Path, who: str = "FRANCE") -> dict[str, list]:
    """The failures file's budgets of single web clients (FRANCE:web:<digest>)."""
    kept = json.loads((folder / FILE).read_text())
    return {k: v for k, v in kept.items() if k.startswith(f"{who}:web:")}


# -- `judge serve` itself, config.ini and all ----------------------------------------------------------------------
def start_serve(tmp_path: Path, web: str) -> tuple[subprocess.Popen, int, int]:
    """`judge serve` on free ports with a config.ini whose [web] section is `web`; its SMTP and web ports."""
    cfg = tmp_path / "config.ini"
    cfg.write_text(f"[smtp]\nrate_per_hour = 0\n\n[web]\n{web}\n")
    ready = tmp_path / "ready"
    log = open(tmp_path / "serve.log", "wb")      # noqa: SIM115 - the process writes it until it ends
    proc = subprocess.Popen([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "serve", "--port",
                             "0", "--web-port", "0", "--ready-file", str(ready)], cwd=tmp_path, stdout=log,
                            stderr=log)
    log.close()
    end = time.monotonic() + 60
    while not ready.exists() or len(ready.read_text().splitlines()) < 2:
        assert proc.poll() is None, (tmp_path / "serve.log").read_text()
        assert time.monotonic() < end, "judge serve did not start"
        time.sleep(0.05)
    smtp, web_line = ready.read_text().splitlines()
    return proc, int(smtp.split()[1]), int(web_line.split()[2])


def mail_and_wait(tmp_path: Path, smtp_port: int, sender: str, body: str) -> None:
    """Mail the judge, then wait for its answer in the Maildir (no relay is set)."""
    new = tmp_path / "maildir" / "new"
    before = len(list(new.iterdir())) if new.is_dir() else 0
    with smtplib.SMTP("127.0.0.1", smtp_port, timeout=30) as s:
        s.sendmail(sender, ["judge@localhost"], f"From: {sender}\r\nSubject: x\r\n\r\n{body}\r\n".encode())
    end = time.monotonic() + 60
    while not new.is_dir() or len(list(new.iterdir())) <= before:
        assert time.monotonic() < end, "no answer"
        time.sleep(0.05)


def test_behind_the_proxy_each_browser_has_its_own_budget(tmp_path):
    proc, smtp_port, web_port = start_serve(tmp_path, "trusted_proxies = 192.0.2.0/24, 127.0.0.1")
    try:
        mail_and_wait(tmp_path, smtp_port, "gm@example.org", "CREATE demo gm-pass")
        before = game_files(tmp_path / "games")
        with ProxyThread(web_port, source="127.0.0.1") as proxy:
            guesser, master = Visitor(proxy.port, source="127.0.0.2"), Visitor(proxy.port, source="127.0.0.3")
            # The guesser names itself a new address each time, the master's too: the proxy appends the real one.
            for n in range(LIMIT):
                r = signon(guesser, "guess", forwarded_for=f"198.51.100.{n}, 127.0.0.3", who="M")
                assert r.status == 200 and "WRONG PASSWORD FOR THE MASTER" in r.text
            r = signon(guesser, "gm-pass", forwarded_for="198.51.100.99", who="M")
            assert "TOO MANY WRONG PASSWORDS FOR MASTER IN demo FROM THIS WEB CLIENT" in r.text
            assert COOKIE not in guesser.cookies
            # The master, behind the same proxy, is not locked out by the guesser.
            r = signon(master, "gm-pass", who="M")
            assert r.status == 303 and COOKIE in master.cookies
            assert proxy.forwarded[-1] == "127.0.0.3"          # (what the judge was told: the master's address)
        assert game_files(tmp_path / "games") == before      # nothing refused changed the game
        clients = web_clients(tmp_path / "games" / "demo", "MASTER")
        assert [len(v) for v in clients.values()] == [LIMIT]             # the guesser's, and only it
        # No address is kept or logged: neither the browsers' nor the ones they forged.
        kept = (tmp_path / "games" / "demo" / FILE).read_text() + (tmp_path / "serve.log").read_text()
        assert not any(a in kept for a in ("127.0.0.2", "127.0.0.3", "198.51.100")), kept
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
    """A started game, the judge trusting `trusted`, and a proxy at 127.0.0.1 in front of it."""
    served = Served(tmp_path, web_trusted_proxies=trusted)
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
        games = served.settings.games_dir
        before = game_files(games)
        guesser, player = served.visitor(source="127.0.0.2"), served.visitor(source="127.0.0.3")
        # Straight to the judge, not through the proxy: the header is the guesser's word, and changes nothing.
        for n in range(LIMIT):
            forged = "127.0.0.3" if n % 2 else f"198.51.100.{n}, 127.0.0.1"
            assert "WRONG PASSWORD" in signon(guesser, "guess", forwarded_for=forged).text
        r = signon(guesser, password("FRANCE"), forwarded_for="198.51.100.200")
        assert REFUSED in r.text and COOKIE not in guesser.cookies
        r = signon(player, password("FRANCE"))                 # the address the guesser named was not charged
        assert r.status == 303 and COOKIE in player.cookies
        assert [len(v) for v in web_clients(games / "demo").values()] == [LIMIT]
        served.settle()
        assert game_files(games) == before
        served.check_pages()


def test_a_malformed_header_from_the_proxy_counts_as_the_proxy(tmp_path):
    """A proxy set up without the proxy_set_header line hands on what the browser wrote: garbage is not read as an
    address and breaks no page; such requests share the proxy's own budget, as with no setting."""
    with game_behind_proxy(tmp_path, ["127.0.0.1"], add_forwarded_for=False) as (served, bare):
        visitor = through(served, bare, "127.0.0.2")
        for forged in ("unknown", "198.51.100.1, ", "[::1", "\u00e9t\u00e9", ", ".join(["198.51.100.1"] * 40)):
            r = signon(visitor, "guess", forwarded_for=forged)
            assert r.status == 200 and "WRONG PASSWORD" in r.text, forged
        assert REFUSED in signon(visitor, password("FRANCE")).text
        # A browser at another address, its proxy setting the header right, was not charged: it signs on.
        proper = ForwardingProxy(served.port, source="127.0.0.1")
        served.call(proper.start())
        try:
            assert signon(through(served, proper, "127.0.0.3"), password("FRANCE")).status == 303
        finally:
            served.call(proper.stop())
        served.check_pages()


def test_without_the_setting_the_header_is_not_read(tmp_path):
    """The default (nothing trusted): behind a proxy all browsers share its budget, as before the setting."""
    with game_behind_proxy(tmp_path, []) as (served, proxy):
        guesser, player = through(served, proxy, "127.0.0.2"), through(served, proxy, "127.0.0.3")
        for _ in range(LIMIT):
            assert "WRONG PASSWORD" in signon(guesser, "guess").text
        r = signon(player, password("FRANCE"))
        assert REFUSED in r.text and COOKIE not in player.cookies
        assert proxy.forwarded[-1] == "127.0.0.3"        # (the header was sent, and not read)
        served.check_pages()
