"""The Subject line of the judge's mail starts with its first words: mail filters written for DPjudge match
`^Subject: Diplomacy`, and a long subject the email package folded whole onto the next line ("Subject:" alone) slipped
past them. Built from a real grey broadcast whose master's copy has a subject of 70 characters and more."""
import re

from tests.commands.helpers import GM, LETTER, PLAYERS

GAME = "spring"                                  # long enough that the master's subject passes 69 characters


def header_lines(raw: bytes) -> list[bytes]:
    return raw.split(b"\n\n", 1)[0].split(b"\n")


def test_a_grey_broadcasts_long_subject_keeps_its_first_words_on_the_subject_line(desk):
    assert desk.send(GM[0], f"CREATE {GAME} {GM[1]}").accepted
    for power, (address, password) in PLAYERS.items():
        assert desk.send(address, f"JOIN {GAME} {password} {LETTER[power]}").accepted
    assert desk.send(GM[0], f"SIGNON M{GAME} {GM[1]}\nSET RULE press=grey master_press_copies").accepted
    address, password = PLAYERS["ITALY"]
    assert desk.send(address, f"SIGNON I{GAME} {password}\nBROADCAST\nWho will join me?\nENDBROADCAST").accepted
    raws = [p.read_bytes() for p in desk.judge.outbox.paths()]
    subjects = [line for raw in raws for line in header_lines(raw) if line.startswith(b"Subject:")]
    assert len(subjects) == len(raws)
    assert [line for line in subjects if not re.match(rb"Subject: \S", line)] == []       # never "Subject:" alone
    master = [raw for raw in raws if b"\nTo: gm@example.org\n" in raw and b"broadcast from Italy" in raw]
    assert len(master) == 1
    lines = header_lines(master[0])
    at = next(i for i, line in enumerate(lines) if line.startswith(b"Subject:"))
    subject = b"".join(lines[at:at + 2])                     # the Subject and the line it is folded onto
    assert lines[at].startswith(b"Subject: Diplomacy broadcast from Italy") and lines[at + 1].startswith(b" ")
    assert subject == f"Subject: Diplomacy broadcast from Italy (shown as: an anonymous power) ({GAME})".encode()
    assert max(len(line) for line in lines) <= 78
