"""Soak benchmark: a real `judge serve` process driven over SMTP at a steady rate, results with PNG pictures, for a
long time; prints the daemon's memory (RSS) and open files over time, to show whether memory is flat after warm-up.

    nice python benchmarks/soak.py                          # 40 mails/s, PNG pictures, 20 minutes
    python benchmarks/soak.py --minutes 3 --sample 10       # a short look

The workload, in a loop over `--games` active games (made by CREATE and seven JOINs through Judge.deliver, not
timed): each game gets seven order mails (a SIGNON and a legal order for every unit), then its master's PROCESS!
(results to eight, with the map picture), then ROLLBACK (back to the same spring, so every cycle is alike and
nothing but the archives on disk grows). Mails are sent on `--connections` SMTP connections at `--rate` a second
in all. The judge sends its mail to a small relay in a helper process that takes every message and throws it away
(a Python SMTP server that keeps up with 10 MB/s of pictures), so the judge is never held up by its relay.

Printed every `--sample` seconds: minutes, the daemon's RSS (MB), its open files, mails sent and the relay's count.
At the end: RSS at the end of the warm-up (`--warmup` minutes) and at the end, and the slope of RSS after the
warm-up (least squares, MB per minute). With `--tracemalloc DIR` the daemon runs under tracemalloc (`--frames`)
and saves a snapshot in DIR at each sample (slower: for finding what grows, with `--diff DIR` afterwards).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import shutil
import signal
import smtplib
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

import mail as bench_mail  # noqa: E402  (benchmarks/mail.py: the games, players and orders)
from judge import config  # noqa: E402
from judge.service import Judge  # noqa: E402


# --- the relay: takes everything, keeps nothing ---------------------------------------------------------------------

class DiscardRelay(asyncio.Protocol):
    """Just enough SMTP for smtplib: every command answered 250 (354 for DATA); the message is skipped up to its
    final dot and counted."""
    count = None                                  # a multiprocessing.Value shared with the benchmark

    def connection_made(self, transport):
        self.t = transport
        self.buf = b""
        self.data = False
        transport.write(b"220 relay.soak ESMTP\r\n")

    def data_received(self, chunk):
        self.buf += chunk
        while True:
            if self.data:
                end = self.buf.find(b"\r\n.\r\n")
                if end < 0:
                    self.buf = self.buf[-4:]
                    return
                self.buf = self.buf[end + 5:]
                self.data = False
                with DiscardRelay.count.get_lock():
                    DiscardRelay.count.value += 1
                self.t.write(b"250 2.0.0 taken\r\n")
                continue
            line, sep, rest = self.buf.partition(b"\r\n")
            if not sep:
                return
            self.buf = rest
            verb = line[:4].upper()
            if verb == b"EHLO":
                self.t.write(b"250-relay.soak\r\n250 8BITMIME\r\n")
            elif verb == b"DATA":
                self.data = True
                self.buf = b"\r\n" + self.buf        # the final dot may follow at once
                self.t.write(b"354 go on\r\n")
            elif verb == b"QUIT":
                self.t.write(b"221 bye\r\n")
                self.t.close()
                return
            else:
                self.t.write(b"250 ok\r\n")


def relay_process(port_value, count_value, stop_event) -> None:
    DiscardRelay.count = count_value

    async def main():
        loop = asyncio.get_running_loop()
        server = await loop.create_server(DiscardRelay, "127.0.0.1", 0)
        port_value.value = server.sockets[0].getsockname()[1]
        while not stop_event.is_set():
            await asyncio.sleep(0.2)
        server.close()
    asyncio.run(main())


# --- the daemon under tracemalloc (--tracemalloc) --------------------------------------------------------------------

def traced_daemon(folder: str, every: float, frames: int, argv: list[str]) -> None:
    """Run `judge` with argv in this process, under tracemalloc, saving a snapshot in `folder` every `every` s."""
    import tracemalloc
    tracemalloc.start(frames)
    Path(folder).mkdir(parents=True, exist_ok=True)

    def dump():
        n = 0
        while True:
            time.sleep(every)
            tracemalloc.take_snapshot().dump(str(Path(folder) / f"snap{n:04d}.tm"))
            n += 1
    threading.Thread(target=dump, daemon=True).start()
    from judge.cli import main
    sys.exit(main(argv))


def diff(folder: str, top: int) -> None:
    """What grew between the snapshot after the warm-up (the third) and the last, by line of allocation."""
    import tracemalloc
    snaps = sorted(Path(folder).glob("snap*.tm"))
    if len(snaps) < 4:
        sys.exit("need at least four snapshots")
    totals = []
    for p in snaps:
        snap = tracemalloc.Snapshot.load(str(p))
        totals.append(f"{sum(s.size for s in snap.statistics('filename')) / 1e6:.1f}")
    print("traced MB at each sample:", " ".join(totals))
    first, last = (tracemalloc.Snapshot.load(str(p)) for p in (snaps[2], snaps[-1]))
    print(f"{snaps[2].name} -> {snaps[-1].name}: traced {sum(s.size for s in first.statistics('filename')) / 1e6:.1f}"
          f" -> {sum(s.size for s in last.statistics('filename')) / 1e6:.1f} MB")
    for kind in ("lineno", "traceback") if first.traceback_limit > 1 else ("lineno",):
        print(f"\ntop {top} by {kind}:")
        for stat in last.compare_to(first, kind)[:top]:
            print(f"  {stat.size_diff / 1e3:+9.1f} KB {stat.count_diff:+7d} blocks  "
                  + ("\n      ".join(stat.traceback.format()[-8:]) if kind == "traceback" else str(stat.traceback)))


# --- the daemon's figures ---------------------------------------------------------------------------------------------

def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def slope(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of (x, y)."""
    n = len(points)
    if n < 2:
        return 0.0
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / sxx if sxx else 0.0


# --- the workload ----------------------------------------------------------------------------------------------------

def cycle(game: str, run: int, rng: random.Random) -> list[tuple[str, bytes]]:
    """One game's round: seven order mails, PROCESS!, ROLLBACK (back to the spring, orders kept)."""
    mails = []
    for power in bench_mail.POWERS:
        lines = [f"SIGNON {power[0]}{game} {bench_mail.player_password(game, power)}"]
        lines += [f"{unit} {rng.choice(options)}" for unit, options in bench_mail.ORDERS[power]]
        sender = bench_mail.player_address(game, power)
        mails.append((sender, bench_mail.compose(sender, "\n".join(lines), "orders", f"o{run}-{game}-{power}@soak")))
    master = f"gm.{game}@players.example"
    for n, command in enumerate(("PROCESS!", "ROLLBACK")):
        mails.append((master, bench_mail.compose(master, f"SIGNON M{game} gm-{game}\n{command}", command.lower(),
                                                 f"m{run}-{n}-{game}@soak")))
    return mails


class Clients:
    """`connections` threads sending the workload at `rate` mails a second in all, until stopped."""

    def __init__(self, port: int, games: list[str], rate: float, connections: int, seed: int):
        self.port, self.games, self.rate = port, games, rate
        self.sent = self.failed = 0
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.queue: list[tuple[str, bytes]] = []
        self.rng = random.Random(seed)
        self.run = 0
        self.next_game = 0
        self.start = time.monotonic()
        self.index = 0
        self.threads = [threading.Thread(target=self.worker, daemon=True) for _ in range(connections)]

    def take(self) -> tuple[int, tuple[str, bytes]]:
        with self.lock:
            if not self.queue:
                game = self.games[self.next_game]
                self.next_game = (self.next_game + 1) % len(self.games)
                if self.next_game == 0:
                    self.run += 1
                self.queue = cycle(game, self.run, self.rng)
            i = self.index
            self.index += 1
            return i, self.queue.pop(0)

    def worker(self) -> None:
        smtp = None
        while not self.stop.is_set():
            i, (sender, raw) = self.take()
            delay = self.start + i / self.rate - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            try:
                if smtp is None:
                    smtp = smtplib.SMTP("127.0.0.1", self.port, timeout=120)
                smtp.sendmail(sender, [bench_mail.JUDGE_ADDRESS], raw)
                with self.lock:
                    self.sent += 1
            except (OSError, smtplib.SMTPException):
                with self.lock:
                    self.failed += 1
                try:
                    smtp.close()
                except Exception:  # noqa: BLE001
                    pass
                smtp = None
        if smtp is not None:
            try:
                smtp.quit()
            except Exception:  # noqa: BLE001
                pass

    def go(self) -> None:
        self.start = time.monotonic()
        for t in self.threads:
            t.start()

    def halt(self) -> None:
        self.stop.set()
        for t in self.threads:
            t.join(timeout=130)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rate", type=float, default=40.0, help="mails a second (default 40)")
    ap.add_argument("--minutes", type=float, default=20.0, help="how long (default 20)")
    ap.add_argument("--warmup", type=float, default=2.0, help="minutes not counted in the slope (default 2)")
    ap.add_argument("--games", type=int, default=40, help="active games (default 40)")
    ap.add_argument("--pictures", choices=("none", "png", "svg"), default="png")
    ap.add_argument("--connections", type=int, default=4, help="SMTP client connections (default 4)")
    ap.add_argument("--sample", type=float, default=30.0, help="seconds between samples (default 30)")
    ap.add_argument("--seed", type=int, default=1901)
    ap.add_argument("--tracemalloc", metavar="DIR", help="run the daemon under tracemalloc, snapshots in DIR")
    ap.add_argument("--frames", type=int, default=1, help="frames tracemalloc keeps per allocation (default 1: the "
                                                          "line only; 25 shows who called, and is much slower)")
    ap.add_argument("--diff", metavar="DIR", help="only compare the snapshots in DIR (third against last)")
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--keep", metavar="DIR", help="work in DIR (kept) instead of a temporary folder")
    ap.add_argument("--json", metavar="FILE", help="also write the samples to FILE")
    ap.add_argument("--daemon-under-tracemalloc", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.daemon_under_tracemalloc is not None:
        folder, every, frames, *rest = args.daemon_under_tracemalloc
        traced_daemon(folder, float(every), int(frames), rest)
        return 0
    if args.diff:
        diff(args.diff, args.top)
        return 0

    base = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="judge-soak-"))
    base.mkdir(parents=True, exist_ok=True)
    ctx = multiprocessing.get_context("spawn")
    port_value, count_value, stop_relay = ctx.Value("i", 0), ctx.Value("l", 0), ctx.Event()
    relay = ctx.Process(target=relay_process, args=(port_value, count_value, stop_relay), daemon=True)
    relay.start()
    proc = None
    samples: list[dict] = []
    try:
        while not port_value.value:
            time.sleep(0.05)
        ini = config.render_ini().replace("rate_per_hour = 120", "rate_per_hour = 0") \
            .replace("\n[relay]\n# SMTP relay for outgoing mail (empty: deliver to the local maildir instead).\nhost =",
                     "\n[relay]\nhost = 127.0.0.1") \
            .replace("# Relay port.\nport = 25", f"port = {port_value.value}")
        cfg = base / "config.ini"
        cfg.write_text(ini)
        assert config.load(cfg).get("relay", "port") == port_value.value
        bench_mail.PICTURES = args.pictures
        judge = Judge(config.load(cfg))
        games = [bench_mail.game_name(i) for i in range(args.games)]
        t = time.perf_counter()
        with ThreadPoolExecutor(4) as pool:
            list(pool.map(lambda g: bench_mail.create_game(judge, g), games))
        shutil.rmtree(base / "outbox", ignore_errors=True)
        print(f"{args.games} games made in {time.perf_counter() - t:.1f} s; pictures {args.pictures}; "
              f"{args.rate:g} mails/s for {args.minutes:g} minutes on {args.connections} connections")

        cmd = [sys.executable, str(REPO / "bin" / "judge"), "--config", str(cfg), "serve", "--port", "0",
               "--ready-file", str(base / "ready")]
        if args.tracemalloc:
            cmd = [sys.executable, __file__, "--daemon-under-tracemalloc", str(Path(args.tracemalloc).resolve()),
                   str(args.sample), str(args.frames), "--config", str(cfg), "serve", "--port", "0", "--ready-file", str(base / "ready")]
        log = open(base / "serve.log", "wb")
        proc = subprocess.Popen(cmd, cwd=base, stdout=log, stderr=log)
        while not (base / "ready").exists() or not (base / "ready").read_text().strip():
            if proc.poll() is not None:
                sys.exit((base / "serve.log").read_text())
            time.sleep(0.05)
        port = int((base / "ready").read_text().split()[1])
        clients = Clients(port, games, args.rate, args.connections, args.seed)
        t0 = time.monotonic()
        print(f"{'min':>6} {'RSS MB':>7} {'files':>5} {'sent':>7} {'failed':>6} {'relayed':>8} {'outbox':>6}")

        def sample():
            s = {"minutes": (time.monotonic() - t0) / 60, "rss_mb": rss_mb(proc.pid), "files": open_files(proc.pid),
                 "sent": clients.sent, "failed": clients.failed, "relayed": count_value.value,
                 "outbox": sum(1 for _ in (base / "outbox").glob("*.eml"))}
            samples.append(s)
            print(f"{s['minutes']:6.1f} {s['rss_mb']:7.1f} {s['files']:5d} {s['sent']:7d} {s['failed']:6d} "
                  f"{s['relayed']:8d} {s['outbox']:6d}", flush=True)
        sample()
        clients.go()
        end = t0 + 60 * args.minutes
        while time.monotonic() < end:
            time.sleep(min(args.sample, max(0.0, end - time.monotonic())))
            sample()
            if proc.poll() is not None:
                print("the daemon died:", (base / "serve.log").read_text()[-3000:])
                return 1
        clients.halt()
        sample()
    finally:
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=120)
        stop_relay.set()
        relay.join(timeout=10)
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)
    after = [(s["minutes"], s["rss_mb"]) for s in samples if s["minutes"] >= args.warmup]
    warm = after[0] if after else (0.0, 0.0)
    minutes = samples[-1]["minutes"]
    print(f"\nsent {samples[-1]['sent']} mails in {minutes:.1f} min ({samples[-1]['sent'] / minutes / 60:.1f}/s), "
          f"{samples[-1]['failed']} failed; the relay took {samples[-1]['relayed']}")
    print(f"RSS: {samples[0]['rss_mb']:.0f} MB at start, {warm[1]:.0f} MB after the {args.warmup:g}-minute warm-up, "
          f"{samples[-1]['rss_mb']:.0f} MB at the end, max {max(s['rss_mb'] for s in samples):.0f} MB; after the "
          f"warm-up {slope(after):+.2f} MB/min; open files max {max(s['files'] for s in samples)}")
    if args.json:
        Path(args.json).write_text(json.dumps({"settings": vars(args), "samples": samples}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
