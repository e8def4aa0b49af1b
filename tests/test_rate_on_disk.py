"""[smtp] rate_per_hour holds whatever the processes: a flood from one sender gets the limit's worth of messages
through in an hour, and no more, when `judge serve` is killed and started again in the middle of it, when each
message is a `judge deliver` process of its own, and when both take the same sender's mail side by side."""
import signal
import smtplib
import threading
import time
from pathlib import Path

from tests.serving import start_serve
from tests.test_answered_once import message
from tests.test_pipe import deliver, delivered, write_config

LIMIT = 5
JUDGE = "judge@localhost"


def port_of(tmp: Path) -> int:
    return int((tmp / "ready").read_text().split()[1])


def send(port: int, sender: str, raw: bytes) -> int:
    """The SMTP answer to the message's DATA: 250, or the refusal's code."""
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
        try:
            smtp.sendmail(sender, [JUDGE], raw)
        except smtplib.SMTPDataError as exc:
            return exc.smtp_code
    return 250


def replies_to(tmp: Path, address: str, at_least: int = 0, wait: float = 60) -> int:
    """The messages of `address` the judge answered (replies in the Maildir, told apart by the Message-ID they
    answer), once there are `at_least` of them (or `wait` is up). A message whose reply was made just as the judge
    was killed, before it was marked answered, is answered again after the restart (twice rather than never,
    judge.mail.loops.Answered): the limit is on the messages taken in, not on copies of one reply."""
    end = time.monotonic() + wait
    while True:
        got = len({m.split("In-Reply-To: ", 1)[1].split("\n", 1)[0] for m in delivered(tmp)
                   if f"To: {address}\n" in m and "In-Reply-To: " in m})
        if got >= at_least or time.monotonic() > end:
            return got
        time.sleep(0.1)


def stop(proc) -> None:
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=60) == 0


def test_a_flood_keeps_its_count_when_serve_is_killed_mid_flood_and_restarted(tmp_path):
    cfg = write_config(tmp_path, rate_per_hour=str(LIMIT))
    proc = start_serve(tmp_path, cfg)
    flooder = "flood@example.org"
    codes: list[int] = []
    halt = threading.Event()

    def flood() -> None:
        """One message after another, as fast as the judge takes them, on through the judge's death."""
        n = 0
        while not halt.is_set():
            n += 1
            try:
                codes.append(send(port_of(tmp_path), flooder, message(flooder, "HELP", f"flood-{n}@example.org")))
            except (OSError, smtplib.SMTPException, ValueError, IndexError):
                time.sleep(0.02)                     # the judge is down (or its ready file not yet written)
    thread = threading.Thread(target=flood, daemon=True)
    thread.start()
    try:
        end = time.monotonic() + 60
        while codes.count(250) < 2:
            assert time.monotonic() < end, codes
            time.sleep(0.01)
        proc.kill()                                  # SIGKILL in the middle of the flood
        proc.wait(timeout=30)
        killed_at = len(codes)
        proc = start_serve(tmp_path, cfg)
        while codes[killed_at:].count(451) < 3:
            assert time.monotonic() < end, codes
            time.sleep(0.01)
        halt.set()
        thread.join(timeout=60)
        stop(proc)                                   # and a clean restart
        proc = start_serve(tmp_path, cfg)
        port = port_of(tmp_path)
        assert [send(port, flooder, message(flooder, "HELP", f"late-{n}@example.org")) for n in range(3)] == [451] * 3
        assert send(port, "other@example.org", message("other@example.org", "HELP", "other@example.org")) == 250
        # One message may have been counted as the judge died, before its 250 came: the limit, or one less, got
        # through; and the judge answered no more than the limit (what it counted is all it ever took in).
        assert codes.count(250) in (LIMIT - 1, LIMIT), codes
        assert set(codes) == {250, 451}, codes
        assert codes.count(250) <= replies_to(tmp_path, flooder, codes.count(250)) <= LIMIT
        assert replies_to(tmp_path, "other@example.org", 1) == 1
    finally:
        halt.set()
        if proc.poll() is None:
            stop(proc)


def test_each_judge_deliver_process_counts_against_the_same_limit(tmp_path):
    cfg = write_config(tmp_path, rate_per_hour=str(LIMIT))
    runs = [deliver(cfg, message("loop@example.org", "HELP", f"loop-{n}@example.org"), "loop@example.org")
            for n in range(LIMIT + 2)]
    assert [p.returncode for p in runs] == [0] * LIMIT + [75, 75]          # 75: the MTA keeps it, tries later
    assert b"too many messages from this sender" in runs[-1].stderr
    assert b"loop@example.org" not in runs[-1].stderr
    assert replies_to(tmp_path, "loop@example.org", wait=0) == LIMIT
    # Without --sender, the Return-Path line an MTA adds, else From, is the envelope sender counted.
    plain = [deliver(cfg, message("From@Example.org", "HELP", f"plain-{n}@example.org")).returncode
             for n in range(LIMIT + 1)]
    assert plain == [0] * LIMIT + [75]
    assert deliver(cfg, b"Return-Path: <from@example.org>\n" + message("from@example.org", "HELP", "rp@example.org")
                   ).returncode == 75
    assert deliver(cfg, message("new@example.org", "HELP", "new-1@example.org"), "new@example.org").returncode == 0


def test_serve_and_deliver_beside_it_share_one_count(tmp_path):
    cfg = write_config(tmp_path, rate_per_hour=str(LIMIT))
    both = "both@example.org"
    piped = [deliver(cfg, message(both, "HELP", f"piped-{n}@example.org"), both).returncode for n in range(2)]
    proc = start_serve(tmp_path, cfg)
    try:
        port = port_of(tmp_path)
        smtp = [send(port, both, message(both, "HELP", f"smtp-{n}@example.org")) for n in range(LIMIT - 1)]
        again = deliver(cfg, message(both, "HELP", "piped-late@example.org"), both).returncode
        assert (piped, smtp, again) == ([0, 0], [250, 250, 250, 451], 75)
        assert replies_to(tmp_path, both, LIMIT) == LIMIT
    finally:
        stop(proc)
