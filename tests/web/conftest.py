"""The judge serving its pages for real: `judge serve`'s Daemon (SMTP, lanes, scheduler, web) on a loop of its own
thread, a recording relay, an injectable clock, and a visitor speaking HTTP to 127.0.0.1 with a cookie jar. After
every step a test may check what must always hold: no page, header or error shows an address or a password."""
from __future__ import annotations

import asyncio
import http.client
import re
import threading
import urllib.parse
from dataclasses import dataclass, field

import pytest

from tests.daemon.conftest import Clock, Daemon, Relay, send, settings_for, settle

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
GM = "gm@example.org"


async def _cancel_the_rest() -> None:
    """What asyncio.run does before it closes its loop: the tasks still pending (a connection aiohttp lingers on to
    read the rest of a request it answered early) cancelled and awaited, so that none is destroyed pending."""
    rest = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
    for task in rest:
        task.cancel()
    await asyncio.gather(*rest, return_exceptions=True)


def address(power: str) -> str:
    return f"{power.lower()}@example.org"


def password(power: str) -> str:
    return f"pw-{power.lower()}"


@dataclass
class Page:
    status: int
    headers: http.client.HTTPMessage
    body: bytes
    path: str

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")

    def field(self, name: str) -> str:
        """The value of a form's hidden input."""
        m = re.search(rf'name="{name}" value="([^"]*)"', self.text)
        assert m, f"no field {name} on {self.path}"
        return m.group(1)


@dataclass
class Visitor:
    """A browser without script: one cookie jar, every page it was shown kept for the privacy checks."""
    port: int
    cookies: dict[str, str] = field(default_factory=dict)
    seen: list[Page] = field(default_factory=list)
    source: str | None = None        # the address its connections come from (127.0.0.2...: another client)

    def request(self, method: str, path: str, form: dict | None = None, headers: dict | None = None,
                body: bytes | None = None) -> Page:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30,
                                          source_address=(self.source, 0) if self.source else None)
        h = dict(headers or {})
        if self.cookies:
            h["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if form is not None:
            body = urllib.parse.urlencode(form).encode()
            h["Content-Type"] = "application/x-www-form-urlencoded"
        conn.request(method, path, body=body, headers=h)
        r = conn.getresponse()
        page = Page(r.status, r.headers, r.read(), path)
        conn.close()
        for value in r.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            val = rest.split(";")[0]
            if "max-age=0" in value.lower() or not val.strip('"'):
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = val
        self.seen.append(page)
        return page

    def get(self, path: str) -> Page:
        return self.request("GET", path)

    def post(self, path: str, form: dict) -> Page:
        return self.request("POST", path, form)

    def signon(self, game: str, power: str, pw: str) -> Page:
        form = self.get(f"/games/{game}/signon")
        return self.post(f"/games/{game}/signon", {"csrf": form.field("csrf"), "power": power, "password": pw})

    def send(self, game: str, lines: str) -> Page:
        page = self.get(f"/games/{game}/orders")
        assert page.status == 200, page.text
        return self.post(f"/games/{game}/orders", {"csrf": page.field("csrf"), "nonce": page.field("nonce"),
                                                   "lines": lines})


class Served:
    """The daemon, its relay and its clock on a background loop; mail over real SMTP, pages over real HTTP."""

    def __init__(self, tmp_path, **settings):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="served-loop", daemon=True)
        self.thread.start()
        self.relay = Relay()
        self.clock = Clock()
        self.call(self.relay.start())
        s = settings_for(tmp_path, self.relay.port).with_values(**{"smtp_rate_per_hour": 0, **settings})
        self.settings = s
        self.daemon = Daemon(s, clock=self.clock, send_interval=0.02)
        _, self.smtp_port = self.call(self.daemon.start("127.0.0.1", 0, "127.0.0.1", 0))
        self.port = self.daemon.web_port
        self.secrets: set[str] = set()          # passwords and hashes: never on a page
        self.visitors: list[Visitor] = []

    def call(self, coro, timeout: float = 60):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def mail(self, sender: str, body: str) -> None:
        assert self.call(send(self.smtp_port, sender, body)) == {}
        self.settle()

    def mail_many(self, messages: list[tuple[str, str]]) -> None:
        """Several messages over one go, then wait for all of them (each game's lane keeps their order)."""
        async def go():
            for sender, body in messages:
                assert await send(self.smtp_port, sender, body) == {}
        self.call(go())
        self.settle()

    def settle(self) -> None:
        self.call(settle(self.daemon))

    def tick(self, **delta) -> None:
        """Move the clock on and let the scheduler see it."""
        self.clock.advance(**delta)

        async def moved():
            self.daemon.deadlines.clock_moved()
        self.call(moved())
        self.settle()

    def visitor(self, source: str | None = None) -> Visitor:
        v = Visitor(self.port, source=source)
        self.visitors.append(v)
        return v

    def addresses(self) -> set[str]:
        """Every address the judge knows: players (now and before), observers, monitors, masters."""
        out = {GM}
        for name in self.daemon.judge.store.names():
            g = self.daemon.judge.store.load(name)
            out |= {p.address for p in g.players if p.address} | set(g.observers + g.monitors) | {g.master_address}
            out |= {t["address"] for t in g.tenures if t.get("address")}
            out |= {g.master_password, g.privacy} - {""}
            out |= {p.password for p in g.players if p.password}
        return out

    def check_pages(self) -> None:
        """No page, header or error any visitor was shown holds an address (but the judge's own), a password or a
        password hash."""
        banned = {a.lower() for a in self.addresses() | self.secrets if a}
        for v in self.visitors:
            for page in v.seen:
                shown = (str(page.headers) + page.text).lower()
                leaked = {b for b in banned if b in shown}
                assert not leaked, f"{page.path} showed {leaked}"
                # (but the judge's own: public, as every mail it sends is from it, and where a visitor joins)
                text = page.text.replace(self.settings.address, "")
                assert not re.search(r"[\w.+-]+@[\w-]+\.[\w.]+", text), f"{page.path} shows an address"

    def stop(self) -> None:
        try:
            self.call(self.daemon.stop())
            self.call(self.relay.stop())
        finally:
            try:
                self.call(_cancel_the_rest(), timeout=10)
            except Exception:  # noqa: BLE001 - the loop is closed below whatever is left
                pass
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)
            self.loop.close()

    # -- a game to look at -----------------------------------------------------------------------------------------
    def start_game(self, name: str, *settings: str, game_password: str = "") -> None:
        """A standard game, created and joined by mail; the secrets it holds are remembered for the checks."""
        self.mail(GM, "\n".join([f"CREATE {name} gm-pass", "SET EARLY 0", *settings]))
        self.mail_many([(address(power), f"JOIN {name} {password(power)} {power[0]} {game_password}".rstrip())
                        for power in POWERS])
        assert self.daemon.judge.store.load(name).status == "active"
        self.secrets |= {"gm-pass"} | {password(p) for p in POWERS}

    def orders(self, game: str, power: str, *lines: str) -> None:
        """A power's mail to `game` (signed on), or the master's (power "MASTER")."""
        who, pw = (GM, "gm-pass") if power == "MASTER" else (address(power), password(power))
        self.mail(who, "\n".join([f"SIGNON {power[0]}{game} {pw}", *lines]))

    def russia_wins(self, name: str, *settings: str) -> None:
        """A standard game, victory lowered to 6: Russia takes Sweden and Rumania in 1901 and has won after Fall 1901
        Movement (its position then stands in Winter 1901, a phase never played)."""
        self.start_game(name, "SET VICTORY 6", *settings)
        self.orders(name, "RUSSIA", "F STP/SC - BOT", "A MOS - UKR", "A WAR - GAL", "F SEV - BLA")
        self.orders(name, "MASTER", "PROCESS!")
        self.orders(name, "RUSSIA", "F BOT - SWE", "A UKR - RUM", "A GAL H", "F BLA S A UKR - RUM")
        self.orders(name, "MASTER", "PROCESS!")
        finished = self.daemon.judge.store.load(name)
        assert (finished.winner, str(finished.position.phase)) == ("RUSSIA", "W1901A")


@pytest.fixture
def served(tmp_path):
    s = Served(tmp_path)
    try:
        yield s
    finally:
        s.stop()
