"""judge-web.md: a web sign-on's failures "count against the same sign-on limits as mail". Through the real `judge
serve` (its own process, config.ini, SMTP and HTTP on 127.0.0.1, mail answered into its Maildir): wrong passwords by
mail from an address that is not the power's own and wrong passwords on the web sign-on form fill one budget (five
an hour, LIMIT), in either order; once it is full, the right password and a wrong one get the same answer, on
either face, and nothing refused is counted or changes the game."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

from judge.storage.failures import FILE, LIMIT
from judge.web.session import COOKIE
from tests.e2e.conftest import game_files
from tests.web.conftest import Visitor, address, password
from tests.web.serve_process import delivered, mail_reply, started_game

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


def told(tmp_path: Path, power: str) -> list[str]:
    """The wrong-password notices about `power` the judge mailed, their lines joined."""
    texts = [" ".join(m.get_content().split()) for m in delivered(tmp_path) if "wrong passwords" in m["Subject"]]
    return [t for t in texts if f"for {power} in game demo" in t]


def used_up(tmp_path: Path) -> dict[str, int]:
    kept = json.loads((tmp_path / "games" / "demo" / FILE).read_text())
    return {k: len(v) for k, v in kept.items()}


def test_wrong_passwords_by_mail_then_on_the_web_fill_one_budget(tmp_path):
    with started_game(tmp_path) as (smtp, web):
        games = tmp_path / "games"
        before = game_files(games)
        for _ in range(LIMIT - 1):
            assert "WRONG PASSWORD OR NO PLAYER FOR FRANCE" in mail_reply(tmp_path, smtp, STRANGER,
                                                                          "SIGNON Fdemo guess")
        r = web_signon(Visitor(web), "F", "guess")
        assert r.status == 200 and "WRONG PASSWORD OR NO PLAYER FOR FRANCE" in r.text
        # Now on the web the right password is answered as a wrong one is: refused, the same page, no session.
        player = Visitor(web, source="127.0.0.2")
        right, wrong = web_signon(player, "F", password("FRANCE")), web_signon(player, "F", "guess2")
        assert right.status == wrong.status == 200 and COOKIE not in player.cookies
        assert LOCKED.format(who="FRANCE") in shown(right) and shown(right) == shown(wrong)
        # And by mail from any address but France's own.
        right, wrong = (mail_reply(tmp_path, smtp, STRANGER, f"SIGNON Fdemo {pw}")
                        for pw in (password("FRANCE"), "guess3"))
        assert LOCKED.format(who="FRANCE") in right and refusal(right) == refusal(wrong)
        assert used_up(tmp_path) == {"FRANCE:other": LIMIT}            # refused attempts are not counted
        assert game_files(games) == before                             # nothing refused changed the game
        # France's player and the master were told, once each, that both faces count.
        about = told(tmp_path, "France")
        assert len(about) == 2 and all("by mail and on the web together" in t for t in about), about
        # The sign-on page says so too: one budget for both faces, no budget of a browser's own (a second browser,
        # at another address, was refused above); it said five per browser and thirty from all of them.
        note = shown(Visitor(web).get("/games/demo/signon"))
        assert "by mail and on the web together" in note and "browser" not in note and "thirty" not in note, note
        # France's own address keeps its own budget; another power is not touched.
        assert "Signed on as France" in mail_reply(tmp_path, smtp, address("FRANCE"),
                                                   f"SIGNON Fdemo {password('FRANCE')}")
        assert web_signon(Visitor(web), "I", password("ITALY")).status == 303


def test_wrong_passwords_on_the_web_then_by_mail_fill_one_budget(tmp_path):
    with started_game(tmp_path) as (smtp, web):
        games = tmp_path / "games"
        before = game_files(games)
        for n in range(LIMIT - 1):                 # (from browsers at different addresses: one budget all the same)
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
        assert used_up(tmp_path) == {"GERMANY:other": LIMIT}
        assert game_files(games) == before
        about = told(tmp_path, "Germany")
        assert len(about) == 2 and all("by mail and on the web together" in t for t in about), about
        # The sign-on page says so too: one budget for both faces, no budget of a browser's own (a second browser,
        # at another address, was refused above); it said five per browser and thirty from all of them.
        note = shown(Visitor(web).get("/games/demo/signon"))
        assert "by mail and on the web together" in note and "browser" not in note and "thirty" not in note, note
        assert "Signed on as Germany" in mail_reply(tmp_path, smtp, address("GERMANY"),
                                                    f"SIGNON Gdemo {password('GERMANY')}")
