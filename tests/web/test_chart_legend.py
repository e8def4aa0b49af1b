"""The game page's supply-centre chart in Chromium, for a game played over SMTP: on a phone (390 px) its legend (each
power's colour and centres) is in sight, legible, without scrolling the page or the chart sideways; on a desktop
(1280 px) it stands where it always stood, at the plot's right, drawn at the plot's scale. Screenshots of both are
kept in the test's folder. Skipped, as the other browser tests, when there is no browser."""
from __future__ import annotations

from tests.web import test_browser
from tests.web.conftest import POWERS, address, password

browser = test_browser.browser                  # (Chromium, as the other browser tests drive it)
pytestmark = test_browser.pytestmark            # (skipped, saying how to install one, when there is none)

# Each text of the chart that names a power (the legend: "Russia 5"): its box on screen, whether it is what the
# browser shows at its middle (nothing clips or covers it), its font size on screen, and where its anchor stands in
# the plot's own units. `arguments[0]`: the powers' names.
LEGEND = """
const fig = document.querySelector("figure.chart"), names = arguments[0];
const plot = fig.querySelector("svg"), pm = plot.getScreenCTM();
return Array.from(fig.querySelectorAll("text")).filter(t => names.some(n => t.textContent.startsWith(n + " ")))
  .map(t => {
    const r = t.getBoundingClientRect(), m = t.getScreenCTM(), svg = t.ownerSVGElement;
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const x = t.x.baseVal[0].value * m.a + m.e, y = t.y.baseVal[0].value * m.d + m.f;
    const shown = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return {text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
            shown: shown === t || t.contains(shown), px: parseFloat(getComputedStyle(t).fontSize) * scale,
            x: (x - pm.e) / pm.a, y: (y - pm.f) / pm.d};
  });"""
# Every text of the chart (axes, years, the victory line, the legend): its font size as drawn, in CSS pixels.
TEXT_PX = """
return Array.from(document.querySelectorAll("figure.chart text")).map(t => {
  const svg = t.ownerSVGElement;
  return parseFloat(getComputedStyle(t).fontSize) * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
});"""
WIDE = "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]"


def play_two_years(served) -> None:
    """Centres change hands in 1901 and 1902: the chart has lines, and the legend counts that differ."""
    served.start_game("demo")
    served.mail_many([(address(p), f"SIGNON {p[0]}demo {password(p)}\n{o}") for p, o in (
        ("RUSSIA", "F STP/SC - BOT\nA WAR - GAL"), ("TURKEY", "A CON - BUL"), ("FRANCE", "A PAR - BUR"))])
    served.orders("demo", "MASTER", "PROCESS!")
    served.mail_many([(address(p), f"SIGNON {p[0]}demo {password(p)}\n{o}") for p, o in (
        ("RUSSIA", "F BOT - SWE\nA GAL - RUM"), ("TURKEY", "A BUL - GRE"), ("FRANCE", "A BUR - BEL"))])
    for _ in range(4):                                  # Fall 1901, Winter 1901 (builds waived), and 1902
        served.orders("demo", "MASTER", "PROCESS!")
    assert "1902" in served.daemon.judge.store.load("demo").center_history


def test_the_centre_charts_legend_is_in_sight_on_a_phone_and_where_it_was_on_a_desktop(served, browser, tmp_path):
    play_two_years(served)
    names = [p.title() for p in POWERS]
    base = f"http://127.0.0.1:{served.port}"

    browser.set_window_size(390, 844)
    browser.get(base + "/games/demo")
    browser.execute_script("const f = document.querySelector('figure.chart');"     # (down to it; never sideways)
                           "window.scrollTo(0, window.scrollY + f.getBoundingClientRect().top - 40)")
    browser.save_screenshot(str(tmp_path / "chart-390.png"))
    legend = browser.execute_script(LEGEND, names)
    width, height = browser.execute_script("return [document.documentElement.clientWidth, window.innerHeight]")
    assert width <= 390 and sorted(e["text"].split()[0] for e in legend) == sorted(names), legend
    assert "Russia 6" in [e["text"] for e in legend]                              # (Sweden and Rumania)
    for e in legend:
        assert 0 <= e["left"] and e["right"] <= width and 0 <= e["top"] and e["bottom"] <= height, (e, width)
        assert e["shown"], e                                  # not clipped by a scrolling box, nor covered
        assert e["px"] >= 10, e
    assert min(browser.execute_script(TEXT_PX)) >= 10
    scroll_width, client_width = browser.execute_script(WIDE)
    assert scroll_width <= client_width, (scroll_width, client_width)          # the page does not scroll sideways

    browser.set_window_size(1280, 1000)
    browser.get(base + "/games/demo")
    browser.execute_script("document.querySelector('figure.chart').scrollIntoView()")
    browser.save_screenshot(str(tmp_path / "chart-1280.png"))
    legend = browser.execute_script(LEGEND, names)
    plot = browser.execute_script("return document.querySelector('figure.chart svg').getBoundingClientRect()")
    years = browser.execute_script("return Array.from(document.querySelectorAll('figure.chart text'))"
                                   ".filter(t => /^(start|19\\d\\d)$/.test(t.textContent))"
                                   ".map(t => t.getBoundingClientRect().right)")
    from judge.picture.chart import HEIGHT, RIGHT, TOP, WIDTH
    scale = 760 / WIDTH                              # (the chart at most 760 px wide: judge.css)
    assert len(years) == 3 and len(legend) == len(names)
    for k, e in enumerate(sorted(legend, key=lambda e: e["top"])):
        assert e["left"] > max(years) and abs(e["px"] - 11 * scale) < 0.05, e    # at the plot's right, its scale
        assert abs(e["x"] - (WIDTH - RIGHT + 30)) < 0.5, e                        # where it always was, in the
        assert abs(e["y"] - (TOP + 7 + k * min(18, (HEIGHT - TOP - 34 - 6) / len(names)))) < 0.5, e   # plot's units
    scroll_width, client_width = browser.execute_script(WIDE)
    assert scroll_width <= client_width
    assert max(e["right"] for e in legend) <= plot["left"] + 760                # (the chart: 760 px at most)


def test_on_a_phone_the_chart_opens_on_its_newest_year(served, browser, tmp_path):
    """The plot, wider than a phone, scrolls sideways: it opened on the start, the newest year's counts and the
    victory line's label out of sight to the right. It opens on the newest year now, the picture unmirrored."""
    play_two_years(served)
    browser.set_window_size(390, 844)
    browser.get(f"http://127.0.0.1:{served.port}/games/demo")
    browser.execute_script("const f = document.querySelector('figure.chart');"
                           "window.scrollTo(0, window.scrollY + f.getBoundingClientRect().top - 40)")
    browser.save_screenshot(str(tmp_path / "chart-opens-390.png"))
    width = browser.execute_script("return document.documentElement.clientWidth")
    shown = browser.execute_script("""
        return Array.from(document.querySelectorAll("figure.chart svg.plot text")).map(t => {
          const r = t.getBoundingClientRect();
          const at = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
          return {text: t.textContent, left: r.left, right: r.right, seen: at === t || t.contains(at)};
        });""")
    newest = [e for e in shown if e["text"] in ("1902", "18 to win")]
    assert len(newest) == 2, shown
    for e in newest:
        assert 0 <= e["left"] and e["right"] <= width and e["seen"], (e, width)
    years = {e["text"]: e["left"] for e in shown if e["text"] in ("1901", "1902")}
    assert years["1901"] < years["1902"]                              # left to right, as drawn: not mirrored
    scroll_width, client_width = browser.execute_script(WIDE)
    assert scroll_width <= client_width, (scroll_width, client_width)          # the page does not scroll sideways
