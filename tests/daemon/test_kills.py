"""`judge serve` killed (SIGKILL, a real process) at random durable steps while it takes in mail, processes a phase
and sends results, in relay mode and in Maildir mode; then started again, with the unanswered mail sent again as
an MTA would. Each time: every message applied exactly once, no archive file twice, no temp file left, and every
message answered at least once."""
import asyncio
import contextlib
import email
import email.policy
import os
import random
import shutil
import signal
import smtplib
import subprocess
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from judge import config
from judge.service import Judge
from tests.daemon.conftest import Relay
from tests.e2e.conftest import READ, compose

ROOT = Path(__file__).resolve().parents[2]
KILLS_PER_MODE = 14
SEED = 20261124
LETTERS = "AEFGIRT"

# The mail of one run, sent in this order (each waits for the 250 of the one before).
SCRIPT = [
    ("f@example.org", "SIGNON Fkills pw-F\nA PAR - BUR\nPRESS TO G\nBurgundy is mine.\nENDPRESS"),
    ("g@example.org", "SIGNON Gkills pw-G\nA MUN - RUH\nBROADCAST\nPeace in our time.\nENDBROADCAST"),
    ("x@example.org", "SIGNON Fkills wrong-guess"),                                    # refused, answered
    ("gm@example.org", "SIGNON Mkills gm-pass\nPROCESS!"),                              # one phase, once
    ("f@example.org", "SIGNON Fkills pw-F\nA BUR - BEL"),                              # an order of F1901M
]


def template(root: Path) -> Path:
    """games/ with game 'kills' started, made once per module through the judge itself."""
    folder = root / "template"
    if not folder.exists():
        values = {"judge_games_dir": folder / "games", "judge_outbox_dir": folder / "outbox"}
        judge = Judge(config.load(None).with_values(**values))
        judge.deliver(compose("gm@example.org", "CREATE kills gm-pass"))
        for letter in LETTERS:
            judge.deliver(compose(f"{letter.lower()}@example.org", f"JOIN kills pw-{letter} {letter}"))
        assert judge.store.load("kills").status == "active"
    return folder / "games"


def write_config(run: Path, relay_port: int | None) -> Path:
    # No web pages here (they are tested in tests/web/): every one of the many starts would import aiohttp for nothing.
    text = config.render_ini().replace("rate_per_hour = 120", "rate_per_hour = 0").replace("port = 8080", "port = 0")
    if relay_port:
        text = text.replace("[relay]\n# SMTP relay for outgoing mail (empty: deliver to the local maildir instead).\n"
                            "host =", "[relay]\n# relay\nhost = 127.0.0.1").replace("port = 25", f"port = {relay_port}")
    path = run / "config.ini"
    path.write_text(text)
    return path


def serve(run: Path, cfg: Path, kill_at: int = 0, trace: Path | None = None) -> tuple[subprocess.Popen, int]:
    env = dict(os.environ)
    env.pop("JUDGE_TEST_KILL_AT", None)
    if kill_at:
        env["JUDGE_TEST_KILL_AT"] = str(kill_at)
    if trace:
        env["JUDGE_TEST_CHECKPOINTS"] = str(trace)
    ready = run / "ready"
    ready.unlink(missing_ok=True)
    with open(run / "serve.log", "ab") as log:
        proc = subprocess.Popen([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "serve",
                                 "--port", "0", "--web-port", "0", "--ready-file", str(ready)], cwd=run, stdout=log,
                                stderr=log,
                                env=env)
    end = time.monotonic() + 30
    while not ready.exists() or not ready.read_text().strip():
        if proc.poll() is not None:
            return proc, 0                      # killed before it was listening
        assert time.monotonic() < end, "judge serve did not start"
        time.sleep(0.02)
    return proc, int(ready.read_text().split()[1])


def message(n: int, sender: str, body: str) -> bytes:
    return (f"From: {sender}\r\nTo: judge@localhost\r\nSubject: step {n}\r\nMessage-ID: <step{n}@kills.test>\r\n\r\n"
            + body.replace("\n", "\r\n") + "\r\n").encode()


def send_all(port: int, pending: list[int], problems: list[str] | None = None) -> list[int]:
    """Send the script's messages still pending, in order; returns those not accepted (no 250 seen), and adds why
    to `problems`."""
    for i, n in enumerate(pending):
        sender, body = SCRIPT[n]
        try:
            with smtplib.SMTP("127.0.0.1", port, timeout=10) as s:
                s.sendmail(sender, ["judge@localhost"], message(n, sender, body))
        except (OSError, smtplib.SMTPException) as exc:
            if problems is not None:
                problems.append(f"message {n}: {exc!r}")
            return pending[i:]
    return []


def resend(run: Path, port: int, pending: list[int], tries: int = 4) -> None:
    """What never got its 250 sent to the restarted judge, tried again as an MTA would when the judge is slow to
    answer (a loaded machine: a 10 s timeout): every message must be taken in the end."""
    problems: list[str] = []
    for _ in range(tries):
        pending = send_all(port, pending, problems)
        if not pending:
            return
        time.sleep(1)
    raise AssertionError(f"not taken after a restart: {pending}; {problems}; {(run / 'serve.log').read_text()}")


def quiet(run: Path, proc: subprocess.Popen, timeout: float = 30) -> None:
    """Until the spool and the outbox are empty, or the process is dead (killed on the way)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end and proc.poll() is None:
        spool = [p for d in ("new", "cur") for p in (run / "inbox" / d).iterdir()] if (run / "inbox").exists() else []
        outbox = list((run / "outbox").glob("*.eml")) if (run / "outbox").exists() else []
        if not spool and not outbox:
            return
        time.sleep(0.05)
    if proc.poll() is None:
        raise AssertionError("the judge did not get through its mail")


def delivered(run: Path, mode: str, relay: Relay | None) -> list[email.message.EmailMessage]:
    if mode == "relay":
        return [m for _, _, m in relay.messages]
    folder = run / "maildir" / "new"
    return [email.message_from_bytes(p.read_bytes(), policy=READ) for p in folder.iterdir()]


def leftovers(run: Path) -> list[str]:
    """Temp files and unfinished commits anywhere the judge writes."""
    found = []
    for p in run.rglob("*"):
        if p.name.endswith(".tmp") or p.parent.name == ".pending" or (p.parent.name == "tmp" and p.is_file()):
            found.append(str(p.relative_to(run)))
    return found


def one_run(base: Path, mode: str, kill_at: int, relay: Relay | None) -> str:
    run = base / f"{mode}-{kill_at}"
    shutil.copytree(template(base), run / "games")
    cfg = write_config(run, relay.port if relay else None)
    if relay:
        relay.messages.clear()
    proc, port = serve(run, cfg, kill_at)
    pending = list(range(len(SCRIPT)))
    if port:
        pending = send_all(port, pending)
        if pending:
            # No 250: the judge was killed on its way. A message for a game is applied before its 250 and never
            # waits in the spool, so the process may still be dying when its connection is already gone.
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=10)
        quiet(run, proc)
    killed = proc.poll() is not None
    if not killed:
        proc.send_signal(signal.SIGTERM)         # the kill point lay beyond this run's steps
        proc.wait(timeout=20)
    else:
        assert proc.returncode == -signal.SIGKILL, (run / "serve.log").read_text()
    proc, port = serve(run, cfg)                 # the restart
    try:
        assert port, (run / "serve.log").read_text()
        resend(run, port, pending)               # what never got its 250 is sent again, as an MTA would
        quiet(run, proc)
        time.sleep(0.2)
        check(run, mode, relay)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)
    assert leftovers(run) == [], (kill_at, leftovers(run))
    return "killed" if killed else "not reached"


def check(run: Path, mode: str, relay: Relay | None) -> None:
    game = Judge(config.load(run / "config.ini")).store.load("kills")
    # Exactly once: one phase processed, each order set as sent, each press archived once.
    assert game.history == ["S1901M"] and str(game.position.phase) == "F1901M"
    assert game.position.units["BUR"].power == "FRANCE" and game.position.units["RUH"].power == "GERMANY"
    assert game.player("FRANCE").orders == ["A BUR - BEL"]
    games = run / "games" / "kills"
    # the results and the phase's picture (kept for the web pages, in the same commit): each once; the start's mail
    assert [p.name for p in sorted((games / "results").iterdir())] == ["0001-S1901M.png", "0001-S1901M.svg",
                                                                      "0001-S1901M.txt", "start.txt"]
    assert [p.name for p in sorted((games / "snapshots").iterdir())] == ["0001-S1901M.json"]
    press = sorted(p.read_text() for p in (games / "press").iterdir())
    assert len(press) == 2 and any("Burgundy is mine." in t for t in press) and \
        any("Peace in our time." in t for t in press)
    # At least once: every message answered, the results reach all eight.
    mails = delivered(run, mode, relay)
    answered = {str(m["In-Reply-To"]) for m in mails if m["In-Reply-To"]}
    assert {f"<step{n}@kills.test>" for n in range(len(SCRIPT))} <= answered, answered
    results = {str(m["To"]) for m in mails if "results kills S1901M" in str(m["Subject"])}
    assert results == {f"{c.lower()}@example.org" for c in LETTERS} | {"gm@example.org"}
    assert all("," not in str(m["To"]) for m in mails)
    if mode == "maildir":
        # Into the Maildir, once: a kill after a message reached new/ but before it left the outbox does not
        # deliver it again (the same Message-ID twice); a relay may get it twice (a lost 250).
        seen = Counter(str(m["Message-ID"]) for m in mails)
        assert [mid for mid, n in seen.items() if n > 1] == []


def steps(base: Path, mode: str, relay: Relay | None) -> int:
    """How many durable steps a run without a kill takes (so the kill points fall inside it)."""
    run = base / f"{mode}-count"
    shutil.copytree(template(base), run / "games")
    cfg = write_config(run, relay.port if relay else None)
    trace = run / "steps.txt"
    proc, port = serve(run, cfg, trace=trace)
    try:
        assert send_all(port, list(range(len(SCRIPT)))) == []
        quiet(run, proc)
        time.sleep(0.2)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)
    check(run, mode, relay)
    return len(trace.read_text().splitlines())


def test_kills_at_random_steps_in_relay_and_maildir_mode(tmp_path):
    loop = asyncio.new_event_loop()
    relay = Relay()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(relay.start(), loop).result(10)
    try:
        template(tmp_path)

        def mode_runs(mode: str) -> list[str]:
            r = relay if mode == "relay" else None
            total = steps(tmp_path, mode, r)
            assert total > 40, total
            rng = random.Random(f"{SEED}-{mode}")
            points = sorted(rng.sample(range(1, total + 1), KILLS_PER_MODE))
            return [one_run(tmp_path, mode, k, r) for k in points]
        # The two modes side by side (only the relay mode uses the relay); each mode's runs one after the other.
        with ThreadPoolExecutor(2) as pool:
            outcomes = list(pool.map(mode_runs, ["relay", "maildir"]))
        for mode, out in zip(["relay", "maildir"], outcomes):
            assert out.count("killed") >= 12, (mode, out)      # a point or two may lie past a shorter run
    finally:
        asyncio.run_coroutine_threadsafe(relay.stop(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()


@pytest.mark.parametrize("label", ["written COMMIT", "in place status.json", "manifest removed"])
def test_a_kill_at_each_step_of_a_commit(tmp_path, label):
    """The commit's own steps, each killed once (maildir mode): found by name in a counted run, not by chance."""
    template(tmp_path)
    total_trace = tmp_path / "trace.txt"
    run = tmp_path / "count"
    shutil.copytree(template(tmp_path), run / "games")
    cfg = write_config(run, None)
    proc, port = serve(run, cfg, trace=total_trace)
    try:
        assert send_all(port, list(range(len(SCRIPT)))) == []
        quiet(run, proc)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)
    points = [int(line.split()[0]) for line in total_trace.read_text().splitlines() if label in line]
    assert points, label
    assert one_run(tmp_path, "maildir", points[0], None) == "killed"       # early: every run gets that far


def serve_through(run: Path, cfg: Path, messages: list[int], trace: Path | None = None) -> None:
    """A judge started, the script's `messages` sent (each answered), its work done, and the judge stopped."""
    proc, port = serve(run, cfg, trace=trace)
    try:
        assert send_all(port, messages) == []
        quiet(run, proc)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)


def test_a_kill_while_a_message_is_applied_sends_it_through_the_spool_next_time(tmp_path):
    """A message for a game is applied before its 250, with no spool file; killed mid-way (at its first staged
    file), the judge counts the interruption at its next start (inbox/applying.log), takes the message sent again
    through the spool with that count, and applies it exactly once."""
    run = tmp_path / "run"
    shutil.copytree(template(tmp_path), run / "games")
    cfg = write_config(run, None)
    trace = run / "trace.txt"
    serve_through(run, cfg, [0], trace)               # counted: where the first message's first file is staged
    point = next(int(line.split()[0]) for line in trace.read_text().splitlines() if "staged" in line)
    shutil.rmtree(run)
    shutil.copytree(template(tmp_path), run / "games")
    cfg = write_config(run, None)
    proc, port = serve(run, cfg, kill_at=point)
    assert port and send_all(port, [0]) == [0]         # no 250: killed while applying it
    proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL
    assert not [p for d in ("new", "cur") for p in (run / "inbox" / d).iterdir()]   # it never was in the spool
    serve_through(run, cfg, [0])
    assert "cut short 1 time(s) while it was applied: it goes through the spool" in (run / "serve.log").read_text()
    game = Judge(config.load(run / "config.ini")).store.load("kills")
    assert game.player("FRANCE").orders == ["A PAR - BUR"]
    assert len(list((run / "games" / "kills" / "press").iterdir())) == 1          # its press archived once
    assert leftovers(run) == []
