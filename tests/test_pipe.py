"""`judge deliver` as an MTA runs it: exactly once under retries, bounded, and honest exit codes; and the set-up
without the daemon (the MTA pipes each message to `judge deliver`, cron runs `judge process`) sending every mail once,
to a real SMTP relay on 127.0.0.1 or into the Maildir."""
import asyncio
import email
import io
import logging
import os
import subprocess
import sys
import time
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from judge import config, pipe
from judge.service import Judge
from tests.e2e.conftest import compose

ROOT = Path(__file__).resolve().parent.parent
POWERS = "AEFGIRT"


def write_config(tmp: Path, **values) -> Path:
    text = config.render_ini().replace("keeper =", "keeper = keeper@example.org")
    for key, value in values.items():
        text = text.replace(f"\n{key} = ", f"\n{key} = {value}\n# was: ")
    path = tmp / "config.ini"
    path.write_text(text)
    return path


def deliver(cfg: Path, raw: bytes, sender: str | None = None) -> subprocess.CompletedProcess:
    args = [sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "deliver"]
    if sender is not None:
        args += ["--sender", sender]
    return subprocess.run(args, input=raw, capture_output=True, timeout=120, cwd=cfg.parent)


def delivered(tmp: Path) -> list[str]:
    """The mail `judge deliver` sent before it exited (no relay configured: into the Maildir), oldest first."""
    new = tmp / "maildir" / "new"
    # (in the order delivered: the names follow the outbox's moments, which mails of one commit may share)
    return [p.read_text() for p in sorted(new.iterdir(), key=lambda p: (p.stat().st_mtime_ns, p.name))] \
        if new.exists() else []


def nothing_sent(tmp: Path) -> bool:
    return not delivered(tmp) and not list((tmp / "outbox").glob("*.eml"))


def game_for(tmp: Path) -> Judge:
    judge = Judge(config.load(write_config(tmp)))
    judge.deliver(compose("gm@example.org", "CREATE piped gm-pass"))
    for letter in POWERS:
        judge.deliver(compose(f"{letter.lower()}@example.org", f"JOIN piped pw-{letter} {letter}"))
    return judge


def test_a_retried_delivery_is_applied_once(tmp_path):
    """The MTA retries after a crash between saving and answering (here: the same message piped twice, the second
    time with the trace lines an MTA adds): PROCESS! processes one phase, not two, and is answered once."""
    game_for(tmp_path)
    cfg = tmp_path / "config.ini"
    raw = compose("gm@example.org", "SIGNON Mpiped gm-pass\nPROCESS!")
    first = deliver(cfg, raw)
    assert first.returncode == 0, first.stderr
    again = b"Received: from mx.example.org by judge; Mon, 5 Jan 2026 12:00:01 +0000\r\n" \
            b"Delivered-To: judge@localhost\r\n" + raw
    second = deliver(cfg, again)
    assert second.returncode == 0, second.stderr
    game = Judge(config.load(cfg)).store.load("piped")
    assert game.history == ["S1901M"] and str(game.position.phase) == "F1901M"
    mails = [m for m in delivered(tmp_path) if "To: gm@example.org" in m]
    assert sum("S1901M processed; next phase F1901M." in m for m in mails) == 1          # answered once
    assert sum("Diplomacy results piped S1901M" in m for m in mails) == 1            # and its results sent once


def test_a_different_message_with_the_same_text_is_applied(tmp_path):
    game_for(tmp_path)
    cfg = tmp_path / "config.ini"
    one = compose("gm@example.org", "SIGNON Mpiped gm-pass\nPROCESS!")
    two = one.replace(b"Message-ID: <", b"Message-ID: <second-")
    assert deliver(cfg, one).returncode == 0 and deliver(cfg, two).returncode == 0
    assert Judge(config.load(cfg)).store.load("piped").history == ["S1901M", "F1901M"]


def test_too_big_is_bounced_and_changes_nothing(tmp_path):
    cfg = write_config(tmp_path, max_message_bytes="2000")
    p = deliver(cfg, compose("a@example.org", "HELP\n" + "x" * 5000))
    assert p.returncode == pipe.EX_DATAERR and b"too big" in p.stderr
    assert nothing_sent(tmp_path)


@pytest.mark.parametrize("raw", [b"", b"\n\n  \r\n"])
def test_an_empty_message_is_no_message(tmp_path, raw):
    """An MTA that pipes nothing (an empty or blank message) hears EX_NOINPUT, not a bounce for a missing sender."""
    p = deliver(write_config(tmp_path), raw)
    assert p.returncode == 66 and "no message: standard input is empty" in p.stderr.decode(), p.stderr
    assert nothing_sent(tmp_path)


def test_a_huge_subject_is_answered_with_a_bounded_one(tmp_path):
    cfg = write_config(tmp_path)
    raw = b"From: a@example.org\r\nSubject: " + b"ab " * 213_000 + b"\r\n\r\nHELP\r\n"
    p = deliver(cfg, raw)
    assert p.returncode == 0, p.stderr
    [reply] = delivered(tmp_path)
    subject = next(line for line in reply.splitlines() if line.startswith("Subject:"))
    assert len(subject) < 250


def test_an_address_that_cannot_be_answered_is_bounced(tmp_path):
    cfg = write_config(tmp_path)
    raw = "From: J\u00f6rg <j\u00f6rg@example.org>\r\nSubject: x\r\n\r\nHELP\r\n".encode("utf-8")
    p = deliver(cfg, raw, sender="bounce@example.org")
    assert p.returncode == pipe.EX_DATAERR and b"ASCII" in p.stderr
    assert nothing_sent(tmp_path)


def test_a_fault_is_logged_with_its_traceback_set_aside_answered_and_reported(tmp_path, monkeypatch, caplog):
    judge = Judge(config.load(write_config(tmp_path)))

    def broken(*args, **kwargs):
        raise KeyError("the missing piece")
    monkeypatch.setattr(judge, "deliver", broken)
    raw = compose("a@example.org", "HELP")
    with caplog.at_level(logging.DEBUG):        # (the traceback is for `judge --debug`: the note says it in a line)
        status, note = pipe.deliver(judge, io.BytesIO(raw), "a@example.org")
    assert status == pipe.EX_OK and "KeyError" in note and "the missing piece" in note and "in broken)" in note
    assert "Traceback" in caplog.text and "the missing piece" in caplog.text and "in broken" in caplog.text
    [(name, why)] = __import__("judge.daemon.spool", fromlist=["Spool"]).Spool(tmp_path / "inbox").set_aside_messages()
    assert "the missing piece" in why
    mails = [p.read_text() for p in (tmp_path / "outbox").glob("*.eml")]
    assert any("To: a@example.org" in m and "could not be processed" in m for m in mails)
    assert any("To: keeper@example.org" in m and "set aside" in m for m in mails)


def test_a_temporary_failure_asks_the_mta_to_try_again(tmp_path, monkeypatch):
    judge = Judge(config.load(write_config(tmp_path)))
    monkeypatch.setattr(judge, "deliver", lambda *a, **k: (_ for _ in ()).throw(OSError(28, "No space left")))
    status, note = pipe.deliver(judge, io.BytesIO(compose("a@example.org", "HELP")), None)
    assert status == pipe.EX_TEMPFAIL and "No space left" in note


def test_requeue_now_processes_what_was_set_aside(tmp_path, monkeypatch):
    game_for(tmp_path)
    cfg = tmp_path / "config.ini"
    judge = Judge(config.load(cfg))
    monkeypatch.setattr(judge, "deliver", lambda *a, **k: (_ for _ in ()).throw(ValueError("bug")))
    assert pipe.deliver(judge, io.BytesIO(compose("f@example.org", "SIGNON Fpiped pw-F\nA PAR - BUR")), None)[0] == 0
    listed = subprocess.run([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "requeue", "--list"],
                            capture_output=True, text=True, timeout=60)
    assert "1 message(s) set aside" in listed.stdout and "ValueError: bug" in listed.stdout
    done = subprocess.run([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "requeue", "--now"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "1 message(s) back in the queue" in done.stdout, done.stdout + done.stderr
    assert Judge(config.load(cfg)).store.load("piped").player("FRANCE").orders == ["A PAR - BUR"]
    replies = [m for m in delivered(tmp_path) if "To: f@example.org" in m and "Subject: Diplomacy orders piped" in m]
    assert any("A PAR - BUR" in m for m in replies)                  # its reply sent before the command exited


def test_requeue_list_shows_only_the_messages_named(tmp_path, monkeypatch):
    game_for(tmp_path)
    cfg = tmp_path / "config.ini"
    judge = Judge(config.load(cfg))
    monkeypatch.setattr(judge, "deliver", lambda *a, **k: (_ for _ in ()).throw(ValueError("bug")))
    for n in range(3):
        pipe.deliver(judge, io.BytesIO(compose("f@example.org", f"SIGNON Fpiped pw-F\nA PAR H\n# {n}")), None)
    from judge.daemon.spool import Spool
    names = [name for name, _ in Spool(tmp_path / "inbox").set_aside_messages()]
    assert len(names) == 3

    def listing(*words):
        return subprocess.run([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "requeue",
                               "--list", *words], capture_output=True, text=True, timeout=60)
    # one by its full name, one by its id without the attempt count
    shown = listing(names[0], Spool.key(names[2]))
    assert shown.returncode == 0, shown.stderr
    assert names[0] in shown.stdout and names[2] in shown.stdout and names[1] not in shown.stdout
    assert "2 message(s) set aside" in shown.stdout
    unknown = listing(names[1], "no-such-message")
    assert unknown.returncode == 1 and "no-such-message: no such message" in unknown.stderr
    assert names[1] in unknown.stdout and names[0] not in unknown.stdout
    # listing moved nothing
    assert [name for name, _ in Spool(tmp_path / "inbox").set_aside_messages()] == names


@pytest.mark.parametrize("command", ["deliver", "process"])
def test_set_aside_messages_past_their_time_are_deleted_by_the_next_delivery_or_cron_run(tmp_path, monkeypatch,
                                                                                      command):
    # With `judge deliver` no daemon runs to delete them, and they may hold passwords.
    import os
    from judge.daemon.spool import KEEP_SET_ASIDE_DAYS, Spool
    game_for(tmp_path)
    cfg = tmp_path / "config.ini"
    judge = Judge(config.load(cfg))
    with monkeypatch.context() as m:
        m.setattr(judge, "deliver", lambda *a, **k: (_ for _ in ()).throw(ValueError("bug")))
        for n in range(2):
            pipe.deliver(judge, io.BytesIO(compose("f@example.org", f"SIGNON Fpiped pw-F\nA PAR H\n# {n}")), None)
    spool = Spool(tmp_path / "inbox")
    old, fresh = [name for name, _ in spool.set_aside_messages()]
    long_ago = os.stat(spool.root / "bad" / old).st_mtime - (KEEP_SET_ASIDE_DAYS + 1) * 86400
    for name in (old, f"{old}.why"):
        os.utime(spool.root / "bad" / name, (long_ago, long_ago))
    if command == "deliver":
        assert deliver(cfg, compose("a@example.org", "HELP")).returncode == 0
    else:
        assert judge_run(cfg, "process").returncode == 0
    assert sorted(os.listdir(spool.root / "bad")) == sorted([fresh, f"{fresh}.why"])


# -- the set-up without the daemon: the MTA pipes mail to `judge deliver`, cron runs `judge process` ---------------

def judge_run(cfg: Path, *args: str, stdin: bytes = b"", env: dict | None = None) -> subprocess.CompletedProcess:
    """A judge command as the MTA or cron runs it: its own process, in the judge's folder."""
    return subprocess.run([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), *args], input=stdin,
                          capture_output=True, timeout=120, cwd=cfg.parent, env=env)


def relay_config(tmp: Path, relay_port: int) -> Path:
    """config.ini sending through the relay on 127.0.0.1:relay_port, with a keeper."""
    text = config.render_ini().replace("keeper =", "keeper = keeper@example.org")
    text = text.replace("\nhost =\n", "\nhost = 127.0.0.1\n").replace("\nport = 25\n", f"\nport = {relay_port}\n")
    path = tmp / "config.ini"
    path.write_text(text)
    assert config.load(path).get("relay", "port") == relay_port
    return path


def started_days_ago(cfg: Path, days: int = 10, game: str = "cron") -> list[bytes]:
    """A game started `days` ago (ten: its first deadline and grace period are over, so cron's `judge process` has
    work to do on the real clock), made through the judge; returns the mail that start left in the outbox, unsent,
    as a run whose relay was down leaves it."""
    judge = Judge(config.load(cfg), lambda: datetime.now(timezone.utc) - timedelta(days=days))
    judge.deliver(compose("gm@example.org", f"CREATE {game} gm-pass"))
    for letter in POWERS:
        judge.deliver(compose(f"{letter.lower()}@example.org", f"JOIN {game} pw-{letter} {letter}"))
    assert judge.store.load(game).status == "active"
    return [p.read_bytes() for p in judge.outbox.paths()]


def ids(raws: list[bytes]) -> list[str]:
    return [email.message_from_bytes(r)["Message-ID"] for r in raws]


def assert_each_once(relay) -> None:
    """No mail reached the relay twice, and each had one recipient."""
    seen = Counter(str(m["Message-ID"]) for _, _, m in relay.messages)
    assert [mid for mid, n in seen.items() if n > 1] == []
    assert all(len(rcpts) == 1 for _, rcpts, _ in relay.messages)


def subjects_to(relay, address: str) -> list[str]:
    return [str(m["Subject"]) for m in relay.to(address)]


def test_pipe_and_cron_send_every_mail_once_through_a_relay_that_refuses_for_a_while(tmp_path):
    asyncio.run(_pipe_and_cron(tmp_path))


async def _pipe_and_cron(tmp):
    from tests.daemon.conftest import Relay
    relay = Relay()
    await relay.start()
    try:
        cfg = relay_config(tmp, relay.port)
        left = started_days_ago(cfg)
        outbox = tmp / "outbox"

        # The relay answers 451 for a while: the order's reply waits in the outbox with the mail left from before.
        relay.refuse = True
        p = await asyncio.to_thread(judge_run, cfg, "deliver", stdin=compose("f@example.org",
                                                                             "SIGNON Fcron pw-F\nA PAR - BUR"))
        assert p.returncode == 0, p.stderr
        assert relay.messages == [] and len(list(outbox.glob("*.eml"))) == len(left) + 1
        # (no process of this set-up waits to try again: the log says who will, not "next try in 5 s")
        said = p.stderr.decode()
        assert "then by the next judge deliver or judge process run" in said and "next try in" not in said, said

        # It takes mail again: the next message's reply goes before `judge deliver` exits (the refused ones wait
        # for their next try: tests/daemon/test_sender.py shows the back-off holds from one process to the next).
        relay.refuse = False
        p = await asyncio.to_thread(judge_run, cfg, "deliver",
                                    stdin=compose("newcomer@example.org", "HELP", subject="help"))
        assert p.returncode == 0, p.stderr
        assert subjects_to(relay, "newcomer@example.org") == ["Re: help"]
        assert_each_once(relay)

        # Cron, every minute: the game's deadline and grace are over, so it is processed and its results sent
        # before `judge process` exits.
        p = await asyncio.to_thread(judge_run, cfg, "process")
        assert p.returncode == 0 and p.stderr == b"", p.stderr
        assert p.stdout.decode().startswith("cron: ") and "S1901M processed" in p.stdout.decode()
        for letter in POWERS:
            assert subjects_to(relay, f"{letter.lower()}@example.org")[-1] == "Diplomacy results cron S1901M"
        assert_each_once(relay)

        # Later (the next try is the files' modification time, Postfix's way: here its time has come), the next
        # cron run sends whatever still waits: each message once.
        for path in outbox.glob("*.eml"):
            os.utime(path, (time.time() - 1, time.time() - 1))
        p = await asyncio.to_thread(judge_run, cfg, "process")
        assert p.returncode == 0 and p.stdout == b"" and p.stderr == b""          # quiet: cron mails any output
        assert list(outbox.glob("*.eml")) == []
        got = Counter(str(m["Message-ID"]) for _, _, m in relay.messages)
        assert all(got[mid] == 1 for mid in ids(left))
        assert Counter(subjects_to(relay, "f@example.org")) == Counter({
            "Re: orders": 1, "Diplomacy orders cron S1901M": 1, "Diplomacy power assignment (cron)": 1,
            "Diplomacy game cron starting": 1, "Diplomacy results cron S1901M": 1})
        assert_each_once(relay)

        # A 5xx is given up at once, as the daemon does: kept in outbox/failed, and the keeper told (that notice
        # too goes before the command exits).
        relay.refuse_if = lambda msg: "bounce@nowhere.example" in str(msg["To"])
        p = await asyncio.to_thread(judge_run, cfg, "deliver", stdin=compose("bounce@nowhere.example", "HELP"))
        assert p.returncode == 0, p.stderr
        failed = sorted((outbox / "failed").iterdir())
        assert len(failed) == 2 and "554" in failed[1].read_text() and list(outbox.glob("*.eml")) == []
        [notice] = relay.to("keeper@example.org")
        assert "could not be delivered" in str(notice["Subject"]) and failed[0].name in notice.get_content()
        said = " ".join(notice.get_content().split())        # the logs this set-up has, not a daemon's it has not
        assert "(the MTA's log for `judge deliver`, cron's mail for `judge process` names each)" in said
        p = await asyncio.to_thread(judge_run, cfg, "process")
        assert relay.to("bounce@nowhere.example") == [] and len(relay.to("keeper@example.org")) == 1
        assert_each_once(relay)
    finally:
        await relay.stop()


def test_many_deliveries_at_once_beside_the_daemon_send_each_mail_once(tmp_path):
    """Postfix runs several `judge deliver`s at once, maybe beside a running `judge serve`: all of them drain the
    one outbox (here holding mail from before too), and each message reaches the relay once."""
    asyncio.run(_at_once(tmp_path))


async def _at_once(tmp):
    from tests.daemon.conftest import Daemon, Relay, settings_for
    relay = Relay()
    await relay.start()
    cfg = relay_config(tmp, relay.port)
    left = started_days_ago(cfg, days=0)
    daemon = Daemon(settings_for(tmp, relay.port), send_interval=0.05)
    await daemon.start("127.0.0.1", 0)
    try:
        senders = [f"x{i}@example.org" for i in range(4)]
        runs = [asyncio.to_thread(judge_run, cfg, "deliver", stdin=compose(s, "HELP", subject="help"))
                for s in senders]
        assert [p.returncode for p in await asyncio.gather(*runs)] == [0] * 4
        for _ in range(500):
            if not list((tmp / "outbox").glob("*.eml")):
                break
            await asyncio.sleep(0.01)
        assert list((tmp / "outbox").glob("*.eml")) == []
        assert_each_once(relay)
        assert Counter(str(m["Message-ID"]) for _, _, m in relay.messages) == Counter(ids(left) + [
            str(m["Message-ID"]) for s in senders for m in relay.to(s)])
        assert all(subjects_to(relay, s) == ["Re: help"] for s in senders)
    finally:
        await daemon.stop()
        await relay.stop()


def test_pipe_and_cron_deliver_into_the_maildir(tmp_path):
    cfg = write_config(tmp_path)
    left = started_days_ago(cfg)
    p = judge_run(cfg, "deliver", stdin=compose("newcomer@example.org", "HELP", subject="help"))
    assert p.returncode == 0, p.stderr
    mails = [email.message_from_string(m) for m in delivered(tmp_path)]
    [reply] = [m for m in mails if m["To"] == "newcomer@example.org"]
    assert reply["Subject"] == "Re: help"
    assert sorted(m["Message-ID"] for m in mails) == sorted(ids(left) + [reply["Message-ID"]])
    p = judge_run(cfg, "process")
    assert p.returncode == 0 and "S1901M processed" in p.stdout.decode(), p.stderr
    results = [m for m in map(email.message_from_string, delivered(tmp_path))
               if m["Subject"] == "Diplomacy results cron S1901M"]
    assert sorted(m["To"] for m in results) == sorted([f"{x.lower()}@example.org" for x in POWERS] + ["gm@example.org"])
    assert list((tmp_path / "outbox").glob("*.eml")) == []
    assert judge_run(cfg, "process").stdout == b""                     # nothing due: nothing done, nothing said


def test_killed_between_the_relays_250_and_the_removal_the_next_run_sends_it_again(tmp_path):
    """A kill after the relay took a message but before its file left the outbox: the next run sends it again
    (twice rather than never), with the same Message-ID, as the daemon does."""
    asyncio.run(_killed(tmp_path))


async def _killed(tmp):
    from tests.daemon.conftest import Relay
    relay = Relay()
    await relay.start()
    try:
        cfg = relay_config(tmp, relay.port)
        trace = tmp / "steps"
        env = {**os.environ, "JUDGE_TEST_CHECKPOINTS": str(trace)}
        p = await asyncio.to_thread(judge_run, cfg, "deliver", stdin=compose("a@example.org", "HELP"), env=env)
        assert p.returncode == 0, p.stderr
        steps = trace.read_text().splitlines()
        relayed = next(int(line.split()[0]) for line in steps if line.endswith(" relayed"))
        env = {**os.environ, "JUDGE_TEST_KILL_AT": str(relayed)}
        p = await asyncio.to_thread(judge_run, cfg, "deliver", stdin=compose("b@example.org", "HELP"), env=env)
        assert p.returncode == -9
        [kept] = (tmp / "outbox").glob("*.eml")
        [first] = relay.to("b@example.org")
        p = await asyncio.to_thread(judge_run, cfg, "process")
        assert p.returncode == 0 and list((tmp / "outbox").glob("*.eml")) == []
        assert [m["Message-ID"] for m in relay.to("b@example.org")] == [first["Message-ID"]] * 2
    finally:
        await relay.stop()


def test_cron_deletes_what_killed_runs_left_an_hour_ago_and_nothing_else(tmp_path):
    """The daemon empties these at start-up; without it, cron's run does, sparing the files of runs at work now."""
    cfg = write_config(tmp_path)
    started_days_ago(cfg)
    outbox, spool = tmp_path / "outbox", tmp_path / "inbox"
    messages = sorted(p.name for p in outbox.glob("*.eml"))
    assert messages
    hour_ago = time.time() - 3700
    old = [outbox / ".0001.eml.3f2a.tmp", spool / "tmp" / "1764000000.abc", spool / "tmp" / ".1764000000.abc.9e.tmp",
           spool / "bad" / ".1764000000.abc.why.77.tmp"]
    fresh = [outbox / ".0002.eml.41bc.tmp", spool / "tmp" / "1764000001.def"]
    for path in old + fresh:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"SIGNON Fx secret\n")
    for path in old:
        os.utime(path, (hour_ago, hour_ago))
    os.utime(outbox / messages[0], (hour_ago, hour_ago))          # an old message is no leftover: it is sent
    p = judge_run(cfg, "process")
    assert p.returncode == 0, p.stderr
    assert [path for path in old if path.exists()] == []
    assert all(path.exists() for path in fresh)
    assert sorted(p.name for p in outbox.glob("*.eml")) == []      # sent, not deleted unsent: see the Maildir
    assert len(delivered(tmp_path)) >= len(messages)


def test_cron_says_a_games_problem_once_then_once_a_day_and_when_it_is_gone(tmp_path):
    # cron mails whatever a run prints: a game left unreadable used to mail its keeper every few minutes.
    cfg = write_config(tmp_path)
    started_days_ago(cfg, game="ok")
    started_days_ago(cfg, days=0, game="broken")
    status = tmp_path / "games" / "broken" / "status.json"
    good = status.read_bytes()
    status.write_bytes(b"{ not json")
    first = judge_run(cfg, "process")
    assert first.returncode == 1 and b"broken:" in first.stderr and b"S1901M processed" in first.stdout
    again = judge_run(cfg, "process")
    assert again.returncode == 1 and again.stderr == b"" and again.stdout == b""
    status.write_bytes(b"[]")                                      # another problem: said again
    third = judge_run(cfg, "process")
    assert b"broken:" in third.stderr and third.stderr != first.stderr
    assert judge_run(cfg, "process").stderr == b""
    status.write_bytes(good)
    mended = judge_run(cfg, "process")
    assert mended.returncode == 0 and mended.stdout == b"broken: no longer fails\n" and mended.stderr == b""
    assert judge_run(cfg, "process").stdout == b""



def test_cron_and_the_pipe_are_quiet_about_a_variants_folder_file_named_like_a_shipped_variant(tmp_path):
    # DPjudge's maps folder holds standard.map and chaos.map, offered as dpjudge_standard and dpjudge_chaos: that is
    # no problem, and cron mails whatever a run prints (it used to say both files on every run with work to do).
    more = tmp_path / "more"
    more.mkdir()
    toy = (ROOT / "tests" / "data" / "maps" / "toy.map").read_text()
    (more / "standard.map").write_text(toy)
    (more / "chaos.map").write_text(toy)
    cfg = write_config(tmp_path)
    cfg.write_text(cfg.read_text().replace("\nvariants_dir =\n", "\nvariants_dir = more\n"))
    started_days_ago(cfg)
    run = judge_run(cfg, "process")
    assert run.returncode == 0 and b"S1901M processed" in run.stdout and run.stderr == b""
    made = deliver(cfg, compose("x@example.org", "CREATE dpgame gm-pass dpjudge_chaos"))
    assert made.returncode == 0 and made.stderr == b""
    assert any("Game dpgame created" in m for m in delivered(tmp_path))
    listed = judge_run(cfg, "variants")                 # the operator's listing says each file, once
    assert listed.stderr.decode().count("named like the shipped variant") == 2, listed.stderr


def test_a_copy_of_a_games_folder_in_the_games_folder_is_not_played_as_a_second_game(tmp_path):
    # An operator's backup copy (games/cron-copy) was played as a live game of its own: every player got two results
    # mails for the same phase that contradicted each other.
    import shutil
    cfg = write_config(tmp_path)
    started_days_ago(cfg)
    games = tmp_path / "games"
    shutil.copytree(games / "cron", games / "cronbak")
    before = {p: p.read_bytes() for p in (games / "cronbak").rglob("*") if p.is_file()}
    run = judge_run(cfg, "process")
    lines = run.stdout.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cron: ") and "S1901M processed" in lines[0], lines
    err = run.stderr.decode()
    assert "cronbak" in err and "game cron's: a copy of that game's folder?" in err, err
    assert {p: p.read_bytes() for p in (games / "cronbak").rglob("*") if p.is_file()} == before
    subjects = [email.message_from_string(m)["Subject"] for m in delivered(tmp_path)
                if email.message_from_string(m)["To"] != "keeper@example.org"]     # (he is told of the copy)
    results = [s for s in subjects if "S1901M" in s and "results" in s.lower()]
    assert results and not any("cronbak" in s for s in subjects), subjects
    assert len(results) == len(set(email.message_from_string(m)["To"] for m in delivered(tmp_path)
                                   if "S1901M" in email.message_from_string(m)["Subject"]))
    signon = deliver(cfg, compose("f@example.org", "SIGNON Fcronbak pw-F\nA PAR H"))
    assert signon.returncode == 0
    assert "CRONBAK IS UNAVAILABLE" in delivered(tmp_path)[-1].upper(), delivered(tmp_path)[-1]
    keeper = [m for m in delivered(tmp_path) if "To: keeper@example.org" in m]
    assert len(keeper) == 1 and "game cronbak is unavailable" in keeper[0]      # by cron, not again by the pipe


HEAVY = ("judge.service", "judge.commands", "judge.game", "judge.adjudicator", "judge.daemon.sender", "jinja2",
         "smtplib")


def cron_modules(cfg: Path) -> tuple[int, list[str]]:
    """cron's `judge process` run in a process of its own: its exit status and the heavy modules it loaded."""
    script = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); from judge import cli; "
              f"rc = cli.main(['--config', {str(cfg)!r}, 'process']); "
              f"print(rc, *sorted(m for m in sys.modules if m.startswith({HEAVY!r})))")
    p = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=120, cwd=cfg.parent, text=True)
    assert p.stderr == "", p.stderr
    rc, *loaded = p.stdout.split()
    return int(rc), loaded


def test_a_cron_minute_with_nothing_due_loads_only_what_it_needs(tmp_path):
    """Most minutes no game is due and no mail waits: the run reads the wake-ups and tidies up without loading the
    commands, the templates, the games or the sender (three quarters of its time before). When mail is due it
    loads the sender, sends it, and the minute after is light again."""
    cfg = write_config(tmp_path)
    judge = Judge(config.load(cfg))                 # a game with a deadline days away, its mail already sent
    judge.deliver(compose("gm@example.org", "CREATE light gm-pass"))
    for letter in POWERS:
        judge.deliver(compose(f"{letter.lower()}@example.org", f"JOIN light pw-{letter} {letter}"))
    pipe.send_pending(judge)
    assert judge.store.wakeups()[0]["light"] > datetime.now(timezone.utc)
    assert cron_modules(cfg) == (0, [])
    judge.deliver(compose("newcomer@example.org", "HELP", subject="help"))   # a reply waits in the outbox
    rc, loaded = cron_modules(cfg)
    assert rc == 0 and "judge.daemon.sender" in loaded
    assert list((tmp_path / "outbox").glob("*.eml")) == []
    assert any("Subject: Re: help" in m for m in delivered(tmp_path))
    assert cron_modules(cfg) == (0, [])
