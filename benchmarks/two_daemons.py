#!/usr/bin/env python3
"""The ceiling of a judge that does its Python work on two CPUs: two whole `judge serve` daemons at once, each on
one CPU (`taskset -c 0`, `taskset -c 1`) with its own clients and relay and the mail of half the games, against one
daemon and the bare limit, in the same rounds.

    python benchmarks/two_daemons.py [--rounds 3] [--games 100] [--mails 1000]

Each daemon has every game (a copy of the same set-up); mail for an even-numbered game goes to the first, for an
odd-numbered one to the second, so the two share nothing and pass nothing to each other: what splitting one judge
into two processes could reach before paying for its hand-overs. Rates are mails per second from the first MAIL
FROM to the last reply, warm (the second burst of each daemon's run: every password checked before), as
benchmarks/mail.py's side-by-side scenario counts them.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mail as M  # noqa: E402 - benchmarks/mail.py: servers, clients, relay, games and mails


def _half(jobs: list, games: int, parity: int) -> list:
    return [job for i, job in enumerate(jobs) if (i % games) % 2 == parity]     # (mail i goes to game i % games)


async def _two(base: Path, template: Path, worlds: list, args, rep: int) -> dict[str, float]:
    roots, servers, out = [], [], {}
    try:
        for cpu, world in enumerate(worlds):
            root = base / f"two-{rep}-{cpu}"
            root.mkdir()
            roots.append(root)
            shutil.copytree(template / "games", root / "games")
            servers.append(M.ServerProcess("judge", M.REPO, root, str(world.relay_port),
                                           prefix=("taskset", "-c", str(cpu))))
        for phase, run in (("cold", 2 * rep), ("warm", 2 * rep + 1)):
            jobs = M.order_mails(args.games, args.mails, 100 + run, args.seed)
            halves = [_half(jobs, args.games, parity) for parity in (0, 1)]
            sent = await asyncio.gather(*(w.burst(s.port, h, None) for w, s, h in zip(worlds, servers, halves)))
            replies = await asyncio.gather(*(w.wait({j[2] for j in h}, 120 + 0.2 * len(h))
                                             for w, h in zip(worlds, halves)))
            out[phase] = M.burst_rate(sent[0] + sent[1], replies[0] + replies[1])["rate_per_s"]
    finally:
        for server in servers:
            server.stop()
        for root in roots:
            shutil.rmtree(root, ignore_errors=True)
    return out


def _rates(run: dict) -> dict[str, float]:
    """A run of mail.one_server_run as {"cold": mails/s, "warm": mails/s}."""
    return {phase: run[phase]["rate_per_s"] for phase in ("cold", "warm")}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--mails", type=int, default=1000, help="order mails per burst, both daemons together")
    ap.add_argument("--threads", type=int, default=8, help="SMTP client connections in all (half to each daemon)")
    ap.add_argument("--seed", type=int, default=1901)
    args = ap.parse_args()
    if (os.cpu_count() or 1) < 2 or shutil.which("taskset") is None:
        sys.exit("two_daemons.py needs two CPUs and taskset (util-linux)")
    base = Path(tempfile.mkdtemp(prefix="judge-two-daemons-"))
    template = base / "template"
    template.mkdir()
    M.ServerProcess("setup", M.REPO, template, str(args.games)).result()
    one_world = M.World(args.threads)
    two_worlds = [M.World(args.threads // 2), M.World(args.threads // 2)]
    print(f"two daemons (one CPU each, half the games' mail each) against one and the bare limit: {args.games} "
          f"games, bursts of {args.mails} order mails, {args.rounds} rounds; {M.load_average()}")
    try:
        for rep in range(args.rounds):
            # (one daemon and the bare limit exactly as mail.py's side-by-side rounds run them)
            bare = _rates(M.one_server_run("bare", "bare", M.REPO, None, base, one_world, args, rep))
            one = _rates(M.one_server_run("judge", "one", M.REPO, template, base, one_world, args, rep))
            two = asyncio.run(_two(base, template, two_worlds, args, rep))
            print(f"  round {rep + 1}: warm mails/s: bare {bare['warm']:.0f}; one daemon {one['warm']:.0f} = "
                  f"{one['warm'] / bare['warm']:.2f} of the bare limit; two daemons {two['warm']:.0f} = "
                  f"{two['warm'] / bare['warm']:.2f} ({two['warm'] / one['warm']:.2f}x one); cold: one "
                  f"{one['cold']:.0f}, two {two['cold']:.0f}; {M.load_average()}", flush=True)
    finally:
        for world in [one_world, *two_worlds]:
            world.close()
        shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
