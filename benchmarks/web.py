#!/usr/bin/env python3
"""The web pages under load while the daemon takes mail: a game page and its map requested at a steady rate (50 a
second by default, from another process, over keep-alive connections), while order mails arrive over SMTP. Reports
the latency of each kind of request (p50, p99, max; goal: p99 < 50 ms), the mail handled meanwhile, and a floor: a
small file served from memory on the loop, requested alongside, so a busy machine shows as such.

    python benchmarks/web.py                      # 50 requests/s for 20 s, with 10 order mails/s
    python benchmarks/web.py --rate 100 --mail-rate 0 --seconds 10

Not a test: figures vary with the machine (see benchmarks/README.md).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import smtplib
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PATHS = ("/games/bench0", "/games/bench0/map.svg")
FLOOR = "/static/judge.css"          # served from memory on the loop: what the machine itself costs a request
# In every 12 requests: the page and the map 5 times each, the floor twice (so --rate stays the page and map's rate).
ROTATION = PATHS * 5 + (FLOOR, FLOOR)
# A processed phase's map.png, never drawn at processing (the games' results mails are text only): drawn on its first
# request in a worker thread, then kept in memory.
PHASE_MAP = "/games/bench{}/phases/S1901M/map.png"
FIRST, KEPT = "phase map.png, first", "phase map.png, kept"


# -- the load (a process of its own: its work never shares the daemon's interpreter) -----------------------------
async def _one(conn, path: str) -> int:
    reader, writer = conn
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    head = await reader.readuntil(b"\r\n\r\n")
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length:"))
    await reader.readexactly(length)
    return int(head.split()[1])


async def load(port: int, rate: float, seconds: float, lazy: int = 0) -> dict[str, list[float]]:
    """The rotation at `rate`; with `lazy`, also the first request of game k's phase picture (drawn on that request)
    at (k + 0.5) / lazy of the run, each on a connection of its own, then the same again half a second later (kept)."""
    pool: asyncio.Queue = asyncio.Queue()
    for _ in range(16):
        pool.put_nowait(await asyncio.open_connection("127.0.0.1", port))
    out: dict[str, list[float]] = {p: [] for p in (*ROTATION, FIRST, KEPT)}
    due_at: dict[str, list[float]] = {p: [] for p in out}
    bad = 0

    async def request(path: str, due: float, kind: str = "", conn=None) -> None:
        nonlocal bad
        own = conn is not None
        conn = conn or await pool.get()
        status = await _one(conn, path)
        if status != 200:
            bad += 1
            print(kind or path, status, file=sys.stderr)
        out[kind or path].append(time.perf_counter() - due)
        due_at[kind or path].append(due - t0)
        if not own:
            pool.put_nowait(conn)

    async def picture(k: int, due: float) -> None:
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        conn = await asyncio.open_connection("127.0.0.1", port)
        await request(PHASE_MAP.format(k), due, FIRST, conn)
        await asyncio.sleep(max(0.0, due + 0.5 - time.perf_counter()))
        await request(PHASE_MAP.format(k), due + 0.5, KEPT, conn)
        conn[1].close()

    t0 = time.perf_counter()
    tasks = [asyncio.create_task(picture(k, t0 + seconds * (k + 0.5) / lazy)) for k in range(lazy)]
    total = rate * len(ROTATION) / (len(ROTATION) - 2)
    for i in range(int(total * seconds)):
        due = t0 + i / total
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(request(ROTATION[i % len(ROTATION)], due)))
    await asyncio.gather(*tasks)
    out["errors"] = [bad]
    out.update({"due:" + p: v for p, v in due_at.items()})
    return out


# -- the judge, its games and its mail (this process) ------------------------------------------------------------
def setup(root: Path, games: int):
    from judge.service import Judge
    from tests.daemon.conftest import settings_for
    from tests.e2e.conftest import compose
    settings = settings_for(root).with_values(smtp_rate_per_hour=0)
    judge = Judge(settings)
    for g in range(games):
        judge.deliver(compose(f"gm{g}@example.org", f"CREATE bench{g} gm-pass\nSET RULE map_picture=none"))
        for letter in "AEFGIRT":
            judge.deliver(compose(f"{letter.lower()}{g}@example.org", f"JOIN bench{g} pw-{letter} {letter}"))
        judge.deliver(compose(f"gm{g}@example.org", f"SIGNON Mbench{g} gm-pass\nPROCESS!"))    # a phase to picture
    return settings


def mail_loop(port: int, rate: float, seconds: float, games: int, sent: list[float]) -> None:
    """Order mails at `rate` a second (each a new order set for one power of one game)."""
    if rate <= 0:
        return
    orders = {"A": "A VIE H", "E": "F LON H", "F": "A PAR H", "G": "A BER H", "I": "A ROM H", "R": "A MOS H",
              "T": "A CON H"}
    end = time.perf_counter() + seconds
    n = 0
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as s:
        t0 = time.perf_counter()
        while time.perf_counter() < end:
            letter = "AEFGIRT"[n % 7]
            g = (n // 7) % games
            body = f"SIGNON {letter}bench{g} pw-{letter}\n{orders[letter]}\n"
            raw = (f"From: {letter.lower()}{g}@example.org\r\nTo: judge@localhost\r\nSubject: o\r\n"
                   f"Message-ID: <{n}.{time.time_ns()}@bench>\r\n\r\n{body}").encode()
            s.sendmail(f"{letter.lower()}{g}@example.org", ["judge@localhost"], raw)
            sent.append(time.perf_counter())
            n += 1
            delay = t0 + n / rate - time.perf_counter()
            if delay > 0:
                time.sleep(delay)


def pct(values: list[float], q: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(q * (len(v) - 1) + 0.5))] * 1000


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--load", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--rate", type=float, default=50.0, help="page and map requests a second (default 50)")
    ap.add_argument("--mail-rate", type=float, default=10.0, help="order mails a second meanwhile (default 10)")
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--lazy", type=int, default=10, help="first requests of a phase's map.png spread over the run, "
                    "one per game (default 10; 0: none)")
    args = ap.parse_args()
    if args.load:
        print(json.dumps(asyncio.run(load(args.load, args.rate, args.seconds, args.lazy))))
        return 0
    from tests.daemon.conftest import Daemon
    with tempfile.TemporaryDirectory() as tmp:
        settings = setup(Path(tmp), args.games)
        loop = asyncio.new_event_loop()
        thread = threading.Thread(target=loop.run_forever, daemon=True)
        thread.start()
        daemon = Daemon(settings, send_interval=0.05)
        asyncio.run_coroutine_threadsafe(daemon.start("127.0.0.1", 0, "127.0.0.1", 0), loop).result(60)
        try:
            import urllib.request
            for path in PATHS:                  # the board is drawn on its first request, then kept: warm it
                urllib.request.urlopen(f"http://127.0.0.1:{daemon.web_port}{path}").read()
            sent: list[float] = []
            mailer = threading.Thread(target=mail_loop, args=(daemon.port, args.mail_rate, args.seconds,
                                                              args.games, sent))
            before = daemon.processed
            mailer.start()
            out = subprocess.run([sys.executable, __file__, "--load", str(daemon.web_port), "--rate",
                                  str(args.rate), "--seconds", str(args.seconds), "--lazy",
                                  str(min(args.lazy, args.games))], capture_output=True, text=True,
                                 check=True)
            mailer.join()
            result = json.loads(out.stdout)
            if result["errors"][0]:
                print(out.stderr[-2000:], file=sys.stderr)
            handled = daemon.processed - before
        finally:
            asyncio.run_coroutine_threadsafe(daemon.stop(), loop).result(60)
            loop.call_soon_threadsafe(loop.stop)
            thread.join(10)
    print(f"{args.rate:.0f} requests/s for {args.seconds:.0f} s while {len(sent)} order mails were sent "
          f"({len(sent) / args.seconds:.1f}/s; {handled} mails handled meanwhile); errors: {result['errors'][0]}")
    print(f"{'path':<28}{'requests':>9}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}")
    every = []
    for path in PATHS:
        lat = result[path]
        every += lat
        print(f"{path:<28}{len(lat):>9}{pct(lat, 0.5):>9.1f}{pct(lat, 0.99):>9.1f}{max(lat) * 1000:>9.1f}")
    print(f"{'page and map':<28}{len(every):>9}{pct(every, 0.5):>9.1f}{pct(every, 0.99):>9.1f}"
          f"{max(every) * 1000:>9.1f}   (goal: p99 < 50 ms)")
    for kind in (FIRST, KEPT):
        lat = result[kind]
        if lat:
            print(f"{kind:<28}{len(lat):>9}{pct(lat, 0.5):>9.1f}{pct(lat, 0.99):>9.1f}{max(lat) * 1000:>9.1f}"
                  + ("   (drawn on this request, off the loop)" if kind == FIRST else ""))
    if result[FIRST]:
        # the page and map requests due while a first picture was being drawn: what the drawing costs the others
        windows = [(d, d + lat) for d, lat in zip(result["due:" + FIRST], result[FIRST])]
        during = [lat for path in PATHS for d, lat in zip(result["due:" + path], result[path])
                  if any(a <= d <= b for a, b in windows)]
        if during:
            print(f"{'page and map, while drawn':<28}{len(during):>9}{pct(during, 0.5):>9.1f}"
                  f"{pct(during, 0.99):>9.1f}{max(during) * 1000:>9.1f}")
    floor = result[FLOOR]
    print(f"{FLOOR + ' (floor)':<28}{len(floor):>9}{pct(floor, 0.5):>9.1f}{pct(floor, 0.99):>9.1f}"
          f"{max(floor) * 1000:>9.1f}   (a file from memory: the machine's own share)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
