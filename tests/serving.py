"""`judge serve` started as an operator starts it, in a process of its own, for the tests that stop, kill or
restart it (tests/test_relay_hangs.py, tests/test_serve_beside_pipe.py)."""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def start_serve(tmp: Path, cfg: Path) -> subprocess.Popen:
    """`judge serve` on free ports with config `cfg`, its output in tmp/serve.log; returned once it listens."""
    ready = tmp / "ready"
    ready.unlink(missing_ok=True)
    with open(tmp / "serve.log", "ab") as log:
        proc = subprocess.Popen([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "serve", "--port",
                                 "0", "--web-port", "0", "--ready-file", str(ready)], cwd=tmp, stdout=log, stderr=log)
    end = time.monotonic() + 30
    while not ready.exists() or not ready.read_text().strip():
        assert proc.poll() is None, (tmp / "serve.log").read_text()
        assert time.monotonic() < end, "judge serve did not start"
        time.sleep(0.05)
    return proc
