"""REVEAL, DPjudge's master command for a NO_REVEAL game that has ended: from then on anyone's SUMMARY shows who
played which power; refused before the end, for a game anonymous to the end, and when there is nothing to reveal."""
from tests.commands.helpers import GAME, GM, PLAYERS


def summary_for(desk, asker: str) -> str:
    assert desk.send(asker, f"SUMMARY {GAME}").accepted
    return desk.reply_to(asker)


def test_the_master_reveals_a_finished_game_and_its_people_are_told(started):
    assert started.send("watcher@example.org", f"OBSERVE {GAME}").accepted
    before = started.status_bytes()
    r = started.master("REVEAL")
    assert r.errors[0][1].startswith(f"GAME {GAME} HAS NOT ENDED: REVEAL IS FOR A FINISHED GAME")
    assert started.status_bytes() == before
    assert started.master("TERMINATE").accepted
    assert "france@example.org" not in summary_for(started, "someone@example.org")     # reveal=none, the default
    started.new_mail()
    assert not started.signon("FRANCE", "REVEAL").accepted                            # the master's alone
    started.new_mail()
    assert started.master("REVEAL").accepted
    told = started.mails("revealed")
    assert sorted(m["To"] for m in told) == sorted([a for a, _ in PLAYERS.values()] + ["watcher@example.org"])
    assert all(f"SUMMARY {GAME}" in m.get_content() and "@" not in m.get_content() for m in told)
    assert "france@example.org" in summary_for(started, "someone@example.org")
    r = started.master("REVEAL")
    assert r.errors[0][1].startswith("NOTHING TO REVEAL")


def test_a_game_anonymous_to_the_end_is_never_revealed(started):
    assert started.master("SET RULE anonymous=always").accepted
    assert started.master("TERMINATE").accepted
    before = started.status_bytes()
    r = started.master("REVEAL")
    assert r.errors[0][1].startswith(f"GAME {GAME} IS ANONYMOUS TO THE END")
    assert started.status_bytes() == before
    assert "france@example.org" not in summary_for(started, "someone@example.org")
    assert GM[0] not in summary_for(started, "someone@example.org")
