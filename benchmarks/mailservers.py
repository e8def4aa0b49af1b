"""The servers that benchmarks/mail.py compares, each in a process of its own so that the checkouts never share an
interpreter: a checkout's `judge serve` daemon, or the bare limit - aiosmtpd that writes each message to a
Maildir-style spool (file written and fsynced in tmp/, renamed into new/, new/ fsynced) and answers 250, nothing
else. The judge's own spool does that much for every message before its 250, and then everything else.

    python benchmarks/mailservers.py setup ROOT GAMES        # ROOT/games: GAMES started games (that checkout's code)
    python benchmarks/mailservers.py judge ROOT RELAY_PORT   # the daemon on ROOT (games copied there), mail to the relay
    python benchmarks/mailservers.py bare ROOT               # the bare spool server

Which checkout: the environment's JUDGE_BENCH_CHECKOUT (default: this one), run with that checkout's own Python.
A server prints one JSON line with its port, serves until a line arrives on its standard input, then prints one
JSON line of figures (CPU seconds of the process, messages handled) and exits.
"""
from __future__ import annotations

import asyncio
import json
import os
import resource
import sys
import time
import uuid
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


class BareSpool:
    """aiosmtpd handler: each message durably in the spool (as Maildir: tmp/, fsync, rename to new/, fsync new/)
    before the 250, in a worker thread as the judge's server does it."""

    def __init__(self, root: Path):
        self.tmp, self.new = Path(root) / "tmp", Path(root) / "new"
        for folder in (self.tmp, self.new):
            folder.mkdir(parents=True, exist_ok=True)
        self.count = 0

    def put(self, data: bytes) -> None:
        key = f"{time.time_ns()}.{uuid.uuid4().hex[:12]}"
        fd = os.open(self.tmp / key, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(self.tmp / key, self.new / key)
        fd = os.open(self.new, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    async def handle_DATA(self, server, session, envelope) -> str:
        head = f"Return-Path: <{envelope.mail_from}>\r\n".encode()
        await asyncio.to_thread(self.put, head + (envelope.original_content or envelope.content))
        self.count += 1
        return "250 OK"


async def serve_bare(root: Path) -> dict:
    from aiosmtpd.smtp import SMTP
    loop = asyncio.get_running_loop()
    handler = BareSpool(root / "spool")
    server = await loop.create_server(lambda: SMTP(handler, hostname="bare.bench", loop=loop), "127.0.0.1", 0)
    print(json.dumps({"port": server.sockets[0].getsockname()[1]}), flush=True)
    await asyncio.to_thread(sys.stdin.readline)
    server.close()
    await server.wait_closed()
    return {"handled": handler.count}


async def serve_judge(root: Path, relay_port: int) -> dict:
    import mail
    from judge.daemon.service import Daemon
    tuning = {k: int(os.environ[f"JUDGE_BENCH_{k.upper()}"]) for k in ("workers", "backlog")
              if os.environ.get(f"JUDGE_BENCH_{k.upper()}")}
    daemon = Daemon(mail.settings_for(root, relay_port), **tuning)
    _, port = await daemon.start("127.0.0.1", 0)
    print(json.dumps({"port": port}), flush=True)
    await asyncio.to_thread(sys.stdin.readline)
    await daemon.stop()
    return {"handled": daemon.processed, "sent": daemon.sender.sent}


def setup(root: Path, games: int) -> dict:
    import mail
    with mail.no_fsync():                  # the files are the same; only the set-up is faster
        seconds = mail.setup_games(root, games)
    return {"seconds": seconds}


def main(argv: list[str]) -> int:
    kind, root = argv[0], Path(argv[1])
    if kind == "setup":
        out = setup(root, int(argv[2]))
    elif kind == "bare":
        out = asyncio.run(serve_bare(root))
    else:
        out = asyncio.run(serve_judge(root, int(argv[2])))
    usage = resource.getrusage(resource.RUSAGE_SELF)
    out["cpu_s"] = usage.ru_utime + usage.ru_stime
    print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
