"""Every control a player types into or picks from has a name that assistive technology reads out (WAI-ARIA's
accessible name, as Chromium computes it): a screen reader must not announce the orders box as a bare "edit text"."""
from __future__ import annotations

from tests.web.conftest import password
from tests.web.test_browser import browser, pytestmark, submit  # noqa: F401  (the fixture and the skip reason)


def named_controls(driver) -> dict[str, str]:
    """Each visible textarea, select and non-hidden input on the page: its name attribute -> accessible name."""
    controls = driver.find_elements("css selector", "textarea, select, input:not([type=hidden])")
    assert controls, driver.page_source[:500]
    return {c.get_attribute("name"): c.accessible_name.strip() for c in controls}


def test_the_sign_on_and_orders_forms_name_every_control(served, browser):  # noqa: F811
    served.start_game("demo")
    base = f"http://127.0.0.1:{served.port}"
    browser.get(base + "/games/demo/signon")
    names = named_controls(browser)
    assert all(names.values()), names
    browser.find_element("name", "password").send_keys(password("FRANCE"))
    from selenium.webdriver.support.ui import Select
    Select(browser.find_element("name", "power")).select_by_value("F")
    submit(browser, "form button[type=submit]")
    assert browser.current_url.endswith("/games/demo/orders"), browser.current_url
    names = named_controls(browser)
    assert "lines" in names and names["lines"], names       # the box the orders are typed into
    assert all(names.values()), names
