"""Results kept as a mail file: a player saves the results mail (or HISTORY's reply) from a mail client, which
stores the message as it was sent, and hands the file to a results reader such as jDip's judge import, which reads
the file's text as it is, without undoing any transfer encoding. An order line longer than 78 columns (a support
from a coast, say) must stand in that file whole, as DPjudge sends it: quoted-printable cut it with '=' soft
breaks, and jDip stopped at "Invalid location "M=" in order: ...")."""
from __future__ import annotations

from tests.commands.helpers import GM, HOLDS, PLAYERS

# DPjudge's movement results line ('%s: %s.%s': the unit and its order in full words, then its note): 83 columns.
LONG = b"Russia: Fleet St Petersburg (south coast) SUPPORT Army Moscow -> Livonia.  (*void*)\n"


def raw_mails(desk, address: str, subject: str) -> list[bytes]:
    """The messages to `address` whose Subject starts with `subject`, as the outbox holds them (the bytes mailed)."""
    out = []
    for path in desk.judge.outbox.paths():
        if path in desk.seen:
            continue
        raw = path.read_bytes()
        head = raw.split(b"\n\n", 1)[0]
        if f"\nTo: {address}\n".encode() in head and f"\nSubject: {subject}".encode() in head:
            out.append(raw)
    return out


def test_a_long_order_line_is_mailed_whole_in_the_results_and_in_history(started):
    # Russia's fleet supports a move its army does not make: DPjudge notes the support "(*void*)".
    for power, holds in HOLDS.items():
        orders = ["F STP/SC S A MOS - LVN", "A MOS H", "A WAR H", "F SEV H"] if power == "RUSSIA" else holds
        assert started.signon(power, *orders).accepted
    assert started.master("PROCESS").accepted
    [results] = raw_mails(started, PLAYERS["FRANCE"][0], "Diplomacy results g1 S1901M")
    assert LONG in results, results.split(b"Content-Type: image")[0].decode()
    assert b"quoted-printable" not in results
    # The master's copy alike: every recipient's file reads the same.
    [master] = raw_mails(started, GM[0], "Diplomacy results g1 S1901M")
    assert LONG in master
    started.new_mail()
    assert started.send(PLAYERS["FRANCE"][0], "HISTORY g1").accepted
    [history] = raw_mails(started, PLAYERS["FRANCE"][0], "Re:")
    assert b"\nSubject: Diplomacy results g1 S1901M\n" in history and LONG in history
    assert b"quoted-printable" not in history
