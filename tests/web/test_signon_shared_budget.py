"""judge-web.md: a web sign-on's failures "count against the same sign-on limits as mail". Through the real `judge
serve` (its own process, config.ini, SMTP and HTTP on 127.0.0.1, mail answered into its Maildir): wrong passwords by
mail from an address that is not the power's own and wrong passwords on the web sign-on form fill one budget (five
an hour, LIMIT), in either order; once it is full, the right password and a wrong one get the same answer, on
either face, and nothing refused is counted or changes the game."""
from __future__ import annotations

import html
import json
import re

from judge.storage.failures import FILE, LIMIT
from judge.web.session import COOKIE
from tests.e2e.conftest import game_files
from tests.web.conftest import GM, POWERS, Visitor, address, password
from tests.web.serve_process import delivered, mail_reply, start_serve, stop_serve

STRANGER = "stranger@example.org"
LOCKED = "TOO MANY WRONG PASSWORDS FOR {who} IN demo: SIGN-ONS ARE REFUSED UNTIL"


def web_signon(v: Visitor, who: str, pw: str):
    form = v.get("/games/demo/signon")
    return v.post("/games/demo/signon", {"csrf": form.field("csrf"), "power": who, "password": pw})


def shown(page) -> str:
    """The page's words (what a reader sees), for comparing two answers."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page.text)).split())


def refusal(reply: str) -> str:
    """A mail reply's words without its first line (which quotes the message's own subject)."""
    return " ".join(reply.split("\n", 1)[1].split())


def test_wrong_passwords_by_mail_and_on_the_web_fill_one_budget(tmp_path):
    proc, smtp, web = start_serve(tmp_path, "")
    try:
        mail_reply(tmp_path, smtp, GM, "CREATE demo gm-pass")
        for power in POWERS:
            mail_reply(tmp_path, smtp, address(power), f"JOIN demo {password(power)} {power[0]}")
        games = tmp_path / "games"
        before = game_files(games)

        # LIMIT - 1 wrong passwords by mail, then one on the web: France's budget is used up.
        for _ in range(LIMIT - 1):
            assert "WRONG PASSWORD OR NO PLAYER FOR FRANCE" in mail_reply(tmp_path, smtp, STRANGER,
                                                                          "SIGNON Fdemo guess")
        guesser = Visitor(web)
        r = web_signon(guesser, "F", "guess")
        assert r.status == 200 and "WRONG PASSWORD OR NO PLAYER FOR FRANCE" in r.text
        # Now on the web the right password is answered as a wrong one is: refused, the same page.
        player = Visitor(web, source="127.0.0.2")
        right, wrong = web_signon(player, "F", password("FRANCE")), web_signon(player, "F", "guess2")
        assert right.status == wrong.status == 200 and COOKIE not in player.cookies
        assert LOCKED.format(who="FRANCE") in shown(right) and shown(right) == shown(wrong)
        # And by mail from any address but France's own.
        right, wrong = (mail_reply(tmp_path, smtp, STRANGER, f"SIGNON Fdemo {pw}")
                        for pw in (password("FRANCE"), "guess3"))
        assert LOCKED.format(who="FRANCE") in right and refusal(right) == refusal(wrong)
        assert game_files(games) == before                  # nothing refused changed the game
        # France's own address keeps its own budget (mail from it signs on; its message is the game's).
        assert "Signed on as France" in mail_reply(tmp_path, smtp, address("FRANCE"),
                                                   f"SIGNON Fdemo {password('FRANCE')}")

        # The other way round: LIMIT - 1 on the web (from any browsers), then one by mail.
        before = game_files(games)
        for n in range(LIMIT - 1):
            r = web_signon(Visitor(web, source=f"127.0.0.{3 + n}"), "G", "guess")
            assert "WRONG PASSWORD OR NO PLAYER FOR GERMANY" in r.text
        assert "WRONG PASSWORD OR NO PLAYER FOR GERMANY" in mail_reply(tmp_path, smtp, STRANGER, "SIGNON Gdemo guess")
        right, wrong = (mail_reply(tmp_path, smtp, "other@example.org", f"SIGNON Gdemo {pw}")
                        for pw in (password("GERMANY"), "guess2"))
        assert LOCKED.format(who="GERMANY") in right and refusal(right) == refusal(wrong)
        fresh = Visitor(web, source="127.0.0.9")
        right, wrong = web_signon(fresh, "G", password("GERMANY")), web_signon(fresh, "G", "guess3")
        assert LOCKED.format(who="GERMANY") in shown(right) and shown(right) == shown(wrong)
        assert COOKIE not in fresh.cookies

        # One budget each, counted once per failure and not past the limit; nothing refused changed a game.
        kept = json.loads((games / "demo" / FILE).read_text())
        assert {k: len(v) for k, v in kept.items()} == {"FRANCE:other": LIMIT, "GERMANY:other": LIMIT}
        assert game_files(games) == before
        # Each power's player and the master were told once, that both faces count.
        told = [" ".join(m.get_content().split()) for m in delivered(tmp_path) if "wrong passwords" in m["Subject"]]
        for power in ("France", "Germany"):
            about = [t for t in told if f"for {power} in game demo" in t]
            assert len(about) == 2, about                   # the player's and the master's
            assert all("by mail and on the web together" in t for t in about)
        # Another power is not touched: Italy signs on on the web.
        assert web_signon(Visitor(web), "I", password("ITALY")).status == 303
    finally:
        stop_serve(proc)
