"""`judge deliver` (the MTA's pipe, a subprocess) and `judge serve` (a subprocess too, as an operator starts it) at
work on one games folder at the same moment, on one game: README says "a `judge deliver` may run beside a running
`judge serve`" with the same files and the same promises. Every round, one power's orders go to the daemon over SMTP,
another power's are piped to `judge deliver`, and a third power's one message is handed to both at once (an MTA
delivering it again while the first delivery is still being handled). Nothing is lost (each power holds the orders of
its last message, whichever process took it), and every message is answered exactly once."""
import signal
import subprocess
import sys
import threading
import time

from judge import config
from judge.service import Judge
from tests.e2e.conftest import compose
from tests.serving import start_serve
from tests.test_answered_race import finished, reading_stdin
from tests.test_pipe import ROOT, delivered, write_config
from tests.test_rate_on_disk import port_of, send

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
# Per power, the other units' holds and four different orders for one unit: each round's message is told apart.
OTHERS = {"AUSTRIA": ["A BUD H", "F TRI H"], "ENGLAND": ["F LON H", "F EDI H"], "FRANCE": ["F BRE H", "A MAR H"],
          "GERMANY": ["F KIE H", "A BER H"], "ITALY": ["F NAP H", "A VEN H"],
          "RUSSIA": ["F STP/SC H", "A WAR H", "F SEV H"], "TURKEY": ["F ANK H", "A CON H"]}
CHOICES = {"AUSTRIA": ["A VIE H", "A VIE - GAL", "A VIE - BOH", "A VIE - TYR"],
           "ENGLAND": ["A LVP H", "A LVP - YOR", "A LVP - WAL", "A LVP - CLY"],
           "FRANCE": ["A PAR H", "A PAR - BUR", "A PAR - PIC", "A PAR - GAS"],
           "GERMANY": ["A MUN H", "A MUN - BUR", "A MUN - RUH", "A MUN - TYR"],
           "ITALY": ["A ROM H", "A ROM - APU", "A ROM - TUS", "A ROM - NAP"],
           "RUSSIA": ["A MOS H", "A MOS - UKR", "A MOS - LVN", "A MOS - SEV"],
           "TURKEY": ["A SMY H", "A SMY - ARM", "A SMY - SYR", "A SMY - ANK"]}
ROUNDS = 7                   # (each power goes each way once)


def addr(power: str) -> str:
    return f"{power.lower()}@example.org"


def orders_message(power: str, choice: str, mid: str) -> bytes:
    body = "\n".join([f"SIGNON {power[0]}beside pw-{power[0]}", choice, *OTHERS[power]])
    return (f"From: {addr(power)}\r\nTo: judge@localhost\r\nSubject: orders\r\nMessage-ID: <{mid}>\r\n\r\n"
            + body.replace("\n", "\r\n") + "\r\n").encode()


def piped(cfg, raw: bytes) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, str(ROOT / "bin" / "judge"), "--config", str(cfg), "deliver"],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=cfg.parent)
    proc.raw = raw
    return proc


def answers(tmp, mid: str) -> int:
    """The judge's mails that answer message `mid` (the reply names the message it answers)."""
    return sum(f"In-Reply-To: <{mid}>\n" in m for m in delivered(tmp))


def test_serve_and_judge_deliver_on_one_game_at_once_lose_nothing_and_answer_once(tmp_path):
    cfg = write_config(tmp_path, rate_per_hour="0")
    judge = Judge(config.load(cfg))
    # Never processed early: the orders stay to be looked at (every power has some in after the first rounds).
    judge.deliver(compose("gm@example.org", "CREATE beside gm-pass\nSET EARLY -1"))
    for power in POWERS:
        judge.deliver(compose(addr(power), f"JOIN beside pw-{power[0]} {power[0]}"))
    assert judge.store.load("beside").status == "active"
    serve = start_serve(tmp_path, cfg)
    last: dict[str, str] = {}
    mids: list[str] = []
    try:
        port = port_of(tmp_path)
        for r in range(ROUNDS):
            by_smtp, by_pipe, by_both = POWERS[r % 7], POWERS[(r + 3) % 7], POWERS[(r + 5) % 7]
            messages = {}
            for power, how in ((by_smtp, "smtp"), (by_pipe, "pipe"), (by_both, "both")):
                mid = f"r{r}-{how}@example.org"
                messages[how] = orders_message(power, CHOICES[power][r % 4], mid)
                last[power] = CHOICES[power][r % 4]
                mids.append(mid)
            pipes = [piped(cfg, messages["pipe"]), piped(cfg, messages["both"])]
            for p in pipes:
                reading_stdin(p)                             # started, waiting for its message
            codes: list[int] = []
            smtp = [threading.Thread(target=lambda raw=raw, who=who: codes.append(send(port, who, raw)))
                    for raw, who in ((messages["smtp"], addr(by_smtp)), (messages["both"], addr(by_both)))]
            for t in smtp:
                t.start()
            for p in pipes:
                p.stdin.write(p.raw)
                p.stdin.close()
            for t in smtp:
                t.join(timeout=60)
            ends = [finished(p) for p in pipes]
            assert [status for status, _ in ends] == [0, 0], ends
            assert codes == [250, 250], codes
            end = time.monotonic() + 30
            while any(answers(tmp_path, mid) == 0 for mid in mids[-3:]) and time.monotonic() < end:
                time.sleep(0.05)
        time.sleep(0.5)                                      # (a second answer, were there one, would be out by now)
        assert {mid: answers(tmp_path, mid) for mid in mids} == {mid: 1 for mid in mids}
        game = Judge(config.load(cfg)).store.load("beside")
        for power, choice in last.items():
            assert choice in game.player(power).orders, (power, choice, game.player(power).orders)
        assert str(game.position.phase) == "S1901M" and game.history == []
    finally:
        serve.send_signal(signal.SIGTERM)
        assert serve.wait(timeout=60) == 0, (tmp_path / "serve.log").read_text()
