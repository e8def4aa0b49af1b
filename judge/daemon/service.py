"""`judge serve`: the SMTP server, the game workers, the deadline scheduler and the sender, on one asyncio loop.

Incoming mail is read once, as it comes, to learn which game it is about. A message for a game is applied at once,
in the game's lane, and answered 250 when its commit (the game's change and the reply) is durable, with no spool
file of its own (judge.daemon.at_once); other mail, and a game's mail when that cannot be, is in the spool first.
Each game has a lane (judge.daemon.lanes): a FIFO of its messages and its deadline work in arrival order, taken one
job at a time, so a game is never processed by two workers at once and its messages are applied in the
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
import os
import signal
import threading
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Callable

from judge import affinity
from judge.config import Settings
from judge.daemon import at_once, failures, startup, sweeping, variant_files
from judge.daemon.applying import Applying
from judge.daemon.connections import Connections, Limits
from judge.daemon.failures import RETRY_MAX, RETRY_START
from judge.daemon.lanes import NO_GAME, Job, Lanes
from judge.daemon.listener import Listener
from judge.daemon.lock import ServeLock
from judge.daemon.scheduler import Deadlines
from judge.daemon.sender import Sender
from judge.daemon.sending import last_drain, send_loop
from judge.daemon.server import Handler, Intake
from judge.daemon.smtp import SMTPConnection
from judge.daemon.spool import Spool, split_envelope
from judge.mail import inbound
from judge.commands.named_game import game_named_in
from judge.service import Clock, Judge, utcnow
from judge.storage.atomic import read_bytes
from judge.storage.gamedir import GameUnavailable
from judge.storage.rates import RateLimit

log = logging.getLogger("judge.daemon")
PAUSE_FILE = "PAUSE"        # while inbox/PAUSE exists, accepted mail waits in the spool (maintenance)
WORKERS = 4                 # threads working on different games at once (2 cores: fsync and scrypt overlap)
FLOW_DELAY = 1.0            # the longest the answer to DATA waits for room (then the message is taken anyway)
STOP_GRACE = 5.0            # seconds a stopping daemon gives the relay to take the mail that is ready


class Daemon:
    def __init__(self, settings: Settings, clock: Clock = utcnow, send_interval: float = 5.0,
                 workers: int = WORKERS, backlog: int | None = None):
        self.settings = settings
        self.clock = clock
        self.judge = Judge(settings, clock)
        self.spool = Spool(settings.inbox_dir)
        self._pause_file = os.path.join(self.spool.root, PAUSE_FILE)
        self.applying: Applying | None = None     # opened at start
        self.sender = Sender(settings, self.judge.outbox)
        self.send_interval = send_interval
        self.workers = max(1, workers)
        self.backlog = 2 * self.workers if backlog is None else backlog   # the intake's limit (0: none)
        self.lanes = Lanes(self._run_job, self.workers)
        self.intake: Intake | None = None
        self.kick = asyncio.Event()               # wakes the sender
        self.idle = asyncio.Event()               # set whenever no lane has work
        self.idle.set()
        self.server: Listener | None = None
        self.connections: Connections | None = None
        self.deadlines: Deadlines | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.tasks: list[asyncio.Task] = []
        self.host, self.port = "", 0
        self.web = None                           # the web pages (judge.web.app.WebFace), when served
        self.web_host, self.web_port = "", 0
        self.processed = 0
        self._jobs = 0                            # jobs enqueued whose end the loop has not yet seen
        self._finished: list[tuple] = []          # jobs ended, from the workers, for the loop
        self._finished_lock = threading.Lock()
        self._flush_due = False
        self._queued: set[str] = set()            # spool names enqueued and not finished (for the sweep)
        self._failing: dict[str, tuple[int, datetime]] = {}   # game -> (failed clock runs, not before)
        self.retry_start = RETRY_START            # seconds before the first retry (tests make it short)
        self.sender.on_failure = self.judge.keeper.unsendable
        self.lock = ServeLock(settings.games_dir)   # one daemon per games folder
        self.checked = asyncio.Event()            # every game read since start-up (judge.daemon.startup)
        self.checking: asyncio.Task | None = None
        self.stopping = threading.Event()

    # -- life cycle ----------------------------------------------------------------------------------------------
    async def start(self, host: str | None = None, port: int | None = None, web_host: str | None = None,
                    web_port: int | None = None) -> tuple[str, int]:
        """Listen for mail on host:port (config.ini [smtp] by default) and serve the web pages on web_host:web_port
        (config.ini [web]; its port 0 means no pages, but web_port=0 given here picks a free port)."""
        self.lock.acquire()                       # AlreadyRunning: another daemon has this games folder
        loop = self.loop = asyncio.get_running_loop()
        self.deadlines = Deadlines(self.clock, self._deadline_work, loop)
        self.intake = Intake(self.backlog, FLOW_DELAY, self.paused)
        self.lanes.start()
        # Every game's committed wake-up (with many games, first the hint kept at the last stop: judge.daemon.startup);
        # the mail handled next replans its own games, as always after a message.
        hint = await startup.plan_wakeups(self)
        self.applying = await asyncio.to_thread(Applying, self.spool.root)
        # Mail accepted before a crash or restart is handled first, before anything new is taken in.
        for name, lane, parsed in await asyncio.to_thread(self._route_pending):
            self._enqueue(lane, Job(name, parsed))
        await self.idle.wait()
        self.deadlines.start()
        recipients = self.settings.get("smtp", "recipients") or [self.settings.address]
        limits = Limits.from_settings(self.settings)
        handler = Handler(self.spool, recipients, self.settings.get("smtp", "max_message_bytes"),
                          RateLimit(self.settings.games_dir, self.settings.get("smtp", "rate_per_hour"),
                                    per_envelope=self.settings.get("smtp", "rate_per_envelope")),
                          self._accepted, route=self.route,
                          intake=self.intake, max_recipients=limits.max_recipients, apply=self.apply_now,
                          unspooled=lambda exc: failures.spool_failed(self.judge.keeper, exc))
        hostname = self.settings.get("smtp", "hostname")
        limit = self.settings.get("smtp", "max_message_bytes")
        # Connections are capped (to fit the file limit), timed out when silent, and dropped sooner under stress.
        connections = self.connections = Connections(limits, hostname)
        self.server = Listener(loop, connections, lambda: SMTPConnection(
            handler, connections, hostname=hostname, data_size_limit=limit, loop=loop))
        self.server.listen(host if host is not None else self.settings.get("smtp", "host"),
                           port if port is not None else self.settings.get("smtp", "port"))
        connections.start(loop)
        self.host, self.port = self.server.sockets[0].getsockname()[:2]
        if web_port is not None or self.settings.get("web", "port"):
            from judge.web.app import WebFace        # imported only when pages are served
            self.web = WebFace(self.judge, self.in_lane, handler.rate)     # (one count per sender)
            try:
                self.web_host, self.web_port = await self.web.start(
                    web_host if web_host is not None else self.settings.get("web", "host"),
                    web_port if web_port is not None else self.settings.get("web", "port"))
            except BaseException:
                self.server.close()
                raise
        self.tasks = [asyncio.create_task(send_loop(self.sender, self.kick, lambda: self.send_interval)),
                      asyncio.create_task(sweeping.sweep_loop(self)), asyncio.create_task(sweeping.watch_loop(self))]
        self.kick.set()
        if hint is None:
            self.checked.set()
        else:
            self.checking = asyncio.create_task(startup.check_after_start(self, hint))
        # Every thread started: all of them on one CPU from now on (judge.affinity says why). Only once start-up
        # has gone through, so a start that fails leaves the process as it found it.
        if self.settings.get("smtp", "one_cpu"):
            cpu = affinity.pin()
            if cpu is not None:
                log.info("judge serve keeps its threads on CPU %d ([smtp] one_cpu)", cpu)
        startup.say_where(self.settings, self.host, self.port, self.workers)
        await asyncio.to_thread(variant_files.check, True)      # (each broken file of the variants folder logged)
        return self.host, self.port

    async def stop(self) -> None:
        self.stopping.set()
        if self.checking is not None:
            await asyncio.gather(self.checking, return_exceptions=True)
        if self.web is not None:
            await self.web.stop()
        if self.server is not None:
            self.server.close()
            self.connections.close_all()
        for t in self.tasks:
            t.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        if self.deadlines is not None:
            self.deadlines.shutdown()
        # The jobs running are finished; the ones not started stay in the spool for the next start.
        await asyncio.to_thread(self.lanes.stop)
        for job in self.lanes.pending():
            for future in (job.done, job.applied):
                if future is not None:
                    future.cancel()
            if job.answer is not None and not job.answer.done():
                job.answer.set_result(None)          # never started: the spool keeps it for the next start
        self._flush()
        await startup.keep_hint(self)
        if self.applying is not None:
            self.applying.close()
        await asyncio.to_thread(last_drain, self.sender, STOP_GRACE)      # last chance to hand over what is ready
        affinity.unpin()
        self.lock.release()

    async def serve_forever(self, host: str | None = None, port: int | None = None,
                            ready_file: Path | None = None, web_port: int | None = None) -> None:
        # The signals are ours before anyone can be told we are up: a SIGTERM right after the ready file (a service
        # manager, a test) stops the daemon cleanly instead of killing it mid-way.
        # A hang-up (its terminal closed, a log rotation's `kill -HUP`) stops it as SIGTERM does: the signal's
        # default action would end it as a crash, with no last hand-over to the relay.
        stop, why = asyncio.Event(), []
        loop = asyncio.get_running_loop()
        for sig, name in ((signal.SIGTERM, "SIGTERM"), (signal.SIGINT, "Ctrl-C"), (signal.SIGHUP, "SIGHUP")):
            loop.add_signal_handler(sig, lambda name=name: (why.append(name), stop.set()))
        await self.start(host, port, web_port=web_port)
        if ready_file is not None:
            web = f"web {self.web_host} {self.web_port}\n" if self.web is not None else ""
            ready_file.write_text(f"{self.host} {self.port}\n{web}")
        await stop.wait()
        log.info("judge serve stops (%s): the jobs under way finish, the rest wait in the spool", why[0])
        await self.stop()
        log.info("judge serve stopped")

    def paused(self) -> bool:
        return os.path.exists(self._pause_file)     # (asked a few times a message: a string, not a Path made)

    # -- incoming mail -------------------------------------------------------------------------------------------
    def route(self, raw: bytes, envelope_sender: str | None) -> tuple[str, inbound.Incoming | None]:
        """(the lane, the message as read) of a message: its game, as Judge.deliver will find it."""
        try:
            msg = inbound.read(raw, envelope_sender, self.settings.address)
        except inbound.UnusableSender:
            raise                          # refused at the SMTP level, before it is ours
        except inbound.BadMessage:
            return NO_GAME, None           # unreadable: the worker reads it again and answers, touching no game
        # its identity, worked out while the raw message is at hand: the worker need not read the spool file again
        msg.key = inbound.message_key(raw)
        if msg.automatic:
            return NO_GAME, msg
        return game_named_in(msg.lines) or NO_GAME, msg

    async def apply_now(self, route: tuple[str, inbound.Incoming | None] | None) -> tuple[str | None, int]:
        """A message for a game applied before its 250, or (None, attempts): the spool takes it
        (judge.daemon.at_once)."""
        return await at_once.apply_now(self, route)

    def _apply(self, job: Job, games: set[str]) -> bool:
        return at_once.apply(self, job, games)       # (a method: benchmarks/mail.py times it as a game worker's)

    def _recover(self) -> dict[str, datetime | None]:
        return startup.recover(self.judge, self.spool, self.sender, self.clock)

    def _route_pending(self) -> list[tuple[str, str, inbound.Incoming | None]]:
        return startup.route_pending(self.judge, self.spool, self.route, NO_GAME)

    def _accepted(self, name: str, route: tuple[str, inbound.Incoming | None] | None, counted: bool = False) -> None:
        """The SMTP handler's news, in arrival order: a message is safe in the spool."""
        lane, parsed = route or (NO_GAME, None)
        self._enqueue(lane, Job(name, parsed, counted))

    def _enqueue(self, lane: str, job: Job) -> None:
        self._jobs += 1
        self.idle.clear()
        if job.name:
            self._queued.add(job.name)
        self.lanes.put(lane, job)

    def _run_job(self, lane: str, job: Job) -> None:
        """In a worker thread: one job of a lane. The mail a job wrote goes to the sender as soon as the job is
        committed, not at the next drain. The loop hears of every job's end exactly once (`_finish`), but for a
        job left in the spool because the daemon is stopping; it then plans the games the job touched from what is
        on disk, whatever the job did (accepted, refused, failed)."""
        self.judge.outbox.written()                  # forget whatever an earlier, failed job of this thread wrote
        games = {lane} if lane != NO_GAME else set()
        processed, left, retry = False, False, None
        try:
            if job.applied is not None:
                processed = self._apply(job, games)
                return
            if job.done is not None:
                if job.done.set_running_or_notify_cancel():
                    if job.call is not None:
                        self._call_job(job)
                    else:
                        self._clock_job(lane, job)
                return
            while self.paused():
                if self.lanes.stopping:
                    left = True                  # still in the spool: the next start takes it
                    return
                time.sleep(0.05)
            try:
                game = self._deliver(job.name, job.parsed)
                if game:
                    games.add(game)
                processed = True
            except Exception as exc:  # noqa: BLE001 - sorted into temporary and permanent failures
                retry = self._failed(job, exc)
        finally:
            self.sender.offer(self.judge.outbox.written())
            if not left:
                self._finish(games, job, processed, retry)
            if job.done is not None and not job.done.done():
                job.done.set_result(None)

    async def in_lane(self, game: str, work: Callable[[], Any]) -> Any:
        """Run `work` in the game's lane, after the mail and deadline work queued before it (a web form waits for
        its game's lane like a mail); the game's clock is planned again afterwards, as after a mail."""
        done: concurrent.futures.Future = concurrent.futures.Future()
        self._enqueue(game, Job(done=done, call=work))
        return await asyncio.wrap_future(done)

    @staticmethod
    def _call_job(job: Job) -> None:
        try:
            job.done.set_result(job.call())
        except BaseException as exc:  # noqa: BLE001 - the waiting request gets it
            job.done.set_exception(exc)

    def _clock_job(self, game: str, job: Job) -> None:
        if not self.judge.store.exists(game):
            # Deleted (by its keeper, or while the daemon was down and its start-up hint still named it): no game,
            # no deadline; the replanning after this job drops it. Not a failure to report.
            log.info("%s: the game is gone: its deadline is dropped", game)
            return
        try:
            notes, _ = self.judge.clock_work(game)
        except Exception as exc:  # noqa: BLE001 - reported; the game's clock tries again later
            self._clock_failed(game, exc)
            return
        self._failing.pop(game, None)
        if notes:
            log.info("%s: %s", game, "; ".join(notes))

    def _clock_failed(self, game: str, exc: Exception) -> None:
        failures.clock_failed(self._failing, game, exc, self.clock(), self.retry_start, self.judge.keeper)

    def _deliver(self, name: str, parsed: inbound.Incoming | None = None) -> str | None:
        path = self.spool.claim(name)
        # The message's own identity, not the spool file's: a message sent again because its 250 was lost (a
        # crash between the spool and the answer) is recognised as the one already applied.
        if parsed is not None and parsed.key:      # (route() keeps the key with the message it read)
            result = self.judge.deliver(b"", key=parsed.key, parsed=parsed)
            if self.applying is not None:
                self.applying.forget(parsed.key)   # (one once cut short when applied at once is done now)
        else:
            raw, sender = split_envelope(read_bytes(path))
            result = self.judge.deliver(raw, sender, key=inbound.message_key(raw))
        self.spool.done(name)
        return result.game

    def _failed(self, job: Job, exc: Exception) -> float | None:
        return failures.message_failed(self.spool, self.judge, job, exc, self.retry_start)

    def _finish(self, games: set[str], job: Job, processed: bool, retry: float | None) -> None:
        """From a worker: a job is done. The loop learns of it (deadline planning, sender, intake) in one wake-up
        for all the jobs done since it last looked."""
        with self._finished_lock:
            self._finished.append((games, job, processed, retry))
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
        replan: set[str] = set()
        for games, job, processed, retry in done:
            self._jobs -= 1
            if job.answer is not None and not job.answer.done():
                job.answer.set_result(processed)     # the 250 of a message applied at once, or the spool for it
            self.processed += processed
            replan |= games
            if job.name:
                self._queued.discard(job.name)
            if job.counted and self.intake is not None:
                self.intake.leave()
            if retry is not None and self.loop is not None:
                self.loop.call_later(retry, sweeping.retry, self, job.name)
        if self.deadlines is not None:
            for game in replan:
                self.deadlines.plan(game, self.wakeup(game))
        if self._jobs <= 0:
            self.idle.set()

    async def sweep(self) -> int:
        """Queue the requeued messages nobody queued yet (returns how many); delete expired set-aside ones."""
        return await sweeping.sweep(self)

    def wakeup(self, game: str) -> datetime | None:
        """When a game's clock has work next: as committed on disk (what a fresh start-up would plan); while its
        clock work fails, at the retry its failure announced (not sooner, nor later: an unreadable game's file
        gives no wake-up of its own)."""
        try:
            moment = self.judge.store.wakeup(game)
        except FileNotFoundError:
            return None
        except GameUnavailable:
            moment = self.clock() + timedelta(seconds=RETRY_MAX)
        failing = self._failing.get(game)
        return moment if failing is None else failing[1]

    # -- deadlines ---------------------------------------------------------------------------------------------
    async def _deadline_work(self, game: str) -> None:
        """Run by the scheduler: the game's clock work, in the game's lane (after the mail that came before)."""
        done: concurrent.futures.Future = concurrent.futures.Future()
        self._enqueue(game, Job(done=done))
        await asyncio.wrap_future(done)

