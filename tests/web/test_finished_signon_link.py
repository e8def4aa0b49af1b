"""A finished game still takes some lines from its players and master on the web (ROLLBACK, SET PASSWORD, PRESS...:
the orders page offers the box for them, README "The web pages"): its page links to its sign-on, as a running
game's does, or a master who wants to roll it back has to guess the address; so does a forming game's, for its
master (SET RULE, BROADCAST...)."""
from __future__ import annotations

from tests.web.conftest import GM, password


def test_a_finished_games_page_links_to_its_sign_on_and_the_link_leads_to_the_box(served):
    served.russia_wins("won")
    v = served.visitor()
    page = v.get("/games/won")
    assert page.status == 200 and 'href="/games/won/signon"' in page.text
    signon = v.get("/games/won/signon")
    assert signon.status == 200
    assert v.signon("won", "F", password("FRANCE")).status == 303
    orders = v.get("/games/won/orders")
    assert orders.status == 200 and '<textarea name="lines"' in orders.text
    served.check_pages()


def test_a_forming_games_page_links_its_master_to_the_sign_on(served):
    """Before the start only the master signs on (nobody has a power yet); the sign-on page offers M and takes it."""
    served.mail(GM, "CREATE forming gm-pass")
    served.secrets |= {"gm-pass"}
    v = served.visitor()
    page = v.get("/games/forming")
    assert page.status == 200 and 'href="/games/forming/signon"' in page.text
    assert v.signon("forming", "M", "gm-pass").status == 303
    assert '<textarea name="lines"' in v.get("/games/forming/orders").text
    served.check_pages()
