"""How the web face's server library was chosen: aiohttp against Starlette under uvicorn's Server.serve(), each
started on an event loop that is already running (as `judge serve`'s is), serving the same small page.

    pip install aiohttp starlette uvicorn httptools     # the candidates (aiohttp is the judge's own dependency)
    python benchmarks/web_servers.py                     # about a minute on a 2-core machine

Each server runs in a process of its own; the load comes from another process speaking plain HTTP/1.1 over
keep-alive connections (raw asyncio sockets: no client library's cost in the figures). Measured per candidate:
start-up (interpreter start to the first answer, and the import alone), requests/s with 8 connections as fast as
they go, latency at a fixed 200 requests/s (p50, p99, from the moment each request was due), resident memory after
the load, and what each installs (distributions and bytes on disk). Not a test: figures vary with the machine.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PAGE = ("<!doctype html><html><head><title>demo</title></head><body>"
        + "<p>Spring 1901 Movement: the deadline is Thu Jan 08 2026 12:00 UTC.</p>" * 80 + "</body></html>")
CANDIDATES = {
    "aiohttp": ["aiohttp"],
    "starlette+uvicorn (h11)": ["starlette", "uvicorn"],
    "starlette+uvicorn (httptools)": ["starlette", "uvicorn", "httptools"],
}


# -- the servers (run with --serve NAME) -------------------------------------------------------------------------
async def serve_aiohttp(port_file: Path, t_start: float) -> None:
    t = time.perf_counter()
    from aiohttp import web
    imported = time.perf_counter() - t

    async def page(request):
        return web.Response(text=PAGE, content_type="text/html")

    app = web.Application()
    app.router.add_get("/games/{name}", page)
    runner = web.AppRunner(app, access_log=None, handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]
    port_file.write_text(json.dumps({"port": port, "import": imported}))
    await asyncio.Event().wait()


async def serve_uvicorn(port_file: Path, t_start: float, http: str) -> None:
    t = time.perf_counter()
    import uvicorn
    from starlette.applications import Starlette
    from starlette.responses import HTMLResponse
    from starlette.routing import Route
    imported = time.perf_counter() - t

    async def page(request):
        return HTMLResponse(PAGE)

    app = Starlette(routes=[Route("/games/{name}", page)])
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="error", access_log=False, lifespan="off",
                            http=http)
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.001)
    port = server.servers[0].sockets[0].getsockname()[1]
    # Server.serve() takes SIGINT and SIGTERM for itself (signal.signal) while it runs: a daemon that already
    # handles them on its loop has to know and work around it.
    handlers = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    port_file.write_text(json.dumps({"port": port, "import": imported,
                                     "signals": {str(s): getattr(h, "__qualname__", str(h)) for s, h in handlers.items()}}))
    await task


def serve(name: str, port_file: Path, t_start: float) -> None:
    if name == "aiohttp":
        asyncio.run(serve_aiohttp(port_file, t_start))
    else:
        asyncio.run(serve_uvicorn(port_file, t_start, "httptools" if "httptools" in name else "h11"))


# -- the load (this process) ---------------------------------------------------------------------------------------
REQUEST = b"GET /games/demo HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


async def one(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    writer.write(REQUEST)
    head = await reader.readuntil(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    if not head.startswith(b"HTTP/1.1 200"):
        raise RuntimeError(head[:40])
    await reader.readexactly(length)


async def throughput(port: int, seconds: float, connections: int = 8) -> float:
    end = time.perf_counter() + seconds
    count = 0

    async def worker():
        nonlocal count
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        while time.perf_counter() < end:
            await one(reader, writer)
            count += 1
        writer.close()

    t0 = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(connections)))
    return count / (time.perf_counter() - t0)


async def latency(port: int, rate: float, seconds: float, connections: int = 32) -> list[float]:
    pool: asyncio.Queue = asyncio.Queue()
    for _ in range(connections):
        pool.put_nowait(await asyncio.open_connection("127.0.0.1", port))
    out: list[float] = []
    t0 = time.perf_counter()
    n = int(rate * seconds)

    async def request(due: float):
        conn = await pool.get()
        await one(*conn)
        out.append(time.perf_counter() - due)
        pool.put_nowait(conn)

    tasks = []
    for i in range(n):
        due = t0 + i / rate
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(request(due)))
    await asyncio.gather(*tasks)
    while not pool.empty():
        pool.get_nowait()[1].close()
    return out


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def installed(dists: list[str]) -> tuple[int, float]:
    """The distributions a candidate brings (itself and what it requires, recursively) and their bytes on disk."""
    from importlib import metadata
    import re
    seen: set[str] = set()
    todo = list(dists)
    size = 0
    while todo:
        name = re.split(r"[ ;<>=!~\[]", todo.pop())[0].lower().replace("_", "-")
        if name in seen:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        seen.add(name)
        for f in dist.files or []:
            try:
                size += os.path.getsize(dist.locate_file(f))
            except OSError:
                pass
        for req in dist.requires or []:
            if "extra ==" not in req:
                todo.append(req)
    return len(seen), size / 1e6


def measure(name: str, seconds: float, rate: float) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        port_file = Path(tmp) / "port"
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, __file__, "--serve", name, "--port-file", str(port_file)])
        try:
            while not port_file.exists() or not port_file.read_text():
                if proc.poll() is not None:
                    raise RuntimeError(f"{name} did not start")
                time.sleep(0.001)
            info = json.loads(port_file.read_text())
            asyncio.run(_first(info["port"]))
            startup = time.perf_counter() - t0
            asyncio.run(throughput(info["port"], 1.0))               # warm-up
            rps = asyncio.run(throughput(info["port"], seconds))
            lat = sorted(asyncio.run(latency(info["port"], rate, seconds)))
            return {"name": name, "startup_s": startup, "import_s": info["import"], "rps": rps,
                    "p50_ms": 1000 * statistics.median(lat), "p99_ms": 1000 * lat[int(0.99 * (len(lat) - 1))],
                    "rss_mb": rss_mb(proc.pid), "signals": info.get("signals"),
                    "dists": installed(CANDIDATES[name])}
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


async def _first(port: int) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    await one(reader, writer)
    writer.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--serve")
    ap.add_argument("--port-file")
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--rate", type=float, default=200.0)
    ap.add_argument("--rounds", type=int, default=3, help="each candidate is measured this many times, interleaved")
    args = ap.parse_args()
    if args.serve:
        serve(args.serve, Path(args.port_file), time.perf_counter())
        return 0
    rows: dict[str, list[dict]] = {}
    for _ in range(args.rounds):
        for name in CANDIDATES:
            rows.setdefault(name, []).append(measure(name, args.seconds, args.rate))
    print(f"{'server':<32}{'start s':>9}{'import s':>9}{'req/s':>8}{'p50 ms':>8}{'p99 ms':>8}{'RSS MB':>8}"
          f"{'dists':>7}{'MB disk':>9}")
    for name, runs in rows.items():
        med = {k: statistics.median(r[k] for r in runs) for k in ("startup_s", "import_s", "rps", "p50_ms",
                                                                    "p99_ms", "rss_mb")}
        d, mb = runs[0]["dists"]
        print(f"{name:<32}{med['startup_s']:>9.3f}{med['import_s']:>9.3f}{med['rps']:>8.0f}{med['p50_ms']:>8.2f}"
              f"{med['p99_ms']:>8.2f}{med['rss_mb']:>8.1f}{d:>7}{mb:>9.1f}")
        if runs[0]["signals"]:
            print(f"    while serving, signal handlers: {runs[0]['signals']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
