"""The browsers of the web walk (tests/web/test_web_walk.py): each signs on (right and wrong), posts what a player or
the master may mail, goes back a page, sends a form again, forges tokens, sends bodies that cannot be read, signs off
and uses an old cookie; after each, what must hold. `Browsing` is a part of the walk's `Walk` (its served judge, its
model of who holds a session, and its checks)."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from judge.web.session import COOKIE, LIFETIME
from tests.service.test_random_walk import player_lines
from tests.web.conftest import GM, POWERS, Visitor, password

WEB, TWIN = "g1", "g2"                  # (names of one length: mails compared after swapping them read the same)
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
    last_step: int = 0                                          # when it was sent
    tokens: list[str] = field(default_factory=list)             # CSRF tokens it was given



class Browsing:
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
        expected = 303 if ok else 404 if game.private else 200
        assert p.status == expected, f"sign-on {kind} for {power}: {p.status}\n{p.text[:1500]}"
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
        b.last_form, b.last_changed, b.last_step = form, self.files() != before, self.seen["steps"]
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
        """The last form, applied, sent again soon after (a reload after POST): applied once. (A refused one is read
        again, as a refused mail delivered again is, and the game may take it now: not sent here, the twin would not
        follow. A game remembers the last SEEN_KEPT messages it applied, a form's as a mail's: one sent again after
        more than that is a new message; the walk sends none so late.)"""
        if b.last_form is None or not b.last_changed or self.seen["steps"] - b.last_step > 10:
            return "nothing to resend"
        before = self.files()
        self.new_mail()
        p = self.page(b.visitor.post(f"/games/{WEB}/orders", b.last_form), "a form sent again")
        assert p.status in (200, 403, 404), p.status
        self.s.settle()
        assert self.files() == before, "a form sent again changed a file"
        mailed = self.new_mail()
        told = [(r, str(m["Subject"]), m.get_content()) for r, m in mailed]
        assert not mailed, f"a form sent again mailed {told}"
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
