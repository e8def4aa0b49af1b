"""`judge serve`: the SMTP server, the spool worker, the deadline scheduler and the sender, on one asyncio loop."""
from __future__ import annotations

import asyncio
import logging
import signal
from datetime import datetime
from pathlib import Path

from aiosmtpd.smtp import SMTP

from judge.config import Settings
from judge.daemon.scheduler import Deadlines
from judge.daemon.sender import Sender
from judge.daemon.server import Handler
from judge.daemon.spool import Spool
from judge.service import Clock, Judge, utcnow

log = logging.getLogger("judge.daemon")
PAUSE_FILE = "PAUSE"        # while inbox/PAUSE exists, accepted mail waits in the spool (maintenance)


class Daemon:
    def __init__(self, settings: Settings, clock: Clock = utcnow, send_interval: float = 5.0):
        self.settings = settings
        self.clock = clock
        self.judge = Judge(settings, clock)
        self.spool = Spool(settings.inbox_dir)
        self.sender = Sender(settings, self.judge.outbox)
        self.send_interval = send_interval
        self.queue: asyncio.Queue[str] = asyncio.Queue()
        self.work_lock = asyncio.Lock()          # one game's business at a time, in arrival order
        self.kick = asyncio.Event()               # wakes the sender
        self.idle = asyncio.Event()               # set whenever the spool queue is empty and nothing runs
        self.server: asyncio.AbstractServer | None = None
        self.deadlines: Deadlines | None = None
        self.tasks: list[asyncio.Task] = []
        self.host, self.port = "", 0
        self.processed = 0

    # -- life cycle ----------------------------------------------------------------------------------------------
    async def start(self, host: str | None = None, port: int | None = None) -> tuple[str, int]:
        loop = asyncio.get_running_loop()
        self.deadlines = Deadlines(self.clock, self._deadline_work, loop)
        # Mail accepted before a crash or restart is handled first, before anything new is taken in.
        for name in self.spool.pending():
            await self._process(name)
        self._plan_all()
        self.deadlines.start()
        recipients = self.settings.get("smtp", "recipients") or [self.settings.address]
        handler = Handler(self.spool, recipients, self.settings.get("smtp", "max_message_bytes"),
                          self.settings.get("smtp", "rate_per_hour"), self.queue.put_nowait)
        hostname = self.settings.get("smtp", "hostname")
        limit = self.settings.get("smtp", "max_message_bytes")
        self.server = await loop.create_server(
            lambda: SMTP(handler, hostname=hostname, data_size_limit=limit, loop=loop),
            host if host is not None else self.settings.get("smtp", "host"),
            port if port is not None else self.settings.get("smtp", "port"))
        self.host, self.port = self.server.sockets[0].getsockname()[:2]
        self.tasks = [asyncio.create_task(self._worker()), asyncio.create_task(self._send_loop())]
        self.kick.set()
        log.info("judge listening on %s:%s", self.host, self.port)
        return self.host, self.port

    async def stop(self) -> None:
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        for t in self.tasks:
            t.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        if self.deadlines is not None:
            self.deadlines.shutdown()
        await asyncio.to_thread(self.sender.drain)      # last chance to hand over what is ready

    async def serve_forever(self, host: str | None = None, port: int | None = None,
                            ready_file: Path | None = None) -> None:
        await self.start(host, port)
        if ready_file is not None:
            ready_file.write_text(f"{self.host} {self.port}\n")
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        await self.stop()

    # -- incoming mail -------------------------------------------------------------------------------------------
    async def _worker(self) -> None:
        while True:
            if self.queue.empty():
                self.idle.set()
            name = await self.queue.get()
            self.idle.clear()
            while (self.spool.root / PAUSE_FILE).exists():
                await asyncio.sleep(0.05)
            await self._process(name)

    async def _process(self, name: str) -> None:
        async with self.work_lock:
            try:
                game, wakeup = await asyncio.to_thread(self._deliver, name)
            except Exception:
                log.exception("message %s could not be processed; kept in %s", name, self.spool.root / "bad")
                self.spool.poison(name)
                return
            self.processed += 1
            if game and self.deadlines is not None:
                self.deadlines.plan(game, wakeup)
        self.kick.set()

    def _deliver(self, name: str) -> tuple[str | None, datetime | None]:
        path = self.spool.claim(name)
        raw = path.read_bytes()
        sender = None
        if raw.startswith(b"Return-Path:"):
            head, _, raw = raw.partition(b"\r\n")
            sender = head.decode("utf-8", "replace").split(":", 1)[1].strip().strip("<>")
        result = self.judge.deliver(raw, sender, key=Spool.key(name))
        self.spool.done(name)
        return result.game, result.wakeup

    # -- deadlines ---------------------------------------------------------------------------------------------
    def _plan_all(self) -> None:
        for game, wakeup in self.judge.store.wakeups().items():
            self.deadlines.plan(game, wakeup)

    async def _deadline_work(self, game: str) -> None:
        async with self.work_lock:
            notes, wakeup = await asyncio.to_thread(self.judge.clock_work, game)
            if notes:
                log.info("%s: %s", game, "; ".join(notes))
            self.deadlines.plan(game, wakeup)
        self.kick.set()

    # -- outgoing mail -------------------------------------------------------------------------------------------
    async def _send_loop(self) -> None:
        while True:
            try:
                await asyncio.wait_for(self.kick.wait(), timeout=self.send_interval)
            except asyncio.TimeoutError:
                pass
            self.kick.clear()
            try:
                await asyncio.to_thread(self.sender.drain)
            except Exception:                     # the next round tries again
                log.exception("sending failed")
