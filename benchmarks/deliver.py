#!/usr/bin/env python3
"""The serial work of one order mail: `Judge.deliver` in one thread, no SMTP, no sender, warm.

    python benchmarks/deliver.py [--mails 600] [--checkout DIR]       # CPU per mail (user and system)

20 games are made (CREATE and seven JOINs each, through Judge.deliver), every player's password is checked once
(a daemon's verified-password cache, as in the warm burst of mail.py), then `--mails` order mails are delivered
and timed. For a count that does not move with the machine's load, run it under callgrind twice and take the
difference per mail:

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/deliver.py --mails 0
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/deliver.py --mails 600

scrypt is replaced by a cheap hash in this process (every game is made here, so the stored hashes agree): under
callgrind each of the set-up's 300 hashes would take a quarter of a second, and the mails measured never hash.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mails", type=int, default=600, help="order mails delivered and timed (default 600)")
    ap.add_argument("--checkout", default=str(HERE.parent), help="the judge checkout to measure (default: this one)")
    args = ap.parse_args()
    os.environ["JUDGE_BENCH_CHECKOUT"] = args.checkout     # (benchmarks/mail.py puts that checkout first)
    sys.path.insert(0, str(HERE))
    hashlib.scrypt = lambda password, salt, n, r, p, dklen: hashlib.sha256(password + salt).digest()
    import mail as bench                                   # noqa: E402 - benchmarks/mail.py's games and mails
    import judge                                           # noqa: E402
    from judge.service import Judge                        # noqa: E402
    assert Path(judge.__file__).resolve().is_relative_to(Path(args.checkout).resolve()), judge.__file__

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        bench.setup_games(root, 20)
        judge = Judge(bench.settings_for(root))
        for _, raw, token in bench.order_mails(20, 140, 1, 1901):     # every player signs on once
            assert judge.deliver(raw, None, key=f"warm-{token}").accepted
        jobs = bench.order_mails(20, args.mails, 2, 1901) if args.mails else []
        before, cpu = resource.getrusage(resource.RUSAGE_SELF), time.process_time()
        for _, raw, token in jobs:
            assert judge.deliver(raw, None, key=f"timed-{token}").accepted
        after, cpu = resource.getrusage(resource.RUSAGE_SELF), time.process_time() - cpu
        shutil.rmtree(root / "outbox", ignore_errors=True)
    if jobs:
        n = len(jobs)
        print(f"{n} order mails through Judge.deliver ({args.checkout}): {cpu / n * 1000:.2f} ms of CPU a mail "
              f"({(after.ru_utime - before.ru_utime) / n * 1000:.2f} user, "
              f"{(after.ru_stime - before.ru_stime) / n * 1000:.2f} system)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
