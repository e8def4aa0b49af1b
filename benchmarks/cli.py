#!/usr/bin/env python3
"""What a judge command costs to start, as the MTA and cron run it: each a process of its own, side by side with the
interpreter doing nothing (the bare limit) and with other checkouts, in one run.

    python benchmarks/cli.py                              # this checkout
    python benchmarks/cli.py --against /tmp/prev          # and another checkout, in turns (its own .venv if it has one)
    python benchmarks/cli.py --games 20 --rounds 15

Timed, each in a fresh process, the checkouts and commands in turns each round (`--rounds`):
  python -c pass                  the interpreter's own start-up (the bare limit)
  judge adjudicate --batch        with no input: the JSON interface's start-up (benchmarks/replay.py pays it once)
  judge deliver                   one HELP mail piped in, as an MTA runs it, answered into the Maildir
  judge process                   cron's run with no game given, on a folder of `--games` active games whose
                                  deadlines are days away and an empty outbox: what almost every minute costs
Figures are CPU (user + system of the child) and wall time, medians; and each command's CPU over the bare limit's.
A checkout whose command fails (an older judge without cron's `judge process`) shows "n/a". Each checkout's package
is byte-compiled first, as an install leaves it: a checkout run with PYTHONDONTWRITEBYTECODE set and never compiled
would pay for compiling every module at every start (two thirds of `judge deliver`'s time).
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
POWERS = "AEFGIRT"


def python_of(checkout: Path) -> str:
    own = checkout / ".venv" / "bin" / "python"
    return str(own) if own.exists() else sys.executable


def mail(sender: str, body: str, subject: str = "x") -> bytes:
    return f"From: {sender}\nTo: judge@localhost\nSubject: {subject}\n\n{body}\n".encode()


def compile_checkout(checkout: Path) -> None:
    subprocess.run([python_of(checkout), "-m", "compileall", "-q", str(checkout / "judge")], check=True,
                   capture_output=True, timeout=600)


def judge_folder(checkout: Path, root: Path, games: int) -> Path:
    """A judge folder for this checkout: config.ini (no relay: mail goes to ./maildir) and `games` active games,
    made by mail through the checkout's own `judge deliver`, their start-up mail sent."""
    folder = root / checkout.name
    folder.mkdir()
    cfg = folder / "config.ini"
    cfg.write_text("[judge]\nkeeper = keeper@example.org\n")
    for g in range(games):
        name = f"bench{g}"
        pipe(checkout, cfg, mail("gm@example.org", f"CREATE {name} gm-pass"))
        for letter in POWERS:
            pipe(checkout, cfg, mail(f"{letter.lower()}{g}@example.org", f"JOIN {name} pw-{letter} {letter}"))
    return cfg


def pipe(checkout: Path, cfg: Path, raw: bytes) -> None:
    p = subprocess.run([python_of(checkout), str(checkout / "bin" / "judge"), "--config", str(cfg), "deliver",
                        "--sender", raw.split(b"\n")[0][6:].decode()], input=raw, capture_output=True,
                       cwd=cfg.parent, timeout=120)
    if p.returncode != 0:
        raise SystemExit(f"{checkout}: judge deliver failed: {p.stderr.decode()[-500:]}")


def commands(checkout: Path, cfg: Path) -> dict[str, tuple[list[str], bytes]]:
    py, judge = python_of(checkout), str(checkout / "bin" / "judge")
    return {
        "python -c pass (bare)": ([py, "-c", "pass"], b""),
        "judge adjudicate --batch": ([py, judge, "adjudicate", "--batch"], b""),
        "judge deliver (HELP)": ([py, judge, "--config", str(cfg), "deliver", "--sender", "new@example.org"],
                                 mail("new@example.org", "HELP")),
        "judge process (cron)": ([py, judge, "--config", str(cfg), "process"], b""),
    }


def run_once(cmd: list[str], stdin: bytes, cwd: Path) -> tuple[float, float] | None:
    """(CPU seconds, wall seconds) of one run, None if it failed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    p = subprocess.run(cmd, input=stdin, capture_output=True, cwd=cwd, timeout=120)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0 or p.stdout.strip():
        return None            # (cron's run says nothing when nothing was due: output means it did something)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--against", action="append", default=[], metavar="CHECKOUT", help="another checkout, in turns")
    ap.add_argument("--games", type=int, default=10, help="active games in each judge folder (default 10)")
    ap.add_argument("--rounds", type=int, default=11, help="runs of each command per checkout (default 11)")
    args = ap.parse_args(argv)
    checkouts = [REPO] + [Path(c).resolve() for c in args.against]
    print(f"Python {platform.python_version()}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; "
          f"{args.games} active games per judge folder, {args.rounds} rounds")
    for c in checkouts:
        compile_checkout(c)
    with tempfile.TemporaryDirectory(prefix="judge-cli-bench-") as tmp:
        root = Path(tmp)
        for i, c in enumerate(checkouts):                       # (distinct folder names for equal basenames)
            (root / f"{i}").mkdir()
        cfgs = {c: judge_folder(c, root / f"{i}", args.games) for i, c in enumerate(checkouts)}
        cmds = {c: commands(c, cfgs[c]) for c in checkouts}
        got: dict[tuple[Path, str], list] = {}
        rng = random.Random(1)
        for _ in range(args.rounds):
            order = [(c, name) for c in checkouts for name in cmds[c]]
            rng.shuffle(order)
            for c, name in order:
                cmd, stdin = cmds[c][name]
                got.setdefault((c, name), []).append(run_once(cmd, stdin, cfgs[c].parent))
    print(f"\n{'checkout':<24}{'command':<28}{'CPU ms':>9}{'wall ms':>9}{'CPU / bare':>12}")
    medians: dict[tuple[Path, str], float | None] = {}
    for c in checkouts:
        for name in cmds[c]:
            runs = got[(c, name)]
            ok = [r for r in runs if r is not None]
            if len(ok) < len(runs):
                medians[(c, name)] = None
                print(f"{str(c)[-24:]:<24}{name:<28}{'n/a':>9}   ({len(runs) - len(ok)} of {len(runs)} runs failed)")
                continue
            cpu = statistics.median(r[0] for r in ok)
            medians[(c, name)] = cpu
            bare = medians.get((c, "python -c pass (bare)")) or cpu
            print(f"{str(c)[-24:]:<24}{name:<28}{cpu * 1e3:>9.1f}{statistics.median(r[1] for r in ok) * 1e3:>9.1f}"
                  f"{cpu / bare:>12.2f}")
    for other in checkouts[1:]:
        print(f"\nthis checkout against {other} (CPU, ratio of medians; below 1: this one is cheaper):")
        for name in cmds[REPO]:
            a, b = medians.get((REPO, name)), medians.get((other, name))
            print(f"  {name:<28}" + (f"{a / b:.2f}x" if a and b else "n/a"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
