"""`judge requeue` in the set-up the README gives without the daemon (the MTA pipes each message to `judge deliver`,
cron runs `judge process`): a message set aside after a fault of the judge's, once the fault is mended, is applied and
answered by the command the keeper's notice names, exactly once, even with `judge deliver`s running beside it; with
a `judge serve` running, it goes back to that daemon's queue instead. The fault is put into the commands' own
processes by a sitecustomize module: Judge.deliver fails while a file says so."""
import email
import email.policy
import os
import subprocess
import sys
from pathlib import Path

from judge import config
from judge.daemon.lock import ServeLock
from judge.service import Judge
from tests.e2e.conftest import compose
from tests.test_pipe import ROOT, delivered, game_for

FAULT_HOOK = '''
import os
from pathlib import Path

from judge.service import Judge

_fault, _real = Path(os.environ["JUDGE_TEST_FAULT"]), Judge.deliver


def _deliver(self, *args, **kwargs):
    if _fault.exists():
        raise RuntimeError(_fault.read_text().strip())
    return _real(self, *args, **kwargs)


Judge.deliver = _deliver
'''


def orders(letter: str, order: str) -> bytes:
    return compose(f"{letter.lower()}@example.org", f"SIGNON {letter}piped pw-{letter}\n{order}")


ORDERS = {"A": "A VIE - TRI", "E": "F LON - NTH", "F": "A PAR - BUR", "G": "A BER - KIE", "I": "A ROM - APU",
          "R": "A MOS - UKR", "T": "A CON - BUL"}
POWER = {"A": "AUSTRIA", "E": "ENGLAND", "F": "FRANCE", "G": "GERMANY", "I": "ITALY", "R": "RUSSIA", "T": "TURKEY"}


class Judged:
    """A judge's folder and its commands, run as the MTA and cron run them, with a fault that can be switched on."""

    def __init__(self, tmp: Path):
        self.tmp = tmp
        game_for(tmp)
        self.cfg = tmp / "config.ini"
        hooks = tmp / "hooks"
        hooks.mkdir()
        (hooks / "sitecustomize.py").write_text(FAULT_HOOK)
        self.fault = tmp / "fault"
        self.env = {**os.environ, "PYTHONPATH": str(hooks), "JUDGE_TEST_FAULT": str(self.fault)}

    def start(self, *args: str, stdin: bytes = b"") -> subprocess.Popen:
        self.count = getattr(self, "count", 0) + 1
        given = self.tmp / f"stdin-{self.count}"
        given.write_bytes(stdin)
        with open(given, "rb") as fh:
            return subprocess.Popen([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(self.cfg), *args],
                                    stdin=fh, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=self.tmp,
                                    env=self.env)

    def run(self, *args: str, stdin: bytes = b"") -> tuple[int, str]:
        p = self.start(*args, stdin=stdin)
        out, err = p.communicate(timeout=120)
        return p.returncode, (out + err).decode()

    def spool(self) -> dict[str, list[str]]:
        return {sub: sorted(os.listdir(self.tmp / "inbox" / sub)) for sub in ("new", "cur", "bad")}

    def accepted(self, letter: str) -> list[str]:
        """The replies to `letter`'s power that accept its orders."""
        return [m for m in delivered(self.tmp) if f"To: {letter.lower()}@example.org" in m
                and "Subject: Diplomacy orders piped" in m and ORDERS[letter] in m]

    def orders(self, letter: str) -> list[str]:
        return Judge(config.load(self.cfg)).store.load("piped").player(POWER[letter]).orders


def to_keeper(tmp: Path) -> list[str]:
    out = []
    for m in delivered(tmp):
        msg = email.message_from_string(m, policy=email.policy.default)
        if msg["To"] == "keeper@example.org":
            out.append(f"Subject: {msg['Subject']}\n{msg.get_content()}")
    return out


def set_aside(j: Judged, letters: str) -> None:
    j.fault.write_text("the judge's own fault")
    for letter in letters:
        status, said = j.run("deliver", "--sender", f"{letter.lower()}@example.org",
                             stdin=orders(letter, ORDERS[letter]))
        assert status == 0 and "set aside" in said, said
    j.fault.unlink()                                       # the keeper mends it
    assert len(j.spool()["bad"]) == 2 * len(letters)      # (each with its reason beside it)


def test_requeue_as_the_keepers_notice_says_applies_and_answers_a_set_aside_message_once(tmp_path):
    j = Judged(tmp_path)
    set_aside(j, "F")
    assert j.orders("F") == []
    [notice] = [n for n in to_keeper(tmp_path) if "a message was set aside" in n]
    assert "RuntimeError: the judge's own fault" in notice
    # The notice names what works here: no `judge serve` runs, nothing reads the queue.
    assert "`judge requeue` handles it at once" in " ".join(notice.split()), notice
    assert "judge serve` takes it up" not in notice
    status, said = j.run("requeue")
    assert status == 0, said
    assert j.orders("F") == [ORDERS["F"]]
    assert len(j.accepted("F")) == 1, said
    assert j.spool() == {"new": [], "cur": [], "bad": []}
    # Nothing applies or answers it again: not another requeue, nor cron, nor the MTA delivering it once more.
    assert j.run("requeue")[0] == 0
    assert j.run("process")[0] == 0
    assert j.run("deliver", "--sender", "f@example.org", stdin=orders("F", ORDERS["F"]))[0] == 0
    assert len(j.accepted("F")) == 1
    assert j.spool() == {"new": [], "cur": [], "bad": []}


def test_a_message_an_earlier_requeue_left_in_the_queue_is_handled_by_the_next(tmp_path):
    # What the earlier release did in this set-up: `judge requeue` moved it to inbox/new, where nothing reads it.
    j = Judged(tmp_path)
    set_aside(j, "F")
    bad = tmp_path / "inbox" / "bad"
    [name] = [n for n in os.listdir(bad) if not n.endswith(".why")]
    os.replace(bad / name, tmp_path / "inbox" / "new" / f"{name}:0")
    (bad / f"{name}.why").unlink()
    status, said = j.run("requeue", "--now")
    assert status == 0, said
    assert j.orders("F") == [ORDERS["F"]] and len(j.accepted("F")) == 1
    assert j.spool() == {"new": [], "cur": [], "bad": []}


def test_requeue_beside_judge_delivers_applies_and_answers_each_message_once(tmp_path):
    j = Judged(tmp_path)
    set_aside(j, "AEFG")
    # The requeue, and beside it the MTA's `judge deliver`s: new players' orders, and two of the set-aside messages
    # delivered again (an MTA's retry, a player sending the same mail again).
    beside = [(letter, orders(letter, ORDERS[letter])) for letter in "IRTAF"]
    running = [j.start("requeue")] + [j.start("deliver", "--sender", f"{letter.lower()}@example.org", stdin=raw)
                                      for letter, raw in beside]
    for p in running:
        out, err = p.communicate(timeout=180)
        assert p.returncode == 0, (out + err).decode()
    for letter, order in ORDERS.items():
        assert j.orders(letter) == [order], letter
        assert len(j.accepted(letter)) == 1, letter
    assert j.spool() == {"new": [], "cur": [], "bad": []}


def test_with_a_judge_serve_running_requeue_leaves_the_messages_to_its_queue(tmp_path):
    j = Judged(tmp_path)
    set_aside(j, "F")
    daemon = ServeLock(tmp_path / "games")          # what a running `judge serve` holds
    daemon.acquire()
    try:
        status, said = j.run("requeue")
    finally:
        daemon.release()
    assert status == 0 and "the running judge serve" in said and f"(pid {os.getpid()})" in said, said
    assert [n.endswith(":0") for n in j.spool()["new"]] == [True]       # where the daemon's sweep finds it
    assert j.orders("F") == [] and j.accepted("F") == []
