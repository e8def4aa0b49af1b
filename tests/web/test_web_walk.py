"""A seeded random walk through the web face as players, strangers and crawlers meet it, over real HTTP and SMTP
(`judge serve`'s daemon on 127.0.0.1), interleaved with the master's and the players' mail and the clock.

Two games are played side by side: g1, whose players mostly act through the web pages, and its twin g2, which gets
every such line by mail instead. After every step the walk checks what must always hold:
- no answer is a server failure (500) or hangs; every page is bounded and shows no address and no password (not even
  the signed-on player's own);
- a refused or forbidden request (a status of 400 or more, a refused sign-on) changes no file of any game;
- a form's lines do to g1 exactly what the same lines by mail do to g2: the same game, the same mails to the others;
- a session never acts after its sign-off, or after its power's player changed (RESIGN, EJECT, TAKEOVER...);
- wrong passwords on the web count in the same budget as a stranger's by mail (five an hour, then even the right
  password is refused);
- the status codes are judge-web.md's (404 for no such game or phase, 405 for a wrong method, 403 without a token).

Longer walks by hand: JUDGE_WEB_WALK_STEPS=2000 JUDGE_WEB_WALK_SEEDS=1,2,3 pytest tests/web/test_web_walk.py"""
from __future__ import annotations

import os
import random
import re
import socket
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import pytest

from judge.game import Game
from judge.storage.failures import LIMIT, WINDOW
from judge.web import pages
from judge.web.session import COOKIE, LIFETIME
from tests.e2e.conftest import game_files
from tests.service.test_random_walk import master_lines, player_lines
from tests.web.conftest import GM, POWERS, Page, Served, Visitor, address, password

STEPS = int(os.environ.get("JUDGE_WEB_WALK_STEPS", "25"))
SEEDS = [int(s) for s in os.environ.get("JUDGE_WEB_WALK_SEEDS", "1901").split(",")]
WEB, TWIN = "g1", "g2"                  # (names of one length: mails compared after swapping them read the same)
PAGE_LIMIT = 2_000_000
STRANGER = "stranger@example.org"
OTHER_PW = "other-pw"                    # another game's master password


@dataclass
class Browser:
    """A visitor and what the walk knows of its sign-on: the power (or MASTER) and the epoch of that power's player
    when it signed on; None once signed off or never signed on."""
    visitor: Visitor
    who: str | None = None
    via_master: bool = False
    epoch: int = 0
    opened: datetime | None = None
    old_cookies: list[str] = field(default_factory=list)      # sessions it signed off or lost
    last_form: dict | None = None                               # the last form it posted (to send it again)
    last_changed: bool = False                                  # whether it changed a file
    tokens: list[str] = field(default_factory=list)             # CSRF tokens it was given


class Walk:
    def __init__(self, served: Served, rng: random.Random):
        self.s, self.rng = served, rng
        self.epochs = {p: 0 for p in POWERS}          # bumped whenever a power's player may have changed
        self.failures: dict[str, list[datetime]] = {p: [] for p in POWERS}      # the web's (and strangers') budget
        self.failures["game password"] = []
        self.browsers = [Browser(served.visitor()) for _ in range(5)]
        self.crawler = served.visitor()
        self.phases: set[str] = set()          # every processed phase the walk has seen (rolled back ones too)
        self.mailed = 0
        self.seen: Counter[str] = Counter()        # what the walk did and met, for the log of a long walk

    # -- the world -------------------------------------------------------------------------------------------------
    def game(self, name: str = WEB) -> Game:
        return self.s.daemon.judge.store.load(name)

    def files(self) -> dict[str, bytes]:
        return game_files(self.s.settings.games_dir)

    def new_mail(self) -> list:
        mails = [m for _, _, m in self.s.relay.messages[self.mailed:]]
        rcpts = [r for _, r, _ in self.s.relay.messages[self.mailed:]]
        self.mailed = len(self.s.relay.messages)
        return list(zip(rcpts, mails))

    def page(self, p: Page, what: str) -> Page:
        """Every answer: no failure, bounded, no address or password."""
        assert p.status != 500, f"{what}: 500\n{p.text[:2000]}"
        assert len(p.body) < PAGE_LIMIT, f"{what}: {len(p.body)} bytes"
        shown = (str(p.headers) + p.text).lower()
        leaked = {b for b in self.secrets() if b.lower() in shown}
        assert not leaked, f"{what} showed {leaked}"
        text = p.text.replace(self.s.settings.address, "")
        assert not re.search(r"[\w.+-]+@[\w-]+\.[\w.]+", text), f"{what} shows an address"
        return p

    def secrets(self) -> set[str]:
        return {a for a in self.s.addresses() | self.s.secrets | {STRANGER, OTHER_PW} if a}

    def unsigned(self, status: int) -> int:
        """What a browser without a live session gets for `status` (303 to the sign-on form, 403 for a post): for a
        private game, 404 (its existence is not told)."""
        return 404 if self.game().private else status

    def locked(self, power: str) -> bool:
        now = self.s.clock()
        self.failures[power] = [t for t in self.failures[power] if now - t < WINDOW]
        return len(self.failures[power]) >= LIMIT

    def wrong(self, power: str) -> None:
        """A wrong password from somewhere else than the power's own address: counted unless the budget is full."""
        if not self.locked(power):
            self.failures[power].append(self.s.clock())

    def mail_both(self, sender: str, lines: list[str], signon: str, pw: str) -> None:
        """The same lines by mail to both games."""
        self.s.mail_many([(sender, "\n".join([f"SIGNON {signon}{name} {pw}",
                                              *(line.replace(WEB, name) for line in lines)]))
                          for name in (WEB, TWIN)])

    def bump_if_changed(self, before: Game) -> None:
        """A power whose player record changed (another address or password, or no longer active) has a new player:
        sessions opened before must not act for it."""
        after = self.game()
        for p in POWERS:
            a, b = before.player(p), after.player(p)
            key = (lambda x: None if x is None else (x.address, x.password, x.status))
            if key(a) != key(b):
                self.epochs[p] += 1

    # -- steps -----------------------------------------------------------------------------------------------------
    def step(self) -> str:
        roll = self.rng.random()
        before = self.game()
        if roll < 0.08:
            hours = self.rng.choice([1, 1, 2, 3, 5, 8, 13, 30])
            self.s.tick(hours=hours)
            what = f"clock +{hours}h"
        elif roll < 0.18:
            game = self.game()
            lines = self.master_lines(game)
            self.mail_both(GM, lines, "M", "gm-pass")
            what = f"master mails {lines}"
        elif roll < 0.26:
            what = self.player_mail()
        elif roll < 0.30:
            what = self.stranger_mail()
        elif roll < 0.40:
            what = self.crawl()
        elif roll < 0.42:
            what = self.rush()
        elif roll < 0.44:
            what = self.other_game()
        elif roll < 0.46:
            what = self.reader()
        else:
            what = self.browse(self.rng.choice(self.browsers))
        self.bump_if_changed(before)
        self.compare_twins(what)
        after = self.game()
        self.seen[" ".join(re.sub(r"\[.*|/\S*", "", what).split()[:3]) + (" " + what.split()[-1]) * ("->" in what)] += 1
        self.seen[f"game {after.status}{' over' if after.over else ''}"] += 1
        self.seen["locked powers"] += sum(self.locked(p) for p in POWERS)
        if len(after.history) < len(before.history):
            self.seen["rolled back"] += 1
        for rcpts, m in self.new_mail():
            text = m.as_string()
            leaked = {pw for pw in self.s.secrets | {OTHER_PW} if pw in text}
            assert not leaked, f"{leaked} mailed to {rcpts} after {what}"
        return what

    def master_lines(self, game: Game) -> list[str]:
        """The mail walk's master, who here ends the game and rolls it back more often (with sessions open)."""
        lines = master_lines(self.rng, game) if game.position else [f"LIST {WEB}"]
        roll = self.rng.random()
        if self.rng.random() < 0.05:
            lines.append(self.rng.choice(["SET PRIVATE look-pw", "SET PUBLIC"]))
        if roll < (0.3 if game.over else 0.05):
            lines.append("ROLLBACK")
        elif roll < 0.08 and not game.over:
            lines.append("TERMINATE")
        return [line.replace("g1", WEB) for line in lines]

    def player_mail(self) -> str:
        game = self.game()
        power = self.rng.choice(POWERS)
        player = game.player(power)
        if player is not None and player.status == "active" and game.position is not None:
            lines = player_lines(self.rng, game, power, self.s.clock())
            lines = [line.replace("g1", WEB) for line in lines]
            self.mail_both(address(power), lines, power[0], password(power))
            return f"{power} mails {lines}"
        lines = [f"TAKEOVER {power[0]}{name} {password(power)}" for name in (WEB, TWIN)]
        self.s.mail_many([(address(power), line) for line in lines])
        return f"{power} mails {lines}"

    def stranger_mail(self) -> str:
        """A stranger guesses a power's password by mail, a few times (mostly France's: its budget fills)."""
        power = self.rng.choice(["FRANCE"] * 4 + POWERS)
        before = self.files()
        guesses = self.rng.randint(1, 3)
        self.s.mail_many([(STRANGER, f"SIGNON {power[0]}{WEB} guess-{self.rng.randint(0, 999)}")
                          for _ in range(guesses)])
        for _ in range(guesses):
            self.wrong(power)
        assert self.files() == before, "a stranger's wrong password changed a file"
        return f"a stranger guesses {power}'s password by mail"

    def crawl(self) -> str:
        """A crawler's requests: public pages, odd paths and queries, HEAD, wrong methods, phases that are not."""
        game = self.game()
        stems = [p.stem for p in self.s.daemon.judge.store.results(WEB)]
        phases = pages.phase_names(stems, game) if stems else []
        rng = self.rng
        choices = [
            ("GET", "/", {200}), ("GET", f"/games/{WEB}", {200}), ("GET", f"/games/{WEB}/state.json", {200}),
            ("GET", f"/games/{WEB}/results.txt", {200}), ("HEAD", f"/games/{WEB}", {200}),
            ("GET", f"/games/{WEB}?{rng.choice(['x=1', 'a=%ff', '%00', 'q=' + 'z' * 3000])}", {200}),
            ("GET", "/games/nosuch", {404}), ("GET", "/games/nosuch/orders", {303, 404}),
            ("GET", f"/games/{WEB}/phases/S1999M", {404}), ("GET", f"/games/{WEB}/phases/X", {404}),
            ("GET", f"/games/{WEB}/phases/%ff%fe", {404}), ("GET", f"/games/{WEB}/phases/S1999M/map.svg", {404}),
            ("GET", f"/games/{WEB}/nothing", {404}), ("GET", "/games/", {404}), ("GET", "/static/../x", {404}),
            ("PUT", f"/games/{WEB}", {405}), ("DELETE", f"/games/{WEB}/orders", {405}),
            ("POST", f"/games/{WEB}", {405}), ("GET", f"/games/{WEB}/signoff", {405}),
            ("GET", f"/games/{WEB.upper()}", {301}), ("GET", "/games/" + "a" * 300, {404}),
            ("POST", f"/games/{WEB}/orders", {403}), ("POST", f"/games/{WEB}/signon", {403}),
            ("POST", f"/games/{WEB}/signoff", {403}), ("HEAD", f"/games/{WEB}/signon", {200}),
        ]
        self.phases |= set(phases)
        if phases:
            name = phases[-1]
            choices += [("GET", f"/games/{WEB}/phases/{name}", {200, 301}),
                        ("GET", f"/games/{WEB}/phases/{name.lower()}", {200, 301})]
        if self.phases:
            # (a phase rolled back is not processed any more: 404, as one never played)
            name = rng.choice(sorted(self.phases))
            choices.append(("GET", f"/games/{WEB}/phases/{name}", {200} if name in phases else {404}))
            if rng.random() < 0.1:
                choices = [("GET", f"/games/{WEB}/phases/{name}/map.svg", {200} if name in phases else {404})]
        if game.position is not None and rng.random() < 0.03:
            choices = [("GET", f"/games/{WEB}/map.{rng.choice(['svg', 'png'])}", {200})]
        method, path, expected = rng.choice(choices)
        if game.private and path.lower().startswith(f"/games/{WEB}") and expected & {200, 301, 303} | (
                {404} if (method, path) == ("POST", f"/games/{WEB}/orders") else set()):
            expected = {404}            # a private game, to whoever has no session nor its game password: none
        before = self.files()
        p = self.page(self.crawler.request(method, path, body=b"" if method in ("POST", "PUT") else None),
                      f"{method} {path}")
        assert p.status in expected, f"{method} {path}: {p.status}, not {expected} (private: {game.private})"
        if path == "/":
            assert (f'href="/games/{WEB}"' in p.text) != game.private, "the list of games and a private game"
        if method not in ("GET", "HEAD") or p.status >= 400:
            assert self.files() == before, f"{method} {path} ({p.status}) changed a file"
        return f"crawler {method} {path} -> {p.status}"

    def rush(self) -> str:
        """Many requests at once, and a client that sends half a request and waits: every other answer still comes,
        promptly (nothing hangs the server)."""
        stall = socket.create_connection(("127.0.0.1", self.s.port), timeout=5)
        stall.sendall(b"POST /games/" + WEB.encode() + b"/orders HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\nlines=")
        try:
            pages: list[Page] = []
            paths = [f"/games/{WEB}", "/", f"/games/{WEB}/state.json", f"/games/{WEB}/signon",
                     f"/games/{WEB}/results.txt"] * 2

            def one(path: str) -> None:
                pages.append(self.crawler.get(path))
            started = time.monotonic()
            threads = [threading.Thread(target=one, args=(path,)) for path in paths]
            for t in threads:
                t.start()
            for t in threads:
                t.join(30)
            assert len(pages) == len(paths), "requests made at once went unanswered"
            assert time.monotonic() - started < 20, "requests made at once took too long"
            private = self.game().private
            for p in pages:
                self.page(p, f"{p.path} among many")
                assert p.status == (404 if private and p.path != "/" else 200), (p.path, p.status)
        finally:
            stall.close()
        return f"{len(paths)} requests at once beside a stalled one"

    def other_game(self) -> str:
        """A session of the twin game shown to this game's pages: it acts for nobody here."""
        v = self.s.visitor()
        power = self.rng.choice(POWERS)
        ok = v.signon(TWIN, power[0], "gm-pass")
        self.page(ok, "the twin's sign-on")
        assert ok.status == 303, ok.status
        token = self.page(v.get(f"/games/{TWIN}/orders"), "the twin's orders").field("csrf")
        before = self.files()
        page = self.page(v.get(f"/games/{WEB}/orders"), "another game's session")
        assert page.status == self.unsigned(303), page.status
        p = self.page(v.post(f"/games/{WEB}/orders", {"csrf": token, "nonce": "t", "lines": "SET WAIT"}),
                      "another game's session posting")
        q = self.page(v.post(f"/games/{WEB}/signoff", {"csrf": token}), "another game's session signing off")
        assert (p.status, q.status) == (self.unsigned(403), 403) and self.files() == before, (p.status, q.status)
        assert self.page(v.get(f"/games/{TWIN}/orders"), "the twin's orders").status == 200     # still signed on
        return "another game's session -> 403"

    def reader(self) -> str:
        """Someone with the game password (or a wrong one) of a game that may be private: reading is not playing."""
        v = self.s.visitor()
        game = self.game()
        right = self.rng.random() < 0.6
        form = self.page(v.get(f"/games/{WEB}/signon"), "the sign-on form")
        before = self.files()
        p = self.page(v.post(f"/games/{WEB}/signon", {"csrf": form.field("csrf") if form.status in (200, 404) else "",
                                                      "game_password": "look-pw" if right else "peek-pw"}),
                      "a game password")
        ok = right and game.private and not self.locked("game password")
        if game.private and not right:
            self.wrong("game password")
        assert p.status == (303 if ok else 404), f"a {'right' if right else 'wrong'} game password: {p.status}"
        assert self.files() == before, "a game password changed a file"
        if ok:
            assert p.headers["Location"] == f"/games/{WEB}"
            assert self.page(v.get(f"/games/{WEB}"), "a reader's game page").status == 200
            assert self.page(v.get(f"/games/{WEB}/orders"), "a reader's orders page").status == 303
            q = self.page(v.post(f"/games/{WEB}/orders", {"csrf": "", "nonce": "r", "lines": "SET WAIT"}), "reader")
            assert q.status in (303, 403, 404) and self.files() == before, q.status
        return f"a {'right' if right else 'wrong'} game password (private: {game.private}) -> {p.status}"

    # -- a browser -------------------------------------------------------------------------------------------------
    def browse(self, b: Browser) -> str:
        roll = self.rng.random()
        if b.who is None or roll < 0.15:
            return self.signon(b)
        if roll < 0.55:
            return self.post_lines(b)
        if roll < 0.62:
            return self.forged(b)
        if roll < 0.68:
            return self.resend(b)
        if roll < 0.74:
            return self.odd_body(b)
        if roll < 0.82:
            p = self.page(b.visitor.get(f"/games/{WEB}/orders"), "the orders page")
            assert p.status == (200 if self.holds(b) else self.unsigned(303)), f"orders page {p.status} for {b.who}"
            return f"{b.who} reloads the orders page -> {p.status}"
        if roll < 0.9:
            return self.signoff(b)
        return self.old_cookie(b)

    def holds(self, b: Browser) -> bool:
        """What the walk expects: signed on, and (for a power signed on with its own password) the same player."""
        if b.who is None or self.s.clock() >= b.opened + LIFETIME:
            return False
        return b.who == "MASTER" or b.via_master or self.epochs[b.who] == b.epoch

    def signon(self, b: Browser) -> str:
        rng = self.rng
        power = rng.choice(["FRANCE"] * 3 + POWERS)
        game = self.game()
        kind = rng.choice(["right", "right", "right", "wrong", "other power", "other game", "master", "as master",
                           "bad letter"])
        who, pw = {"right": (power[0], password(power)), "wrong": (power[0], "guess"),
                   "other power": (power[0], password(rng.choice([p for p in POWERS if p != power]))),
                   "other game": (power[0], OTHER_PW), "master": ("M", "gm-pass"),
                   "as master": (power[0], "gm-pass"), "bad letter": ("X", password(power))}[kind]
        before = self.files()
        form = self.page(b.visitor.get(f"/games/{WEB}/signon"), "the sign-on form")
        assert form.status == (404 if game.private else 200)        # (a private game's form: 404, as no game's)
        old = b.visitor.cookies.get(COOKIE)
        p = self.page(b.visitor.post(f"/games/{WEB}/signon", {"csrf": form.field("csrf"), "power": who,
                                                              "password": pw}), f"sign-on {kind}")
        player = game.player(power)
        own = kind == "right" and player is not None and player.status == "active"
        if kind == "master":
            ok = True
        elif own or kind == "as master":
            # (a power's budget full, even the master's password is refused for it: the lock is the power's)
            ok = not self.locked(power)
        else:
            ok = False
        if kind in ("wrong", "other power", "other game") or (kind == "right" and not own):
            self.wrong(power)
        assert p.status == (303 if ok else 404 if game.private else 200), f"sign-on {kind} for {power}: {p.status}\n{p.text[:1500]}"
        if ok:
            assert p.headers["Location"] == f"/games/{WEB}/orders", p.headers["Location"]
            cookie = next(c for c in p.headers.get_all("Set-Cookie") if c.startswith(COOKIE + "="))
            for attribute in ("HttpOnly", "SameSite=Strict", f"Path=/games/{WEB}", "Max-Age="):
                assert attribute in cookie, cookie
            if old:
                b.old_cookies.append(old)
            b.who = "MASTER" if kind == "master" else power
            b.via_master, b.epoch, b.opened = kind == "as master", self.epochs[power], self.s.clock()
            b.tokens.append(self.page(b.visitor.get(f"/games/{WEB}/orders"), "orders").field("csrf"))
        else:
            assert self.files() == before, f"a refused sign-on ({kind}) changed a file"
            # (the browser keeps its earlier session, if any)
        return f"sign-on {kind} {who} for {power} -> {p.status}"

    def lines_for(self, b: Browser) -> list[str]:
        game = self.game()
        if b.who == "MASTER":
            return self.master_lines(game)
        if game.position is None:
            return ["STATUS"]
        return player_lines(self.rng, game, b.who, self.s.clock())

    def post_lines(self, b: Browser) -> str:
        page = self.page(b.visitor.get(f"/games/{WEB}/orders"), "the orders page")
        if not self.holds(b):
            assert page.status == self.unsigned(303), f"the orders page of an ended session: {page.status}"
            before = self.files()
            p = self.page(b.visitor.post(f"/games/{WEB}/orders", {"csrf": b.tokens[-1], "nonce": "n",
                                                                  "lines": "SET WAIT"}), "a post after the end")
            assert p.status == self.unsigned(403), f"a session that should have ended posted: {p.status}"
            assert self.files() == before, "a session that should have ended changed a file"
            b.who = None
            return "an ended session posts -> 403"
        assert page.status == 200, page.status
        lines = [line.replace("g1", WEB) for line in self.lines_for(b)]
        # (now and then from an earlier page: the player went back a page, and wrote new lines there)
        back = b.last_form is not None and self.rng.random() < 0.2
        nonce = b.last_form["nonce"] if back else page.field("nonce")
        form = {"csrf": page.field("csrf"), "nonce": nonce, "lines": "\n".join(lines)}
        if back and form == b.last_form:
            return "went back, but sent the same again"
        self.new_mail()
        before = self.files()
        p = self.page(b.visitor.post(f"/games/{WEB}/orders", form), "a form")
        assert p.status == 200, f"a form: {p.status}\n{p.text[:1500]}"
        self.s.settle()
        b.last_form, b.last_changed = form, self.files() != before
        if "was NOT accepted" in p.text:
            assert not b.last_changed, f"a refused form changed a file: {lines}"
        web_mail = self.new_mail()
        if not lines:
            # (an empty form is refused; a mail with its SIGNON line alone is not empty: nothing to compare)
            assert not b.last_changed and "EMPTY MESSAGE" in p.text, "an empty form"
            return f"{b.who} posts nothing"
        # The same lines by mail to the twin, from the address the form is sent as.
        twin = self.game(TWIN)
        if b.who == "MASTER" or b.via_master:
            sender, signon, pw = GM, ("M" if b.who == "MASTER" else b.who[0]), "gm-pass"
        else:
            sender, signon, pw = twin.player(b.who).address, b.who[0], password(b.who)
        self.s.mail(sender, "\n".join([f"SIGNON {signon}{TWIN} {pw}", *(line.replace(WEB, TWIN) for line in lines)]))
        twin_mail = self.new_mail()
        self.compare_mail(web_mail, twin_mail, sender, lines)
        return f"{b.who} posts{' from an earlier page' * back} {lines}"

    def compare_mail(self, web_mail, twin_mail, sender: str, lines) -> None:
        """The same mails, but for the game's name: to the others, and the reply to the sender (whose subject differs,
        a mail's quoting its own; and a mail's says its SIGNON line was taken)."""
        def norm(mails, name):
            out = []
            for rcpts, m in mails:
                body = m.get_body(("plain",))
                text = body.get_content() if body is not None else ""
                text = "\n".join(line for line in text.replace(name, "GAME").splitlines() 
                                 if "SIGNON" not in line and not line.startswith("Signed on as ")).strip()
                subject = "(a reply)" if sender in rcpts else str(m["Subject"]).replace(name, "GAME")
                out.append((tuple(rcpts), subject, text))
            return sorted(out)
        a, b = norm(web_mail, WEB), norm(twin_mail, TWIN)
        assert a == b, f"a form and a mail of {lines} mailed differently:\n{a}\n---\n{b}"

    def compare_twins(self, what: str) -> None:
        def doc(name):
            d = self.game(name).to_json()
            d.pop("seen", None)
            # (password hashes are salted: two games never hold the same ones)
            return re.sub(r"scrypt\$[^']*", "HASH", repr(d).replace(name, "GAME"))
        a, b = doc(WEB), doc(TWIN)
        if a != b:
            import difflib
            diff = "\n".join(list(difflib.unified_diff(a.split(", "), b.split(", "), lineterm=""))[:40])
            raise AssertionError(f"the twins differ after {what}:\n{diff}")

    def forged(self, b: Browser) -> str:
        """A post without a token, with one of an earlier session, or of another browser's."""
        page = b.visitor.get(f"/games/{WEB}/orders")
        self.page(page, "orders")
        others = [t for o in self.browsers if o is not b for t in o.tokens[-1:]]
        kind = self.rng.choice(["none", "stale", "other"])
        token = {"none": "", "stale": (b.tokens[:-1] or [""])[-1], "other": (others or [""])[-1]}[kind]
        before = self.files()
        form = {"nonce": "x", "lines": "SET WAIT"} | ({"csrf": token} if token else {})
        p = self.page(b.visitor.post(f"/games/{WEB}/orders", form), f"a forged form ({kind})")
        assert p.status in {403, self.unsigned(403)}, f"a form with a {kind} token: {p.status}"
        assert self.files() == before, f"a form with a {kind} token changed a file"
        return f"a form with a {kind} token -> 403"

    def resend(self, b: Browser) -> str:
        """The last form sent again (a reload after POST): applied once. (One that changed nothing, refused say, is
        read again and may be answered again, as a refused mail delivered again is.)"""
        if b.last_form is None:
            return "nothing to resend"
        before = self.files()
        self.new_mail()
        p = self.page(b.visitor.post(f"/games/{WEB}/orders", b.last_form), "a form sent again")
        assert p.status in (200, 403, 404), p.status
        self.s.settle()
        assert self.files() == before, "a form sent again changed a file"
        mailed = self.new_mail()
        assert not mailed or not b.last_changed, f"a form sent again mailed {[(r, str(m['Subject']), m.get_content()) for r, m in mailed]}"
        return f"the form sent again -> {p.status}"

    def odd_body(self, b: Browser) -> str:
        page = b.visitor.get(f"/games/{WEB}/orders")
        self.page(page, "orders")
        token = page.field("csrf") if page.status == 200 else "x"
        kind = self.rng.choice(["big", "latin1", "gzip", "multipart"])
        headers, body = {"Content-Type": "application/x-www-form-urlencoded"}, b""
        if kind == "big":
            body = f"csrf={token}&nonce=big&lines=".encode() + b"A" * 70_000
        elif kind == "latin1":
            body = f"csrf={token}&nonce=l1&lines=".encode() + "PRESS TO F\ncaf\xe9\nENDPRESS".encode("latin-1")
            headers["Content-Type"] += "; charset=utf-8"
        elif kind == "gzip":
            body, headers["Content-Encoding"] = b"not gzip at all", "gzip"
        else:
            headers["Content-Type"] = "multipart/form-data"
            body = b"--x\r\n\r\nbroken"
        before = self.files()
        p = self.page(b.visitor.request("POST", f"/games/{WEB}/orders", headers=headers, body=body), kind)
        assert p.status in (400, 403, 404, 413), f"a {kind} body: {p.status}\n{p.text[:500]}"
        assert self.files() == before, f"a {kind} body changed a file"
        return f"a {kind} body -> {p.status}"

    def signoff(self, b: Browser) -> str:
        page = self.page(b.visitor.get(f"/games/{WEB}/orders"), "orders")
        if page.status != 200:
            b.who = None
            return "sign-off: not signed on"
        cookie = b.visitor.cookies.get(COOKIE)
        p = self.page(b.visitor.post(f"/games/{WEB}/signoff", {"csrf": page.field("csrf")}), "sign-off")
        assert p.status == 303 and p.headers["Location"] == f"/games/{WEB}", p.status
        assert COOKIE not in b.visitor.cookies, "the sign-off left the session's cookie in the browser"
        b.old_cookies.append(cookie)
        b.who = None
        return "sign-off -> 303"

    def old_cookie(self, b: Browser) -> str:
        """A signed-off (or replaced) session's cookie used again: it shows no orders page and acts for nobody."""
        if not b.old_cookies:
            return "no old cookie"
        v = self.s.visitor()
        v.cookies[COOKIE] = self.rng.choice(b.old_cookies)
        before = self.files()
        page = self.page(v.get(f"/games/{WEB}/orders"), "an old cookie's orders page")
        if page.status == 200:
            # (a cookie replaced by a newer sign-on of the same browser is still a live session, not signed off)
            return "an old cookie, still live"
        assert page.status == self.unsigned(303), page.status
        p = self.page(v.post(f"/games/{WEB}/orders", {"csrf": b.tokens[-1] if b.tokens else "", "nonce": "o",
                                                      "lines": "SET WAIT"}), "an old cookie's form")
        assert p.status == self.unsigned(403) and self.files() == before, p.status
        return "an old cookie -> 303/403"


@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_walk_through_the_web_keeps_every_invariant(served, seed: int) -> None:
    served.start_game(WEB)
    served.start_game(TWIN)
    served.mail(STRANGER, f"CREATE other {OTHER_PW}")
    served.secrets.add("look-pw")
    w = Walk(served, random.Random(seed))
    for n in range(STEPS):
        what = w.step()
        if os.environ.get("JUDGE_WALK_LOG"):
            print(n, what)
    if os.environ.get("JUDGE_WALK_LOG"):
        print(sorted(w.seen.items()))
