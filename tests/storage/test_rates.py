"""Messages per sender ([smtp] rate_per_hour) counted on disk: one count for every process of a games folder, kept
across restarts, bounded however many senders there are, and a broken or foreign file read as what it can be."""
import os
import subprocess
import sys
import time
from pathlib import Path

from judge.storage.rates import SHARDS, RateLimit

ROOT = Path(__file__).resolve().parents[2]
T = 1_790_000_000.0          # a moment (POSIX seconds): the tests keep their own clock


def clocked(start: float = T) -> tuple[list[float], callable]:
    clock = [start]
    return clock, lambda: clock[0]


def test_two_tables_on_one_folder_keep_one_count(tmp_path):
    clock, now = clocked()
    serve, deliver = RateLimit(tmp_path, 3, clock=now), RateLimit(tmp_path, 3, clock=now)
    assert [serve.over("Flood@example.org"), deliver.over("flood@example.org"), serve.over("flood@example.org")] \
        == [False, False, False]
    assert deliver.over("flood@example.org") and serve.over("FLOOD@example.org")      # the fourth, either way
    assert not deliver.over("other@example.org")                                      # per sender
    assert RateLimit(tmp_path, 3, clock=now).over("flood@example.org")                # a restart: still over
    clock[0] += 3601                                                                  # an hour after the first
    assert not RateLimit(tmp_path, 3, clock=now).over("flood@example.org")
    assert [serve.over("flood@example.org") for _ in range(3)] == [False, False, True]


def test_a_refused_message_is_not_counted(tmp_path):
    clock, now = clocked()
    rate = RateLimit(tmp_path, 2, clock=now)
    assert [rate.over("a@example.org") for _ in range(50)] == [False, False] + [True] * 48
    clock[0] += 1800
    assert rate.over("a@example.org")
    clock[0] += 1801                                  # the two counted are an hour old: the 48 refused never counted
    assert [rate.over("a@example.org") for _ in range(3)] == [False, False, True]


def test_no_limit_and_no_sender_count_nothing(tmp_path):
    assert not any(RateLimit(tmp_path, 0).over("a@example.org") for _ in range(500))
    assert not any(RateLimit(tmp_path, 1).over("") for _ in range(5))        # a bounce (the null sender)
    assert not (tmp_path / ".limits").exists()


def test_the_address_is_not_written(tmp_path):
    RateLimit(tmp_path, 5).over("secret.player@example.org")
    text = "".join(p.read_text() for p in (tmp_path / ".limits").iterdir())
    assert text and "secret" not in text and "example" not in text
    assert all(oct(p.stat().st_mode)[-3:] == "600" for p in (tmp_path / ".limits").iterdir())


def test_a_flood_of_senders_keeps_the_files_small_and_the_newest_senders(tmp_path):
    clock, now = clocked()
    rate = RateLimit(tmp_path, 2, max_bytes=2048, clock=now)
    other = RateLimit(tmp_path, 2, max_bytes=2048, clock=now)       # another process, reading what this one writes
    assert not rate.over("steady@example.org")
    for i in range(20_000):
        clock[0] += 0.01
        assert not rate.over(f"forged{i}@example.org")
        if i % 997 == 0:
            assert not other.over(f"forged-too{i}@example.org")
    files = list((tmp_path / ".limits").glob("rate-*.txt"))
    assert len(files) == SHARDS and max(f.stat().st_size for f in files) <= 2048
    assert sum(len(t.times) for t in rate.tables + other.tables) <= 2 * SHARDS * 2048 // 32    # memory bounded too
    # The newest senders are still counted (and one from the start, long pushed out, is not).
    assert not rate.over("forged19999@example.org") and rate.over("forged19999@example.org")
    assert not other.over("steady@example.org") and not other.over("steady@example.org")


def test_a_line_cut_short_and_junk_are_skipped(tmp_path):
    _, now = clocked()
    rate = RateLimit(tmp_path, 2, clock=now)
    assert not rate.over("a@example.org")
    path = next((tmp_path / ".limits").glob("rate-*.txt"))
    with open(path, "ab") as fh:
        fh.write(b"garbage line\n\xff\xfe not a count\n1790000000.5 short\n17900")   # junk, then a crash mid-line
    fresh = RateLimit(tmp_path, 2, clock=now)
    assert not fresh.over("a@example.org")                          # the second (the first was read back)
    assert fresh.over("a@example.org") and rate.over("a@example.org")
    assert path.read_bytes().count(b"\n17900\n") == 1               # the cut line stays alone, unread


def test_a_count_from_a_clock_set_ahead_expires(tmp_path):
    clock, now = clocked(T + 86_400)                                  # a day ahead, then put right
    rate = RateLimit(tmp_path, 1, clock=now)
    assert not rate.over("a@example.org") and rate.over("a@example.org")
    clock[0] = T
    assert not RateLimit(tmp_path, 1, clock=now).over("a@example.org")     # not locked out for a day


def test_a_foreign_huge_file_is_read_from_its_end(tmp_path):
    _, now = clocked()
    rate = RateLimit(tmp_path, 2, max_bytes=1024, clock=now)
    assert not rate.over("a@example.org")
    path = next((tmp_path / ".limits").glob("rate-*.txt"))
    with open(path, "ab") as fh:
        fh.write(b"x" * 100_000 + b"\n")
    fresh = RateLimit(tmp_path, 2, max_bytes=1024, clock=now)
    assert not fresh.over("a@example.org")                          # (its first count was in what was skipped)
    assert path.stat().st_size <= 1024 and path.read_text().count("\n") == 1    # shortened by that count
    assert not fresh.over("a@example.org") and rate.over("a@example.org")      # the new file read: two counted


def test_processes_counting_side_by_side_pass_the_limit_together_never(tmp_path):
    """Four processes, let go at one moment, each counting 150 messages of one sender as fast as they can: of the
    600, 100 pass."""
    go = tmp_path / "go"
    script = ("import sys, time; from pathlib import Path; from judge.storage.rates import RateLimit\n"
              "r = RateLimit(Path(sys.argv[1]), 100, max_bytes=1024)\n"
              "while not Path(sys.argv[2]).exists(): time.sleep(0.001)\n"
              "print(sum(not r.over('flood@example.org') for _ in range(150)))\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-c", script, str(tmp_path), str(go)], stdout=subprocess.PIPE,
                              env=env) for _ in range(4)]
    time.sleep(1)
    go.touch()
    passed = [int(p.communicate(timeout=120)[0]) for p in procs]
    assert all(p.returncode == 0 for p in procs) and sum(passed) == 100, passed


def test_a_sender_at_a_high_limit_keeps_its_count_through_shortenings(tmp_path):
    clock, now = clocked()
    rate = RateLimit(tmp_path, 300, max_bytes=1024, clock=now)     # (300 counts do not fit in 1 KB: room is made)
    for i in range(300):
        clock[0] += 1
        assert not rate.over("busy@example.org")
        assert not rate.over(f"forged{i}@example.org")            # shortening the tables again and again
    assert rate.over("busy@example.org") and RateLimit(tmp_path, 300, clock=now).over("busy@example.org")


def test_players_behind_one_envelope_sender_count_each_on_their_own(tmp_path):
    """A mailing list or forwarder that rewrites the envelope sender: each From under it has its own count, and all
    of them together the envelope's cap."""
    clock, now = clocked()
    rate = RateLimit(tmp_path, 3, clock=now, per_envelope=7)
    via = "list-bounces@lists.example.org"
    assert [rate.over(via, "Alice@example.org") for _ in range(4)] == [False, False, False, True]
    assert [rate.over(via, "bob@example.org") for _ in range(4)] == [False, False, False, True]
    assert not rate.over(via, "carol@example.org")                      # the seventh under the envelope
    assert rate.over(via, "dave@example.org") and rate.over(via, "")    # the cap: nobody else under it this hour
    assert not rate.over("alice@example.org", "alice@example.org")      # Alice's own mail is another sender
    assert RateLimit(tmp_path, 3, clock=now, per_envelope=7).over(via, "erin@example.org")     # on disk
    clock[0] += 3601
    assert not rate.over(via, "alice@example.org")


def test_without_an_envelope_cap_the_from_is_not_looked_at(tmp_path):
    _, now = clocked()
    rate = RateLimit(tmp_path, 2, clock=now)
    assert [rate.over("list@example.org", f"p{i}@example.org") for i in range(3)] == [False, False, True]


def test_a_player_writing_as_themself_keeps_one_count_by_mail_and_web_and_across_the_upgrade(tmp_path):
    """The web forms count the player's address alone, mail its envelope sender and From: one count when they are
    the same address; and a count taken before the From was looked at (per_envelope=0) still counts."""
    _, now = clocked()
    assert not RateLimit(tmp_path, 3, clock=now).over("p@example.org")                      # before the upgrade
    rate = RateLimit(tmp_path, 3, clock=now, per_envelope=100)
    assert not rate.over("P@example.org", "p@example.org")                                   # a mail
    assert not rate.over("p@example.org")                                                    # a web form
    assert rate.over("p@example.org", "P@EXAMPLE.ORG") and rate.over("p@example.org")


def test_a_flood_of_forged_from_addresses_is_cut_off_and_adds_nothing_on_disk(tmp_path):
    clock, now = clocked()
    rate = RateLimit(tmp_path, 5, clock=now, per_envelope=40)
    passed = []
    for i in range(5000):
        clock[0] += 0.01
        passed.append(not rate.over("bounces@forwarder.example.org", f"forged{i}@example.org"))
        if i == 100:
            size = sum(p.stat().st_size for p in (tmp_path / ".limits").glob("rate-*.txt"))
    assert passed == [True] * 40 + [False] * 4960
    files = list((tmp_path / ".limits").glob("rate-*.txt"))
    assert sum(p.stat().st_size for p in files) == size                 # refused uncounted: nothing written
    assert sum(p.read_text().count("\n") for p in files) == 80          # a count each for the From and the envelope
    assert sum(len(t.times) for t in rate.tables) == 41                 # memory: the 40 From addresses and the cap
    assert not rate.over("someone.else@example.org")                    # other senders are not held up


def test_forged_envelopes_and_from_addresses_keep_the_files_small(tmp_path):
    clock, now = clocked()
    rate = RateLimit(tmp_path, 2, max_bytes=2048, clock=now, per_envelope=4)
    for i in range(5000):
        clock[0] += 0.01
        rate.over(f"env{i % 700}@example.org", f"from{i}@example.org")
    files = list((tmp_path / ".limits").glob("rate-*.txt"))
    assert len(files) == SHARDS and max(f.stat().st_size for f in files) <= 2048
    assert sum(len(t.times) for t in rate.tables) <= SHARDS * 2048 // 32
