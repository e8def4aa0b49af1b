"""Mail benchmark: `judge serve` over real SMTP - reply latency and throughput under a burst of order mail, and
start-up time with 10,000 games on disk.

    python benchmarks/mail.py            # the default run: 100 games, bursts of 1,000 order mails, 10,000 games
    python benchmarks/mail.py --quick    # smoke run: 20 games, 200 mails, 1,000 games at start-up

1. Mail in -> reply out. `--games` active games (each created by CREATE and seven JOINs through `Judge.deliver`,
   not timed) in a real temporary games/ folder; the real `Daemon` in this process on an ephemeral port, its
   outgoing mail going by SMTP to a recording relay. `--mails` order mails (a SIGNON and one legal order per unit,
   spread round-robin over the games and then their powers) are pushed by `--threads` SMTP client connections as
   fast as the judge accepts them. Each mail's latency runs from the start of its SMTP transaction (MAIL FROM) to
   the moment the relay has its reply (matched by In-Reply-To, or by the token in the subject). By default the
   clients and the relay run in a helper process (the outside world: they take no CPU from the daemon's
   interpreter lock); `--inproc` puts them in this process instead, the relay on the daemon's loop as in
   tests/daemon/conftest.py. Targets: >= 100 order mails per second from the first send to the last reply, p99 <
   250 ms.
2. Start-up with `--startup-games` games on disk (one game made through the judge, saved under other names and
   deadlines by the judge's own GameStore): `Daemon(...)` and `await Daemon.start()` (spool drain, deadline
   rebuild from the games, SMTP server up) until a client has the 220 greeting. Target < 5 s.

Where a target is missed, a further burst runs under cProfile (the loop thread and every worker thread of the
daemon) and the top functions are printed.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import email
import email.policy
import json
import multiprocessing
import os
import platform
import pstats
import random
import re
import shutil
import signal
import smtplib
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from email.parser import BytesHeaderParser
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
# The judge measured: this checkout, or another one named by JUDGE_BENCH_CHECKOUT (benchmarks/mailservers.py runs the
# same benchmark code against an earlier release, in a process of its own).
CHECKOUT = Path(os.environ.get("JUDGE_BENCH_CHECKOUT") or REPO).resolve()
sys.path.insert(0, str(CHECKOUT))

from aiosmtpd.smtp import SMTP

import judge.commands.signon
import judge.mail.inbound
import judge.mail.outbound
import judge.service
from judge import config
from judge.daemon.service import Daemon
from judge.game import COMPLETED
from judge.service import Judge
from judge.storage import passwords
try:
    from judge.storage import wakeup_index
except ImportError:                      # a checkout from before the wake-up hint (JUDGE_BENCH_CHECKOUT)
    wakeup_index = None
from judge.storage.atomic import atomic_write

JUDGE_ADDRESS = "judge@localhost"
TOKEN_DOMAIN = "bench.example"
TOKEN_RE = re.compile(r"\b(r\d+-\d+)\b")
TARGET_RATE, TARGET_P99_MS, TARGET_STARTUP_S, TARGET_RATIO = 100.0, 250.0, 5.0, 0.40

# Every unit of the 1901 position with the orders a mail may give it (one per unit, chosen at random): all legal.
ORDERS = {
    "AUSTRIA": [("A VIE", ["H", "- GAL", "- TRI", "- BOH", "- TYR"]), ("A BUD", ["H", "- SER", "- RUM", "- GAL"]),
                ("F TRI", ["H", "- ALB", "- ADR", "- VEN"])],
    "ENGLAND": [("F LON", ["H", "- NTH", "- ENG"]), ("F EDI", ["H", "- NTH", "- NWG"]),
                ("A LVP", ["H", "- YOR", "- WAL", "- EDI"])],
    "FRANCE": [("F BRE", ["H", "- MAO", "- ENG", "- PIC"]), ("A PAR", ["H", "- BUR", "- PIC", "- GAS"]),
               ("A MAR", ["H", "- SPA", "- BUR", "- PIE"])],
    "GERMANY": [("F KIE", ["H", "- DEN", "- HOL", "- BAL"]), ("A BER", ["H", "- KIE", "- PRU", "- SIL"]),
                ("A MUN", ["H", "- RUH", "- BUR", "- TYR"])],
    "ITALY": [("F NAP", ["H", "- ION", "- TYS"]), ("A ROM", ["H", "- APU", "- VEN", "- TUS"]),
              ("A VEN", ["H", "- TYR", "- PIE", "- APU"])],
    "RUSSIA": [("F STP/SC", ["H", "- BOT", "- FIN"]), ("A MOS", ["H", "- UKR", "- SEV", "- STP", "- LVN"]),
               ("A WAR", ["H", "- GAL", "- UKR", "- SIL"]), ("F SEV", ["H", "- BLA", "- RUM"])],
    "TURKEY": [("F ANK", ["H", "- BLA", "- CON"]), ("A CON", ["H", "- BUL", "- SMY"]),
               ("A SMY", ["H", "- ARM", "- SYR"])],
}
POWERS = list(ORDERS)


# --- mail and games -------------------------------------------------------------------------------------------------

def game_name(i: int) -> str:
    return f"g{i:03d}"


def player_address(game: str, power: str) -> str:
    return f"{power.lower()}.{game}@players.example"


def player_password(game: str, power: str) -> str:
    return f"pw-{power[:3].lower()}-{game}"


def compose(sender: str, body: str, subject: str, message_id: str) -> bytes:
    """A plain text message as a mail client writes it (CRLF, Message-ID)."""
    return (f"From: {sender}\r\nTo: {JUDGE_ADDRESS}\r\nSubject: {subject}\r\nMessage-ID: <{message_id}>\r\n"
            f"MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
            + body.replace("\n", "\r\n") + "\r\n").encode("utf-8")


def settings_for(root: Path, relay_port: int | None = None, rate_per_hour: int | None = None):
    """As tests/daemon/conftest.py: everything under `root`; outgoing mail to the relay on 127.0.0.1."""
    s = config.load(None).with_values(judge_games_dir=root / "games", judge_outbox_dir=root / "outbox",
                                      judge_inbox_dir=root / "inbox", relay_maildir=root / "maildir",
                                      # the set-up creates its games faster than the limits on strangers allow
                                      limits_create_per_hour=0, limits_create_per_sender=0,
                                      web_port=0)     # no pages: the mail path alone (and no port taken)
    if relay_port:
        s = s.with_values(relay_host="127.0.0.1", relay_port=relay_port)
    if rate_per_hour is not None:
        s = s.with_values(smtp_rate_per_hour=rate_per_hour)
    return s


PICTURES = "none"          # the games' map_picture rule (--pictures); "none": text-only results


def create_game(j: Judge, name: str, players: int = 7, pictures: str | None = None) -> None:
    """CREATE (EARLY -1: never processed early, so no game moves on during the run) and `players` JOINs; the house
    rule map_picture is `pictures` (default: --pictures)."""
    r = j.deliver(compose(f"gm.{name}@players.example",
                          f"CREATE {name} gm-{name}\nSET EARLY -1\nSET RULE map_picture={pictures or PICTURES}", "create",
                          f"create-{name}@{TOKEN_DOMAIN}"))
    assert r.accepted, (name, r.errors)
    for power in POWERS[:players]:
        r = j.deliver(compose(player_address(name, power),
                              f"JOIN {name} {player_password(name, power)} {power[0]}", "join",
                              f"join-{name}-{power}@{TOKEN_DOMAIN}"))
        assert r.accepted, (name, power, r.errors)


def setup_games(root: Path, n: int, pictures: str | None = None) -> float:
    """`n` active games through Judge.deliver (4 games at a time: each game's mail in order, one game's folder per
    thread); the outbox (welcome and start mail) is emptied. Returns seconds."""
    t = time.perf_counter()
    j = Judge(settings_for(root))

    def one(i: int) -> None:
        create_game(j, game_name(i), pictures=pictures)
        assert j.store.load(game_name(i)).status == "active"
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(one, range(n)))
    shutil.rmtree(root / "outbox", ignore_errors=True)
    return time.perf_counter() - t


def deliver_alone(root: Path, jobs: list) -> dict:
    """The same mails through Judge.deliver in one thread, no SMTP, no sender, nothing else running in this
    process: the serial path's own cost (fresh password cache, as a daemon just started)."""
    passwords._verified.clear()
    j = Judge(settings_for(root))
    seen: set[str] = set()
    first, later = [], []
    t0 = time.perf_counter()
    for sender, raw, token in jobs:
        t = time.perf_counter()
        r = j.deliver(raw, None, key=f"alone-{token}")
        (later if sender in seen else first).append(time.perf_counter() - t)
        seen.add(sender)
        assert r.accepted, r.errors
    wall = time.perf_counter() - t0
    shutil.rmtree(root / "outbox", ignore_errors=True)
    return {"mails": len(jobs), "wall_s": wall, "rate_per_s": len(jobs) / wall,
            "first_signon_ms": 1000 * statistics.mean(first) if first else 0.0, "first_signons": len(first),
            "later_ms": 1000 * statistics.mean(later) if later else 0.0, "later": len(later)}


def helper_cpu(world) -> float:
    """CPU seconds used so far by the helper process (clients and relay), from /proc, less what it spent reading
    the relay's records for the benchmark; 0 where there is none."""
    proc = getattr(world, "proc", None)
    return 0.0 if proc is None else sum(process_cpu(proc.pid)) - world._ask("parse_cpu")


def process_cpu(pid: int) -> tuple[float, float]:
    """(user, system) CPU seconds used so far by a process, from /proc; zeros where that cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[11]) / os.sysconf("SC_CLK_TCK"), int(fields[12]) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0, 0.0


def load_average() -> str:
    return "load average {:.1f} {:.1f} {:.1f}".format(*os.getloadavg())


def fsync_cost(folder: Path, n: int = 100) -> float:
    """ms per atomic_write of 4 KB (write, fsync the file, rename, fsync the folder) on the benchmark's disk, now."""
    folder.mkdir(parents=True, exist_ok=True)
    t = time.perf_counter()
    for i in range(n):
        atomic_write(folder / f"f{i % 10}", b"x" * 4096)
    ms = 1000 * (time.perf_counter() - t) / n
    shutil.rmtree(folder, ignore_errors=True)
    return ms


PROCESS = False            # --process: each game gets one round of seven order mails, then the master's PROCESS!
PROFILE_TIMER: tuple = ()   # --profile-cpu: (time.thread_time,), the profilers count CPU time, not wall time


def order_mails(n_games: int, n_mails: int, run: int, seed: int) -> list[tuple[str, bytes, str]]:
    """(sender, raw message, token): mail i goes to game i % n_games, power (i // n_games) % 7. With PROCESS, each
    game's seven order mails are followed by its master's PROCESS! (results to eight players, with the picture)."""
    rng = random.Random(seed * 1000 + run)
    jobs = []
    if PROCESS:
        for i in range(7 * n_games):
            game, power = game_name(i % n_games), POWERS[i // n_games]
            token = f"r{run}-{i:05d}"
            lines = [f"SIGNON {power[0]}{game} {player_password(game, power)}"]
            lines += [f"{unit} {rng.choice(options)}" for unit, options in ORDERS[power]]
            sender = player_address(game, power)
            jobs.append((sender, compose(sender, "\n".join(lines), f"orders {token}", f"{token}@{TOKEN_DOMAIN}"),
                         token))
        for g in range(n_games):
            game, token = game_name(g), f"r{run}-{90000 + g:05d}"
            sender = f"gm.{game}@players.example"
            jobs.append((sender, compose(sender, f"SIGNON M{game} gm-{game}\nPROCESS!", f"process {token}",
                                         f"{token}@{TOKEN_DOMAIN}"), token))
        return jobs
    for i in range(n_mails):
        game, power = game_name(i % n_games), POWERS[(i // n_games) % len(POWERS)]
        token = f"r{run}-{i:05d}"
        lines = [f"SIGNON {power[0]}{game} {player_password(game, power)}"]
        lines += [f"{unit} {rng.choice(options)}" for unit, options in ORDERS[power]]
        sender = player_address(game, power)
        jobs.append((sender, compose(sender, "\n".join(lines), f"orders {token}", f"{token}@{TOKEN_DOMAIN}"), token))
    return jobs


# --- the outside world: SMTP clients and the relay ------------------------------------------------------------------

class RecordingRelay:
    """An SMTP relay on aiosmtpd's protocol (as tests/daemon/conftest.py) that notes when each message arrived."""

    def __init__(self):
        self.records: list[tuple[float, bytes, list[str]]] = []
        self.server = None
        self.port = 0

    async def handle_DATA(self, server, session, envelope):
        self.records.append((time.monotonic(), envelope.original_content or envelope.content,
                             list(envelope.rcpt_tos)))
        return "250 OK"

    async def start(self) -> int:
        loop = asyncio.get_running_loop()
        self.server = await loop.create_server(lambda: SMTP(self, hostname="relay.bench", loop=loop),
                                               "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self.port

    async def stop(self) -> None:
        self.server.close()
        await self.server.wait_closed()


class LeanRelay(RecordingRelay):
    """The same records from a relay that does no more than SMTP asks (as a real MTA in C would cost next to nothing
    per message): a message's data is taken in whole chunks up to the ending dot, not line by line as aiosmtpd
    does, which costs about a millisecond per 10 KB of message in Python. --relay lean."""

    async def start(self) -> int:
        loop = asyncio.get_running_loop()
        self.server = await loop.create_server(lambda: _LeanSession(self.records), "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self.port


class _LeanSession(asyncio.Protocol):
    """One SMTP connection of LeanRelay: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT."""
    END = b"\r\n.\r\n"

    def __init__(self, records: list):
        self.records, self.buf, self.data, self.rcpts = records, bytearray(), None, []

    def connection_made(self, transport):
        self.transport = transport
        transport.write(b"220 relay.bench ESMTP\r\n")

    def data_received(self, chunk: bytes) -> None:
        self.buf += chunk
        while self.buf:
            if self.data is not None:
                # the message so far is self.data; look for its end only in what is new (and the 4 bytes before)
                start = max(0, len(self.data) - 4)
                self.data += self.buf
                self.buf.clear()
                end = self.data.find(self.END, start) if self.data[:3] != b".\r\n" else -2
                if end == -1:
                    return
                body, rest = (b"", self.data[3:]) if end == -2 else (self.data[:end + 2], self.data[end + 5:])
                raw = bytes(body).replace(b"\r\n..", b"\r\n.")
                self.records.append((time.monotonic(), raw[1:] if raw.startswith(b"..") else raw, self.rcpts))
                self.data, self.rcpts = None, []
                self.buf += rest
                self.transport.write(b"250 OK\r\n")
                continue
            line_end = self.buf.find(b"\r\n")
            if line_end < 0:
                return
            line = bytes(self.buf[:line_end])
            del self.buf[:line_end + 2]
            verb = line[:4].upper()
            if verb == b"EHLO":
                self.transport.write(b"250-relay.bench\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250 HELP\r\n")
            elif verb == b"RCPT":
                self.rcpts.append(line.split(b":", 1)[1].strip().split(b" ")[0].strip(b"<>").decode())
                self.transport.write(b"250 OK\r\n")
            elif verb == b"DATA":
                self.data = bytearray()
                self.transport.write(b"354 End data with <CR><LF>.<CR><LF>\r\n")
            elif verb == b"QUIT":
                self.transport.write(b"221 Bye\r\n")
                self.transport.close()
                return
            else:                                          # HELO, MAIL, RSET, NOOP
                if verb in (b"MAIL", b"RSET"):
                    self.rcpts = []
                self.transport.write(b"250 OK\r\n")


_HEAD_END = re.compile(rb"\r?\n\r?\n")


def parse_reply(record: tuple[float, bytes, list[str]]) -> tuple[float, str, str, bool]:
    """(arrival, token or '', subject, rejected) of a message the relay got (its header block parsed, no more: a
    results mail with a picture is 125 KB)."""
    t, raw, _ = record
    end = _HEAD_END.search(raw)
    head = BytesHeaderParser(policy=email.policy.default).parsebytes(raw[:end.start()] if end else raw)
    irt = str(head.get("In-Reply-To", "")).strip().strip("<>")
    subject = str(head.get("Subject", ""))
    token = irt.split("@")[0] if irt.endswith("@" + TOKEN_DOMAIN) else ""
    if not token:
        m = TOKEN_RE.search(subject)
        token = m.group(1) if m else ""
    return t, token, subject, b"NOT accepted" in raw


def run_clients(port: int, jobs: list, threads: int, rate: float | None) -> list:
    """Send every job over SMTP from `threads` connections (each kept open); with `rate`, mail i is due at
    start + i / rate. Returns (token, transaction start, 250 received, error, due) per job (due: when the mail
    was due to be sent, with `rate`; else the burst's start); times are time.monotonic(), one clock for every
    process of the machine."""
    results: list = [None] * len(jobs)
    lock = threading.Lock()
    nxt = [0]
    start = time.monotonic() + 0.02

    def worker():
        smtp = None
        while True:
            with lock:
                i = nxt[0]
                nxt[0] += 1
            if i >= len(jobs):
                break
            if rate:
                delay = start + i / rate - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
            sender, raw, token = jobs[i]
            due = start + i / rate if rate else start
            t0 = time.monotonic()
            try:
                if smtp is None:
                    smtp = smtplib.SMTP("127.0.0.1", port, timeout=120)
                    smtp.ehlo()
                t0 = time.monotonic()
                refused = smtp.sendmail(sender, [JUDGE_ADDRESS], raw)
                results[i] = (token, t0, time.monotonic(), repr(refused) if refused else "", due)
            except (OSError, smtplib.SMTPException) as exc:
                results[i] = (token, t0, time.monotonic(), f"{type(exc).__name__}: {exc}", due)
                with contextlib.suppress(Exception):
                    smtp.close()
                smtp = None
        if smtp is not None:
            with contextlib.suppress(Exception):
                smtp.quit()

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    for th in pool:
        th.start()
    for th in pool:
        th.join()
    return results


PARSE_CPU = [0.0]       # CPU seconds this process spent reading the relay's records (the benchmark's own work)


def wait_for_tokens(relay: RecordingRelay, tokens: set[str], timeout: float, parsed: list, others: int = 0) -> list:
    """Parse what the relay got until every token has its reply and `others` more messages came (mail that answers
    no token: results), or `timeout`; returns the parsed replies."""
    end = time.monotonic() + timeout
    seen: set[str] = set()
    done = untokened = 0
    while True:
        while done < len(relay.records):
            cpu = time.thread_time()
            rec = parse_reply(relay.records[done])
            PARSE_CPU[0] += time.thread_time() - cpu
            parsed.append(rec)
            untokened += rec[1] not in tokens
            seen.add(rec[1])
            done += 1
        if (tokens <= seen and untokened >= others) or time.monotonic() > end:
            del relay.records[:done]
            out, parsed[:] = list(parsed), []
            return out
        time.sleep(0.005)


def world_main(conn, threads: int, relay_kind: str = "aiosmtpd") -> None:
    """The helper process: a relay on its own loop thread, and the clients on request."""
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()
    relay = LeanRelay() if relay_kind == "lean" else RecordingRelay()
    conn.send(asyncio.run_coroutine_threadsafe(relay.start(), loop).result())
    parsed: list = []
    while True:
        msg = conn.recv()
        if msg[0] == "burst":
            _, port, jobs, rate = msg
            conn.send(run_clients(port, jobs, threads, rate))
        elif msg[0] == "wait":
            _, tokens, timeout, others = msg
            conn.send(wait_for_tokens(relay, tokens, timeout, parsed, others))
        elif msg[0] == "parse_cpu":
            conn.send(PARSE_CPU[0])
        else:
            break
    asyncio.run_coroutine_threadsafe(relay.stop(), loop).result()
    loop.call_soon_threadsafe(loop.stop)
    conn.send("bye")


class World:
    """Clients and relay in a helper process (default)."""

    def __init__(self, threads: int, relay_kind: str = "aiosmtpd"):
        ctx = multiprocessing.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=world_main, args=(child, threads, relay_kind), daemon=True)
        self.proc.start()
        self.relay_port = self.conn.recv()

    def _ask(self, *msg):
        self.conn.send(msg)
        return self.conn.recv()

    async def burst(self, port: int, jobs: list, rate: float | None) -> list:
        return await asyncio.to_thread(self._ask, "burst", port, jobs, rate)

    async def wait(self, tokens: set[str], timeout: float, others: int = 0) -> list:
        return await asyncio.to_thread(self._ask, "wait", tokens, timeout, others)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._ask("quit")
        self.proc.join(5)


class InprocWorld:
    """Clients as threads of this process and the relay on the daemon's loop (tests/daemon/conftest.py)."""

    def __init__(self, threads: int):
        self.threads = threads
        self.relay = RecordingRelay()
        self.relay_port = 0
        self.parsed: list = []

    async def open(self) -> None:
        if not self.relay_port:
            self.relay_port = await self.relay.start()

    async def burst(self, port: int, jobs: list, rate: float | None) -> list:
        return await asyncio.to_thread(run_clients, port, jobs, self.threads, rate)

    async def wait(self, tokens: set[str], timeout: float, others: int = 0) -> list:
        # Parse nothing on the daemon's loop while replies come in: wait for as many messages as mails, then parse.
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if len(self.relay.records) >= len(tokens) + others:
                if tokens <= {parse_reply(r)[1] for r in self.relay.records}:
                    break
                await asyncio.sleep(0.2)
            await asyncio.sleep(0.01)
        return await asyncio.to_thread(wait_for_tokens, self.relay, tokens, 0, self.parsed, others)

    async def close_async(self) -> None:
        if self.relay.server is not None:
            await self.relay.stop()


# --- instrumentation of the daemon (not of the judge's code: wrappers around its entry points) ----------------------

class Timers:
    """Wall time spent inside chosen functions (time waiting for the interpreter lock included), and the CPU time
    of the calling thread in them (the kernel's share of fsync and friends included)."""

    def __init__(self):
        self.total: dict[str, float] = defaultdict(float)
        self.cpu: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)
        self.queue_wait: list[float] = []
        self.lock = threading.Lock()
        self.local = threading.local()        # which top-level stage this thread is in (to place each fsync)

    def add(self, name: str, seconds: float, cpu: float = 0.0) -> None:
        with self.lock:
            self.total[name] += seconds
            self.cpu[name] += cpu
            self.calls[name] += 1

    def wrap(self, name: str, fn, stage: str = ""):
        def timed(*a, **k):
            if stage:
                self.local.stage = stage
            t, c = time.perf_counter(), time.thread_time()
            try:
                return fn(*a, **k)
            finally:
                self.add(name, time.perf_counter() - t, time.thread_time() - c)
                if stage:
                    self.local.stage = ""
        return timed

    def wrap_fsync(self, fn):
        def timed(fd):
            t, c = time.perf_counter(), time.thread_time()
            try:
                return fn(fd)
            finally:
                d, dc = time.perf_counter() - t, time.thread_time() - c
                self.add("os.fsync", d, dc)
                self.add(f"  fsync in {getattr(self.local, 'stage', '') or 'other'}", d, dc)
        return timed

    def wrap_lock(self, name: str, lock_factory):
        @contextlib.contextmanager
        def timed(*a, **k):
            t = time.perf_counter()
            with lock_factory(*a, **k):
                self.add(name, time.perf_counter() - t)
                yield
        return timed


STAGES = [  # (name, what it is) in the order printed
    ("smtp spool.put", "SMTP DATA: spool file written + fsync (file, new/), in a thread, before the 250"),
    ("smtp route", "SMTP DATA: the mail read once for its game (its lane), on the SMTP loop, before the 250"),
    ("    inbound.read", "    parse the mail (headers, body, clean lines)"),
    ("daemon._deliver", ("the game workers (a pool of threads): a game's message applied before its 250 "
                         "(Daemon._apply), or one from the spool (claim, Judge.deliver, done)")),
    ("  Judge.deliver", "  all of the judge's work for one mail"),
    ("    store.lock", "    wait for and take the game's flock"),
    ("    store.load", "    status.json read + json + Game.from_json (once per mail)"),
    ("    read_lines", "    the commands: SIGNON (password) + order parsing and checks"),
    ("      check_password", "      scrypt check (cached per process after the first)"),
    ("    store.save", "    Game.to_json + json + atomic write + fsync"),
    ("    store.log", "    access.log append + fsync"),
    ("    render", "    reply template"),
    ("    outbound.build", "    reply bytes"),
    ("    outbox.put", "    reply written + fsync of the file (the folder: once per mail, in outbox.sync)"),
    ("    outbox.sync", "    fsync of the outbox folder"),
    ("sender.drain", "the sender's drains of the whole outbox (start, timer, retries)"),
    ("sender.send", ("each message sent (offered by a worker as it is written, or by a drain): read, envelope "
                     "recipients, one SMTP transaction on a kept relay connection")),
    ("os.fsync", "every fsync of the daemon, by the stage it is in:"),
    ("  fsync in spool", "  SMTP DATA: spool file, new/ folder"),
    ("  fsync in deliver", "  game workers: outbox file + folder, status.json + game folder"),
    ("  fsync in sender", "  sender"),
]
DELIVER_PARTS = [  # the serial worker's time, split without overlaps
    ("password check (scrypt)", ["      check_password"], []),
    ("order parsing + checks", ["    read_lines"], ["      check_password"]),
    ("status save (JSON + fsync)", ["    store.save"], []),
    ("reply to outbox (write + fsync)", ["    outbox.put", "    outbox.sync"], []),
    ("reply build (template + bytes)", ["    render", "    outbound.build"], []),
    ("access log", ["    store.log"], []),
    ("status load (JSON)", ["    store.load"], []),
    ("game lock", ["    store.lock"], []),
    ("spool claim/done, applying log + rest", ["daemon._deliver"],
     ["    store.lock", "    store.load", "    read_lines", "    store.save", "    store.log",
      "    render", "    outbound.build", "    outbox.put", "    outbox.sync"]),
]


@contextlib.contextmanager
def instrumented(daemon: Daemon, timers: Timers):
    """Install timing wrappers on the daemon's objects and on the judge's module attributes it calls; undo after."""
    store, outbox, sender = daemon.judge.store, daemon.judge.outbox, daemon.sender
    inner = daemon._deliver

    def deliver_with_wait(name: str, *rest):
        with contextlib.suppress(ValueError):
            timers.queue_wait.append((time.time_ns() - int(name.split(".")[0])) / 1e9)
        return inner(name, *rest)

    daemon.spool.put = timers.wrap("smtp spool.put", daemon.spool.put, stage="spool")
    daemon.route = timers.wrap("smtp route", daemon.route)
    daemon._deliver = timers.wrap("daemon._deliver", deliver_with_wait, stage="deliver")
    daemon._apply = timers.wrap("daemon._deliver", daemon._apply, stage="deliver")
    daemon.judge.deliver = timers.wrap("  Judge.deliver", daemon.judge.deliver)
    store.lock = timers.wrap_lock("    store.lock", store.lock)
    store.load = timers.wrap("    store.load", store.load)
    store.save = timers.wrap("    store.save", store.save)
    store.log = timers.wrap("    store.log", store.log)
    outbox.put = timers.wrap("    outbox.put", outbox.put)
    outbox.sync = timers.wrap("    outbox.sync", outbox.sync)
    sender.drain = timers.wrap("sender.drain", sender.drain, stage="sender")
    sender._send_on = timers.wrap("sender.send", sender._send_on, stage="sender")
    modules = [(judge.mail.inbound, "read", "    inbound.read"), (judge.service, "read_lines", "    read_lines"),
               (judge.service, "render", "    render"), (judge.mail.outbound, "build", "    outbound.build"),
               (judge.commands.signon, "check_password", "      check_password")]
    saved = [(mod, attr, getattr(mod, attr)) for mod, attr, _ in modules] + [(os, "fsync", os.fsync)]
    for mod, attr, name in modules:
        setattr(mod, attr, timers.wrap(name, getattr(mod, attr)))
    os.fsync = timers.wrap_fsync(os.fsync)
    try:
        yield
    finally:
        for mod, attr, fn in saved:
            setattr(mod, attr, fn)


class ThreadProfiles:
    """cProfile in worker threads: one profiler per thread, enabled around each call of the wrapped function."""

    def __init__(self):
        self.local = threading.local()
        self.profiles: list[cProfile.Profile] = []
        self.lock = threading.Lock()

    def wrap(self, fn):
        def profiled(*a, **k):
            p = getattr(self.local, "p", None)
            if p is None:
                p = self.local.p = cProfile.Profile(*PROFILE_TIMER)
                with self.lock:
                    self.profiles.append(p)
            p.enable()
            try:
                return fn(*a, **k)
            finally:
                p.disable()
        return profiled


# --- scenario 1: the burst ------------------------------------------------------------------------------------------

def pct(values: list[float], q: float) -> float:
    """Percentile with linear interpolation (numpy's default)."""
    if not values:
        return float("nan")
    v = sorted(values)
    k = (len(v) - 1) * q / 100
    lo = int(k)
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)


async def one_burst(root: Path, world, jobs: list, rate: float | None, threads: int, profile: bool = False,
                    workers: int | None = None, backlog: int | None = None, others: int = 0,
                    plain: bool = False, warm: bool = False) -> dict:
    """Start a daemon, push `jobs`, wait for every reply at the relay (and `others` more messages: results), stop
    the daemon; the figures. `plain`: no timing wrappers (the daemon as it runs). `warm`: the passwords checked
    by earlier bursts stay remembered."""
    if not warm:
        passwords._verified.clear()      # a freshly started judge: no password check remembered
    if isinstance(world, InprocWorld):
        await world.open()
    tuning = {k: v for k, v in (("workers", workers), ("backlog", backlog)) if v is not None}
    daemon = Daemon(settings_for(root, world.relay_port, rate_per_hour=None), **tuning)
    timers = Timers()
    profs = ThreadProfiles() if profile else None
    if profile:
        daemon._deliver = profs.wrap(daemon._deliver)
        daemon._apply = profs.wrap(daemon._apply)
        daemon.sender.drain = profs.wrap(daemon.sender.drain)
        daemon.sender._send_on = profs.wrap(daemon.sender._send_on)
        daemon.spool.put = profs.wrap(daemon.spool.put)
        # (daemon.route runs on the loop thread, which main_prof profiles: a second profiler there would replace it)
        cm = contextlib.nullcontext()
    else:
        cm = contextlib.nullcontext() if plain else instrumented(daemon, timers)
    with cm:
        _, port = await daemon.start("127.0.0.1", 0)
        main_prof = cProfile.Profile(*PROFILE_TIMER) if profile else None
        try:
            if main_prof:
                main_prof.enable()
            cpu0, helper0, loop0 = time.process_time(), helper_cpu(world), time.thread_time()
            sent = await world.burst(port, jobs, rate)
            tokens = {j[2] for j in jobs}
            replies = await world.wait(tokens, timeout=120 + 0.2 * len(jobs), others=others)
            cpu = (time.process_time() - cpu0, helper_cpu(world) - helper0, time.thread_time() - loop0)
            if main_prof:
                main_prof.disable()
        finally:
            await daemon.stop()
    out = {"mails": len(jobs), "threads": threads, "rate": rate}
    by_token = {}
    others, rejected = 0, 0
    for t, token, subject, rej in replies:
        if token and token not in by_token:
            by_token[token] = t
            rejected += rej
        else:
            others += 1
    starts = {tok: t0 for tok, t0, t1, err, _ in sent if not err}
    dues = {tok: due for tok, _, _, err, due in sent if not err}
    errors = [err for _, _, _, err, _ in sent if err]
    lat = [by_token[tok] - t0 for tok, t0 in starts.items() if tok in by_token]
    first = min(t0 for _, t0, _, _, _ in sent)
    last_reply = max(by_token.values()) if by_token else first
    last_accept = max(t1 for _, _, t1, _, _ in sent)
    last_out = max([t for t, *_ in replies] + [last_reply])
    out.update(
        # with `others`: from the first send until the last message of all (replies and results) is at the relay
        all_out_s=last_out - first, all_out_rate_per_s=len(lat) / (last_out - first) if lat else 0.0,
        accepted_smtp=len(starts), smtp_errors=len(errors), smtp_error_examples=errors[:3],
        replied=len(lat), rejected=rejected, other_mail=others,
        wall_s=last_reply - first, rate_per_s=len(lat) / (last_reply - first) if lat else 0.0,
        smtp_window_s=last_accept - first, smtp_rate_per_s=len(starts) / (last_accept - first),
        smtp_txn_ms={q: 1000 * pct([t1 - t0 for _, t0, t1, e, _ in sent if not e], q) for q in (50, 99)},
        # With --paced: from the moment a mail was due (not from its MAIL FROM), so that time a mail spent waiting
        # at the client because the judge was slow to take the previous one counts too.
        from_due_ms={q: 1000 * pct([by_token[t] - dues[t] for t in starts if t in by_token], q) for q in (50, 99)}
        if rate else None,
        latency_ms={q: 1000 * pct(lat, q) for q in (50, 90, 99)}, latency_max_ms=1000 * max(lat, default=0),
        processed=daemon.processed, sent_by_daemon=daemon.sender.sent, load_1min=os.getloadavg()[0],
        workers=daemon.workers, relay_connections=daemon.sender.connections, cpu_s=cpu,
        sender_parallel=daemon.sender.parallel, intake_waited=daemon.intake.waited if daemon.intake else 0)
    if not profile and not plain:
        out["stages"] = {name: (timers.calls.get(name, 0), timers.total.get(name, 0.0), timers.cpu.get(name, 0.0))
                         for name, _ in STAGES}
        out["stages"]["  fsync in other"] = (timers.calls.get("  fsync in other", 0),
                                             timers.total.get("  fsync in other", 0.0),
                                             timers.cpu.get("  fsync in other", 0.0))
        out["queue_wait_ms"] = {q: 1000 * pct(timers.queue_wait, q) for q in (50, 99)}
    elif profile:
        out["profile"] = (main_prof, profs.profiles)
    return out


def print_burst(tag: str, r: dict) -> None:
    lat = r["latency_ms"]
    print(f"  {tag}: {r['replied']}/{r['mails']} replies ({r['rejected']} refused orders, {r['other_mail']} other "
          f"mail, {r['smtp_errors']} SMTP errors) in {r['wall_s']:.2f} s = {r['rate_per_s']:.0f} mails/s; latency "
          f"p50 {lat[50]:.0f} ms, p90 {lat[90]:.0f} ms, p99 {lat[99]:.0f} ms, max {r['latency_max_ms']:.0f} ms "
          f"(load average after: {r['load_1min']:.1f})")
    print(f"      SMTP: all accepted within {r['smtp_window_s']:.2f} s ({r['smtp_rate_per_s']:.0f} mails/s), "
          f"transaction p50 {r['smtp_txn_ms'][50]:.1f} ms, p99 {r['smtp_txn_ms'][99]:.1f} ms"
          + (f"; waiting in the spool queue p50 {r['queue_wait_ms'][50]:.0f} ms, p99 {r['queue_wait_ms'][99]:.0f} ms"
             if "queue_wait_ms" in r else ""))
    print(f"      CPU during the burst: this process (daemon, and with --inproc the outside world) "
          f"{r['cpu_s'][0]:.2f} s (its event loop thread: {r['cpu_s'][2]:.2f} s), the helper process (clients, "
          f"relay) {r['cpu_s'][1]:.2f} s; {100 * sum(r['cpu_s'][:2]) / (r['wall_s'] * (os.cpu_count() or 1)):.0f}% "
          f"of {os.cpu_count()} CPUs over the burst's {r['wall_s']:.2f} s")
    if r.get("from_due_ms"):
        print(f"      latency from the moment each mail was due (client-side waiting included): p50 "
              f"{r['from_due_ms'][50]:.0f} ms, p99 {r['from_due_ms'][99]:.0f} ms")
    if "intake_waited" in r:
        print(f"      flow control: {r['intake_waited']} of {r['mails']} mails waited for room before their 250")
    for e in r["smtp_error_examples"]:
        print(f"      !! {e}")


def print_stages(r: dict) -> None:
    n = r["mails"]
    print(f"  where the daemon's time went (burst {r['tag']}: {n} mails in {r['wall_s']:.2f} s; wall time inside "
          f"each function, waiting for the interpreter lock included):")
    print(f"    {'':<22}{'calls':>7}{'total s':>9}{'ms/mail':>9}{'% of wall':>10}{'CPU ms/mail':>12}")
    for name, why in STAGES:
        calls, total, cpu = r["stages"][name]
        print(f"    {name:<22}{calls:>7}{total:>9.2f}{1000 * total / n:>9.2f}{100 * total / r['wall_s']:>9.0f}%"
              f"{1000 * cpu / n:>12.2f}  {why.strip()}")
    st = {k: v[1] for k, v in r["stages"].items()}
    worker = st["daemon._deliver"]
    parts = sorted(((label, sum(st[a] for a in plus) - sum(st[b] for b in minus))
                    for label, plus, minus in DELIVER_PARTS), key=lambda x: -x[1])
    k = r["workers"]
    print(f"  the {k} game workers (different games side by side) were busy {worker:.2f} thread-seconds, "
          f"{100 * worker / (k * r['wall_s']):.0f}% of {k} x the burst; {1000 * worker / n:.1f} ms per mail in a "
          f"worker, so at most {k * n / worker:.0f} mails/s if nothing else held them; their time: "
          + ", ".join(f"{label} {100 * v / worker:.0f}%" for label, v in parts)
          + f"; fsync alone is {100 * st['  fsync in deliver'] / worker:.0f}% of it "
          f"({r['stages']['  fsync in deliver'][0] / n:.0f} per mail)")
    print(f"  beside them: SMTP spool.put {1000 * st['smtp spool.put'] / n:.1f} ms per mail (of which fsync "
          f"{1000 * st['  fsync in spool'] / n:.1f}), reading the mail for its game "
          f"{1000 * st['smtp route'] / n:.1f} ms; sender {1000 * st['sender.send'] / n:.1f} ms per mail over "
          f"{r['relay_connections']} relay connection(s) used {r['sender_parallel']} at a time (so at most "
          f"{r['sender_parallel'] * n / max(st['sender.send'], 1e-9):.0f} replies/s out)")


def profile_report(main_prof: cProfile.Profile, thread_profs: list, top: int) -> dict:
    stats = pstats.Stats(main_prof)
    for p in thread_profs:
        stats.add(p)
    raw = stats.stats
    idle_keys = [k for k in raw if k[2] in ("<method 'poll' of 'select.epoll' objects>",)]
    idle = sum(raw[k][2] for k in idle_keys)
    busy = sum(v[2] for k, v in raw.items() if k not in idle_keys)

    def name(key):
        file, line, func = key
        if file == "~":
            return func
        path = Path(file)
        with contextlib.suppress(ValueError):
            return f"{path.resolve().relative_to(REPO)}:{line}({func})"
        parts = path.parts
        for anchor in ("site-packages", "lib"):
            if anchor in parts:
                i = len(parts) - 1 - parts[::-1].index(anchor)
                return f"{'/'.join(parts[i + 1:])}:{line}({func})"
        return f"{path.name}:{line}({func})"

    print(f"\n== cProfile of the daemon during one burst: loop thread + every worker thread; {busy:.2f} s of profiled "
          f"time ({idle:.2f} s more idle in epoll, left out) ==")
    print(f"  top {top} by own time:")
    print(f"  {'calls':>9}{'own s':>9}{'cum s':>9}  function")
    rows = sorted(((k, v) for k, v in raw.items() if k not in idle_keys), key=lambda kv: kv[1][2], reverse=True)
    for key, (cc, nc, tt, ct, _) in rows[:top]:
        print(f"  {nc:>9}{tt:>9.3f}{ct:>9.3f}  {name(key)}")
    print(f"  top {top} by cumulative time:")
    rows = sorted(((k, v) for k, v in raw.items() if k not in idle_keys), key=lambda kv: kv[1][3], reverse=True)
    for key, (cc, nc, tt, ct, _) in rows[:top]:
        print(f"  {nc:>9}{tt:>9.3f}{ct:>9.3f}  {name(key)}")

    # the parts the brief names, from the same profile
    def cum(file_end: str, func: str) -> float:
        return sum(v[3] for k, v in raw.items() if k[0].replace("\\", "/").endswith(file_end) and k[2] == func)

    def own_in(fragment: str) -> float:
        return sum(v[2] for k, v in raw.items() if fragment in k[0].replace("\\", "/"))

    parts = [
        ("SMTP server protocol (judge/daemon/smtp.py; aiosmtpd before, own time)",
         own_in("judge/daemon/smtp.py") + own_in("aiosmtpd/")),
        ("asyncio loop machinery (own time)", own_in("/asyncio/")),
        ("spool: Spool.put (cum)", cum("judge/daemon/spool.py", "put")),
        ("deliver: Daemon._apply and Daemon._deliver (cum)",
         cum("judge/daemon/service.py", "_apply") + cum("judge/daemon/service.py", "_deliver")),
        ("  parsing: inbound.read (cum)", cum("judge/mail/inbound.py", "read")),
        ("  locking: atomic.locked (cum)", cum("judge/storage/atomic.py", "locked")),
        ("  JSON load: GameStore.load (cum)", cum("judge/storage/gamedir.py", "load")),
        ("  commands: reader.read (cum)", cum("judge/commands/reader.py", "read")),
        ("    passwords._check (scrypt, cum)", cum("judge/storage/passwords.py", "_check")),
        ("  JSON save: GameStore.save (cum)", cum("judge/storage/gamedir.py", "save")),
        ("  access log: GameStore.log (cum)", cum("judge/storage/gamedir.py", "log")),
        ("  reply: Judge._reply (cum)", cum("judge/service.py", "_reply")),
        ("    outbox write: Outbox.put (cum)", cum("judge/storage/outbox.py", "put")),
        ("sender: Sender.drain (cum)", cum("judge/daemon/sender.py", "drain")),
        ("sender: Sender._send_on, every message (cum)", cum("judge/daemon/sender.py", "_send_on")),
        ("fsync (own, all threads)", sum(v[2] for k, v in raw.items() if k[2] == "<built-in method posix.fsync>")),
    ]
    print("  by part (cumulative time of the part's entry function in the profile):")
    for label, secs in parts:
        print(f"    {label:<42}{secs:>8.3f} s")
    return {"busy_s": busy, "idle_s": idle, "parts": dict(parts)}


async def scenario_burst(args, root: Path) -> dict:
    where = "this process" if args.inproc else "a helper process"
    print(f"\n== 1b. in this process, by stage: mail in -> reply out: {args.games} active games, bursts of {args.mails} order mails from "
          f"{args.threads} SMTP connections (clients and relay in {where}) ==")
    print(f"  machine now: {load_average()}; an atomic 4 KB write (2 fsyncs) costs {fsync_cost(root / 'calib'):.2f} "
          f"ms on this disk")
    t = setup_games(root, args.games)
    print(f"  set-up (not timed): {args.games} games created with CREATE + 7 JOINs through Judge.deliver in {t:.1f} s")
    world = InprocWorld(args.threads) if args.inproc else World(args.threads, args.relay)
    results, paced, prof, alone = [], None, None, None
    try:
        for rep in range(args.reps):
            r = await one_burst(root, world, order_mails(args.games, args.mails, rep, args.seed), None, args.threads,
                                workers=args.workers, backlog=args.backlog)
            r["tag"] = f"rep {rep + 1}"
            print_burst(r["tag"], r)
            results.append(r)
        if args.paced:
            r = await one_burst(root, world, order_mails(args.games, args.mails, 90, args.seed), args.paced,
                                args.threads, workers=args.workers, backlog=args.backlog)
            r["tag"] = f"paced at {args.paced:g}/s"
            print_burst(r["tag"], r)
            paced = r
        med = {"rate_per_s": statistics.median(r["rate_per_s"] for r in results),
               "p50_ms": statistics.median(r["latency_ms"][50] for r in results),
               "p90_ms": statistics.median(r["latency_ms"][90] for r in results),
               "p99_ms": statistics.median(r["latency_ms"][99] for r in results)}
        complete = all(r["replied"] == r["mails"] and not r["rejected"] for r in results)
        print(f"  median of {len(results)} burst(s): {med['rate_per_s']:.0f} mails/s, latency p50 {med['p50_ms']:.0f} "
              f"ms, p90 {med['p90_ms']:.0f} ms, p99 {med['p99_ms']:.0f} ms")
        rate_ok = med["rate_per_s"] >= TARGET_RATE and complete
        p99_ok = med["p99_ms"] < TARGET_P99_MS and complete
        print(f"  target throughput >= {TARGET_RATE:.0f} mails/s: {'MET' if rate_ok else 'NOT MET'}; "
              f"target p99 < {TARGET_P99_MS:.0f} ms: {'MET' if p99_ok else 'NOT MET'}"
              + ("" if complete else "  (!! some mails got no reply or were refused)"))
        middle = sorted(results, key=lambda r: r["rate_per_s"])[len(results) // 2]
        print_stages(middle)
        # (after --process the games have moved on, and the same orders no longer fit them)
        alone = None if PROCESS else deliver_alone(root, order_mails(args.games, args.mails, 80, args.seed))
        if alone:
            print(f"  for comparison, Judge.deliver alone (one thread, no SMTP, no sender, same kind of {alone['mails']} "
                  f"mails): {alone['wall_s']:.2f} s = {alone['rate_per_s']:.0f} mails/s; {alone['first_signon_ms']:.1f} "
                  f"ms per mail with a player's first sign-on ({alone['first_signons']}), {alone['later_ms']:.1f} ms "
                  f"later ({alone['later']}); {load_average()}")
        if (args.profile or not (rate_ok and p99_ok)) and not args.no_profile:
            r = await one_burst(root, world, order_mails(args.games, args.mails, 99, args.seed), None, args.threads,
                                profile=True, workers=args.workers, backlog=args.backlog, warm=args.profile_cpu)
            r["tag"] = "under cProfile" + (" (CPU time; passwords checked before)" if args.profile_cpu else "")
            print()
            print_burst(r["tag"], r)
            prof = profile_report(*r.pop("profile"), top=args.top)
    finally:
        if isinstance(world, InprocWorld):
            await world.close_async()
        else:
            world.close()
    strip = lambda r: {k: v for k, v in r.items() if k != "profile"}
    return {"runs": [strip(r) for r in results], "paced": paced and strip(paced), "median": med, "alone": alone,
            "target_rate_met": rate_ok, "target_p99_met": p99_ok, "profile": prof}


# --- results mails: pictures against text in one run (--process --pictures png,none) -------------------------------

@contextlib.contextmanager
def no_page_pictures(on: bool):
    """Kind `text`: what a processed phase keeps for its web pages' picture left out too (under map_picture none:
    the picture's source, a few KB; in the release before the web pages: nothing; in 0d27aa2 and before: an SVG and
    a PNG drawn whatever map_picture said), so that nothing of a picture is made at all: what pictures cost."""
    try:
        import judge.game.processing as processing
    except ImportError:
        import judge.processing as processing
    saved = getattr(processing, "kept_picture", None)
    if on and saved is not None:                    # (a judge before the web pages drew no picture for them)
        processing.kept_picture = lambda *a, **k: ([], {})
    try:
        yield
    finally:
        if saved is not None:
            processing.kept_picture = saved


# Kinds that mail a PNG picture without drawing it: what any way of drawing pictures would still cost.
#   floor: the picture's data (judge.picture.draw: shapes, placement; what any renderer needs) and what the pages keep,
#          then libvips' palette PNG encoding of a picture already drawn (the crowded late-game one of the tests), so
#          each phase encodes a whole 1200 px picture and mails it, and draws nothing;
#   free:  the same PNG's bytes mailed and kept, nothing drawn or encoded (a picture that costs nothing to make).
STUBBED = ("floor", "free")
_LATE_GAME = REPO / "tests" / "picture" / "data" / "midgame.json"


def _drawn_once():
    """(palette entries, palette, PNG bytes) of the late-game results picture, drawn here once, before any round."""
    from judge import api, maps, picture
    from judge.picture import bands, quantise, raster
    from judge.position import Position
    doc = json.loads(_LATE_GAME.read_text(encoding="utf-8"))
    m = maps.load()
    outcome = api._Adjudication(doc["state"], doc["orders"], doc.get("rules"), None, "standard").outcome
    svg = picture.results_svg(m, Position.from_json(doc["state"], m), outcome, game="benchmark")
    pal, exact = quantise.palette_of(svg)
    entries = quantise.indices(bands.codes(svg, 1200, raster.load), pal, exact).copy_memory()
    return entries, pal, quantise.palette_png(entries, pal, raster.PALETTE_COMPRESSION)


@contextlib.contextmanager
def stubbed_pictures(kind: str, drawn):
    """Kinds floor and free (STUBBED): processing's kept_picture replaced for the burst (the games say png)."""
    from judge.game import processing
    from judge.picture import draw, geometry, quantise, raster, source
    entries, pal, png = drawn

    def kept(game, name, before, outcome):
        keep = {source.SUFFIX: source.dump(game.map, before, outcome.results, outcome.position, game.name)}
        if kind == "floor":
            draw.results_picture(game.map, geometry.load(game.map.board), before, outcome.results, outcome.position,
                                 game.name)
            keep["png"] = quantise.palette_png(entries, pal, raster.PALETTE_COMPRESSION)
        else:
            keep["png"] = png
        return [(f"{name}.png", "image/png", keep["png"])], keep
    saved = processing.kept_picture
    processing.kept_picture = kept
    try:
        yield
    finally:
        processing.kept_picture = saved


async def scenario_pictures(args, base: Path) -> dict:
    """Each kind of --pictures in turn, round after round (the first kind of round r is kinds[r % n]), each burst on
    a fresh copy of that kind's games (made once, before the rounds) and a freshly started daemon with no timing
    wrappers: every game's seven order mails and its master's PROCESS!, until every reply and every results mail is
    at the relay. Medians per kind, and each kind's rate over the first kind's."""
    kinds = args.pictures
    print(f"\n== results mails, {' against '.join(kinds)} in one run: {args.games} games, each 7 order mails then "
          f"PROCESS! (results to each of its players and its master), {args.rounds} rounds, kinds in alternation, "
          f"fresh folders; clients and relay ({args.relay}) in a helper process ==")
    print(f"  machine now: {load_average()}")
    try:
        from judge.game.processing import audience
    except ImportError:                                           # a checkout before the judge/game/ package
        from judge.processing import audience
    templates = {}
    for kind in kinds:
        templates[kind] = base / f"games-{kind}"
        rule = "none" if kind == "text" else "png" if kind in STUBBED else kind
        t = setup_games(templates[kind], args.games, pictures=rule)
        print(f"  set-up (not timed): {args.games} games for {kind}, map_picture={rule}, in {t:.1f} s")
    readers = Judge(settings_for(templates[kinds[0]])).store
    results_mails = sum(len(audience(readers.load(game_name(g)))) for g in range(args.games))
    drawn = _drawn_once() if set(kinds) & set(STUBBED) else None
    if drawn is not None:
        print(f"  kinds {', '.join(k for k in kinds if k in STUBBED)}: a PNG of {len(drawn[2]):,} bytes each phase "
              f"(the late-game picture of tests/picture/data/midgame.json, drawn once)")
    world = World(args.threads, args.relay)
    got: dict[str, list[dict]] = {kind: [] for kind in kinds}
    try:
        for rnd in range(args.rounds):
            jobs = order_mails(args.games, 0, rnd, args.seed)         # the same orders for every kind of a round
            for kind in kinds[rnd % len(kinds):] + kinds[:rnd % len(kinds)]:
                root = base / f"round{rnd}-{kind}"
                shutil.copytree(templates[kind], root)
                stub = stubbed_pictures(kind, drawn) if kind in STUBBED else contextlib.nullcontext()
                with no_page_pictures(kind == "text"), stub:
                    r = await one_burst(root, world, jobs, None, args.threads, workers=args.workers,
                                        backlog=args.backlog, others=results_mails, plain=True)
                shutil.rmtree(root, ignore_errors=True)
                complete = r["replied"] == r["mails"] and r["other_mail"] >= results_mails and not r["rejected"]
                print(f"  round {rnd + 1} {kind:>4}: {r['mails']} mails in; last reply after {r['wall_s']:.2f} s "
                      f"({r['rate_per_s']:.1f} mails/s), last of the {r['other_mail']} results mails after "
                      f"{r['all_out_s']:.2f} s ({r['all_out_rate_per_s']:.1f} mails/s); CPU: daemon "
                      f"{r['cpu_s'][0]:.1f} s, clients and relay {r['cpu_s'][1]:.1f} s; load {r['load_1min']:.1f}"
                      + ("" if complete else "  !! incomplete"))
                r["complete"] = complete
                got[kind].append(r)
    finally:
        world.close()
    med = {kind: {"all_out_rate_per_s": statistics.median(r["all_out_rate_per_s"] for r in rs),
                  "rate_per_s": statistics.median(r["rate_per_s"] for r in rs),
                  "daemon_cpu_s": statistics.median(r["cpu_s"][0] for r in rs),
                  "helper_cpu_s": statistics.median(r["cpu_s"][1] for r in rs)} for kind, rs in got.items()}
    first = kinds[0]
    print(f"  medians of {args.rounds} rounds (mails in per second, until the last results mail is out / until the "
          f"last reply; CPU seconds):")
    for kind in kinds:
        m = med[kind]
        print(f"    {kind:>4}: {m['all_out_rate_per_s']:6.1f} / {m['rate_per_s']:6.1f} mails/s; CPU daemon "
              f"{m['daemon_cpu_s']:.1f} s, clients and relay {m['helper_cpu_s']:.1f} s")
    ratios = {}
    for kind in kinds[1:]:
        # per round (the two kinds of a round ran back to back), then the median of those
        per_round = [a["all_out_rate_per_s"] / b["all_out_rate_per_s"] for a, b in zip(got[first], got[kind])]
        ratios[f"{first}/{kind}"] = {"of_medians": med[first]["all_out_rate_per_s"] / med[kind]["all_out_rate_per_s"],
                                     "median_of_rounds": statistics.median(per_round), "rounds": per_round}
        print(f"  ratio {first}/{kind}, results mails out: {ratios[f'{first}/{kind}']['of_medians']:.2f} (of the "
              f"medians; per round {', '.join(f'{x:.2f}' for x in per_round)}); until the last reply: "
              f"{med[first]['rate_per_s'] / med[kind]['rate_per_s']:.2f}; {load_average()}")
    if "text" in kinds and len(kinds) > 2:
        # every kind against text only (the pictures' goal is png/text), per round then the median of those
        over = {kind: statistics.median(a["all_out_rate_per_s"] / b["all_out_rate_per_s"]
                                        for a, b in zip(got[kind], got["text"])) for kind in kinds if kind != "text"}
        print("  each kind over text, median of the rounds' ratios: "
              + ", ".join(f"{kind}/text {x:.2f}" for kind, x in over.items()))
        ratios["over_text"] = over
    complete = all(r["complete"] for rs in got.values() for r in rs)
    return {"runs": {k: [{x: y for x, y in r.items()} for r in rs] for k, rs in got.items()}, "median": med,
            "ratios": ratios, "complete": complete}


# --- scenario 1: side by side with the bare limit (and an earlier checkout) ----------------------------------------

def checkout_python(checkout: Path) -> str:
    """A checkout's own interpreter (its .venv, as its README sets it up), else this one."""
    venv = checkout / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


class ServerProcess:
    """One server of benchmarks/mailservers.py in a process of its own (a checkout's daemon, or the bare limit);
    `prefix` goes before its command line (e.g. taskset -c 1: benchmarks/two_daemons.py)."""

    def __init__(self, kind: str, checkout: Path, root: Path, *extra: str, prefix: tuple[str, ...] = ()):
        env = dict(os.environ, JUDGE_BENCH_CHECKOUT=str(checkout))
        self.log = open(root / f"{kind}.stderr", "w")
        self.proc = subprocess.Popen([*prefix, checkout_python(checkout),
                                      str(Path(__file__).resolve().parent / "mailservers.py"), kind, str(root), *extra],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, env=env, text=True)
        line = self.proc.stdout.readline()
        if not line:
            self.proc.wait()
            raise RuntimeError(f"{kind} server of {checkout} did not start: {(root / f'{kind}.stderr').read_text()}")
        self.answer = json.loads(line)
        self.port = self.answer.get("port", 0)

    def result(self) -> dict:
        """(setup) the child's figures once it is done."""
        self.proc.wait()
        self.log.close()
        return self.answer

    def stop(self) -> dict:
        self.proc.stdin.write("stop\n")
        self.proc.stdin.flush()
        out = json.loads(self.proc.stdout.readline())
        self.proc.wait(120)
        self.log.close()
        return out


def burst_rate(sent: list, replies: list | None) -> dict:
    """From the clients' records (and the relay's replies, for a judge): mails per second from the first MAIL FROM
    to the last reply (for the bare server, to the last 250), p50/p99 latency to the same end, errors."""
    ok = [(tok, t0, t1) for tok, t0, t1, err, _ in sent if not err]
    errors = len(sent) - len(ok)
    first = min(t0 for _, t0, _, _, _ in sent)
    if replies is None:
        ends = {tok: t1 for tok, _, t1 in ok}
        refused = 0
    else:
        ends, refused = {}, 0
        for t, token, _, rej in replies:
            if token and token not in ends:
                ends[token] = t
                refused += rej
    lat = [ends[tok] - t0 for tok, t0, _ in ok if tok in ends]
    last = max(ends.values(), default=first)
    return {"done": len(lat), "errors": errors, "refused": refused,
            "rate_per_s": len(lat) / (last - first) if lat and last > first else 0.0,
            "p50_ms": 1000 * pct(lat, 50), "p99_ms": 1000 * pct(lat, 99)}


def cpu_ms(rounds: list, label: str, mails: int) -> dict:
    """Median CPU milliseconds per mail of a server during its bursts, user and system, by burst."""
    return {f"{ph}_{kind}_ms": statistics.median(1000 * r[label][ph][f"cpu_{kind}_s"] / mails for r in rounds)
            for ph in ("cold", "warm") for kind in ("user", "sys")}


def one_server_run(kind: str, label: str, checkout: Path, template: Path | None, work: Path, world, args,
                   rep: int) -> dict:
    """Start one server, then two bursts of the same players: 'cold' (each player's first mail since the start)
    and 'warm' (each player has signed on before: what a judge that has run for a while sees); stop it."""
    root = work / f"{label}-{rep}"
    root.mkdir(parents=True)
    if template is not None:
        shutil.copytree(template / "games", root / "games")
    server = ServerProcess(kind, checkout, root, *([str(world.relay_port)] if kind == "judge" else []))
    out = {"label": label, "load_1min": os.getloadavg()[0]}
    helper0 = helper_cpu(world)
    try:
        for phase, run in (("cold", 2 * rep), ("warm", 2 * rep + 1)):
            jobs = order_mails(args.games, args.mails, 100 + run, args.seed)
            cpu0, outside0 = process_cpu(server.proc.pid), helper_cpu(world)
            sent = asyncio.run(world.burst(server.port, jobs, None))
            replies = None
            if kind == "judge":
                replies = asyncio.run(world.wait({j[2] for j in jobs}, timeout=120 + 0.2 * len(jobs)))
            cpu1, outside1 = process_cpu(server.proc.pid), helper_cpu(world)
            out[phase] = burst_rate(sent, replies)
            out[phase]["cpu_user_s"], out[phase]["cpu_sys_s"] = cpu1[0] - cpu0[0], cpu1[1] - cpu0[1]
            out[phase]["helper_cpu_s"] = outside1 - outside0
    finally:
        figures = server.stop()
    out["cpu_s"] = figures.get("cpu_s", 0.0)
    out["helper_cpu_s"] = helper_cpu(world) - helper0
    shutil.rmtree(root, ignore_errors=True)
    return out


def scenario_side_by_side(args, base: Path) -> dict:
    """Rounds of: the bare limit, this checkout, and each --against checkout, in a shuffled order each round; the
    ratios of each round (one moment of the machine) and their medians."""
    checkouts = [("this", REPO)] + [(f"against:{Path(a).name}", Path(a).resolve()) for a in args.against]
    print("\n== 1. side by side: the bare limit (aiosmtpd + fsync'd spool), "
          + ", ".join(f"{label} ({c})" for label, c in checkouts)
          + f"; {args.games} games, bursts of {args.mails} order mails over {args.threads} SMTP connections, "
          f"{args.rounds} rounds; the judges' replies to a relay ({args.relay}) in the clients' process ==")
    print(f"  machine now: {load_average()}; an atomic 4 KB write (2 fsyncs) costs {fsync_cost(base / 'calib'):.2f} "
          f"ms on this disk")
    templates = {}
    for label, checkout in checkouts:
        root = base / f"template-{len(templates)}"
        root.mkdir(parents=True)
        t = ServerProcess("setup", checkout, root, str(args.games)).result()
        templates[label] = root
        print(f"  set-up ({label}, not timed): {args.games} games through its own Judge.deliver in "
              f"{t['seconds']:.1f} s")
    world = World(args.threads, args.relay)
    rounds = []
    rng = random.Random(args.seed)
    try:
        for rep in range(args.rounds):
            order = [("bare", "bare", REPO, None)] + [("judge", label, c, templates[label]) for label, c in checkouts]
            rng.shuffle(order)
            runs = {}
            for kind, label, checkout, template in order:
                runs[label] = one_server_run(kind, label, checkout, template, base, world, args, rep)
            rounds.append(runs)
            line = []
            for label in ["bare"] + [c[0] for c in checkouts]:
                r = runs[label]
                line.append(f"{label} {r['cold']['rate_per_s']:.0f}/{r['warm']['rate_per_s']:.0f}")
            print(f"  round {rep + 1} ({' -> '.join(o[1] for o in order)}; {load_average()}): mails/s cold/warm: "
                  + "; ".join(line))
            for label in [c[0] for c in checkouts]:
                for phase in ("cold", "warm"):
                    r = runs[label][phase]
                    if r["done"] != args.mails or r["errors"] or r["refused"]:
                        print(f"      !! {label} {phase}: {r['done']}/{args.mails} answered, {r['errors']} SMTP errors, "
                              f"{r['refused']} refused")
    finally:
        world.close()
    out = {"rounds": rounds, "median": {}}
    print("  medians over the rounds (ratios: the median of each round's own ratio):")
    bare = {ph: statistics.median(r["bare"][ph]["rate_per_s"] for r in rounds) for ph in ("cold", "warm")}
    print(f"    bare limit: {bare['cold']:.0f} / {bare['warm']:.0f} mails/s (first / second burst)")
    for label, _ in checkouts:
        m = {}
        for ph in ("cold", "warm"):
            m[ph] = statistics.median(r[label][ph]["rate_per_s"] for r in rounds)
            m[f"{ph}_ratio"] = statistics.median(r[label][ph]["rate_per_s"] / max(r["bare"][ph]["rate_per_s"], 1e-9)
                                                 for r in rounds)
            m[f"{ph}_p99_ms"] = statistics.median(r[label][ph]["p99_ms"] for r in rounds)
        m.update(cpu_ms(rounds, label, args.mails))
        out["median"][label] = m
        print(f"    {label}: cold {m['cold']:.0f} mails/s = {m['cold_ratio']:.2f} of the bare limit (p99 "
              f"{m['cold_p99_ms']:.0f} ms); warm {m['warm']:.0f} mails/s = {m['warm_ratio']:.2f} (p99 "
              f"{m['warm_p99_ms']:.0f} ms)")
        print(f"      the server's CPU per mail: cold {m['cold_user_ms']:.1f} ms user + {m['cold_sys_ms']:.1f} ms "
              f"system, warm {m['warm_user_ms']:.1f} + {m['warm_sys_ms']:.1f} ms")
    m = cpu_ms(rounds, "bare", args.mails)
    print(f"    bare: the server's CPU per mail {m['cold_user_ms']:.2f} ms user + {m['cold_sys_ms']:.2f} ms system")
    out["median"]["bare"] = {**bare, **m}
    # Clients, relay and server share this machine's cores: the CPU the whole exchange takes per mail bounds the
    # ratio whatever the server does with its time (every core busy with nothing but this burst).
    whole = {label: statistics.median(1000 * (r[label]["warm"]["cpu_user_s"] + r[label]["warm"]["cpu_sys_s"]
                                              + r[label]["warm"]["helper_cpu_s"]) / args.mails for r in rounds)
             for label in ["bare"] + [c[0] for c in checkouts]}
    out["median"]["whole_cpu_ms"] = whole
    print(f"    CPU of the whole exchange per mail, warm (server + clients and relay): bare {whole['bare']:.1f} ms, "
          + ", ".join(f"{label} {whole[label]:.1f} ms (so at most {whole['bare'] / whole[label]:.2f} of the bare "
                      f"limit with every core busy)" for label, _ in checkouts))
    for label, _ in checkouts[1:]:
        for ph in ("cold", "warm"):
            ratio = statistics.median(r["this"][ph]["rate_per_s"] / max(r[label][ph]["rate_per_s"], 1e-9)
                                      for r in rounds)
            out["median"][f"this/{label} {ph}"] = ratio
            print(f"    this checkout / {label}, {ph}: {ratio:.2f}x")
    ok = out["median"]["this"]["warm_ratio"] >= TARGET_RATIO
    print(f"  target: this checkout >= {TARGET_RATIO:.2f} of the bare limit (warm): {'MET' if ok else 'NOT MET'}")
    out["target_met"] = ok
    return out


# --- scenario 2: start-up -------------------------------------------------------------------------------------------

@contextlib.contextmanager
def no_fsync():
    """Set-up only: the files are the same, written faster."""
    saved = os.fsync
    os.fsync = lambda fd: None
    try:
        yield
    finally:
        os.fsync = saved


def generate_games(root: Path, n: int, seed: int) -> tuple[float, int]:
    """`n` game folders: one game made through the judge, saved by GameStore.save under other names, deadlines
    spread over the next seven days (so a wake-up each: reminder or deadline). Returns (seconds, status.json bytes)."""
    t = time.perf_counter()
    last = root / "games" / f"s{n - 1:05d}" / "status.json"
    if last.exists() and not (root / "games" / f"s{n:05d}").exists():     # made by an earlier run with --keep
        return 0.0, last.stat().st_size
    j = Judge(settings_for(root))
    create_game(j, "template")
    game = j.store.load("template")
    now = datetime.now(timezone.utc)
    rng = random.Random(seed)
    with no_fsync():
        for i in range(n):
            game.name = f"s{i:05d}"
            game.deadline = now + timedelta(hours=25, minutes=rng.randrange(7 * 24 * 60))
            j.store.save(game, now)
    shutil.rmtree(root / "games" / "template")
    shutil.rmtree(root / "outbox", ignore_errors=True)
    return time.perf_counter() - t, (root / "games" / "s00000" / "status.json").stat().st_size


def finish_some(root: Path, share: float, seed: int) -> int:
    """Mark a random share of the games completed (no deadline, no wake-up), as a judge with history has."""
    j = Judge(settings_for(root))
    names = j.store.names()
    chosen = random.Random(seed).sample(names, int(len(names) * share))
    now = datetime.now(timezone.utc)
    with no_fsync():
        for name in chosen:
            game = j.store.load(name)
            game.status, game.deadline = COMPLETED, None
            j.store.save(game, now)
    return len(chosen)


def probe(port: int) -> None:
    """Connect and wait for the 220 greeting."""
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as s:
        s.noop()


async def startup_once(root: Path, hint: bool = False) -> dict:
    """One start of the daemon on root/games until a client is greeted; with `hint`, from the wake-up hint the
    previous stop kept (judge.storage.wakeup_index), then also until every game is read (`checked`). Without it the
    hint is removed first: every game is read before mail is taken."""
    if wakeup_index is None:
        pass
    elif not hint:
        wakeup_index.path(root / "games").unlink(missing_ok=True)
    elif not wakeup_index.path(root / "games").exists():
        raise RuntimeError("no wake-up hint to start from (too few games, or no stop since they were made)")
    marks: dict[str, float] = {}
    t0 = time.perf_counter()
    daemon = Daemon(settings_for(root))
    marks["Daemon()"] = time.perf_counter() - t0

    def timed(label, fn):
        def w(*a, **k):
            t = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                marks[label] = marks.get(label, 0.0) + time.perf_counter() - t
        return w
    daemon.spool.pending = timed("spool drain", daemon.spool.pending)
    daemon.judge.store.scan = timed("  GameStore.scan (every game's wake-up, interrupted commits)",
                                    daemon.judge.store.scan)
    daemon._recover = timed("start-up pass over the games (_recover)", daemon._recover)
    t1 = time.perf_counter()
    _, port = await daemon.start("127.0.0.1", 0)
    t2 = time.perf_counter()
    await asyncio.to_thread(probe, port)
    t3 = time.perf_counter()
    marks["Daemon.start() in all"] = t2 - t1
    marks["  scheduler start + SMTP server up"] = \
        (t2 - t1) - marks["spool drain"] - marks.get("start-up pass over the games (_recover)", 0.0)
    marks["first client greeted (after start() returned)"] = t3 - t2
    marks["total: Daemon() to greeting"] = t3 - t0
    jobs = len(daemon.deadlines.jobs())
    if hasattr(daemon, "checked"):
        await daemon.checked.wait()
    t4 = time.perf_counter()
    marks["every game read (hint checked)" if hint else "every game read (before the greeting)"] = t4 - t0
    await daemon.stop()
    return {"seconds": t3 - t0, "checked_s": t4 - t0, "marks": marks, "jobs": jobs,
            "jobs_checked": len(daemon.deadlines.jobs())}


def drop_page_cache() -> bool:
    """Empty the system's page cache (root only), for a start-up from the disk; False when not allowed."""
    try:
        os.sync()
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
        return True
    except OSError:
        return False


def startup_process(root: Path) -> float:
    """`bin/judge serve` as a process (interpreter, imports, start) until a client is greeted."""
    ini = root / "bench.ini"
    ini.write_text("[judge]\ngames_dir = games\noutbox_dir = outbox\ninbox_dir = inbox\n[relay]\nmaildir = maildir\n")
    ready = root / "ready"
    ready.unlink(missing_ok=True)
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, str(REPO / "bin" / "judge"), "--config", str(ini), "serve", "--host",
                             "127.0.0.1", "--port", "0", "--web-port", "0", "--ready-file", str(ready)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env={k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"})
    # (the process may write its bytecode: else, with that variable set, changed sources are compiled at every start
    # and timed as start-up)
    try:
        while not (ready.exists() and ready.read_text().endswith("\n")):
            if proc.poll() is not None:
                raise RuntimeError(f"judge serve exited with status {proc.returncode}")
            time.sleep(0.002)
        probe(int(ready.read_text().split()[1]))
        return time.perf_counter() - t0
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def scenario_startup(args, root: Path) -> dict:
    print(f"\n== 2. start-up with {args.startup_games} games on disk ({load_average()}) ==")
    secs, size = generate_games(root, args.startup_games, args.seed)
    print(f"  set-up (not timed): {args.startup_games} game folders written by GameStore.save in {secs:.1f} s "
          f"(status.json {size} bytes each; fsync skipped while generating); spool empty")
    runs = [asyncio.run(startup_once(root)) for _ in range(args.startup_reps)]
    med = statistics.median(r["seconds"] for r in runs)
    print("  every game read first (no hint): Daemon() + start() until a client is greeted: "
          + ", ".join(f"{r['seconds']:.2f}" for r in runs) + f" s; median {med:.2f} s "
          f"({runs[0]['jobs']} deadline jobs planned)")
    middle = sorted(runs, key=lambda r: r["seconds"])[len(runs) // 2]
    for label, v in middle["marks"].items():
        print(f"      {label:<52}{v:>7.3f} s")
    out: dict = {}
    if wakeup_index is not None and args.startup_games >= wakeup_index.MIN_GAMES:
        hinted = [asyncio.run(startup_once(root, hint=True)) for _ in range(args.startup_reps)]
        hmed = statistics.median(r["seconds"] for r in hinted)
        print("  from the wake-up hint kept at the last stop: until a client is greeted: "
              + ", ".join(f"{r['seconds']:.2f}" for r in hinted) + f" s; median {hmed:.2f} s; every game read and "
              f"the hint checked after " + ", ".join(f"{r['checked_s']:.2f}" for r in hinted) + " s "
              f"({hinted[0]['jobs']} jobs from the hint, {hinted[0]['jobs_checked']} after the check)")
        out["hint"] = {"runs": hinted, "median_s": hmed}
        if args.cold:
            cold = []
            for hint in (False, True) * args.startup_reps:
                if not drop_page_cache():
                    print("  cold start-up: the page cache cannot be dropped here (root only): skipped")
                    break
                cold.append((hint, asyncio.run(startup_once(root, hint=hint))))
            for hint in (False, True):
                mine = [r for h, r in cold if h == hint]
                if mine:
                    print(f"  page cache dropped first, {'from the hint' if hint else 'every game read first'}: "
                          "greeted after " + ", ".join(f"{r['seconds']:.2f}" for r in mine) + " s; every game "
                          "read after " + ", ".join(f"{r['checked_s']:.2f}" for r in mine) + " s")
            out["cold"] = [{"hint": h, **r} for h, r in cold]
        med = min(med, hmed)
    ok = med < TARGET_STARTUP_S
    print(f"  target < {TARGET_STARTUP_S:.0f} s: {'MET' if ok else 'NOT MET'}")
    proc = [startup_process(root) for _ in range(args.startup_reps)]
    print("  whole process (bin/judge serve: interpreter, imports, start-up" + (", from the hint" if "hint" in out else "")
          + ") until a client is greeted: "
          + ", ".join(f"{p:.2f}" for p in proc) + f" s; median {statistics.median(proc):.2f} s")
    out.update({"games": args.startup_games, "runs": runs, "median_s": med, "target_met": ok,
                "process_s": proc, "process_median_s": statistics.median(proc)})
    if args.finished_share > 0:
        k = finish_some(root, args.finished_share, args.seed)
        fin = [asyncio.run(startup_once(root)) for _ in range(args.startup_reps)]
        fmed = statistics.median(r["seconds"] for r in fin)
        mid = sorted(fin, key=lambda r: r["seconds"])[len(fin) // 2]["marks"]
        print(f"  the same with {k} of them completed (no wake-up): "
              + ", ".join(f"{r['seconds']:.2f}" for r in fin) + f" s; median {fmed:.2f} s "
              f"({fin[0]['jobs']} jobs; the pass over the games {mid['start-up pass over the games (_recover)']:.2f} s)")
        out["with_finished"] = {"finished": k, "runs": fin, "median_s": fmed}
    return out


# --- main -----------------------------------------------------------------------------------------------------------

def _kinds(text: str) -> list[str]:
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    known = ("none", "png", "svg", "text", *STUBBED)
    if not kinds or any(k not in known for k in kinds) or len(set(kinds)) < len(kinds):
        raise argparse.ArgumentTypeError("none, png or svg, or several of them separated by commas (with --process, "
                                         "also text: none, and no picture drawn for the pages either; floor and "
                                         "free: a PNG mailed but not drawn, see STUBBED)")
    return kinds


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="smoke run: 20 games, 200 mails, 1,000 games at start-up")
    ap.add_argument("--games", type=int, help="active games for the burst (default 100)")
    ap.add_argument("--mails", type=int, help="order mails per burst (default 1000)")
    ap.add_argument("--threads", type=int, default=8, help="concurrent SMTP client connections (default 8)")
    ap.add_argument("--workers", type=int, help="the daemon's game workers (default: the daemon's own default)")
    ap.add_argument("--backlog", type=int, help="the daemon's intake limit, accepted mail waiting to be processed "
                                                "(default: the daemon's own; 0: no flow control)")
    ap.add_argument("--rounds", type=int, help="rounds of the side-by-side scenario (default 3)")
    ap.add_argument("--against", action="append", default=[], metavar="CHECKOUT",
                    help="also measure this checkout (e.g. a worktree of the previous release, with its own .venv) "
                         "in the side-by-side rounds; may be given more than once")
    ap.add_argument("--stages", action="store_true",
                    help="also the in-process bursts with the daemon's time budget by stage (and a profile when a "
                         "target is missed)")
    ap.add_argument("--reps", type=int, help="--stages: bursts, each on a freshly started daemon (default 3)")
    ap.add_argument("--paced", type=float, help="one more run with mail sent at this rate, mails/s (default 100; "
                                                "0: none)")
    ap.add_argument("--inproc", action="store_true",
                    help="clients as threads of this process and the relay on the daemon's loop")
    ap.add_argument("--startup-games", type=int, help="games on disk for the start-up time (default 10000)")
    ap.add_argument("--startup-reps", type=int, help="start-up repetitions (default 3)")
    ap.add_argument("--cold", action="store_true", help="also start-ups right after the page cache was dropped "
                                                        "(root only), with and without the wake-up hint")
    ap.add_argument("--finished-share", type=float, help="then mark this share of them completed and time again "
                                                         "(default 0.25; 0: skip)")
    ap.add_argument("--profile", action="store_true", help="profile a burst even when the targets are met")
    ap.add_argument("--no-profile", action="store_true", help="never profile")
    ap.add_argument("--profile-cpu", action="store_true",
                    help="profile by each thread's CPU time (time.thread_time) instead of wall time, warm (every "
                         "password already checked): where the interpreter works, not where it waits")
    ap.add_argument("--top", type=int, default=25, help="rows of the profile listings (default 25)")
    ap.add_argument("--skip-burst", action="store_true")
    ap.add_argument("--skip-startup", action="store_true")
    ap.add_argument("--seed", type=int, default=1901)
    ap.add_argument("--pictures", type=_kinds, default=["none"], metavar="KIND[,KIND...]",
                    help="the games' map_picture rule, none|png|svg (default none: text-only results); with --process, "
                         "several (e.g. png,none): each measured in turn, round after round (--rounds), and the ratio "
                         "of each to the first printed; also text (no picture at all), and free and floor (a PNG "
                         "mailed, not drawn: STUBBED)")
    ap.add_argument("--process", action="store_true",
                    help="each game: seven order mails, then its master's PROCESS! (results to eight, with pictures "
                         "when --pictures says so); runs even with --skip-burst")
    ap.add_argument("--relay", choices=("aiosmtpd", "lean"),
                    help="the recording relay in the helper process: aiosmtpd (as the tests; the default for order "
                         "mail), or lean (the same records, the message data taken in chunks, as a real MTA takes "
                         "it at next to no cost; the default with --process, whose results mails with a picture are "
                         "125 KB, for which aiosmtpd's line-by-line Python takes as much CPU as a third of the judge's "
                         "work)")
    ap.add_argument("--keep", metavar="DIR", help="work in DIR (kept) instead of a temporary folder")
    ap.add_argument("--json", metavar="FILE", help="also write the figures to FILE as JSON")
    args = ap.parse_args(argv)
    global PICTURES, PROCESS, PROFILE_TIMER
    PICTURES, PROCESS = args.pictures[0], args.process
    PROFILE_TIMER = (time.thread_time,) if args.profile_cpu else ()
    args.relay = args.relay or ("lean" if args.process else "aiosmtpd")
    if set(args.pictures) & set(STUBBED) and not (args.process and len(args.pictures) > 1):
        ap.error("--pictures floor and free are kinds of the pictures' comparison: with --process and another kind")
    if args.process and len(args.pictures) > 1:
        args.skip_startup = True
    elif args.process:
        # Each burst moves every game on a phase: one burst per set-up, no paced run, no start-up scenario.
        args.reps, args.paced, args.skip_startup = 1, 0, True
    if args.quick:
        d = {"games": 20, "mails": 200, "reps": 1, "rounds": 1, "paced": 0, "startup_games": 1000,
             "startup_reps": 1}
    else:
        d = {"games": 100, "mails": 1000, "reps": 3, "rounds": 3, "paced": 100, "startup_games": 100000,
             "startup_reps": 3}
    d["finished_share"] = 0.25
    for k, v in d.items():
        if getattr(args, k) is None:
            setattr(args, k, v)

    t_start = time.perf_counter()
    import aiosmtpd
    print(f"judge mail benchmark; Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs; "
          f"aiosmtpd {aiosmtpd.__version__}; seed {args.seed}")
    base = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="judge-mail-bench-"))
    report: dict = {"settings": vars(args)}
    ok = True
    try:
        if not args.skip_burst and not args.process and args.rounds > 0:
            root = base / "side"
            root.mkdir(parents=True, exist_ok=True)
            report["side_by_side"] = scenario_side_by_side(args, root)
            ok &= report["side_by_side"]["target_met"]
        if args.process and len(args.pictures) > 1:
            root = base / "pictures"
            root.mkdir(parents=True, exist_ok=True)
            report["pictures"] = asyncio.run(scenario_pictures(args, root))
            ok &= report["pictures"]["complete"]
        elif args.process or (not args.skip_burst and args.stages):
            root = base / "burst"
            root.mkdir(parents=True, exist_ok=True)
            report["burst"] = asyncio.run(scenario_burst(args, root))
            ok &= report["burst"]["target_rate_met"] and report["burst"]["target_p99_met"]
        if not args.skip_startup:
            root = base / "startup"
            root.mkdir(parents=True, exist_ok=True)
            report["startup"] = scenario_startup(args, root)
            ok &= report["startup"]["target_met"]
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)
    print(f"\ntotal run time {time.perf_counter() - t_start:.0f} s")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1, default=str) + "\n", encoding="utf-8")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
