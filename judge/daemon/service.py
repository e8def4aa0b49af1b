"""`judge serve`: the SMTP server, the game workers, the deadline scheduler and the sender, on one asyncio loop.

Incoming mail is read once, right after it is safe in the spool (still before the 250), to learn which game it is
about. Each game has a lane (judge.daemon.lanes): a FIFO of its messages and its deadline work in arrival order,
taken one job at a time, so a game is never processed by two workers at once and its messages are applied in the
order they came. Different games' lanes run side by side on a few threads (`workers`): the work is mostly fsync
and scrypt, which release the interpreter lock. Mail about no game (HELP, LIST) has a lane of its own.

When more than `backlog` accepted messages wait to be processed, the answer to the next DATA waits (at most
FLOW_DELAY seconds) until one is done, as Postfix's in_flow_delay does: a burst then waits at the sender's side of
the SMTP transaction instead of piling up in the spool, and the mail already accepted is answered promptly.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import signal
import threading
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from aiosmtpd.smtp import SMTP

from judge.config import Settings
from judge.daemon.lanes import Lanes
from judge.daemon.scheduler import Deadlines
from judge.daemon.sender import Sender
from judge.daemon.server import Handler, Intake
from judge.daemon.spool import Spool, split_envelope
from judge.mail import inbound
from judge.service import Clock, Judge, game_named_in, utcnow

log = logging.getLogger("judge.daemon")
PAUSE_FILE = "PAUSE"        # while inbox/PAUSE exists, accepted mail waits in the spool (maintenance)
WORKERS = 4                 # threads working on different games at once (2 cores: fsync and scrypt overlap)
FLOW_DELAY = 1.0            # the longest the answer to DATA waits for room (then the message is taken anyway)
NO_GAME = ""                # the lane of mail about no game


@dataclass
class Job:
    """One piece of a lane's work: a spooled message (`name`), or, with `done`, the game's deadline work."""
    name: str = ""
    parsed: inbound.Incoming | None = None           # the message as read at arrival (None: read it again)
    counted: bool = False                            # holds a place in the intake's backlog
    done: concurrent.futures.Future | None = None


class Daemon:
    def __init__(self, settings: Settings, clock: Clock = utcnow, send_interval: float = 5.0,
                 workers: int = WORKERS, backlog: int | None = None):
        self.settings = settings
        self.clock = clock
        self.judge = Judge(settings, clock)
        self.spool = Spool(settings.inbox_dir)
        self.sender = Sender(settings, self.judge.outbox)
        self.send_interval = send_interval
        self.workers = max(1, workers)
        self.backlog = 2 * self.workers if backlog is None else backlog   # the intake's limit (0: none)
        self.lanes = Lanes(self._run_job, self.workers)
        self.intake: Intake | None = None
        self.kick = asyncio.Event()               # wakes the sender
        self.idle = asyncio.Event()               # set whenever no lane has work
        self.idle.set()
        self.server: asyncio.AbstractServer | None = None
        self.deadlines: Deadlines | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.tasks: list[asyncio.Task] = []
        self.host, self.port = "", 0
        self.processed = 0
        self._jobs = 0                            # jobs enqueued whose end the loop has not yet seen
        self._finished: list[tuple] = []          # jobs ended, from the workers, for the loop
        self._finished_lock = threading.Lock()
        self._flush_due = False

    # -- life cycle ----------------------------------------------------------------------------------------------
    async def start(self, host: str | None = None, port: int | None = None) -> tuple[str, int]:
        loop = self.loop = asyncio.get_running_loop()
        self.deadlines = Deadlines(self.clock, self._deadline_work, loop)
        self.intake = Intake(self.backlog, FLOW_DELAY, self.paused)
        self.lanes.start()
        # Mail accepted before a crash or restart is handled first, before anything new is taken in.
        for name, lane, parsed in await asyncio.to_thread(self._route_pending):
            self._enqueue(lane, Job(name, parsed))
        await self.idle.wait()
        self._plan_all()
        self.deadlines.start()
        recipients = self.settings.get("smtp", "recipients") or [self.settings.address]
        handler = Handler(self.spool, recipients, self.settings.get("smtp", "max_message_bytes"),
                          self.settings.get("smtp", "rate_per_hour"), self._accepted, route=self.route,
                          intake=self.intake)
        hostname = self.settings.get("smtp", "hostname")
        limit = self.settings.get("smtp", "max_message_bytes")
        self.server = await loop.create_server(
            lambda: SMTP(handler, hostname=hostname, data_size_limit=limit, loop=loop),
            host if host is not None else self.settings.get("smtp", "host"),
            port if port is not None else self.settings.get("smtp", "port"))
        self.host, self.port = self.server.sockets[0].getsockname()[:2]
        self.tasks = [asyncio.create_task(self._send_loop())]
        self.kick.set()
        log.info("judge listening on %s:%s with %d game workers", self.host, self.port, self.workers)
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
        # The jobs running are finished; the ones not started stay in the spool for the next start.
        await asyncio.to_thread(self.lanes.stop)
        for job in self.lanes.pending():
            if job.done is not None:
                job.done.cancel()
        self._flush()
        await asyncio.to_thread(self._last_drain)      # last chance to hand over what is ready

    def _last_drain(self) -> None:
        self.sender.close()                      # the streaming threads send what they were offered first
        try:
            self.sender.drain()
        finally:
            self.sender.close()

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

    def paused(self) -> bool:
        return (self.spool.root / PAUSE_FILE).exists()

    # -- incoming mail -------------------------------------------------------------------------------------------
    def route(self, raw: bytes, envelope_sender: str | None) -> tuple[str, inbound.Incoming | None]:
        """(the lane, the message as read) of a message: its game, as Judge.deliver will find it."""
        try:
            msg = inbound.read(raw, envelope_sender, self.settings.address)
        except inbound.BadMessage:
            return NO_GAME, None           # unreadable: the worker reads it again and gives up, touching no game
        if msg.automatic:
            return NO_GAME, msg
        return game_named_in(msg.lines) or NO_GAME, msg

    def _route_pending(self) -> list[tuple[str, str, inbound.Incoming | None]]:
        out = []
        for name in self.spool.pending():
            try:
                raw, sender = self.spool.read(name)
                lane, parsed = self.route(raw, sender)
            except Exception:                       # the worker meets the problem again and puts the file aside
                log.exception("could not read spooled message %s", name)
                lane, parsed = NO_GAME, None
            out.append((name, lane, parsed))
        return out

    def _accepted(self, name: str, route: tuple[str, inbound.Incoming | None] | None, counted: bool = False) -> None:
        """The SMTP handler's news, in arrival order: a message is safe in the spool."""
        lane, parsed = route or (NO_GAME, None)
        self._enqueue(lane, Job(name, parsed, counted))

    def _enqueue(self, lane: str, job: Job) -> None:
        self._jobs += 1
        self.idle.clear()
        self.lanes.put(lane, job)

    def _run_job(self, lane: str, job: Job) -> None:
        """In a worker thread: one job of a lane. The mail a job wrote goes to the sender as soon as the job is
        committed, not at the next drain. The loop hears of every job's end exactly once (`_finish`), but for a
        job left in the spool because the daemon is stopping."""
        self.judge.outbox.written()                  # forget whatever an earlier, failed job of this thread wrote
        game, wakeup, processed, left = None, None, False, False
        try:
            if job.done is not None:
                if job.done.set_running_or_notify_cancel():
                    game, wakeup = self._clock_job(lane, job)
                return
            while self.paused():
                if self.lanes.stopping:
                    left = True                  # still in the spool: the next start takes it
                    return
                time.sleep(0.05)
            try:
                game, wakeup = self._deliver(job.name, job.parsed)
                processed = True
            except Exception:
                log.exception("message %s could not be processed; kept in %s", job.name, self.spool.root / "bad")
                try:
                    self.spool.poison(job.name)
                except OSError:
                    log.exception("could not put %s aside", job.name)
                return
            self.sender.offer(self.judge.outbox.written())
        finally:
            if not left:
                self._finish(game, wakeup, job.counted, processed)
            if job.done is not None and not job.done.done():
                job.done.set_result(None)

    def _clock_job(self, game: str, job: Job) -> tuple[str | None, datetime | None]:
        try:
            notes, wakeup = self.judge.clock_work(game)
        except Exception as exc:  # noqa: BLE001 - handed to the scheduler, which logs it
            job.done.set_exception(exc)
            return None, None
        if notes:
            log.info("%s: %s", game, "; ".join(notes))
        self.sender.offer(self.judge.outbox.written())
        return game, wakeup

    def _deliver(self, name: str, parsed: inbound.Incoming | None = None) -> tuple[str | None, datetime | None]:
        path = self.spool.claim(name)
        if parsed is None:
            raw, sender = split_envelope(path.read_bytes())
            result = self.judge.deliver(raw, sender, key=Spool.key(name))
        else:
            result = self.judge.deliver(b"", key=Spool.key(name), parsed=parsed)
        self.spool.done(name)
        return result.game, result.wakeup

    def _finish(self, game: str | None, wakeup: datetime | None, counted: bool, processed: bool = False) -> None:
        """From a worker: a job is done. The loop learns of it (deadline planning, sender, intake) in one wake-up
        for all the jobs done since it last looked."""
        with self._finished_lock:
            self._finished.append((game, wakeup, counted, processed))
            if self._flush_due:
                return
            self._flush_due = True
        try:
            self.loop.call_soon_threadsafe(self._flush)
        except RuntimeError:                         # the loop is closed: nothing left to tell
            pass

    def _flush(self) -> None:
        with self._finished_lock:
            done, self._finished = self._finished, []
            self._flush_due = False
        for game, wakeup, counted, processed in done:
            self._jobs -= 1
            self.processed += processed
            if game and self.deadlines is not None:
                self.deadlines.plan(game, wakeup)
            if counted and self.intake is not None:
                self.intake.leave()
        if self._jobs <= 0:
            self.idle.set()

    # -- deadlines ---------------------------------------------------------------------------------------------
    def _plan_all(self) -> None:
        for game, wakeup in self.judge.store.wakeups().items():
            self.deadlines.plan(game, wakeup)

    async def _deadline_work(self, game: str) -> None:
        """Run by the scheduler: the game's clock work, in the game's lane (after the mail that came before)."""
        done: concurrent.futures.Future = concurrent.futures.Future()
        self._enqueue(game, Job(done=done))
        await asyncio.wrap_future(done)

    # -- outgoing mail -------------------------------------------------------------------------------------------
    async def _send_loop(self) -> None:
        last_round = float("-inf")
        while True:
            try:
                await asyncio.wait_for(self.kick.wait(), timeout=min(self.send_interval, self.sender.keep_open))
            except asyncio.TimeoutError:
                await asyncio.to_thread(self.sender.close_if_idle)
                if not self.kick.is_set() and time.monotonic() - last_round < self.send_interval:
                    continue
            self.kick.clear()
            last_round = time.monotonic()
            try:
                await asyncio.to_thread(self.sender.drain)
            except Exception:                     # the next round tries again
                log.exception("sending failed")
