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

The browsers' steps are in tests/web/web_browsers.py. Longer walks by hand: JUDGE_WEB_WALK_STEPS=2000 JUDGE_WEB_WALK_SEEDS=1,2,3 pytest tests/web/test_web_walk.py"""
from __future__ import annotations

import os
import random
import re
import socket
import threading
import time
from collections import Counter
from datetime import datetime

import pytest

from judge.game import Game
from judge.storage.failures import LIMIT, WINDOW
from judge.web import pages
from tests.e2e.conftest import game_files
from tests.service.test_random_walk import master_lines, player_lines
from tests.web.conftest import GM, POWERS, Page, Served, address, password
from tests.web.web_browsers import OTHER_PW, TWIN, WEB, Browser, Browsing

STEPS = int(os.environ.get("JUDGE_WEB_WALK_STEPS", "25"))
SEEDS = [int(s) for s in os.environ.get("JUDGE_WEB_WALK_SEEDS", "1901").split(",")]
PAGE_LIMIT = 2_000_000
STRANGER = "stranger@example.org"


class Walk(Browsing):
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
        self.seen["steps"] += 1
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
                {404} if method == "POST" and path in (f"/games/{WEB}/orders", f"/games/{WEB}/signoff") else set()):
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
        stall.sendall(b"POST /games/" + WEB.encode() + b"/orders HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\n"
                      b"lines=")
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
        assert (p.status, q.status) == (self.unsigned(403), self.unsigned(403)) and self.files() == before, \
            (p.status, q.status)
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
