"""The page answering a form whose own SET PASSWORD ended the sign-on: it offers to sign on again, and neither a
Sign off button nor a time at which the (already ended) sign-on would end. Over real HTTP through `judge serve`."""
from __future__ import annotations

from tests.web.conftest import password


def test_a_new_password_ends_the_sign_on_and_the_page_says_so(served):
    served.start_game("ended")
    served.secrets |= {"fresh-pw1"}
    v = served.visitor()
    assert v.signon("ended", "F", password("FRANCE")).status in (200, 303)
    page = v.send("ended", "SET PASSWORD fresh-pw1")
    assert page.status == 200 and "Password changed." in page.text
    assert 'action="/games/ended/signoff"' not in page.text
    assert "ends by itself" not in page.text
    assert "This sign-on has ended" in page.text and 'href="/games/ended/signon">Sign on again</a>' in page.text
    # It has: the orders page now sends the visitor to sign on.
    gone = v.get("/games/ended/orders")
    assert gone.status == 303 and gone.headers["Location"].endswith("/games/ended/signon")
    # While signed on, the page still has its Sign off button and the time the sign-on ends.
    assert v.signon("ended", "F", "fresh-pw1").status in (200, 303)
    page = v.get("/games/ended/orders")
    assert 'action="/games/ended/signoff"' in page.text and "ends by itself at" in page.text
    served.check_pages()
