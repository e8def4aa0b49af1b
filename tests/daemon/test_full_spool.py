"""`judge serve` whose spool's disk fills: a real process, the inbox on a 384 KB tmpfs."""
import signal
import smtplib
import time

import pytest

from tests.daemon.test_kills import serve
from tests.disks import small_disk
from tests.e2e.conftest import compose
from tests.test_pipe import delivered, write_config


def test_a_message_the_spool_cannot_hold_is_refused_for_now_and_leaves_nothing(tmp_path):
    """A 500 KB message (for no game: the spool takes it) on a 384 KB disk: answered 451 (the sender tries again),
    and the part written is gone at once, so the next, smaller message is taken and answered. Before, the part
    stayed in inbox/tmp/ until the next restart, holding the disk full (a 504 KB message left 307,200 bytes)."""
    cfg = write_config(tmp_path)
    with small_disk(tmp_path / "inbox", "384k") as inbox:
        proc, port = serve(tmp_path, cfg)
        try:
            assert port, (tmp_path / "serve.log").read_text()
            big = compose("a@example.org", "HELP\r\n" + ("x" * 70 + "\r\n") * 7000, subject="big")
            assert len(big) > 480_000
            with smtplib.SMTP("127.0.0.1", port, timeout=30) as s:
                with pytest.raises(smtplib.SMTPDataError) as refused:
                    s.sendmail("a@example.org", ["judge@localhost"], big)
            assert refused.value.smtp_code == 451
            assert list((inbox / "tmp").iterdir()) == []
            with smtplib.SMTP("127.0.0.1", port, timeout=30) as s:
                s.sendmail("b@example.org", ["judge@localhost"], compose("b@example.org", "HELP", subject="small"))
            end = time.monotonic() + 30
            while not any("To: b@example.org" in m for m in delivered(tmp_path)):
                assert time.monotonic() < end, (tmp_path / "serve.log").read_text()[-3000:]
                time.sleep(0.05)
        finally:
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(timeout=30) == 0
