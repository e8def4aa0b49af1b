"""The orders form takes any line a mail would carry, SET ADDRESS <new> <code> and UNLOCK among them: a refused one is
shown with its code masked, in the judge's reply on the page, in the errors of a form sent again and again (no reply
then), and in the lines kept when the sign-on has ended. The right code still works from the form."""
import re

from judge.redact import MASK
from judge.storage.secret import ALPHABET
from judge.web.pages import HIDDEN
from tests.web.conftest import password

NEW = "elsewhere@example.org"


def test_codes_typed_into_the_orders_form_are_masked_on_every_page(served):
    served.start_game("demo")
    served.orders("demo", "FRANCE", f"SET ADDRESS {NEW}")
    asked = served.relay.to(NEW)[-1].get_content().replace("\r\n", "\n")
    code = re.search(rf"SET ADDRESS {NEW} ([A-Z0-9]{{10}})\n", asked)[1]
    wrong = code[:-1] + next(c for c in ALPHABET if c != code[-1])
    secrets = (code, wrong, "zq7-Xk9!p")
    v = served.visitor()
    assert v.signon("demo", "F", password("FRANCE")).status == 303

    # The judge's reply on the page: the refused line masked, the unread rest too.
    page = v.send("demo", f"SET ADDRESS {NEW} {wrong}\nUNLOCK Fdemo zq7-Xk9!p")
    assert page.status == 200 and "NOT accepted" in page.text
    assert f"SET ADDRESS {HIDDEN} {MASK}" in page.text, page.text
    assert f"UNLOCK Fdemo {MASK}" in page.text, page.text
    # The same lines again and again: past the loop guard's replies, the page shows the refusal's errors itself.
    for _ in range(5):
        page = v.send("demo", f"SET ADDRESS {NEW} {wrong}")
    assert page.status == 200 and "NOT accepted" not in page.text, page.text         # (no reply: the errors)
    assert f"<code>SET ADDRESS {HIDDEN} {MASK}</code>: THAT IS NOT THE CODE FOR" in page.text, page.text
    assert f"SET ADDRESS {NEW} {MASK}</textarea>" in page.text      # (the lines typed, to send again)
    shown(v, secrets)

    # The sign-on ended (signed off in another tab): the lines typed are kept, masked.
    form = v.get("/games/demo/orders")
    v.post("/games/demo/signoff", {"csrf": form.field("csrf")})
    gone = v.post("/games/demo/orders", {"csrf": form.field("csrf"), "nonce": form.field("nonce"),
                                        "lines": f"SET ADDRESS {NEW} {code}\nUNLOCK Fdemo {code}"})
    assert gone.status == 403 and f"UNLOCK Fdemo {MASK}" in gone.text, gone.text
    shown(v, secrets)

    # The right code, from the form, still makes the change.
    v.signon("demo", "F", password("FRANCE"))
    page = v.send("demo", f"SET ADDRESS {NEW} {code}")
    assert "Address changed to" in page.text, page.text
    served.settle()
    assert served.daemon.judge.store.load("demo").player("FRANCE").address == NEW
    shown(v, secrets)


def shown(v, secrets) -> None:
    """No page the visitor was shown, headers included, holds any of `secrets` (in any case)."""
    for page in v.seen:
        seen = (str(page.headers) + page.text).lower()
        assert not any(s.lower() in seen for s in secrets), (page.path, page.text)
