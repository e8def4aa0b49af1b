"""One `judge serve` per games folder: a second one refuses to start, naming the first (its pid) and the folder; a
SIGKILLed daemon's lock does not block the next start; `judge deliver` still works beside a running daemon."""
import signal
import subprocess
import sys

from tests.daemon.test_restart import ROOT, start_serve, write_config
from tests.e2e.conftest import compose


def test_second_daemon_on_one_folder_refuses_to_start(tmp_path):
    cfg = write_config(tmp_path)
    first, port = start_serve(tmp_path, cfg)
    try:
        second = subprocess.run([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "serve",
                                 "--port", "0", "--web-port", "0", "--ready-file", str(tmp_path / "ready2")],
                                cwd=tmp_path, capture_output=True, text=True, timeout=60)
        assert second.returncode != 0
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1, second.stderr
        assert f"pid {first.pid}" in lines[0] and str((tmp_path / "games").resolve()) in lines[0], lines[0]
        assert not (tmp_path / "ready2").exists()          # it never listened
        assert first.poll() is None                        # the first one is untouched
        # `judge deliver` beside the running daemon: answered as before (it does not take the daemon's lock).
        done = subprocess.run([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "deliver"],
                              input=compose("someone@example.org", "HELP"), cwd=tmp_path, capture_output=True,
                              timeout=60)
        assert done.returncode == 0, done.stderr
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
    # The killed daemon's lock file is still there, with its pid, but the kernel released the lock.
    assert (tmp_path / "games" / ".serve.lock").read_text().strip() == str(first.pid)
    third, _ = start_serve(tmp_path, cfg)
    try:
        assert (tmp_path / "games" / ".serve.lock").read_text().strip() == str(third.pid)
    finally:
        third.send_signal(signal.SIGTERM)
        assert third.wait(timeout=30) == 0
    # A clean stop leaves no pid behind.
    assert (tmp_path / "games" / ".serve.lock").read_text() == ""


def test_a_sigterm_while_it_starts_stops_it_cleanly(tmp_path):
    """A service manager (or an operator) may stop `judge serve` the moment it starts: SIGTERM as soon as the daemon
    holds its games folder, before it has said it is ready, ends it cleanly (exit 0, the lock's pid cleared), never
    by the signal's default action. Before, its handlers were set only after the ready file was written, and a
    SIGTERM in between killed it (-15; once seen in CI, right after the ready file)."""
    import time
    cfg = write_config(tmp_path)
    lock = tmp_path / "games" / ".serve.lock"
    with open(tmp_path / "serve.log", "ab") as log:
        proc = subprocess.Popen([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "serve",
                                 "--port", "0", "--web-port", "0", "--ready-file", str(tmp_path / "ready")],
                                cwd=tmp_path, stdout=log, stderr=log)
    try:
        end = time.monotonic() + 30
        while not (lock.exists() and lock.read_text().strip() == str(proc.pid)):
            assert proc.poll() is None and time.monotonic() < end, (tmp_path / "serve.log").read_text()
            time.sleep(0.001)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0, (tmp_path / "serve.log").read_text()
    finally:
        if proc.poll() is None:
            proc.kill()
    assert lock.read_text() == ""


def test_a_hang_up_stops_it_cleanly_as_sigterm_does(tmp_path):
    """SIGHUP (the terminal it was started from closed, or a log rotation's `kill -HUP`) ended `judge serve` by the
    signal's default action, as a crash: no last hand-over to the relay, its pid left in the lock. It now stops as
    on SIGTERM, and its log says which signal stopped it."""
    cfg = write_config(tmp_path)
    proc, _ = start_serve(tmp_path, cfg)
    proc.send_signal(signal.SIGHUP)
    assert proc.wait(timeout=60) == 0
    log = (tmp_path / "serve.log").read_text()
    assert "judge serve stops (SIGHUP)" in log and "judge serve stopped" in log, log
    assert (tmp_path / "games" / ".serve.lock").read_text() == ""
