"""The pages in a real browser (Chromium, driven by Selenium) for a game played over SMTP: the board is drawn, the
phase links work, a player signs on through the form and sends orders that STATUS by mail then shows, a wrong
password is refused and counted, a form without its CSRF token changes nothing. Screenshots are checked to hold the
map. Skipped, saying how to install one, when there is no browser."""
from __future__ import annotations

import contextlib
import shutil
import tempfile

import pytest

from tests.e2e.conftest import game_files
from tests.web.conftest import address, password

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
HOW = ("no Chromium here: apt-get install -y chromium chromium-driver (Debian), and pip install -e '.[test]' for "
       "Selenium; .ci/run installs both")
webdriver = pytest.importorskip("selenium.webdriver", reason=HOW)
pytestmark = pytest.mark.skipif(not (CHROMIUM and DRIVER), reason=HOW)


@contextlib.contextmanager
def chromium(prefs: dict | None = None):
    """A headless Chromium with a profile of its own (and `prefs`: script off, say), quit and cleaned up after."""
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    options = Options()
    profile = tempfile.TemporaryDirectory()
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 f"--user-data-dir={profile.name}", "--window-size=1280,1000"):
        options.add_argument(flag)
    if prefs:
        options.add_experimental_option("prefs", prefs)
    options.binary_location = CHROMIUM
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
        profile.cleanup()


@pytest.fixture
def browser():
    with chromium() as driver:
        yield driver


def submit(driver, selector: str, by: str = "css selector") -> None:
    """Click a button or link and wait until the browser has left the page (the answer may take a moment)."""
    from selenium.webdriver.support.ui import WebDriverWait
    old = driver.find_element("tag name", "html")
    driver.find_element(by, selector).click()
    WebDriverWait(driver, 30).until(lambda _: _left(old))


def _left(old) -> bool:
    """Is the page that `old` belongs to gone? (selenium's staleness_of, and chromedriver's other answer: asked
    while the old page's script context is being torn down, it may reply "unhandled inspector error ... Cannot find
    context with specified id" instead of a stale element, as a CI run once met.)"""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    try:
        old.is_enabled()
        return False
    except StaleElementReferenceException:
        return True
    except WebDriverException as exc:
        if "inspector error" in str(exc) or "Cannot find context" in str(exc):
            return True
        raise


def screenshot_has_the_map(driver) -> None:
    """The board's <img> has loaded and is large; a screenshot shows the map's sea and land colours there."""
    import pyvips
    img = driver.find_element("id", "board")
    assert driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", img) > 500
    size = img.size
    assert size["width"] > 400 and size["height"] > 300, size
    shot = pyvips.Image.new_from_buffer(img.screenshot_as_png, "")
    colours = {tuple(int(c) for c in shot.getpoint(x, y)[:3])
               for x in range(5, shot.width, shot.width // 20) for y in range(5, shot.height, shot.height // 20)}
    sea, land = (0xc2, 0xd9, 0xe8), (0xf3, 0xec, 0xd8)

    def near(a, b):
        return all(abs(p - q) <= 6 for p, q in zip(a, b))
    assert any(near(c, sea) for c in colours), "no sea in the screenshot"
    assert any(near(c, land) for c in colours), "no land in the screenshot"


def results_are_laid_out_as_mailed(driver) -> None:
    """Beside the picture on a desktop-sized window the results text is shown whole, one line on screen for each
    line of the mail (a wrapped line breaks its columns: 'Unowned:' lists, long order lines), nothing cut off."""
    pre = driver.find_element("css selector", "pre.results")
    rows, lines, fits = driver.execute_script("""
        const pre = arguments[0], cs = getComputedStyle(pre);
        const inner = pre.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
        return [Math.round(inner / parseFloat(cs.lineHeight)), pre.textContent.replace(/\\n$/, "").split("\\n").length,
                pre.scrollWidth <= pre.clientWidth];""", pre)
    longest = max(len(line) for line in pre.text.split("\n"))
    assert longest >= 60 and fits and rows == lines, (rows, lines, fits, longest)


def test_a_game_played_over_smtp_in_a_browser(served, browser):
    from selenium.webdriver.support.ui import Select
    served.start_game("demo")
    base = f"http://127.0.0.1:{served.port}"
    spring = {"AUSTRIA": "A VIE - GAL", "ENGLAND": "F LON - NTH", "FRANCE": "A PAR - BUR", "GERMANY": "A MUN - RUH",
              "ITALY": "A VEN - TYR", "RUSSIA": "A WAR - GAL", "TURKEY": "A CON - BUL"}
    served.mail_many([(address(p), f"SIGNON {p[0]}demo {password(p)}\n{order}") for p, order in spring.items()])
    served.tick(seconds=1)

    browser.get(base + "/")
    submit(browser, "demo", "link text")
    assert browser.title.startswith("demo")
    screenshot_has_the_map(browser)
    submit(browser, "S1901M", "link text")
    assert browser.current_url == base + "/games/demo/phases/S1901M"
    screenshot_has_the_map(browser)
    assert "Army Vienna -> Galicia.  (*bounce*)" in browser.find_element("css selector", "pre.results").text
    results_are_laid_out_as_mailed(browser)
    # On a phone the same text is all in sight, wrapped (it scrolled sideways, the marks and deadline out of sight).
    browser.set_window_size(390, 844)
    browser.refresh()
    pre = browser.find_element("css selector", "pre.results")
    assert browser.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", pre)
    assert browser.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    browser.set_window_size(1280, 1000)

    # A wrong password: refused, and counted as a mail's would be.
    browser.get(base + "/games/demo/signon")
    Select(browser.find_element("name", "power")).select_by_visible_text("France")
    browser.find_element("name", "password").send_keys("not-it")
    submit(browser, "form.signon button")
    assert "WRONG PASSWORD" in browser.find_element("css selector", ".error").text
    failures = (served.daemon.judge.store.folder("demo") / "signon-failures.json").read_text()
    # (in mail's budget of other addresses: judge-web.md's "same sign-on limits as mail"; no address written)
    assert "FRANCE:other" in failures and "127.0.0.1" not in failures

    # The right one, then orders through the form.
    Select(browser.find_element("name", "power")).select_by_visible_text("France")
    browser.find_element("name", "password").send_keys(password("FRANCE"))
    submit(browser, "form.signon button")
    assert browser.current_url == base + "/games/demo/orders"
    browser.find_element("name", "lines").send_keys("A BUR - MUN\nF BRE - MAO")
    submit(browser, "form.orders button")
    assert "A BUR - MUN" in browser.find_element("id", "reply").text
    served.mail(address("FRANCE"), f"SIGNON Fdemo {password('FRANCE')}\nSTATUS")
    status = [m for m in served.relay.to(address("FRANCE")) if str(m["Subject"]).startswith("Re:")][-1]
    assert "A BUR - MUN" in status.get_content() and "F BRE - MAO" in status.get_content()

    # A form whose CSRF token is gone: refused, nothing changed.
    files = game_files(served.settings.games_dir)
    browser.execute_script("document.querySelector('form.orders input[name=csrf]').remove()")
    browser.find_element("name", "lines").send_keys("A BUR H")
    submit(browser, "form.orders button")
    assert "403" in browser.title
    served.settle()
    assert game_files(served.settings.games_dir) == files
    served.visitors.append(_pages_seen(browser, base))
    served.check_pages()


def _pages_seen(browser, base, game="demo"):
    """The browser's pages, for the privacy check (fetched again with its cookies)."""
    from tests.web.conftest import Visitor
    v = Visitor(int(base.rsplit(":", 1)[1]))
    for c in browser.get_cookies():
        v.cookies[c["name"]] = c["value"]
    for path in ("/", f"/games/{game}", f"/games/{game}/orders", f"/games/{game}/phases/S1901M"):
        v.get(path)
    return v


def test_a_finished_game_in_a_browser(served, browser):
    """A game won over SMTP: its page shows the final board (titled with the end) and, beside the end, the last
    phase played; both pictures load, and the link beside the end leads to that phase."""
    served.russia_wins("won")
    base = f"http://127.0.0.1:{served.port}"
    browser.get(base + "/games/won")
    screenshot_has_the_map(browser)                                         # the final board
    alt = browser.find_element("id", "board").get_attribute("alt")
    assert alt == "The final board of game won: Russia has won alone", alt
    last = browser.find_element("css selector", "figure.last img")
    assert browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", last) > 500
    assert last.size["width"] > 300                                          # (beside the counts, not a thumbnail)
    facts = browser.find_element("css selector", ".facts").text
    assert "Ended after Fall 1901 Movement" in facts and "Deadline" not in facts and "Winter" not in facts
    submit(browser, "section.ending p a", "css selector")
    assert browser.current_url == base + "/games/won/phases/F1901M"
    screenshot_has_the_map(browser)
    served.visitors.append(_pages_seen(browser, base, "won"))
    served.check_pages()


def test_a_form_after_its_sign_on_ended_and_one_form_too_many_in_a_browser(tmp_path, browser):
    """The page after a sign-on ended shows the lines typed with their passwords hidden, and a way back; a player
    over the mail limit is told so beside the lines typed, kept to send later, and nothing is done."""
    from tests.web.conftest import Served
    served = Served(tmp_path, smtp_rate_per_hour=5)          # France's JOIN and its mail below: two of the five
    try:
        served.start_game("demo")
        served.secrets |= {"secret123", "newer-pw"}
        base = f"http://127.0.0.1:{served.port}"
        browser.get(base + "/games/demo/signon")
        from selenium.webdriver.support.ui import Select
        Select(browser.find_element("name", "power")).select_by_visible_text("France")
        browser.find_element("name", "password").send_keys(password("FRANCE"))
        submit(browser, "form.signon button")
        browser.find_element("name", "lines").send_keys("SET PASSWORD secret123\nA PAR - BUR")
        served.mail(address("FRANCE"), f"SIGNON Fdemo {password('FRANCE')}\nSET PASSWORD newer-pw")
        submit(browser, "form.orders button")
        main = browser.find_element("tag name", "main").text
        assert "403" in browser.title and "Your sign-on has ended: nothing was done." in main
        assert "SET PASSWORD ********\nA PAR - BUR" in main and "secret123" not in browser.page_source
        browser.save_screenshot(str(tmp_path / "ended.png"))
        submit(browser, "Sign on again", "link text")
        Select(browser.find_element("name", "power")).select_by_visible_text("France")
        browser.find_element("name", "password").send_keys("newer-pw")
        submit(browser, "form.signon button")
        for n in range(4):
            browser.find_element("name", "lines").send_keys(f"PRESS TO G\nnote {n}\nENDPRESS")
            submit(browser, "form.orders button")
        main = browser.find_element("tag name", "main").text
        assert "TOO MANY MESSAGES FROM YOUR ADDRESS WITHIN AN HOUR" in main and "Not done" in main
        assert browser.find_element("name", "lines").get_attribute("value") == "PRESS TO G\nnote 3\nENDPRESS"
        browser.save_screenshot(str(tmp_path / "limited.png"))
        served.settle()
        assert sum("note 3" in m.get_content() for m in served.relay.to(address("GERMANY"))) == 0
        assert sum("note 2" in m.get_content() for m in served.relay.to(address("GERMANY"))) == 1
        served.visitors.append(_pages_seen(browser, base))
        served.check_pages()
    finally:
        served.stop()


# The visual lines of an element's text as the browser laid it out: a new line where a character sits lower than the
# one before it (a wrapped line, not only the text's own newlines).
RENDERED_LINES = """
const el = arguments[0], range = document.createRange(), lines = [];
const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
let node, top = null, cur = null;
while ((node = walker.nextNode())) {
  for (let i = 0; i < node.length; i++) {
    const ch = node.data[i];
    if (ch === "\\n") { if (cur !== null) lines.push(cur); cur = null; continue; }
    range.setStart(node, i); range.setEnd(node, i + 1);
    const rects = range.getClientRects();
    if (!rects.length) { if (cur !== null) cur += ch; continue; }
    if (cur === null) { cur = ch; top = rects[0].top; }
    else if (rects[0].top > top + 2) { lines.push(cur); cur = ch; top = rects[0].top; }
    else { cur += ch; }
  }
}
if (cur !== null) lines.push(cur);
return lines;"""
# Each text of the centre chart: its font size as drawn on screen, in CSS pixels (its own size times the scale).
CHART_TEXT_PX = """
const svg = document.querySelector("figure.chart svg");
const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
return Array.from(svg.querySelectorAll("text")).map(t => parseFloat(getComputedStyle(t).fontSize) * scale);"""


def test_on_a_phone_results_keep_their_arrows_whole_and_the_chart_is_legible(served, browser, tmp_path):
    """At 390 px the results text wraps (the columns do not fit), never inside '->'; the centre chart's labels stay
    at least 10 px high (scaled to the column they were about 6), the page itself still not scrolling sideways."""
    served.start_game("demo")
    spring = {"AUSTRIA": "A VIE - GAL\nA BUD S A VIE - GAL", "RUSSIA": "A MOS - UKR\nA WAR S A MOS - UKR",
              "TURKEY": "A CON - BUL", "ENGLAND": "F LON - NTH", "FRANCE": "A PAR - BUR", "GERMANY": "A MUN - RUH",
              "ITALY": "A VEN - TYR"}
    served.mail_many([(address(p), f"SIGNON {p[0]}demo {password(p)}\n{order}") for p, order in spring.items()])
    served.tick(seconds=1)
    base = f"http://127.0.0.1:{served.port}"
    browser.set_window_size(390, 844)
    for path in ("/games/demo", "/games/demo/phases/S1901M"):
        browser.get(base + path)
        pre = browser.find_element("css selector", "pre.results")
        lines = browser.execute_script(RENDERED_LINES, pre)
        text = pre.text
        assert "Russia: Army Warsaw SUPPORT Army Moscow -> Ukraine." in text                  # (copied: the mail's)
        assert len(lines) > sum(1 for line in text.split("\n") if line.strip()), "nothing wrapped: nothing proved"
        assert [line for line in lines if line.lstrip().startswith(">")] == [], lines
        assert browser.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
        browser.save_screenshot(str(tmp_path / f"{path.rsplit('/', 1)[-1]}-390.png"))
    browser.get(base + "/games/demo")
    sizes = browser.execute_script(CHART_TEXT_PX)
    assert sizes and min(sizes) >= 10, sorted(sizes)
    assert browser.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    browser.set_window_size(1280, 1000)
    browser.get(base + "/games/demo")
    assert browser.execute_script(CHART_TEXT_PX)[0] >= 10       # (a desktop's column: as before)


def test_phases_of_a_calendar_whose_seasons_begin_outside_ascii_in_a_browser(tmp_path, browser):
    """Our map standard_thorri (seasons VOR, ÝLIR, ÞORRI) played over SMTP: the browser follows the game page's link
    to Þ1901A and that page's link back to Ý1901R; each is its phase's page, its picture drawn."""
    from judge import maps
    from tests.web.conftest import Served
    from tests.web.test_season_letters import MAPS, play
    variants = tmp_path / "variants"
    variants.mkdir()
    shutil.copy(MAPS / "standard_thorri.map", variants / "standard_thorri.map")
    served = Served(tmp_path, judge_variants_dir=str(variants))
    try:
        play(served, "standard_thorri")
        base = f"http://127.0.0.1:{served.port}"
        browser.get(base + "/games/ice")
        submit(browser, "Þ1901A", "link text")
        assert browser.current_url == base + "/games/ice/phases/%C3%9E1901A"
        assert "(ice.Þ1901A)" in browser.find_element("css selector", "pre.results").text
        screenshot_has_the_map(browser)
        submit(browser, "a[rel=prev]")
        assert browser.current_url == base + "/games/ice/phases/%C3%9D1901R"
        assert "(ice.Ý1901R)" in browser.find_element("css selector", "pre.results").text
        screenshot_has_the_map(browser)
    finally:
        served.stop()
        maps.use_folder(None)
