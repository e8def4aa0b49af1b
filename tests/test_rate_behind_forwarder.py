"""[smtp] rate_per_hour counts a sender by envelope sender and From address together, so that players behind one
mail server that rewrites the envelope sender (a mailing list, a forwarder) each get their own count; every message
under one envelope sender also counts against [smtp] rate_per_envelope, so that a flood of forged From addresses is
still cut off, and adds nothing on disk once it is. Over real SMTP to a real `judge serve`, and through `judge
deliver` as an MTA pipes it (the envelope sender: --sender, else the Return-Path line)."""
import smtplib
from pathlib import Path

from tests.serving import start_serve
from tests.test_answered_once import message
from tests.test_pipe import deliver, write_config
from tests.test_rate_on_disk import JUDGE, port_of, replies_to, stop

PER_FROM, PER_ENVELOPE = 3, 8
LIST = "list-bounces@lists.example.org"


def send(port: int, envelope: str, author: str, n: int) -> int:
    """The SMTP answer to a HELP from `author` under envelope sender `envelope`: 250, or the refusal's code."""
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
        try:
            smtp.sendmail(envelope, [JUDGE], message(author, "HELP", f"{author.split('@')[0]}-{n}@example.org"))
        except smtplib.SMTPDataError as exc:
            return exc.smtp_code
    return 250


def counts_on_disk(tmp: Path) -> tuple[int, int]:
    """(bytes, lines) of the rate tables."""
    files = list((tmp / "games" / ".limits").glob("rate-*.txt"))
    return sum(f.stat().st_size for f in files), sum(f.read_bytes().count(b"\n") for f in files)


def test_players_behind_one_envelope_sender_each_get_their_own_count_over_smtp(tmp_path):
    cfg = write_config(tmp_path, rate_per_hour=str(PER_FROM), rate_per_envelope=str(PER_ENVELOPE))
    proc = start_serve(tmp_path, cfg)
    try:
        port = port_of(tmp_path)
        alice = [send(port, LIST, "alice@example.org", n) for n in range(PER_FROM + 1)]
        bob = [send(port, LIST, "bob@example.org", n) for n in range(PER_FROM + 1)]
        # Six messages under one envelope sender taken, where one count would have taken three.
        assert (alice, bob) == ([250] * PER_FROM + [451], [250] * PER_FROM + [451])
        assert replies_to(tmp_path, "alice@example.org", PER_FROM) == PER_FROM
        assert replies_to(tmp_path, "bob@example.org", PER_FROM) == PER_FROM
        # A flood of forged From addresses under one envelope sender: cut off at its cap.
        flood = [send(port, "bounces@forwarder.example.org", f"forged{n}@example.org", n) for n in range(12)]
        assert flood == [250] * PER_ENVELOPE + [451] * 4
        before = counts_on_disk(tmp_path)
        more = [send(port, "bounces@forwarder.example.org", f"more{n}@example.org", n) for n in range(60)]
        assert more == [451] * 60
        assert counts_on_disk(tmp_path) == before                           # refused: not counted, nothing written
        # Two counts (the From's, the envelope's) for each message taken, none for the 66 refused.
        assert before[1] == 2 * (2 * PER_FROM + PER_ENVELOPE)
        assert send(port, "someone@example.org", "someone@example.org", 0) == 250     # the others go on
    finally:
        stop(proc)


def test_judge_deliver_counts_the_same_way(tmp_path):
    cfg = write_config(tmp_path, rate_per_hour=str(PER_FROM), rate_per_envelope=str(PER_ENVELOPE))

    def piped(author: str, n: int, sender: str | None = None) -> int:
        raw = message(author, "HELP", f"{author.split('@')[0]}-{n}@example.org")
        if sender is None:
            raw = f"Return-Path: <{LIST}>\r\n".encode() + raw           # as the MTA adds it
        return deliver(cfg, raw, sender).returncode

    alice = [piped("alice@example.org", n) for n in range(PER_FROM + 1)]
    bob = [piped("bob@example.org", n, sender=LIST) for n in range(PER_FROM + 1)]
    assert (alice, bob) == ([0] * PER_FROM + [75], [0] * PER_FROM + [75])
    assert replies_to(tmp_path, "alice@example.org", wait=0) == replies_to(tmp_path, "bob@example.org", wait=0) \
        == PER_FROM
    # The envelope's cap, from any From: two more messages, then none.
    assert [piped(f"forged{n}@example.org", n) for n in range(4)] == [0, 0, 75, 75]
    refused = deliver(cfg, message("forged9@example.org", "HELP", "f9@example.org"), LIST)
    assert refused.returncode == 75 and b"rate_per_envelope" in refused.stderr
    assert b"example.org" not in refused.stderr                          # no address said
    assert counts_on_disk(tmp_path)[1] == 2 * PER_ENVELOPE
