"""The keeper is told that the disk was full, once it can be: a notice that could not be written (the disk full, here
a file-size limit on the judge's process, as `ulimit -f` sets it) is not counted as told, and is written and sent
once there is room again; a message that could not be put in the spool (answered 451) is told too."""
import asyncio
import json
import resource
import smtplib
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.daemon.conftest import Relay
from tests.e2e.conftest import compose
from tests.test_pipe import judge_run, relay_config, started_days_ago

ROOT = Path(__file__).resolve().parent.parent
KEEPER = "keeper@example.org"
SMALL = 600           # bytes a file may grow to: a message to the spool or a short record fits, a notice does not


def small_files() -> None:
    """In the child, before the judge starts: files larger than SMALL cannot be written (EFBIG, as ENOSPC would)."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (SMALL, resource.RLIM_INFINITY))


def told(tmp: Path) -> dict:
    path = tmp / "games" / ".keeper-told.json"
    return json.loads(path.read_text()) if path.exists() else {}


def test_the_pipe_does_not_count_a_notice_it_could_not_write_as_told(tmp_path):
    asyncio.run(_pipe_full(tmp_path))


async def _pipe_full(tmp):
    relay = Relay()
    await relay.start()
    try:
        cfg = relay_config(tmp, relay.port)
        started_days_ago(cfg, days=0)
        order = compose("f@example.org", "SIGNON Fcron pw-F\nA PAR - BUR")
        runs = []
        for _ in range(2):                  # the MTA tries the message again later: the disk is still full
            runs.append(await asyncio.to_thread(subprocess.run, [
                sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "deliver"], input=order,
                capture_output=True, timeout=120, cwd=tmp, preexec_fn=small_files))
            assert runs[-1].returncode == 75, runs[-1].stderr          # EX_TEMPFAIL: the MTA keeps it
            assert "deferred" not in told(tmp)
        for run in runs:                    # each run tried to tell the keeper (not "told already")
            assert "could not write a notice to the keeper" in run.stderr.decode(), run.stderr
        # Room again: the message goes through and nothing was lost.
        p = await asyncio.to_thread(judge_run, cfg, "deliver", stdin=order)
        assert p.returncode == 0, p.stderr
        assert [str(m["Subject"]) for m in relay.to("f@example.org")][-1] == "Diplomacy orders cron S1901M"
    finally:
        await relay.stop()


class Serve:
    """`judge serve` in a process of its own whose files may not grow past SMALL until `room()`; its log (stderr, a
    pipe: a log file would be limited too) read as it comes."""

    def __init__(self, tmp: Path, cfg: Path):
        self.ready = tmp / "ready"
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "serve",
                                      "--port", "0", "--web-port", "0", "--ready-file", str(self.ready)], cwd=tmp,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=small_files)
        self.log: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in self.proc.stderr:
            self.log.append(line.decode("utf-8", "replace"))

    def port(self) -> int:
        end = time.monotonic() + 30
        while not self.ready.exists() or not self.ready.read_text().strip():
            assert self.proc.poll() is None, "".join(self.log)
            assert time.monotonic() < end, "judge serve did not start"
            time.sleep(0.05)
        return int(self.ready.read_text().split()[1])

    def room(self) -> None:
        resource.prlimit(self.proc.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))

    def said(self, text: str) -> bool:
        return any(text in line for line in self.log)


def smtp_send(port: int, sender: str, body: str) -> tuple[int, str]:
    raw = (f"From: {sender}\r\nTo: judge@localhost\r\nSubject: orders\r\nMessage-ID: <{time.time_ns()}@test>\r\n\r\n"
           + body.replace("\n", "\r\n")).encode()
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as s:
        try:
            s.sendmail(sender, ["judge@localhost"], raw)
        except smtplib.SMTPDataError as exc:
            return exc.smtp_code, exc.smtp_error.decode()
    return 250, ""


def test_serve_tells_the_keeper_of_a_full_disk_once_there_is_room(tmp_path):
    asyncio.run(_serve_full(tmp_path))


async def _serve_full(tmp):
    relay = Relay()
    await relay.start()
    cfg = relay_config(tmp, relay.port)
    started_days_ago(cfg, days=0)
    serve = Serve(tmp, cfg)
    try:
        port = await asyncio.to_thread(serve.port)
        # A message too big for the spool now: answered 451, the client tries again later.
        code, text = await asyncio.to_thread(smtp_send, port, "a@example.org", "HELP\n" + "# padding\n" * 100)
        assert code == 451, (text, "".join(serve.log))
        # An order: in the spool (it fits), but the game's change does not: deferred.
        code, _ = await asyncio.to_thread(smtp_send, port, "f@example.org", "SIGNON Fcron pw-F\nA PAR - BUR")
        assert code == 250
        for _ in range(500):
            if serve.said("deferred") and serve.said("could not write a notice to the keeper"):
                break
            await asyncio.sleep(0.02)
        assert serve.said("could not spool a message") and serve.said("could not write a notice to the keeper")
        await asyncio.sleep(1.5)            # the daemon tries the notices again meanwhile: still no room
        assert relay.to(KEEPER) == [] and "deferred" not in told(tmp) and "spool" not in told(tmp)
        serve.room()
        for _ in range(2000):               # room again: both notices written and sent, each once
            if len(relay.to(KEEPER)) >= 2:
                break
            await asyncio.sleep(0.02)
        await asyncio.sleep(1.5)
        notices = {str(m["Subject"]): m.get_content() for m in relay.to(KEEPER)}
        assert len(relay.to(KEEPER)) == 2, list(notices)
        spool = next(text for subject, text in notices.items() if "turned away" in subject)
        deferred = next(text for subject, text in notices.items() if "deferred" in subject)
        assert "451" in spool and "could not be written then" in spool
        assert "could not be written then" in deferred and {"spool", "deferred"} <= set(told(tmp))
    finally:
        serve.proc.terminate()
        await asyncio.to_thread(serve.proc.wait, 60)
        serve.reader.join(10)
        serve.proc.stderr.close()
        await relay.stop()
