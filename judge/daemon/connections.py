"""Bounds on the SMTP server's connections: how many at once (fitted to the process's file limit), how long one may
stay silent, how many recipients and errors it may have; and stress, as Postfix's stress mode: when connections
crowd in or file descriptors run short, idle connections are closed much sooner, so that new mail gets in within
seconds while somebody holds hundreds of connections open. Each condition is logged once when it starts and once
when it ends, never per connection."""
from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import resource
from dataclasses import dataclass
from typing import Any

from judge.config import Settings
from judge.daemon import statuscodes as S

log = logging.getLogger("judge.smtp")
SWEEP_SECONDS = 1.0            # how often silent connections and the stress conditions are looked at
STRESS_FROM = 3 / 4           # stress starts when this share of the cap is taken
CALM_SECONDS = 30.0            # a condition is over (and logged as over) once absent this long: an attack that comes
                               # back every few seconds is one condition, logged twice, not twice per wave


@dataclass(frozen=True)
class Limits:
    max_connections: int
    reserved_files: int
    idle_seconds: float
    stress_idle_seconds: float
    max_recipients: int
    max_errors: int

    @classmethod
    def from_settings(cls, settings: Settings) -> "Limits":
        g = settings.get
        return cls(g("smtp", "max_connections"), g("smtp", "reserved_files"), g("smtp", "idle_seconds"),
                   g("smtp", "stress_idle_seconds"), g("smtp", "max_recipients"), g("smtp", "max_errors"))


def connection_cap(limits: Limits) -> tuple[int, int]:
    """(the connection cap, the process's file limit). The soft RLIMIT_NOFILE is raised, as far as the hard limit
    allows, to hold max_connections plus reserved_files; the cap is what then fits beside the reserve."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = limits.max_connections + limits.reserved_files
    if soft != resource.RLIM_INFINITY and soft < want:
        new = want if hard == resource.RLIM_INFINITY else min(want, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
            soft = new
    if soft == resource.RLIM_INFINITY:
        return limits.max_connections, soft
    cap = min(limits.max_connections, soft - limits.reserved_files)
    if cap < limits.max_connections:
        log.warning("SMTP: the process may open %d files and keeps %d for its own work: at most %d connections "
                    "(max_connections = %d; raise the limit with ulimit -n)", soft, limits.reserved_files,
                    max(cap, 1), limits.max_connections)
    return max(cap, 1), soft


def open_files() -> int | None:
    """How many file descriptors this process has open (None where the system does not say)."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return len(os.listdir(folder))
        except OSError:
            continue
    return None


class Connections:
    """The open SMTP connections and the stress state (on the daemon's loop only)."""

    def __init__(self, limits: Limits, hostname: str, cap: int | None = None, file_limit: int | None = None):
        self.limits = limits
        self.hostname = hostname
        if cap is None:
            cap, file_limit = connection_cap(limits)
        self.cap = cap
        self.file_limit = file_limit
        self.stress_from = max(1, math.ceil(cap * STRESS_FROM))
        self.open: set[Any] = set()              # judge.daemon.smtp.SMTPConnection
        self.starting = 0                        # accepted, transport not made yet (they count against the cap)
        self.stressed: str | None = None         # why, while under stress
        self.stress_began = self.stress_seen = 0.0
        self.refused_at: float | None = None     # the last connection answered 421 at the cap (this episode)
        self.refused = 0                         # connections answered 421 at the cap (this episode)
        self.closed_idle = 0                     # idle connections closed under stress (this episode)
        self.accept_failures = 0                 # accept() failures (this episode)
        self.accept_failed_at: float | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task | None = None

    # -- admission ---------------------------------------------------------------------------------------------
    def count(self) -> int:
        return len(self.open) + self.starting

    def admit(self) -> bool:
        """A connection has been accepted: may it stay? (False: answer 421 and close it.)"""
        if self.count() >= self.cap:
            if self.refused_at is None:
                self.refused = 0
                log.warning("SMTP: %d connections open, the cap: new connections are answered 421 until some "
                            "close", self.cap)
            self.refused += 1
            self.refused_at = self._now()
            return False
        self.starting += 1
        return True

    def started(self, conn: Any) -> None:
        self.starting -= 1
        self.open.add(conn)

    def start_failed(self) -> None:
        self.starting -= 1

    def gone(self, conn: Any) -> None:
        self.open.discard(conn)

    def accept_failed(self, exc: OSError) -> None:
        """accept() failed (EMFILE and the like): counted; logged once per episode."""
        if self.accept_failed_at is None:
            log.error("SMTP: cannot accept connections (%s); trying again every second", exc.strerror or exc)
            self.accept_failures = 0
        self.accept_failures += 1
        self.accept_failed_at = self._now()
        self._stress_check()

    def _episodes_over(self, now: float) -> None:
        """Log the end of the cap and accept-failure episodes once they have been calm for CALM_SECONDS."""
        if self.refused_at is not None and now - self.refused_at >= CALM_SECONDS:
            self.refused_at = None
            log.warning("SMTP: no connection refused at the cap for %.0f s; %d were refused", CALM_SECONDS,
                        self.refused)
        if self.accept_failed_at is not None and now - self.accept_failed_at >= CALM_SECONDS:
            self.accept_failed_at = None
            log.warning("SMTP: accepting connections again (accept() failed %d times)", self.accept_failures)

    # -- idle connections and stress ---------------------------------------------------------------------------
    def idle_limit(self) -> float:
        return self.limits.stress_idle_seconds if self.stressed else self.limits.idle_seconds

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self._task = loop.create_task(self._sweeping())

    async def _sweeping(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                self.sweep()
            except Exception:  # noqa: BLE001 - the next sweep tries again
                log.exception("SMTP connection sweep failed")

    def sweep(self) -> int:
        """Close the connections silent for longer than the idle limit of the moment; returns how many."""
        self._stress_check()
        now, limit = self._now(), self.idle_limit()
        self._episodes_over(now)
        silent = [c for c in self.open if not c.busy and now - c.last_heard >= limit]
        for conn in silent:
            conn.close_with(S.IDLE.format(host=self.hostname))
        if self.stressed:
            self.closed_idle += len(silent)
        return len(silent)

    def _stress_check(self) -> None:
        """Stress begins with its first reason and ends once no reason has been seen for CALM_SECONDS."""
        now = self._now()
        why = self._stress_reason(now)
        if why:
            self.stress_seen = now
            if not self.stressed:
                self.stressed, self.stress_began, self.closed_idle = why, now, 0
                log.warning("SMTP under stress (%s): idle connections are closed after %g s instead of %g s",
                            why, self.limits.stress_idle_seconds, self.limits.idle_seconds)
        elif self.stressed and now - self.stress_seen >= CALM_SECONDS:
            log.warning("SMTP stress over after %.0f s: %d connections open, %d idle ones were closed",
                        now - self.stress_began, self.count(), self.closed_idle)
            self.stressed = None

    def _stress_reason(self, now: float) -> str | None:
        if self.accept_failed_at is not None and now - self.accept_failed_at < SWEEP_SECONDS * 2:
            return "accept() failed"
        used = open_files() if self.file_limit not in (None, resource.RLIM_INFINITY) else None
        if used is not None and self.file_limit - used < self.limits.reserved_files // 2:
            return f"{used} of {self.file_limit} file descriptors in use"
        n = self.count()
        if n >= self.stress_from:
            return f"{n} connections open, the cap is {self.cap}"
        return None

    def close_all(self) -> None:
        """The daemon is stopping: every connection is told so (421) and closed."""
        if self._task is not None:
            self._task.cancel()
        for conn in list(self.open):
            conn.close_with(S.SHUTTING_DOWN.format(host=self.hostname))

    def _now(self) -> float:
        return (self.loop or asyncio.get_running_loop()).time()
