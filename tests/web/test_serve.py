"""`judge serve` as a process: the pages are served beside SMTP, the ready file names their port, and SIGTERM stops
the whole judge (the web server takes no signal of its own)."""
from __future__ import annotations

import http.client
import signal
import subprocess
import sys
import time
from pathlib import Path

from judge import config

ROOT = Path(__file__).resolve().parents[2]


def test_judge_serve_serves_the_pages_and_stops_on_sigterm(tmp_path):
    cfg = tmp_path / "config.ini"
    cfg.write_text(config.render_ini())
    ready = tmp_path / "ready"
    log = open(tmp_path / "serve.log", "wb")
    proc = subprocess.Popen([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "serve", "--port", "0",
                             "--web-port", "0", "--ready-file", str(ready)], cwd=tmp_path, stdout=log, stderr=log)
    try:
        end = time.monotonic() + 60
        while not ready.exists() or len(ready.read_text().splitlines()) < 2:
            assert proc.poll() is None, (tmp_path / "serve.log").read_text()
            assert time.monotonic() < end, "judge serve did not start"
            time.sleep(0.05)
        first, web = ready.read_text().splitlines()
        assert len(first.split()) == 2 and web.split()[:2] == ["web", "127.0.0.1"]
        conn = http.client.HTTPConnection("127.0.0.1", int(web.split()[2]), timeout=30)
        conn.request("GET", "/")
        r = conn.getresponse()
        assert r.status == 200 and b"Games" in r.read()
        conn.close()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        log.close()
