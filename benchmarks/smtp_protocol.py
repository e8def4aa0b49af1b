#!/usr/bin/env python3
"""The SMTP server protocol alone: the bare limit's spool (benchmarks/mailservers.py: each message written, flushed,
renamed, its folder flushed, then 250) behind aiosmtpd's server and behind the judge's own (judge/daemon/smtp.py),
each in a process of its own, in alternation, taking the same order mails from the same clients. Printed: the
server's rate and its CPU per mail (user and system), and the ratios.

    python benchmarks/smtp_protocol.py [--mails 2000] [--threads 8] [--rounds 3]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import resource
import smtplib
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

MESSAGE = (b"From: player@example.org\r\nTo: judge@localhost\r\nSubject: orders\r\n\r\nSIGNON Fgame password\r\n"
           + b"A PAR - BUR\r\nF BRE - MAO\r\n.a line with a dot first\r\n" * 8 + b"SIGNOFF\r\n")


async def serve(kind: str, root: Path) -> None:
    from mailservers import BareSpool
    loop = asyncio.get_running_loop()
    handler = BareSpool(root)
    if kind == "aiosmtpd":
        from aiosmtpd.smtp import SMTP

        def factory():
            return SMTP(handler, hostname="bare.bench", loop=loop)
    else:
        from judge.daemon.connections import Connections, Limits
        from judge.daemon.smtp import SMTPConnection
        handler.rcpt = lambda envelope, address: envelope.rcpt_tos.append(address) or "250 OK"
        connections = Connections(Limits(100, 10, 600, 600, 100, 0), "bare.bench", cap=100, file_limit=None)

        def factory():
            return SMTPConnection(handler, connections, "bare.bench", data_size_limit=2 ** 25, loop=loop)
    server = await loop.create_server(factory, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    await asyncio.to_thread(sys.stdin.readline)
    server.close()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(json.dumps({"handled": handler.count, "user": usage.ru_utime, "sys": usage.ru_stime}), flush=True)


def burst(kind: str, mails: int, threads: int) -> dict:
    with tempfile.TemporaryDirectory() as root:
        proc = subprocess.Popen([sys.executable, __file__, "--serve", kind, root], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, text=True)
        port = int(proc.stdout.readline())

        def client(n: int) -> None:
            with smtplib.SMTP("127.0.0.1", port, timeout=60) as s:
                for _ in range(n):
                    s.sendmail("player@example.org", ["judge@localhost"], MESSAGE)
        start = time.perf_counter()
        workers = [threading.Thread(target=client, args=(mails // threads,)) for _ in range(threads)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        seconds = time.perf_counter() - start
        proc.stdin.write("\n")
        proc.stdin.flush()
        out = json.loads(proc.stdout.readline())
        proc.wait()
    n = out["handled"]
    return {"rate": n / seconds, "user_ms": out["user"] / n * 1000, "sys_ms": out["sys"] / n * 1000}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mails", type=int, default=2000)
    ap.add_argument("--threads", type=int, default=8)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--serve", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve:
        asyncio.run(serve(args.serve[0], Path(args.serve[1])))
        return 0
    kinds = ("aiosmtpd", "judge")
    runs: dict[str, list[dict]] = {k: [] for k in kinds}
    for r in range(args.rounds):
        for kind in (kinds if r % 2 == 0 else kinds[::-1]):
            got = burst(kind, args.mails, args.threads)
            runs[kind].append(got)
            print(f"  round {r + 1} {kind:>8}: {got['rate']:6.0f} mails/s, CPU a mail {got['user_ms']:.2f} ms user"
                  f" + {got['sys_ms']:.2f} ms system")
    med = {k: {f: statistics.median(x[f] for x in v) for f in ("rate", "user_ms", "sys_ms")} for k, v in runs.items()}
    for kind in kinds:
        m = med[kind]
        print(f"  {kind:>8} (medians): {m['rate']:.0f} mails/s, {m['user_ms']:.2f} + {m['sys_ms']:.2f} ms a mail")
    print(f"  judge / aiosmtpd: rate {med['judge']['rate'] / med['aiosmtpd']['rate']:.2f}x, user CPU a mail "
          f"{med['judge']['user_ms'] / med['aiosmtpd']['user_ms']:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
