"""One message about no game (HELP) handed to two processes of the judge at the same moment (an MTA delivering it
again while the first delivery is still being handled) is answered exactly once: two `judge deliver`s, or a
`judge deliver` beside `judge serve`, each started many times over with the message given to both at once."""
import os
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from pathlib import Path

from tests.serving import start_serve
from tests.test_answered_once import message
from tests.test_pipe import ROOT, delivered, write_config
from tests.test_rate_on_disk import port_of, send

SENDER = "asker@example.org"
AHEAD = 2                                       # pairs of `judge deliver` started ahead of their round


def waiting_deliver(cfg: Path, **env: str) -> subprocess.Popen:
    """A `judge deliver` started, its message not yet given."""
    return subprocess.Popen([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "deliver"],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=cfg.parent,
                            env={**os.environ, **env})


def finished(proc: subprocess.Popen) -> tuple[int, bytes]:
    """The process's exit status and what it said on stderr, once it is done."""
    with proc:
        err = proc.stderr.read()
        return proc.wait(timeout=120), err


def reading_stdin(proc: subprocess.Popen, wait: float = 30) -> None:
    """Until the process has started and waits for its message (its import and set-up done)."""
    end = time.monotonic() + wait
    while time.monotonic() < end:
        try:
            if "pipe" in Path(f"/proc/{proc.pid}/wchan").read_text():
                return
        except OSError:
            time.sleep(0.5)                     # (no /proc: half a second is set-up enough)
            return
        time.sleep(0.005)


def replies(tmp: Path, message_id: str) -> int:
    return sum(f"In-Reply-To: <{message_id}>\n" in m for m in delivered(tmp))


def test_two_judge_delivers_given_one_message_at_once_answer_it_once(tmp_path):
    cfg = write_config(tmp_path, rate_per_hour="0")
    rounds = 30
    # The pairs of the next rounds start while a round runs (their start-up is most of their time): a process
    # waiting for its message takes no part in the round before.
    pairs = deque([waiting_deliver(cfg) for _ in range(2)] for _ in range(AHEAD))
    try:
        for round_ in range(rounds):
            procs = pairs.popleft()
            if round_ + AHEAD < rounds:
                pairs.append([waiting_deliver(cfg) for _ in range(2)])
            mid = f"race-{round_}@example.org"
            raw = message(SENDER, "HELP", mid)
            for p in procs:
                reading_stdin(p)
            for p in procs:
                p.stdin.write(raw)
            for p in procs:
                p.stdin.close()                 # both read it now
            ends = [finished(p) for p in procs]
            assert [status for status, _ in ends] == [0, 0], ends
            assert replies(tmp_path, mid) == 1, (round_, ends)
    finally:
        for p in (p for pair in pairs for p in pair):
            p.kill()
            finished(p)
    assert len(delivered(tmp_path)) == rounds


def test_serve_and_a_judge_deliver_given_one_message_at_once_answer_it_once(tmp_path):
    cfg = write_config(tmp_path, rate_per_hour="0")
    serve = start_serve(tmp_path, cfg)
    try:
        port = port_of(tmp_path)
        for round_ in range(10):
            mid = f"both-{round_}@example.org"
            raw = message(SENDER, "HELP", mid)
            piped = waiting_deliver(cfg)
            reading_stdin(piped)
            smtp = threading.Thread(target=send, args=(port, SENDER, raw))
            smtp.start()
            time.sleep(0.002 * (round_ % 5))    # (the daemon's 250 comes before its answer: give it a head start)
            piped.stdin.write(raw)
            piped.stdin.close()
            smtp.join(timeout=60)
            status, err = finished(piped)
            assert status == 0, err
            end = time.monotonic() + 30
            while not replies(tmp_path, mid) and time.monotonic() < end:
                time.sleep(0.05)
            time.sleep(0.3)                     # (a second answer, were there one, would be out by now)
            assert replies(tmp_path, mid) == 1, round_
    finally:
        serve.send_signal(signal.SIGTERM)
        assert serve.wait(timeout=60) == 0


def test_a_judge_deliver_killed_after_claiming_the_answer_leaves_it_to_the_next(tmp_path):
    """Killed between claiming the answer and writing it (SIGKILL, as a power cut would): the MTA delivers the
    message again, and that delivery answers it, once."""
    cfg = write_config(tmp_path)
    trace = tmp_path / "steps"

    def run(mid: str, **env: str) -> int:
        proc = waiting_deliver(cfg, **env)
        proc.stdin.write(message(SENDER, "HELP", mid))
        proc.stdin.close()
        return finished(proc)[0]
    assert run("traced@example.org", JUDGE_TEST_CHECKPOINTS=str(trace)) == 0
    [step] = [line.split()[0] for line in trace.read_text().splitlines() if " claimed " in line]
    assert run("killed@example.org", JUDGE_TEST_KILL_AT=step) == -signal.SIGKILL
    assert replies(tmp_path, "killed@example.org") == 0
    assert [run("killed@example.org") for _ in range(2)] == [0, 0]         # delivered again, and once more
    assert replies(tmp_path, "killed@example.org") == 1
