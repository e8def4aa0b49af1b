"""shared/spec/judge-web.md: "Pages are HTML that reads and works without JavaScript". The whole round in Chromium
with script turned off (as its users turn it off: the content setting), for a game played over SMTP: the list, the
game page and its board, a phase, the sign-on, orders sent and shown, sign-off; every POST form carries its CSRF
token. That the script really is off is seen: judge.js would add the reader's own time beside each deadline."""
from __future__ import annotations


import pytest

from tests.web.conftest import address, password
from tests.web.test_browser import CHROMIUM, DRIVER, HOW, chromium, submit

webdriver = pytest.importorskip("selenium.webdriver", reason=HOW)
pytestmark = pytest.mark.skipif(not (CHROMIUM and DRIVER), reason=HOW)


@pytest.fixture
def scriptless():
    with chromium({"profile.managed_default_content_settings.javascript": 2}) as driver:
        yield driver


def post_forms_carry_a_token(driver) -> int:
    forms = driver.find_elements("css selector", "form")
    for form in forms:
        assert form.get_attribute("method").lower() == "post", form.get_attribute("action")
        assert form.find_element("css selector", "input[type=hidden][name=csrf]").get_attribute("value")
    return len(forms)


def test_every_page_and_form_works_with_script_off(served, scriptless):
    from selenium.webdriver.support.ui import Select
    driver = scriptless
    served.start_game("demo", "SET ZONE Europe/Paris")
    served.mail_many([(address(p), f"SIGNON {p[0]}demo {password(p)}\n{order}")
                      for p, order in (("FRANCE", "A PAR - BUR"), ("GERMANY", "A MUN - RUH"))])
    served.orders("demo", "MASTER", "PROCESS!")
    base = f"http://127.0.0.1:{served.port}"

    driver.get(base + "/")
    submit(driver, "demo", "link text")
    assert driver.current_url == base + "/games/demo"
    body = driver.find_element("tag name", "body").text
    assert "Fall 1901 Movement" in body and "Europe/Paris" in body
    assert "your time" not in body                     # judge.js did not run
    board = driver.find_element("id", "board")
    assert board.size["width"] > 400 and "/games/demo/map.svg" in board.get_attribute("src")
    submit(driver, "S1901M", "link text")
    assert driver.current_url == base + "/games/demo/phases/S1901M"
    assert "Army Paris -> Burgundy." in driver.find_element("css selector", "pre.results").text

    driver.get(base + "/games/demo/signon")
    assert post_forms_carry_a_token(driver) == 1
    Select(driver.find_element("name", "power")).select_by_visible_text("France")
    driver.find_element("name", "password").send_keys(password("FRANCE"))
    submit(driver, "form.signon button")
    assert driver.current_url == base + "/games/demo/orders"
    assert post_forms_carry_a_token(driver) == 2          # the orders and the sign-off
    driver.find_element("name", "lines").send_keys("A BUR - MUN")
    submit(driver, "form.orders button")
    assert "A BUR - MUN" in driver.find_element("id", "reply").text
    assert "A BUR - MUN" in driver.find_element("id", "status").text        # the orders held, as STATUS says

    submit(driver, "form.signoff button")
    assert driver.current_url == base + "/games/demo"
    driver.get(base + "/games/demo/orders")
    assert driver.current_url == base + "/games/demo/signon"          # signed off: sent to sign on again
