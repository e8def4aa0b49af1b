"""The checks of .ci/postfix (which sets up the judge user, its install and a Postfix instance of its own as README
says, then runs this as root with the checkout's .venv): mail submitted to Postfix over SMTP reaches the judge through
README's pipe line, and later through `judge serve`, and what the judge sends comes back through Postfix to a sink
that keeps every message. Each broken promise is one FAIL line; the exit status is 1 if there is any.

Not a pytest module (it needs root, a Postfix and the judge user that .ci/postfix makes): run `bash .ci/postfix`."""
from __future__ import annotations

import email
import email.policy
import json
import os
import pwd
import re
import signal
import smtplib
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from aiosmtpd.controller import Controller

SRV = Path(os.environ["JUDGE_SRV"])                 # stands for /srv/judge
CONFIG = SRV / "config.ini"
POSTFIX = os.environ["POSTFIX_DIR"]
MAILLOG = Path(os.environ["MAILLOG"])
SMTPD_PORT = int(os.environ["SMTPD_PORT"])
SERVE_PORT = int(os.environ["SERVE_PORT"])
SINK = Path(os.environ["SINK_DIR"])
JUDGE = "judge@example.org"                         # README's address
POWERS = "AEFGIRT"
GAME = "postfix"
FAILED: list[str] = []


class Fatal(Exception):
    """A check whose failure leaves nothing after it worth checking."""


def fail(what: str, fatal: bool = False) -> None:
    print(f".ci/postfix: FAIL: {what}", flush=True)
    FAILED.append(what)
    if fatal:
        raise Fatal(what)


def ok(what: str) -> None:
    print(f".ci/postfix: ok: {what}", flush=True)


class Keep:
    """The relayhost's sink: every message Postfix hands on, one JSON file each, envelope and bytes."""

    def __init__(self) -> None:
        self.count = 0

    async def handle_RCPT(self, server, session, envelope, address, options) -> str:
        if address.startswith("gone@"):                 # (a player's address that no longer works)
            return "550 5.1.1 <gone@example.net>: no such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope) -> str:
        self.count += 1
        record = {"from": envelope.mail_from, "to": envelope.rcpt_tos, "data": envelope.content.decode("utf-8",
                                                                                                        "replace")}
        tmp = SINK / f".{self.count:05d}.tmp"
        tmp.write_text(json.dumps(record))
        tmp.rename(SINK / f"{self.count:05d}.json")
        return "250 kept"


def sink() -> list[dict]:
    """Every message the sink has, oldest first, parsed (`msg`)."""
    out = []
    for path in sorted(SINK.glob("*.json")):
        record = json.loads(path.read_text())
        record["msg"] = email.message_from_string(record["data"], policy=email.policy.default)
        out.append(record)
    return out


def edit_config(section: str, key: str, value: str) -> None:
    """Set one key of config.ini in its section, in place (so the file stays the judge user's)."""
    text = CONFIG.read_text()
    start = text.index(f"\n[{section}]\n")
    end = text.find("\n[", start + 1)
    end = len(text) if end < 0 else end
    part, n = re.subn(rf"\n{key} =[^\n]*\n", f"\n{key} = {value}\n", text[start:end], count=1)
    if n != 1:
        fail(f"config.ini from `judge config` has no [{section}] {key}", fatal=True)
    with CONFIG.open("r+") as f:
        f.write(text[:start] + part + text[end:])
        f.truncate()


def compose(sender: str, body: str, subject: str) -> tuple[str, bytes]:
    mid = f"<{sender.split('@')[0]}.{time.time_ns()}@example.net>"
    raw = (f"From: {sender}\r\nTo: {JUDGE}\r\nSubject: {subject}\r\nMessage-ID: {mid}\r\nMIME-Version: 1.0\r\n"
           f"Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n")
    return mid, raw.encode()


def submit(sender: str, body: str, subject: str = "orders") -> str:
    """A player's mail to the judge's address, submitted to Postfix over SMTP from outside its mynetworks (as from
    another host); its Message-ID."""
    mid, raw = compose(sender, body, subject)
    with smtplib.SMTP("127.0.0.1", SMTPD_PORT, timeout=30, source_address=("127.0.0.2", 0)) as smtp:
        smtp.sendmail(sender, [JUDGE], raw)
    return mid


def log_size() -> int:
    return MAILLOG.stat().st_size


def log_lines(since: int) -> list[str]:
    """What Postfix logged after offset `since` of its log."""
    return MAILLOG.read_bytes()[since:].decode("utf-8", "replace").splitlines()


def unknown_name_refused() -> None:
    """README: with the judge's domain in mydestination, Postfix takes judge@ (a local user's name) from outside, and
    refuses a name it does not know."""
    _, raw = compose("a@example.net", "HELP", "help")
    try:
        with smtplib.SMTP("127.0.0.1", SMTPD_PORT, timeout=30, source_address=("127.0.0.2", 0)) as smtp:
            smtp.sendmail("a@example.net", ["dip@example.org"], raw)
    except smtplib.SMTPRecipientsRefused as exc:
        code, said = exc.recipients["dip@example.org"]
        if code == 550 and b"unknown" in said.lower():
            ok(f"a name Postfix does not know at the judge's domain is refused: {code} {said.decode()}")
            return
    fail("a mail to dip@example.org (no local user, no alias) was not refused as README says")


def queue_empty() -> bool:
    run = subprocess.run(["postqueue", "-c", POSTFIX, "-p"], capture_output=True, text=True, timeout=30, check=False)
    return "Mail queue is empty" in run.stdout


def wait(until, seconds: float, what: str):
    end = time.monotonic() + seconds
    while True:
        got = until()
        if got:
            return got
        if time.monotonic() > end:
            fail(f"{what} (waited {seconds:g} s)", fatal=True)
        time.sleep(0.2)


def settle() -> None:
    """Postfix's queue empty and the sink quiet for a second: whatever was going to arrive has."""
    wait(queue_empty, 30, "Postfix's queue never emptied")
    seen = -1
    while seen != len(sink()):
        seen = len(sink())
        time.sleep(1)
        wait(queue_empty, 30, "Postfix's queue never emptied")


def answered_once(mid: str, sender: str, secret: str, what: str, seconds: float = 30) -> None:
    """Exactly one reply to message `mid` reached the sink: from the judge's address, to the sender only, without
    the sender's password."""
    def replies() -> list[dict]:
        return [r for r in sink() if r["msg"]["In-Reply-To"] == mid]
    wait(replies, seconds, f"{what}: no reply to {sender} came back through Postfix")
    settle()
    got = replies()
    if len(got) != 1:
        fail(f"{what}: {len(got)} replies to {sender}, not one: {[str(r['msg']['Subject']) for r in got]}")
    for r in got:
        if r["from"] != JUDGE:
            fail(f"{what}: the reply's envelope sender is {r['from']!r}, not {JUDGE}")
        if "(Postfix)" not in " ".join(str(h) for h in r["msg"].get_all("Received", [])):
            fail(f"{what}: the reply did not come through Postfix (no Received line of Postfix's)")
        if r["to"] != [sender]:
            fail(f"{what}: the reply went to {r['to']}, not to {sender}")
        if JUDGE not in str(r["msg"]["From"]):
            fail(f"{what}: the reply is from {r['msg']['From']}, not from {JUDGE}")
        if secret and secret in r["data"]:
            fail(f"{what}: the reply to {sender} carries the password {secret!r}")
    if len(got) == 1:
        ok(f"{what}: one reply to {sender} ({got[0]['msg']['Subject']})")


def bounced_to(address: str) -> list[str]:
    return [str(r["msg"]["Subject"]) for r in sink()
            if r["to"] == [address] and "Undelivered" in str(r["msg"]["Subject"])]


def delivered_to_judge(relay: str, since: int) -> int:
    """How many messages Postfix delivered to the judge's address through `relay` since offset `since` of its log."""
    return sum(1 for x in log_lines(since) if f"to=<{JUDGE}>, relay={relay}," in x and "status=sent" in x)


def final_status(queue_id: str, since: int) -> str:
    """The log line of Postfix's last word on delivering message `queue_id` to the judge (sent or bounced)."""
    def done() -> str:
        return next((x for x in log_lines(since) if f"{queue_id}: to=<{JUDGE}>" in x
                     and ("status=sent" in x or "status=bounced" in x)), "")
    try:
        return wait(done, 30, f"Postfix never finished delivering {queue_id} to the judge")
    except Fatal:
        print("\n".join(x for x in log_lines(since) if queue_id in x))
        raise


def a_bounce_comes_back(relay: str, what: str) -> None:
    """The judge's reply to an address that no longer works bounces: Postfix's notice (null sender) comes back to the
    judge's address, is taken (not bounced again, not deferred) and answered by nobody."""
    since, before = log_size(), len(sink())
    submit("gone@example.net", "HELP", "help")
    note = wait(lambda: next((x for x in log_lines(since) if "sender non-delivery notification:" in x), ""), 30,
                f"{what}: the reply to an address the relay refuses did not bounce")
    line = final_status(note.rsplit(":", 1)[1].strip(), since)
    if f"relay={relay}," not in line or "status=sent" not in line:
        fail(f"{what}: the bounce of the judge's reply was not taken by the judge: {line}")
    settle()
    after = [(r["to"], str(r["msg"]["Subject"])) for r in sink()[before:]]
    if after:
        fail(f"{what}: the bounce of the judge's reply was answered, or bounced again: {after}")
    else:
        ok(f"{what}: the bounce of the judge's own reply came back to the judge, taken and not answered")


def too_big(what: str, said: str) -> None:
    """A message over [smtp] max_message_bytes (1 MiB) is refused, and Postfix tells its sender once (`said` in it)."""
    sender = "big@example.net"
    mid = submit(sender, "HELP\n" + ("x" * 76 + "\n") * 15000, "big")
    wait(lambda: bounced_to(sender), 30, f"{what}: a message too big was not bounced to its sender")
    settle()
    notices = [r for r in sink() if r["to"] == [sender]]
    if len(notices) != 1 or said not in notices[0]["data"] \
            or [r for r in sink() if r["msg"]["In-Reply-To"] == mid]:
        fail(f"{what}: a message too big: not one bounce saying {said!r} and no reply: "
             f"{[str(r['msg']['Subject']) for r in notices]}")
    else:
        ok(f"{what}: a message too big is bounced to its sender once, saying {said!r}")
    for path in SINK.glob("*.json"):                    # (so that later checks see only their own bounces)
        if json.loads(path.read_text())["to"] == [sender]:
            path.rename(path.with_suffix(".seen"))


def owned_by_judge() -> None:
    uid = pwd.getpwnam("judge").pw_uid
    others = [str(p) for p in (SRV / "games").rglob("*") if p.stat().st_uid != uid]
    if others:
        fail(f"game files not owned by the judge user: {others[:5]}")
    else:
        ok("every file under games/ is the judge user's")


def pipe_setup() -> None:
    gm, players = "gm@example.net", {p: f"{p.lower()}@example.net" for p in POWERS}
    unknown_name_refused()
    answered_once(submit(gm, f"CREATE {GAME} gm-secret", "create"), gm, "gm-secret", "CREATE by mail")
    for power, address in players.items():
        answered_once(submit(address, f"JOIN {GAME} pw-{power}x {power}", "join"), address, f"pw-{power}x",
                      f"JOIN {power}")
    for power, address in players.items():
        subjects = [str(r["msg"]["Subject"]) for r in sink() if r["to"] == [address]]
        if subjects.count(f"Diplomacy game {GAME} starting") != 1:
            fail(f"the game's start did not reach {address} once: {subjects}")
    answered_once(submit(players["F"], f"SIGNON F{GAME} pw-Fx\nA PAR - BUR"), players["F"], "pw-Fx", "orders")
    if delivered_to_judge("judge", 0) != 1 + len(POWERS) + 1:
        fail(f"Postfix did not deliver each of the {len(POWERS) + 2} messages through the pipe (relay=judge) once")
    owned_by_judge()
    a_bounce_comes_back("judge", "pipe")
    too_big("pipe", "too big")
    deferred(players["G"])
    cron(players)


def deferred(sender: str) -> None:
    """config.ini unreadable for a moment: Postfix defers the message (no bounce), its log names the problem, and
    once mended and the queue flushed it is answered once."""
    CONFIG.chmod(0)
    try:
        log_from = MAILLOG.stat().st_size
        mid = submit(sender, f"SIGNON G{GAME} pw-Gx\nA BER - KIE")

        def deferral() -> str:
            lines = MAILLOG.read_bytes()[log_from:].decode("utf-8", "replace").splitlines()
            return next((x for x in lines if "relay=judge" in x and "status=deferred" in x), "")
        line = wait(deferral, 30, "config.ini unreadable: Postfix logged no deferred delivery by the pipe")
        said = line.split("Command output:", 1)[-1]
        if "Command output:" not in line or "config.ini" not in said or "Permission denied" not in said:
            fail(f"the deferred line does not name the problem as README says: {line}")
        else:
            ok(f"deferred, and the log says why:{said}")
        time.sleep(2)                                   # (a bounce, if any, would be on its way by now)
        if queue_empty():
            fail("config.ini unreadable: the message is not in Postfix's queue any more")
        if bounced_to(sender) or [r for r in sink() if r["msg"]["In-Reply-To"] == mid]:
            fail(f"config.ini unreadable: {sender} got mail ({bounced_to(sender) or 'a reply'}) before the mend")
    finally:
        CONFIG.chmod(0o600)
    subprocess.run(["postqueue", "-c", POSTFIX, "-f"], check=True, timeout=30)
    answered_once(mid, sender, "pw-Gx", "mended and flushed")
    if bounced_to(sender):
        fail(f"{sender} got a bounce: {bounced_to(sender)}")


def cron(players: dict[str, str]) -> None:
    """README's crontab line, run as the judge user as cron runs it, after the deadline and its grace: the results
    reach every player once, through Postfix."""
    status = SRV / "games" / GAME / "status.json"
    doc = json.loads(status.read_text())
    past = (datetime.now(UTC) - timedelta(days=2)).isoformat()
    doc["deadline"] = doc["wakeup"] = past                # (as if two days had gone by: deadline and grace over)
    with status.open("r+") as f:                          # (in place: still the judge user's)
        f.write(json.dumps(doc))
        f.truncate()
    line = os.environ["CRON_LINE"].split(None, 5)[5]     # the command after the five time fields
    run = subprocess.run(["sudo", "-u", "judge", "/bin/sh", "-c", line], capture_output=True, text=True, timeout=120,
                         cwd="/", env={"PATH": "/usr/bin:/bin", "SHELL": "/bin/sh"}, check=False)
    if run.returncode != 0 or run.stderr:
        fail(f"the crontab line failed ({run.returncode}): {run.stderr.strip()}")
    log = (SRV / "process.log").read_text() if (SRV / "process.log").exists() else ""
    if "S1901M processed" not in log:
        fail(f"the crontab line processed nothing; process.log: {log!r}")
    settle()
    subject = f"Diplomacy results {GAME} S1901M"
    for address in players.values():
        n = sum(1 for r in sink() if r["to"] == [address] and str(r["msg"]["Subject"]) == subject)
        if n != 1:
            fail(f"cron's results reached {address} {n} times, not once")
    ok("cron's `judge process` sent the results to every player once")
    owned_by_judge()


def serve_setup() -> None:
    """README's paragraph "Behind Postfix": Postfix hands the judge's mail to `judge serve` over SMTP, and the judge
    sends through Postfix."""
    transport = os.environ["SERVE_TRANSPORT"].replace(":8025", f":{SERVE_PORT}")
    Path(POSTFIX, "transport").write_text(transport + "\n")
    subprocess.run(["postmap", "-c", POSTFIX, f"{POSTFIX}/transport"], check=True, timeout=30)
    subprocess.run(["postfix", "-c", POSTFIX, "reload"], check=True, capture_output=True, timeout=30)
    log = SRV.parent / "serve.log"
    with log.open("w") as err:
        daemon = subprocess.Popen(["sudo", "-u", "judge", str(SRV / ".venv/bin/judge"), "--config", str(CONFIG),
                                   "serve"], stdout=err, stderr=err, cwd="/")
    try:
        wait(lambda: "judge listening for mail" in log.read_text() or daemon.poll() is not None, 60,
             "judge serve did not start")
        if daemon.poll() is not None:
            fail(f"judge serve exited at start: {log.read_text()}", fatal=True)
        time.sleep(1)                                    # (postfix reload: its smtp clients read the new map)
        since = log_size()
        answered_once(submit("newcomer@example.net", "HELP", "help"), "newcomer@example.net", "", "judge serve: HELP")
        answered_once(submit("i@example.net", f"SIGNON I{GAME} pw-Ix\nA ROM - APU"), "i@example.net", "pw-Ix",
                      "judge serve: orders")
        if delivered_to_judge(f"127.0.0.1[127.0.0.1]:{SERVE_PORT}", since) != 2:
            fail("Postfix did not deliver each of the 2 messages to judge serve over SMTP once")
        a_bounce_comes_back(f"127.0.0.1[127.0.0.1]:{SERVE_PORT}", "judge serve")
        too_big("judge serve", "size")
    finally:
        daemon.send_signal(signal.SIGTERM)
        try:
            rc = daemon.wait(30)
        except subprocess.TimeoutExpired:
            daemon.kill()
            rc = daemon.wait()
            fail("judge serve did not stop within 30 s of SIGTERM")
    if rc != 0:
        fail(f"judge serve stopped by SIGTERM exited {rc}: {log.read_text()[-2000:]}")
    owned_by_judge()


def main() -> int:
    SINK.mkdir()
    controller = Controller(Keep(), hostname="127.0.0.1", port=int(os.environ["SINK_PORT"]))
    controller.start()
    try:
        edit_config("judge", "address", JUDGE)
        edit_config("relay", "host", "127.0.0.1")
        edit_config("relay", "port", str(SMTPD_PORT))   # (README: 25, Postfix's smtpd; here the instance's port)
        edit_config("web", "port", "0")
        edit_config("smtp", "port", str(SERVE_PORT))    # (README: 8025)
        pipe_setup()
        serve_setup()
    except Fatal:
        pass
    finally:
        controller.stop()
        if FAILED:
            print(f"--- Postfix's log ({MAILLOG}), its end:\n{MAILLOG.read_text()[-4000:]}" if MAILLOG.exists()
                  else "(no Postfix log)")
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
