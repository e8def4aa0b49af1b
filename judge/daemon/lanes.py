"""Per-game FIFO lanes worked through by a small pool of threads.

Every job belongs to a lane (a game's name; mail about no game has a lane of its own). A lane's jobs run one at a
time, in the order they were put in, so a game is never worked on by two threads at once and its messages are
applied in arrival order; different lanes run side by side. A lane with work waits in a FIFO of ready lanes and goes
to the back of it after each job, so the games take turns in arrival order. The threads take their next job
themselves: the event loop is not involved between two jobs.
"""
from __future__ import annotations

import concurrent.futures
import logging
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from judge.mail import inbound

log = logging.getLogger("judge.daemon")
NO_GAME = ""                # the lane of mail about no game (HELP, LIST, CREATE...)


@dataclass
class Job:
    """One piece of a lane's work: a spooled message (`name`), a message not spooled (`applied`), or, with `done`,
    the game's deadline work."""
    name: str = ""
    parsed: inbound.Incoming | None = None           # the message as read at arrival (None: read it again)
    counted: bool = False                            # holds a place in the intake's backlog
    done: concurrent.futures.Future | None = None
    call: Callable[[], Any] | None = None            # with `done`: work of the web pages, done in the game's lane
    applied: concurrent.futures.Future | None = None  # a message applied before its 250, not spooled (`parsed`):
                                                     # set running when a worker starts it, unless cancelled first
    answer: Any = None                               # with `applied`: the loop's future of whether it was applied



class Lanes:
    def __init__(self, run: Callable[[str, object], None], workers: int, name: str = "judge-game"):
        self.run = run                           # run(lane, job) in a worker thread; exceptions are its own business
        self.workers = workers
        self.name = name
        self.lock = threading.Lock()
        self.wakeup = threading.Condition(self.lock)
        self.lanes: dict[str, deque] = {}       # lane -> jobs not yet started, in arrival order
        self.ready: deque[str] = deque()         # lanes with a job to start and none running, in turn
        self.running: set[str] = set()
        self.count = 0                           # jobs put in and not finished
        self.stopping = False
        self.threads: list[threading.Thread] = []

    def start(self) -> None:
        self.stopping = False
        self.threads = [threading.Thread(target=self._work, name=f"{self.name}-{i}", daemon=True)
                        for i in range(self.workers)]
        for t in self.threads:
            t.start()

    def put(self, lane: str, job) -> None:
        with self.lock:
            jobs = self.lanes.get(lane)
            if jobs is None:
                jobs = self.lanes[lane] = deque()
            jobs.append(job)
            self.count += 1
            if lane not in self.running and len(jobs) == 1:
                self.ready.append(lane)
                self.wakeup.notify()

    def stop(self) -> None:
        """Let each thread finish the job it is on; jobs not started stay where they are (and are dropped here)."""
        with self.lock:
            self.stopping = True
            self.wakeup.notify_all()
        for t in self.threads:
            t.join()
        self.threads = []

    def pending(self) -> list:
        """Jobs not started (after stop(): the ones that will not be)."""
        with self.lock:
            return [job for jobs in self.lanes.values() for job in jobs]

    @property
    def busy(self) -> bool:
        return self.count > 0

    def _work(self) -> None:
        while True:
            with self.lock:
                while not self.ready and not self.stopping:
                    self.wakeup.wait()
                if self.stopping:
                    return
                lane = self.ready.popleft()
                job = self.lanes[lane].popleft()
                self.running.add(lane)
            try:
                self.run(lane, job)
            except BaseException:                # run() handles its own errors; this is a last resort
                log.exception("lane %s: job failed", lane)
            finally:
                with self.lock:
                    self.running.discard(lane)
                    self.count -= 1
                    if self.lanes[lane]:
                        self.ready.append(lane)  # its next job, after the lanes already waiting
                        self.wakeup.notify()
                    else:
                        del self.lanes[lane]
