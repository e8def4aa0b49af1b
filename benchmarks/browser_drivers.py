"""How the browser tests' driver was chosen: Selenium 4 (with Debian's chromedriver) against Playwright, pyppeteer and
Chromium's DevTools protocol spoken over aiohttp's websocket client (no library of its own), all driving Debian's
Chromium (/usr/bin/chromium) on two small local pages.

    pip install selenium playwright        # the candidates that install side by side (selenium is in '.[test]')
    python benchmarks/browser_drivers.py   # about two minutes on a 2-core machine
    python -m venv /tmp/pyp && /tmp/pyp/bin/pip install pyppeteer   # it needs urllib3<2, selenium urllib3>=2
    python benchmarks/browser_drivers.py --python pyppeteer=/tmp/pyp/bin/python

Nothing is downloaded: Playwright is launched with `executable_path="/usr/bin/chromium"` (its own `playwright install`
fetches browsers from outside PyPI), pyppeteer with `executablePath`. Each measurement runs in a fresh process (so the
import and the browser start are cold for every candidate alike); the candidates take turns in a freshly shuffled
order in every round, and the figures are medians over rounds. Measured per candidate: the import; start-up to the
first page (launch, i.e. chromedriver or Playwright's node driver or the bare browser, then a page loaded); a page
load, typing into a form, a click on its button and the wait for the next page (median of --reps in a process); a
screenshot of one element (median of --reps); closing. What each one installs is counted from the interpreter's
installed distributions (itself and what it requires, recursively, with bytes on disk). A candidate that is not
installed is skipped, saying so. Not a test: figures vary with the machine.
"""
from __future__ import annotations

import argparse
import asyncio
import base64
import html
import json
import os
import random
import re
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
# The flags the browser tests use: without the background-networking ones Chromium keeps trying hosts this machine
# cannot reach. The user-data-dir (a fresh one per process) and the headless flag are added per candidate.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--window-size=1280,1000"]
CANDIDATES = {
    "selenium": ["selenium"],
    "playwright": ["playwright"],
    "pyppeteer": ["pyppeteer"],
    "cdp-aiohttp": [],          # aiohttp is already the judge's own dependency: nothing added
}
BOARD = (400, 300)              # the element whose screenshot is taken, in CSS pixels


# -- the pages (a thread of the parent process) -----------------------------------------------------------------------
FORM = ("<!doctype html><html><head><meta charset=utf-8><title>form</title></head><body style='margin:0'>"
        f"<div id=board style='width:{BOARD[0]}px;height:{BOARD[1]}px;background:#c2d9e8'>"
        "<div style='width:200px;height:150px;background:#f3ecd8'></div></div>"
        "<form method=post action=/done><input name=lines size=40><button type=submit>Send</button></form>"
        + "<p>Spring 1901 Movement: the deadline is Thu Jan 08 2026 12:00 UTC.</p>" * 40 + "</body></html>")


class Pages(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body go in two writes: without this, delayed ACKs add 40 ms

    def _send(self, body: str) -> None:
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        if self.path == "/form":
            self._send(FORM)
        else:                   # the favicon: nothing, at once
            self.send_response(204)
            self.end_headers()

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        lines = parse_qs(self.rfile.read(length).decode()).get("lines", [""])[0]
        self._send("<!doctype html><html><head><title>done</title></head><body>"
                   f"<pre id=reply>{html.escape(lines)}</pre></body></html>")

    def log_message(self, *args) -> None:
        pass


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):   # a browser that quits mid-request: no matter
            super().handle_error(request, client_address)


# -- the candidates (each in a child process: --run NAME) -------------------------------------------------------------
def _version(dist: str) -> str:
    from importlib import metadata
    return metadata.version(dist)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", data[:8]
    return struct.unpack(">II", data[16:24])


def session(name: str, base: str, reps: int) -> dict:
    """One process's measurements; raises ImportError when the candidate is not installed."""
    out: dict = {"load": [], "click": [], "shot": []}
    # pyppeteer's close() returns while Chromium still writes into its profile
    profile = tempfile.TemporaryDirectory(ignore_cleanup_errors=True)
    try:
        if name == "selenium":
            _selenium(base, reps, out, profile.name)
        elif name == "playwright":
            _playwright(base, reps, out, profile.name)
        elif name == "pyppeteer":
            asyncio.run(_pyppeteer(base, reps, out, profile.name))
        else:
            asyncio.run(_cdp(base, reps, out, profile.name))
    finally:
        profile.cleanup()
    return out


def _selenium(base: str, reps: int, out: dict, profile: str) -> None:
    t = time.perf_counter()
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait
    out["import"] = time.perf_counter() - t
    t = time.perf_counter()
    options = Options()
    for flag in ["--headless", *FLAGS, f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    options.binary_location = CHROMIUM
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    try:
        out["version"] = f"selenium {_version('selenium')}, Chromium {driver.capabilities['browserVersion']}"
        driver.get(base + "/form")
        out["startup"] = time.perf_counter() - t
        for i in range(reps):
            text = f"A PAR - BUR {i}"
            t = time.perf_counter()
            driver.get(base + "/form")
            out["load"].append(time.perf_counter() - t)   # the page alone, part of the click figure
            driver.find_element("name", "lines").send_keys(text)
            old = driver.find_element("tag name", "html")
            driver.find_element("css selector", "form button").click()
            WebDriverWait(driver, 30).until(expected_conditions.staleness_of(old))
            got = driver.find_element("id", "reply").text
            out["click"].append(time.perf_counter() - t)
            assert got == text, (got, text)
        driver.get(base + "/form")
        for _ in range(reps):
            t = time.perf_counter()
            png = driver.find_element("id", "board").screenshot_as_png
            out["shot"].append(time.perf_counter() - t)
            assert png_size(png) == BOARD, png_size(png)
    finally:
        t = time.perf_counter()
        driver.quit()
        out["close"] = time.perf_counter() - t


def _playwright(base: str, reps: int, out: dict, profile: str) -> None:
    t = time.perf_counter()
    from playwright.sync_api import sync_playwright
    out["import"] = time.perf_counter() - t
    t = time.perf_counter()
    pw = sync_playwright().start()
    # launch() brings its own throw-away profile; executable_path: Playwright's own browsers cannot be downloaded here.
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
    try:
        out["version"] = f"playwright {_version('playwright')}, Chromium {browser.version}"
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.goto(base + "/form")
        out["startup"] = time.perf_counter() - t
        for i in range(reps):
            text = f"A PAR - BUR {i}"
            t = time.perf_counter()
            page.goto(base + "/form")
            out["load"].append(time.perf_counter() - t)   # the page alone, part of the click figure
            page.fill("input[name=lines]", text)
            page.click("form button")
            page.wait_for_url("**/done")
            got = page.text_content("#reply")
            out["click"].append(time.perf_counter() - t)
            assert got == text, (got, text)
        page.goto(base + "/form")
        for _ in range(reps):
            t = time.perf_counter()
            png = page.locator("#board").screenshot()
            out["shot"].append(time.perf_counter() - t)
            assert png_size(png) == BOARD, png_size(png)
    finally:
        t = time.perf_counter()
        browser.close()
        pw.stop()
        out["close"] = time.perf_counter() - t


async def _pyppeteer(base: str, reps: int, out: dict, profile: str) -> None:
    import warnings
    warnings.simplefilter("ignore", DeprecationWarning)   # pyppeteer 2.0 warns about its own loop arguments
    t = time.perf_counter()
    import pyppeteer
    out["import"] = time.perf_counter() - t
    t = time.perf_counter()
    browser = await pyppeteer.launch(executablePath=CHROMIUM, headless=True, args=FLAGS, userDataDir=profile,
                                     handleSIGINT=False, handleSIGTERM=False, handleSIGHUP=False)
    try:
        out["version"] = f"pyppeteer {_version('pyppeteer')}, {await browser.version()}"
        page = await browser.newPage()
        await page.setViewport({"width": 1280, "height": 1000})
        await page.goto(base + "/form")
        out["startup"] = time.perf_counter() - t
        for i in range(reps):
            text = f"A PAR - BUR {i}"
            t = time.perf_counter()
            await page.goto(base + "/form")
            out["load"].append(time.perf_counter() - t)   # the page alone, part of the click figure
            await page.type("input[name=lines]", text)
            await asyncio.gather(page.waitForNavigation(), page.click("form button"))
            got = await page.evaluate("document.getElementById('reply').textContent")
            out["click"].append(time.perf_counter() - t)
            assert got == text, (got, text)
        await page.goto(base + "/form")
        for _ in range(reps):
            t = time.perf_counter()
            png = await (await page.querySelector("#board")).screenshot()
            out["shot"].append(time.perf_counter() - t)
            assert png_size(png) == BOARD, png_size(png)
    finally:
        t = time.perf_counter()
        await browser.close()
        out["close"] = time.perf_counter() - t


class Cdp:
    """The DevTools protocol over one websocket to the browser, with flat sessions: a command is a JSON message with
    an id, its answer carries the same id; events carry a method name and the page's session id."""

    def __init__(self, ws) -> None:
        self.ws, self.next_id = ws, 0
        self.pending: dict[int, asyncio.Future] = {}
        self.waiting: list[tuple[str, str | None, asyncio.Future]] = []
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for msg in self.ws:
            data = json.loads(msg.data)
            if "id" in data:
                fut = self.pending.pop(data["id"])
                if "error" in data:
                    fut.set_exception(RuntimeError(data["error"]))
                else:
                    fut.set_result(data.get("result", {}))
            else:
                for entry in [w for w in self.waiting if w[0] == data["method"] and w[1] == data.get("sessionId")]:
                    self.waiting.remove(entry)
                    entry[2].set_result(data.get("params", {}))

    async def send(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        fut = self.pending[self.next_id] = asyncio.get_running_loop().create_future()
        await self.ws.send_str(json.dumps(msg))
        return await asyncio.wait_for(fut, 30)

    def event(self, method: str, session: str | None) -> asyncio.Future:
        """A future for the next such event: made before the action that causes it, so that none is missed."""
        fut = asyncio.get_running_loop().create_future()
        self.waiting.append((method, session, fut))
        return fut

    async def js(self, expression: str, session: str):
        result = await self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)
        return result["result"].get("value")


async def _cdp(base: str, reps: int, out: dict, profile: str) -> None:
    t = time.perf_counter()
    import aiohttp
    out["import"] = time.perf_counter() - t
    t = time.perf_counter()
    proc = await asyncio.create_subprocess_exec(
        CHROMIUM, "--headless", *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-port=0", "about:blank",
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    while True:                 # Chromium prints its websocket's address on stderr once it listens
        line = await asyncio.wait_for(proc.stderr.readline(), 30)
        if not line:
            raise RuntimeError("Chromium exited before listening")
        found = re.search(rb"DevTools listening on (ws://\S+)", line)
        if found:
            break
    drain = asyncio.create_task(_drain(proc.stderr))
    http = aiohttp.ClientSession()
    cdp = None
    try:
        cdp = Cdp(await http.ws_connect(found.group(1).decode(), max_msg_size=0))
        out["version"] = f"aiohttp {_version('aiohttp')}, {(await cdp.send('Browser.getVersion'))['product']}"
        target = (await cdp.send("Target.createTarget", {"url": "about:blank"}))["targetId"]
        page = (await cdp.send("Target.attachToTarget", {"targetId": target, "flatten": True}))["sessionId"]
        await cdp.send("Page.enable", session=page)

        async def load(url: str) -> None:
            loaded = cdp.event("Page.loadEventFired", page)
            await cdp.send("Page.navigate", {"url": url}, page)
            await loaded

        async def rect(selector: str) -> dict:
            return await cdp.js(f"(() => {{ const r = document.querySelector('{selector}').getBoundingClientRect();"
                                " return {x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height}; })()",
                                page)

        await load(base + "/form")
        out["startup"] = time.perf_counter() - t
        for i in range(reps):
            text = f"A PAR - BUR {i}"
            t = time.perf_counter()
            await load(base + "/form")
            out["load"].append(time.perf_counter() - t)   # the page alone, part of the click figure
            await cdp.js("document.querySelector('input[name=lines]').focus()", page)
            await cdp.send("Input.insertText", {"text": text}, page)
            box = await rect("form button")     # a real mouse click in the button's middle, as a user's
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            loaded = cdp.event("Page.loadEventFired", page)
            for kind in ("mousePressed", "mouseReleased"):
                await cdp.send("Input.dispatchMouseEvent",
                               {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}, page)
            await loaded
            got = await cdp.js("document.getElementById('reply').textContent", page)
            out["click"].append(time.perf_counter() - t)
            assert got == text, (got, text)
        await load(base + "/form")
        for _ in range(reps):
            t = time.perf_counter()
            clip = {**await rect("#board"), "scale": 1}
            shot = await cdp.send("Page.captureScreenshot", {"format": "png", "clip": clip}, page)
            png = base64.b64decode(shot["data"])
            out["shot"].append(time.perf_counter() - t)
            assert png_size(png) == BOARD, png_size(png)
    finally:
        t = time.perf_counter()
        if cdp is not None:
            try:
                await cdp.send("Browser.close")
            except (RuntimeError, ConnectionError, asyncio.TimeoutError):
                pass                # the browser may go before it answers
            cdp.reader.cancel()
        await http.close()
        if proc.returncode is None:
            try:
                await asyncio.wait_for(proc.wait(), 10)
            except asyncio.TimeoutError:
                proc.kill()
                await proc.wait()
        drain.cancel()
        out["close"] = time.perf_counter() - t


async def _drain(stream: asyncio.StreamReader) -> None:
    while await stream.read(65536):
        pass


def installed(dists: list[str]) -> tuple[int, float]:
    """The distributions a candidate brings (itself and what it requires on this platform, recursively, with the
    extras it asks for) and their bytes on disk, in this interpreter."""
    from importlib import metadata
    try:
        from packaging.requirements import Requirement
    except ImportError:         # a bare venv: pip carries its own copy
        from pip._vendor.packaging.requirements import Requirement
    seen: set[str] = set()
    todo = [Requirement(d) for d in dists]
    size = 0
    while todo:
        req = todo.pop()
        name = req.name.lower().replace("_", "-")
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        if name not in seen:
            seen.add(name)
            for f in dist.files or []:
                try:
                    size += os.path.getsize(dist.locate_file(f))
                except OSError:
                    pass
        for sub in map(Requirement, dist.requires or []):
            if sub.marker is None or any(sub.marker.evaluate({"extra": e}) for e in (req.extras or {""})):
                todo.append(sub)
    return len(seen), size / 1e6


def child(name: str, base: str, reps: int) -> None:
    try:
        out = session(name, base, reps)
    except ImportError as e:
        print(json.dumps({"skipped": f"not installed in {sys.executable} ({e})"}))
        return
    out["dists"] = installed(CANDIDATES[name])
    print(json.dumps(out))


# -- the parent ------------------------------------------------------------------------------------------------------
def run(name: str, python: str, base: str, reps: int) -> dict:
    proc = subprocess.run([python, os.path.abspath(__file__), "--run", name, "--base", base, "--reps", str(reps)],
                          capture_output=True, text=True, timeout=300)
    lines = proc.stdout.strip().splitlines()
    if proc.returncode or not lines:
        return {"failed": (proc.stderr.strip().splitlines() or ["no output"])[-1]}
    return json.loads(lines[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--run", help=argparse.SUPPRESS)
    ap.add_argument("--base", help=argparse.SUPPRESS)
    ap.add_argument("--rounds", type=int, default=5, help="processes per candidate, interleaved (5)")
    ap.add_argument("--reps", type=int, default=5, help="page+click and screenshot repetitions in a process (5)")
    ap.add_argument("--python", action="append", default=[], metavar="NAME=PATH",
                    help="run a candidate with another interpreter (e.g. a venv of its own)")
    ap.add_argument("--only", action="append", choices=list(CANDIDATES), help="measure only these")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.run:
        child(args.run, args.base, args.reps)
        return 0
    pythons = {n: sys.executable for n in CANDIDATES}
    pythons.update(dict(p.split("=", 1) for p in args.python))
    server = Server(("127.0.0.1", 0), Pages)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    names = args.only or list(CANDIDATES)
    rng = random.Random(args.seed)
    rows: dict[str, list[dict]] = {n: [] for n in names}
    notes: dict[str, str] = {}
    load = [os.getloadavg()[0]]
    try:
        for r in range(args.rounds):
            order = [n for n in names if n not in notes]
            rng.shuffle(order)
            for name in order:
                res = run(name, pythons[name], base, args.reps)
                if "skipped" in res or "failed" in res:
                    notes[name] = res.get("skipped") or f"failed: {res['failed']}"
                    continue
                rows[name].append(res)
            load.append(os.getloadavg()[0])
            print(f"round {r + 1}/{args.rounds} done, load average {load[-1]:.1f}", file=sys.stderr)
    finally:
        server.shutdown()
    print(f"{time.strftime('%Y-%m-%d')}, load average (1 min) {min(load):.1f}-{max(load):.1f}, {os.cpu_count()} cores; "
          f"medians of {args.rounds} processes per candidate, {args.reps} repetitions in each")
    print(f"{'candidate':<14}{'import s':>9}{'start s':>9}{'load ms':>9}{'click ms':>10}{'shot ms':>9}{'close s':>9}"
          f"{'dists':>7}{'MB disk':>9}  browser")
    figures: dict[str, dict] = {}
    for name in names:
        runs = rows[name]
        if not runs:
            print(f"{name:<14}skipped: {notes.get(name, 'no run')}")
            continue
        f = figures[name] = {k: statistics.median(r[k] for r in runs) for k in ("import", "startup", "close")}
        for k in ("load", "click", "shot"):     # per process the median of its repetitions, then over processes
            f[k] = statistics.median(statistics.median(r[k]) for r in runs)
        d, mb = runs[0]["dists"]
        print(f"{name:<14}{f['import']:>9.3f}{f['startup']:>9.3f}{1000 * f['load']:>9.1f}{1000 * f['click']:>10.1f}"
              f"{1000 * f['shot']:>9.1f}{f['close']:>9.3f}{d:>7}{mb:>9.1f}  {runs[0].get('version', '')}")
        if name in notes:
            print(f"    then: {notes[name]}")
    if "selenium" in figures:
        print("ratios to selenium (start-up, load + click, screenshot):")
        for name, f in figures.items():
            ratios = ", ".join(f"{f[k] / figures['selenium'][k]:.2f}" for k in ("startup", "click", "shot"))
            print(f"    {name:<14}{ratios}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
